# AOT ID: ['3_inference']
from ctypes import c_void_p, c_long, c_int
import torch
import math
import random
import os
import tempfile
from math import inf, nan
from cmath import nanj
from torch._inductor.hooks import run_intermediate_hooks
from torch._inductor.utils import maybe_profile
from torch._inductor.codegen.memory_planning import _align as align
from torch import device, empty_strided
from torch._inductor.async_compile import AsyncCompile
from torch._inductor.select_algorithm import extern_kernels
import triton
import triton.language as tl
from torch._inductor.runtime.triton_heuristics import start_graph, end_graph
from torch._C import _cuda_getCurrentRawStream as get_raw_stream

aten = torch.ops.aten
inductor_ops = torch.ops.inductor
_quantized = torch.ops._quantized
assert_size_stride = torch._C._dynamo.guards.assert_size_stride
assert_alignment = torch._C._dynamo.guards.assert_alignment
empty_strided_cpu = torch._C._dynamo.guards._empty_strided_cpu
empty_strided_cpu_pinned = torch._C._dynamo.guards._empty_strided_cpu_pinned
empty_strided_cuda = torch._C._dynamo.guards._empty_strided_cuda
empty_strided_xpu = torch._C._dynamo.guards._empty_strided_xpu
empty_strided_mtia = torch._C._dynamo.guards._empty_strided_mtia
reinterpret_tensor = torch._C._dynamo.guards._reinterpret_tensor
alloc_from_pool = torch.ops.inductor._alloc_from_pool
async_compile = AsyncCompile()
empty_strided_p2p = torch._C._distributed_c10d._SymmetricMemory.empty_strided_p2p


# kernel path: /tmp/torchinductor_root/tmphq1hhqkt/hj/chjtvzezztsr3xg7ohl2ymcviaemgaxpiv7kwh5h6hk5thffksjc.py
# Topologically Sorted Source Nodes: [, hidden_states, mul, pow_1, mul_1, add, mul_2, tanh, add_1, hidden_states_1, hidden_states_2], Original ATen: [aten.addmm, aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.native_layer_norm]
# Source node to ATen node mapping:
#    => add_tensor
#   add => add
#   add_1 => add_1
#   hidden_states => view_1
#   hidden_states_1 => mul_3
#   hidden_states_2 => add_2, add_3, mul_4, mul_5, rsqrt, sub, var_mean
#   mul => mul
#   mul_1 => mul_1
#   mul_2 => mul_2
#   pow_1 => pow_1
#   tanh => tanh
# Graph fragment:
#   %arg2_1 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=arg2_1]
#   %mm_default : Tensor "f32[4095, 768][768, 1]cuda:0" = PlaceHolder[target=mm_default]
#   %getitem_1 : Tensor "f32[1, 4095, 1][4096, 1, 4096]cuda:0" = PlaceHolder[target=getitem_1]
#   %buf2 : Tensor "f32[1, 4095, 1][4096, 1, 4096]cuda:0" = PlaceHolder[target=buf2]
#   %arg3_1 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=arg3_1]
#   %arg4_1 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=arg4_1]
#   %add_tensor : Tensor "f32[4095, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%arg2_1, %mm_default), kwargs = {})
#   %view_1 : Tensor "f32[1, 4095, 768][3144960, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%add_tensor, [1, 4095, 768]), kwargs = {})
#   %mul : Tensor "f32[1, 4095, 768][3144960, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_1, 0.5), kwargs = {})
#   %pow_1 : Tensor "f32[1, 4095, 768][3144960, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%view_1, 3.0), kwargs = {})
#   %mul_1 : Tensor "f32[1, 4095, 768][3144960, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%pow_1, 0.044715), kwargs = {})
#   %add : Tensor "f32[1, 4095, 768][3144960, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%view_1, %mul_1), kwargs = {})
#   %mul_2 : Tensor "f32[1, 4095, 768][3144960, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add, 0.7978845608028654), kwargs = {})
#   %tanh : Tensor "f32[1, 4095, 768][3144960, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.tanh.default](args = (%mul_2,), kwargs = {})
#   %add_1 : Tensor "f32[1, 4095, 768][3144960, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%tanh, 1.0), kwargs = {})
#   %mul_3 : Tensor "f32[1, 4095, 768][3144960, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul, %add_1), kwargs = {})
#   %var_mean : [num_users=2] = call_function[target=torch.ops.aten.var_mean.correction](args = (%mul_3, [2]), kwargs = {correction: 0, keepdim: True})
#   %sub : Tensor "f32[1, 4095, 768][3144960, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_3, %getitem_1), kwargs = {})
#   %add_2 : Tensor "f32[1, 4095, 1][4095, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem, 1e-12), kwargs = {})
#   %rsqrt : Tensor "f32[1, 4095, 1][4095, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.rsqrt.default](args = (%add_2,), kwargs = {})
#   %mul_4 : Tensor "f32[1, 4095, 768][3144960, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub, %rsqrt), kwargs = {})
#   %mul_5 : Tensor "f32[1, 4095, 768][3144960, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_4, %arg3_1), kwargs = {})
#   %add_3 : Tensor "f32[1, 4095, 768][3144960, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_5, %arg4_1), kwargs = {})
#   return %getitem_1,%buf2,%add_3
triton_per_fused_add_addmm_mul_native_layer_norm_pow_tanh_view_0 = async_compile.triton('triton_per_fused_add_addmm_mul_native_layer_norm_pow_tanh_view_0', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

from torch._dynamo.testing import rand_strided
from torch._C import _cuda_getCurrentRawStream as get_raw_stream
import torch

@triton_heuristics.persistent_reduction(
    size_hints={'x': 4096, 'r0_': 1024},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_addmm_mul_native_layer_norm_pow_tanh_view_0', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 4, 'num_store': 1, 'num_reduction': 4, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': True, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 0, 'r0_': 37748736}, 'kernel_num_gb': 0.025168896, 'kernel_flop': 0}
)
@triton.jit
def triton_per_fused_add_addmm_mul_native_layer_norm_pow_tanh_view_0(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 4095
    r0_numel = 768
    R0_BLOCK: tl.constexpr = 1024
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = r0_index < r0_numel
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp1 = tl.load(in_out_ptr0 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0)
    tmp39 = tl.load(in_ptr1 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp41 = tl.load(in_ptr2 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp2 = tmp0 + tmp1
    tmp3 = tl.full([1, 1], 0.5, tl.float32)
    tmp4 = tmp2 * tmp3
    tmp5 = tmp2 * tmp2
    tmp6 = tmp5 * tmp2
    tmp7 = tl.full([1, 1], 0.044715, tl.float32)
    tmp8 = tmp6 * tmp7
    tmp9 = tmp2 + tmp8
    tmp10 = tl.full([1, 1], 0.7978845608028654, tl.float32)
    tmp11 = tmp9 * tmp10
    tmp12 = libdevice.tanh(tmp11)
    tmp13 = tl.full([1, 1], 1.0, tl.float32)
    tmp14 = tmp12 + tmp13
    tmp15 = tmp4 * tmp14
    tmp16 = tl.broadcast_to(tmp15, [XBLOCK, R0_BLOCK])
    tmp18 = tl.where(r0_mask & xmask, tmp16, 0)
    tmp19 = tl.broadcast_to(tmp16, [XBLOCK, R0_BLOCK])
    tmp21 = tl.where(r0_mask & xmask, tmp19, 0)
    tmp22 = tl.sum(tmp21, 1)[:, None].to(tl.float32)
    tmp23 = tl.full([1, 1], 768, tl.int32)
    tmp24 = tmp23.to(tl.float32)
    tmp25 = (tmp22 / tmp24)
    tmp26 = tmp16 - tmp25
    tmp27 = tmp26 * tmp26
    tmp28 = tl.broadcast_to(tmp27, [XBLOCK, R0_BLOCK])
    tmp30 = tl.where(r0_mask & xmask, tmp28, 0)
    tmp31 = tl.sum(tmp30, 1)[:, None].to(tl.float32)
    tmp32 = tmp15 - tmp25
    tmp33 = tl.full([1, 1], 768.0, tl.float32)
    tmp34 = (tmp31 / tmp33)
    tmp35 = tl.full([1, 1], 1e-12, tl.float32)
    tmp36 = tmp34 + tmp35
    tmp37 = libdevice.rsqrt(tmp36)
    tmp38 = tmp32 * tmp37
    tmp40 = tmp38 * tmp39
    tmp42 = tmp40 + tmp41
    tl.store(in_out_ptr0 + (r0_1 + 768*x0), tmp42, r0_mask & xmask)


def get_args():
    arg_0 = rand_strided((1, 4095, 768), (3144960, 768, 1), device='cuda:0', dtype=torch.float32)
    arg_1 = rand_strided((768,), (1,), device='cuda:0', dtype=torch.float32)
    arg_2 = rand_strided((768,), (1,), device='cuda:0', dtype=torch.float32)
    arg_3 = rand_strided((768,), (1,), device='cuda:0', dtype=torch.float32)
    return arg_0, arg_1, arg_2, arg_3, 4095, 768,


def call(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        stream0 = get_raw_stream(0)
        triton_per_fused_add_addmm_mul_native_layer_norm_pow_tanh_view_0.run(*args, stream=stream0)


def benchmark_all_configs(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        return triton_per_fused_add_addmm_mul_native_layer_norm_pow_tanh_view_0.benchmark_all_configs(*args)


if __name__ == '__main__':
    from torch._inductor.runtime.benchmarking import benchmarker

    args = get_args()
    ms = benchmarker.benchmark(lambda: call(args), device='cuda', rep=40)
    num_gb = 0.025168896
    gb_per_s = num_gb / (ms / 1e3)
    print(f"{ms:.3f}ms    {num_gb:.3f}GB    {gb_per_s:.2f}GB/s")
''', device_str='cuda')


async_compile.wait(globals())
del async_compile

class Runner:
    def __init__(self, partitions):
        self.partitions = partitions

    def recursively_apply_fns(self, fns):
        new_callables = []
        for fn, c in zip(fns, self.partitions):
            new_callables.append(fn(c))
        self.partitions = new_callables

    def call(self, args):
        arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, arg5_1, arg6_1 = args
        args.clear()
        assert_size_stride(arg0_1, (1, 4095, 768), (3145728, 768, 1))
        assert_size_stride(arg1_1, (768, 768), (768, 1))
        assert_size_stride(arg2_1, (768, ), (1, ))
        assert_size_stride(arg3_1, (768, ), (1, ))
        assert_size_stride(arg4_1, (768, ), (1, ))
        assert_size_stride(arg5_1, (50358, 768), (768, 1))
        assert_size_stride(arg6_1, (50358, ), (1, ))
        with torch.cuda._DeviceGuard(0):
            torch.cuda.set_device(0)
            buf0 = empty_strided_cuda((4095, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states, ], Original ATen: [aten.view, aten.t, aten.addmm]
            # [Provenance debug handles] extern_kernels.mm:1
            extern_kernels.mm(reinterpret_tensor(arg0_1, (4095, 768), (768, 1), 0), reinterpret_tensor(arg1_1, (768, 768), (1, 768), 0), out=buf0)
            del arg0_1
            del arg1_1
            buf4 = reinterpret_tensor(buf0, (1, 4095, 768), (3144960, 768, 1), 0); del buf0  # reuse
            # Topologically Sorted Source Nodes: [, hidden_states, mul, pow_1, mul_1, add, mul_2, tanh, add_1, hidden_states_1, hidden_states_2], Original ATen: [aten.addmm, aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.native_layer_norm]
            # [Provenance debug handles] triton_per_fused_add_addmm_mul_native_layer_norm_pow_tanh_view_0:2
            stream0 = get_raw_stream(0)
            triton_per_fused_add_addmm_mul_native_layer_norm_pow_tanh_view_0.run(buf4, arg2_1, arg3_1, arg4_1, 4095, 768, stream=stream0)
            del arg2_1
            del arg3_1
            del arg4_1
            buf5 = empty_strided_cuda((4095, 50358), (50358, 1), torch.float32)
            # Topologically Sorted Source Nodes: [hidden_states_3], Original ATen: [aten.view, aten.t, aten.addmm]
            # [Provenance debug handles] extern_kernels.addmm:3
            extern_kernels.addmm(arg6_1, reinterpret_tensor(buf4, (4095, 768), (768, 1), 0), reinterpret_tensor(arg5_1, (768, 50358), (1, 768), 0), alpha=1, beta=1, out=buf5)
            del arg5_1
            del arg6_1
            del buf4
        return (reinterpret_tensor(buf5, (1, 4095, 50358), (206216010, 50358, 1), 0), )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    arg0_1 = rand_strided((1, 4095, 768), (3145728, 768, 1), device='cuda:0', dtype=torch.float32)
    arg1_1 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    arg2_1 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg3_1 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg4_1 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    arg5_1 = rand_strided((50358, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    arg6_1 = rand_strided((50358, ), (1, ), device='cuda:0', dtype=torch.float32)
    return [arg0_1, arg1_1, arg2_1, arg3_1, arg4_1, arg5_1, arg6_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat)


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
