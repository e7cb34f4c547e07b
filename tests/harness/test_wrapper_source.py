"""Reading call sites, indirect loads and in-place stores from Inductor's wrapper code
(recorded from an H200 in tests/data and from the CPU in these snippets)."""

from pathlib import Path

from backend.harness.wrapper_source import call_sites, indirect_reads, unwritten_in_out

DATA = Path(__file__).parents[1] / "data" / "h200_bundles"

TRITON_GATHER = """
triton_poi_fused_embedding_0 = async_compile.triton('triton_poi_fused_embedding_0', '''
@triton.jit
def triton_poi_fused_embedding_0(in_ptr0, in_ptr1, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 393216
    tmp0 = tl.load(in_ptr0 + (x1), None, eviction_policy='evict_last')
    tmp6 = tl.load(in_ptr1 + (x0 + 768*tmp4), None)
    tl.store(out_ptr0 + (x2), tmp6, None)
''', device_str='cuda')

triton_per_fused_nll_1 = async_compile.triton('triton_per_fused_nll_1', '''
def triton_per_fused_nll_1(in_out_ptr0, in_ptr0, in_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 1
    r0_numel = 512
    tmp0 = tl.load(in_ptr0 + (r0_0), None)
    tmp14 = tl.load(in_ptr1 + (tmp12 + 50272*r0_0), None, eviction_policy='evict_last')
    tmp20 = tl.load(in_out_ptr0 + (0), None)
''', device_str='cuda')

triton_poi_fused_bias_2 = async_compile.triton('triton_poi_fused_bias_2', '''
def triton_poi_fused_bias_2(in_out_ptr0, in_ptr0, xnumel, XBLOCK : tl.constexpr):
    tmp0 = tl.load(in_out_ptr0 + (x2), xmask)
    tl.store(in_out_ptr0 + (x2), tmp2, xmask)
''', device_str='cuda')

def call(args):
    buf0 = empty_strided_cuda((512, 768), (768, 1), torch.float32)
    triton_poi_fused_embedding_0.run(primals_2, primals_1, buf0, 393216, stream=stream0)
    buf1 = empty_strided_cuda((512, 50257), (50272, 1), torch.float32)
    extern_kernels.mm(buf0, reinterpret_tensor(primals_1, (768, 50257), (1, 768), 0), out=buf1)
    buf2 = extern_kernels.convolution(buf0, buf1, stride=(1, 1))
    buf3 = aten.sort.default(buf2)
    buf5 = torch.ops.aten.cumsum.default(buf3, 1)
    buf6 = torch.ops.inductor._reinterpret_tensor(buf5)
    triton_per_fused_nll_1.run(buf4, primals_3, buf1, 1, 512, stream=stream0)
"""


def test_call_sites_name_each_argument_buffer() -> None:
    sites = call_sites(TRITON_GATHER)
    assert sites["triton_poi_fused_embedding_0"] == [["primals_2", "primals_1", "buf0", None]]
    assert sites["extern_kernels.mm"] == [["buf0", "primals_1", "buf1"]]  # out= last
    assert sites["extern_kernels.convolution"] == [["buf0", "buf1", "buf2"]]  # assigned
    assert sites["aten.sort.default"] == [["buf2", "buf3"]]
    assert sites["aten.cumsum.default"] == [["buf3", None, "buf5"]]  # torch.ops.aten.*
    assert not [name for name in sites if name.startswith("inductor.")]  # Inductor's helpers


def test_only_arguments_read_through_indirect_loads_are_partial() -> None:
    found = indirect_reads(TRITON_GATHER)
    assert found["triton_poi_fused_embedding_0"] == {"in_ptr1": 393216}  # one row per x
    # the nll pick: one element per row of a reduction over r0 (512 rows)
    assert found["triton_per_fused_nll_1"] == {"in_ptr1": 512}


def test_an_in_out_argument_never_stored_to_is_only_read() -> None:
    # the bias kernel stores into its in-out buffer: not listed
    assert unwritten_in_out(TRITON_GATHER) == {"triton_per_fused_nll_1": {"in_out_ptr0"}}


def test_recorded_h200_wrapper_call_sites() -> None:
    source = (DATA / "add_relu" / "bundle" / "output_code_0.py").read_text()
    sites = call_sites(source)
    assert list(sites) == ["triton_poi_fused_add_relu_0"]
    assert sites["triton_poi_fused_add_relu_0"][0][:3] == ["arg0_1", "arg1_1", "buf0"]
