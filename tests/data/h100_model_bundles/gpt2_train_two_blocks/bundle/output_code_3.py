# AOT ID: ['0_backward']
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


# kernel path: /tmp/inductor-record/tmpnuqblzf7/7i/c7imnyuz5lhwsrae6eajqq3hfg4rviys72kjc4zxhwdcsxzv5qwo.py
# Topologically Sorted Source Nodes: [view_29, view_30, mul_19, mul_20, sum_1, mul_21, sum_2, mul_22, sub_6, sub_7, mul_23], Original ATen: [aten.view, aten.add, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_19 => mul_19
#   mul_20 => mul_20
#   mul_21 => mul_21
#   mul_22 => mul_22
#   mul_23 => mul_23
#   sub_6 => sub_6
#   sub_7 => sub_7
#   sum_1 => sum_1
#   sum_2 => sum_2
#   view_29 => view_29
#   view_30 => add_22
# Graph fragment:
#   %tangents_6 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0" = PlaceHolder[target=tangents_6]
#   %mm_2 : Tensor "f32[512, 768][768, 1]cuda:0" = PlaceHolder[target=mm_2]
#   %primals_28 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_28]
#   %mul_16 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0" = PlaceHolder[target=mul_16]
#   %div : Tensor "f32[4, 128, 1][128, 1, 1]cuda:0" = PlaceHolder[target=div]
#   %sum_1 : Tensor "f32[4, 128, 1][128, 1, 512]cuda:0" = PlaceHolder[target=sum_1]
#   %sum_2 : Tensor "f32[4, 128, 1][128, 1, 512]cuda:0" = PlaceHolder[target=sum_2]
#   %view_29 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_2, [4, 128, 768]), kwargs = {})
#   %add_22 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%tangents_6, %view_29), kwargs = {})
#   %mul_19 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_22, %primals_28), kwargs = {})
#   %mul_20 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_19, 768), kwargs = {})
#   %sum_1 : Tensor "f32[4, 128, 1][128, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_19, [2], True), kwargs = {})
#   %mul_21 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_19, %mul_16), kwargs = {})
#   %sum_2 : Tensor "f32[4, 128, 1][128, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_21, [2], True), kwargs = {})
#   %mul_22 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_16, %sum_2), kwargs = {})
#   %sub_6 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_20, %sum_1), kwargs = {})
#   %sub_7 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_6, %mul_22), kwargs = {})
#   %mul_23 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div, %sub_7), kwargs = {})
#   return %sum_1,%sum_2,%mul_23
triton_per_fused_add_native_layer_norm_backward_view_0 = async_compile.triton('triton_per_fused_add_native_layer_norm_backward_view_0', '''
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
    size_hints={'x': 512, 'r0_': 1024},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr2': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_native_layer_norm_backward_view_0', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 5, 'num_store': 1, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': True, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 2048, 'r0_': 7867392}, 'kernel_num_gb': 0.006296576, 'kernel_flop': 0}
)
@triton.jit
def triton_per_fused_add_native_layer_norm_backward_view_0(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 512
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
    tmp0 = tl.load(in_ptr0 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0)
    tmp3 = tl.load(in_ptr2 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp9 = tl.load(in_ptr3 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0)
    tmp15 = tl.load(in_ptr4 + (x0), xmask, eviction_policy='evict_last')
    tmp2 = tmp0 + tmp1
    tmp4 = tmp2 * tmp3
    tmp5 = tl.broadcast_to(tmp4, [XBLOCK, R0_BLOCK])
    tmp7 = tl.where(r0_mask & xmask, tmp5, 0)
    tmp8 = tl.sum(tmp7, 1)[:, None].to(tl.float32)
    tmp10 = tmp4 * tmp9
    tmp11 = tl.broadcast_to(tmp10, [XBLOCK, R0_BLOCK])
    tmp13 = tl.where(r0_mask & xmask, tmp11, 0)
    tmp14 = tl.sum(tmp13, 1)[:, None].to(tl.float32)
    tmp16 = tl.full([1, 1], 768.0, tl.float32)
    tmp17 = tmp4 * tmp16
    tmp18 = tmp17 - tmp8
    tmp19 = tmp9 * tmp14
    tmp20 = tmp18 - tmp19
    tmp21 = tmp15 * tmp20
    tl.store(out_ptr2 + (r0_1 + 768*x0), tmp21, r0_mask & xmask)


def get_args():
    arg_0 = rand_strided((4, 128, 768), (98304, 768, 1), device='cuda:0', dtype=torch.float32)
    arg_1 = rand_strided((512, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    arg_2 = rand_strided((768,), (1,), device='cuda:0', dtype=torch.float32)
    arg_3 = rand_strided((4, 128, 768), (98304, 768, 1), device='cuda:0', dtype=torch.float32)
    arg_4 = rand_strided((4, 128, 1), (128, 1, 1), device='cuda:0', dtype=torch.float32)
    arg_5 = rand_strided((4, 128, 768), (98304, 768, 1), device='cuda:0', dtype=torch.float32)
    return arg_0, arg_1, arg_2, arg_3, arg_4, arg_5, 512, 768,


def call(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        stream0 = get_raw_stream(0)
        triton_per_fused_add_native_layer_norm_backward_view_0.run(*args, stream=stream0)


def benchmark_all_configs(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        return triton_per_fused_add_native_layer_norm_backward_view_0.benchmark_all_configs(*args)


if __name__ == '__main__':
    from torch._inductor.runtime.benchmarking import benchmarker

    args = get_args()
    ms = benchmarker.benchmark(lambda: call(args), device='cuda', rep=40)
    num_gb = 0.006296576
    gb_per_s = num_gb / (ms / 1e3)
    print(f"{ms:.3f}ms    {num_gb:.3f}GB    {gb_per_s:.2f}GB/s")
''', device_str='cuda')


# kernel path: /tmp/inductor-record/tmpnuqblzf7/bh/cbhy6zjlh4dzqur7wmiagub4jqbnoexk2g7jluz3sco3uezyqdqi.py
# Topologically Sorted Source Nodes: [view_29, view_30, mul_24, sum_3, sum_4], Original ATen: [aten.view, aten.add, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_24 => mul_24
#   sum_3 => sum_3
#   sum_4 => sum_4
#   view_29 => view_29
#   view_30 => add_22
# Graph fragment:
#   %tangents_6 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0" = PlaceHolder[target=tangents_6]
#   %mm_2 : Tensor "f32[512, 768][768, 1]cuda:0" = PlaceHolder[target=mm_2]
#   %mul_16 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0" = PlaceHolder[target=mul_16]
#   %view_29 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_2, [4, 128, 768]), kwargs = {})
#   %add_22 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%tangents_6, %view_29), kwargs = {})
#   %mul_24 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_22, %mul_16), kwargs = {})
#   %sum_3 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_24, [0, 1]), kwargs = {})
#   %sum_4 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%add_22, [0, 1]), kwargs = {})
#   return %buf4,%buf6
triton_red_fused_add_native_layer_norm_backward_view_1 = async_compile.triton('triton_red_fused_add_native_layer_norm_backward_view_1', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

from torch._dynamo.testing import rand_strided
from torch._C import _cuda_getCurrentRawStream as get_raw_stream
import torch

@triton_heuristics.reduction(
    size_hints={'x': 4096, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_add_native_layer_norm_backward_view_1', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 3, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': True, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 4767744, 'r0_': 0}, 'kernel_num_gb': 0.004743168, 'kernel_flop': 0}
)
@triton.jit
def triton_red_fused_add_native_layer_norm_backward_view_1(in_ptr0, in_ptr1, in_ptr2, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 3072
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 768)
    x1 = xindex // 768
    _tmp6 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    _tmp9 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 768*r0_2 + 98304*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.load(in_ptr1 + (x0 + 768*r0_2 + 98304*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp3 = tl.load(in_ptr2 + (x0 + 768*r0_2 + 98304*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp2 = tmp0 + tmp1
        tmp4 = tmp2 * tmp3
        tmp5 = tl.broadcast_to(tmp4, [XBLOCK, R0_BLOCK])
        tmp7 = _tmp6 + tmp5
        _tmp6 = tl.where(r0_mask & xmask, tmp7, _tmp6)
        tmp8 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
        tmp10 = _tmp9 + tmp8
        _tmp9 = tl.where(r0_mask & xmask, tmp10, _tmp9)
    tmp6 = tl.sum(_tmp6, 1)[:, None]
    tmp9 = tl.sum(_tmp9, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp6, xmask)
    tl.store(out_ptr1 + (x3), tmp9, xmask)


def get_args():
    arg_0 = rand_strided((4, 128, 768), (98304, 768, 1), device='cuda:0', dtype=torch.float32)
    arg_1 = rand_strided((512, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    arg_2 = rand_strided((4, 128, 768), (98304, 768, 1), device='cuda:0', dtype=torch.float32)
    arg_3 = rand_strided((768, 4), (1, 768), device='cuda:0', dtype=torch.float32)
    arg_4 = rand_strided((768, 4), (1, 768), device='cuda:0', dtype=torch.float32)
    return arg_0, arg_1, arg_2, arg_3, arg_4, 3072, 128,


def call(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        stream0 = get_raw_stream(0)
        triton_red_fused_add_native_layer_norm_backward_view_1.run(*args, stream=stream0)


def benchmark_all_configs(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        return triton_red_fused_add_native_layer_norm_backward_view_1.benchmark_all_configs(*args)


if __name__ == '__main__':
    from torch._inductor.runtime.benchmarking import benchmarker

    args = get_args()
    ms = benchmarker.benchmark(lambda: call(args), device='cuda', rep=40)
    num_gb = 0.004743168
    gb_per_s = num_gb / (ms / 1e3)
    print(f"{ms:.3f}ms    {num_gb:.3f}GB    {gb_per_s:.2f}GB/s")
''', device_str='cuda')


# kernel path: /tmp/inductor-record/tmpnuqblzf7/ae/caekdrinim5ra7o2vxeywkjqm5xhgark7qgqmpgtacpfkc6d3a7j.py
# Topologically Sorted Source Nodes: [view_29, view_30, mul_24, sum_3], Original ATen: [aten.view, aten.add, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_24 => mul_24
#   sum_3 => sum_3
#   view_29 => view_29
#   view_30 => add_22
# Graph fragment:
#   %buf4 : Tensor "f32[768, 4][1, 768]cuda:0" = PlaceHolder[target=buf4]
#   %view_29 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_2, [4, 128, 768]), kwargs = {})
#   %add_22 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.add.Tensor](args = (%tangents_6, %view_29), kwargs = {})
#   %mul_24 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_22, %mul_16), kwargs = {})
#   %sum_3 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_24, [0, 1]), kwargs = {})
#   return %sum_3
triton_per_fused_add_native_layer_norm_backward_view_2 = async_compile.triton('triton_per_fused_add_native_layer_norm_backward_view_2', '''
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
    size_hints={'x': 1024, 'r0_': 4},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_native_layer_norm_backward_view_2', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': True, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 18432, 'r0_': 0}, 'kernel_num_gb': 1.536e-05, 'kernel_flop': 0}
)
@triton.jit
def triton_per_fused_add_native_layer_norm_backward_view_2(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 768
    r0_numel = 4
    R0_BLOCK: tl.constexpr = 4
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 768*r0_1), xmask, other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)


def get_args():
    arg_0 = rand_strided((768, 4), (1, 768), device='cuda:0', dtype=torch.float32)
    arg_1 = rand_strided((768,), (1,), device='cuda:0', dtype=torch.float32)
    return arg_0, arg_1, 768, 4,


def call(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        stream0 = get_raw_stream(0)
        triton_per_fused_add_native_layer_norm_backward_view_2.run(*args, stream=stream0)


def benchmark_all_configs(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        return triton_per_fused_add_native_layer_norm_backward_view_2.benchmark_all_configs(*args)


if __name__ == '__main__':
    from torch._inductor.runtime.benchmarking import benchmarker

    args = get_args()
    ms = benchmarker.benchmark(lambda: call(args), device='cuda', rep=40)
    num_gb = 1.536e-05
    gb_per_s = num_gb / (ms / 1e3)
    print(f"{ms:.3f}ms    {num_gb:.3f}GB    {gb_per_s:.2f}GB/s")
''', device_str='cuda')


# kernel path: /tmp/inductor-record/tmpnuqblzf7/ab/cabwa65isze3pb6rqfdccxyvvwlpnhcnhxkorv2zrrgflux73rc6.py
# Topologically Sorted Source Nodes: [view_31, sum_5], Original ATen: [aten.view, aten.sum]
# Source node to ATen node mapping:
#   sum_5 => sum_5
#   view_31 => view_31
# Graph fragment:
#   %mul_23 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0" = PlaceHolder[target=mul_23]
#   %view_31 : Tensor "f32[512, 768][768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%mul_23, [512, 768]), kwargs = {})
#   %sum_5 : Tensor "f32[1, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_31, [0], True), kwargs = {})
#   return %buf10
triton_red_fused_sum_view_3 = async_compile.triton('triton_red_fused_sum_view_3', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

from torch._dynamo.testing import rand_strided
from torch._C import _cuda_getCurrentRawStream as get_raw_stream
import torch

@triton_heuristics.reduction(
    size_hints={'x': 4096, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_sum_view_3', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': True, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 1597440, 'r0_': 0}, 'kernel_num_gb': 0.001585152, 'kernel_flop': 0}
)
@triton.jit
def triton_red_fused_sum_view_3(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 3072
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 768)
    x1 = xindex // 768
    _tmp2 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 768*r0_2 + 98304*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
        tmp3 = _tmp2 + tmp1
        _tmp2 = tl.where(r0_mask & xmask, tmp3, _tmp2)
    tmp2 = tl.sum(_tmp2, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp2, xmask)


def get_args():
    arg_0 = rand_strided((4, 128, 768), (98304, 768, 1), device='cuda:0', dtype=torch.float32)
    arg_1 = rand_strided((1, 768, 4), (3072, 1, 768), device='cuda:0', dtype=torch.float32)
    return arg_0, arg_1, 3072, 128,


def call(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        stream0 = get_raw_stream(0)
        triton_red_fused_sum_view_3.run(*args, stream=stream0)


def benchmark_all_configs(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        return triton_red_fused_sum_view_3.benchmark_all_configs(*args)


if __name__ == '__main__':
    from torch._inductor.runtime.benchmarking import benchmarker

    args = get_args()
    ms = benchmarker.benchmark(lambda: call(args), device='cuda', rep=40)
    num_gb = 0.001585152
    gb_per_s = num_gb / (ms / 1e3)
    print(f"{ms:.3f}ms    {num_gb:.3f}GB    {gb_per_s:.2f}GB/s")
''', device_str='cuda')


# kernel path: /tmp/inductor-record/tmpnuqblzf7/iu/ciulwh2ny52slumhv3hzud3vwdmc5jwfhm7szfsfsjrcclx3p2m2.py
# Topologically Sorted Source Nodes: [view_31, sum_5], Original ATen: [aten.view, aten.sum]
# Source node to ATen node mapping:
#   sum_5 => sum_5
#   view_31 => view_31
# Graph fragment:
#   %buf10 : Tensor "f32[1, 768, 4][3072, 1, 768]cuda:0" = PlaceHolder[target=buf10]
#   %view_31 : Tensor "f32[512, 768][768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%mul_23, [512, 768]), kwargs = {})
#   %sum_5 : Tensor "f32[1, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_31, [0], True), kwargs = {})
#   return %sum_5
triton_per_fused_sum_view_4 = async_compile.triton('triton_per_fused_sum_view_4', '''
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
    size_hints={'x': 1024, 'r0_': 4},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_sum_view_4', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': True, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 18432, 'r0_': 0}, 'kernel_num_gb': 1.536e-05, 'kernel_flop': 0}
)
@triton.jit
def triton_per_fused_sum_view_4(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 768
    r0_numel = 4
    R0_BLOCK: tl.constexpr = 4
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 768*r0_1), xmask, other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)


def get_args():
    arg_0 = rand_strided((1, 768, 4), (3072, 1, 768), device='cuda:0', dtype=torch.float32)
    arg_1 = rand_strided((1, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    return arg_0, arg_1, 768, 4,


def call(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        stream0 = get_raw_stream(0)
        triton_per_fused_sum_view_4.run(*args, stream=stream0)


def benchmark_all_configs(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        return triton_per_fused_sum_view_4.benchmark_all_configs(*args)


if __name__ == '__main__':
    from torch._inductor.runtime.benchmarking import benchmarker

    args = get_args()
    ms = benchmarker.benchmark(lambda: call(args), device='cuda', rep=40)
    num_gb = 1.536e-05
    gb_per_s = num_gb / (ms / 1e3)
    print(f"{ms:.3f}ms    {num_gb:.3f}GB    {gb_per_s:.2f}GB/s")
''', device_str='cuda')


# kernel path: /tmp/inductor-record/tmpnuqblzf7/u7/cu7nbrttf2k5fp52aigh4gvapxiulwmd7jxb4xvuu3marnqepegk.py
# Topologically Sorted Source Nodes: [view_33, x_13, mul_4, mul_25, pow_2, mul_5, add_9, mul_6, tanh_1, add_10, mul_26, mul_27, sub_8, mul_28, mul_29, mul_30, pow_3, mul_31, mul_32, add_23, mul_33, add_24, view_34, sum_6], Original ATen: [aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward, aten.sum]
# Source node to ATen node mapping:
#   add_10 => add_18
#   add_23 => add_23
#   add_24 => add_24
#   add_9 => add_17
#   mul_25 => mul_25
#   mul_26 => mul_26
#   mul_27 => mul_27
#   mul_28 => mul_28
#   mul_29 => mul_29
#   mul_30 => mul_30
#   mul_31 => mul_31
#   mul_32 => mul_32
#   mul_33 => mul_33
#   mul_4 => mul_12
#   mul_5 => mul_13
#   mul_6 => mul_14
#   pow_2 => pow_2
#   pow_3 => pow_3
#   sub_8 => sub_8
#   sum_6 => sum_6
#   tanh_1 => tanh_1
#   view_33 => view_33
#   view_34 => view_34
#   x_13 => view_22
# Graph fragment:
#   %mm_3 : Tensor "f32[512, 3072][3072, 1]cuda:0" = PlaceHolder[target=mm_3]
#   %addmm_6 : Tensor "f32[512, 3072][3072, 1]cuda:0" = PlaceHolder[target=addmm_6]
#   %add_24 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0" = PlaceHolder[target=add_24]
#   %view_33 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_3, [4, 128, 3072]), kwargs = {})
#   %view_22 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=4] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_6, [4, 128, 3072]), kwargs = {})
#   %mul_12 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_22, 0.5), kwargs = {})
#   %mul_25 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_33, %mul_12), kwargs = {})
#   %pow_2 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%view_22, 3.0), kwargs = {})
#   %mul_13 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%pow_2, 0.044715), kwargs = {})
#   %add_17 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%view_22, %mul_13), kwargs = {})
#   %mul_14 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_17, 0.7978845608028654), kwargs = {})
#   %tanh_1 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.tanh.default](args = (%mul_14,), kwargs = {})
#   %add_18 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%tanh_1, 1.0), kwargs = {})
#   %mul_26 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_33, %add_18), kwargs = {})
#   %mul_27 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%tanh_1, %tanh_1), kwargs = {})
#   %sub_8 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (1, %mul_27), kwargs = {})
#   %mul_28 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_25, %sub_8), kwargs = {})
#   %mul_29 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_28, 0.7978845608028654), kwargs = {})
#   %mul_30 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_29, 0.044715), kwargs = {})
#   %pow_3 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%view_22, 2.0), kwargs = {})
#   %mul_31 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Scalar](args = (%pow_3, 3.0), kwargs = {})
#   %mul_32 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_30, %mul_31), kwargs = {})
#   %add_23 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_29, %mul_32), kwargs = {})
#   %mul_33 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_26, 0.5), kwargs = {})
#   %add_24 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_23, %mul_33), kwargs = {})
#   %view_34 : Tensor "f32[512, 3072][3072, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%add_24, [512, 3072]), kwargs = {})
#   %sum_6 : Tensor "f32[1, 3072][3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_34, [0], True), kwargs = {})
#   return %add_24,%buf15
triton_red_fused_add_mul_pow_sum_tanh_tanh_backward_view_5 = async_compile.triton('triton_red_fused_add_mul_pow_sum_tanh_tanh_backward_view_5', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

from torch._dynamo.testing import rand_strided
from torch._C import _cuda_getCurrentRawStream as get_raw_stream
import torch

@triton_heuristics.reduction(
    size_hints={'x': 16384, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_add_mul_pow_sum_tanh_tanh_backward_view_5', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 2, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': True, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 25264128, 'r0_': 0}, 'kernel_num_gb': 0.01892352, 'kernel_flop': 0}
)
@triton.jit
def triton_red_fused_add_mul_pow_sum_tanh_tanh_backward_view_5(in_out_ptr0, in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 12288
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = tl.full([XBLOCK], True, tl.int1)[:, None]
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 3072)
    x1 = xindex // 3072
    _tmp28 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_out_ptr0 + (x0 + 3072*r0_2 + 393216*x1), r0_mask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.load(in_ptr0 + (x0 + 3072*r0_2 + 393216*x1), r0_mask, eviction_policy='evict_first', other=0.0)
        tmp2 = tl.full([1, 1], 0.5, tl.float32)
        tmp3 = tmp1 * tmp2
        tmp4 = tmp0 * tmp3
        tmp5 = tmp1 * tmp1
        tmp6 = tmp5 * tmp1
        tmp7 = tl.full([1, 1], 0.044715, tl.float32)
        tmp8 = tmp6 * tmp7
        tmp9 = tmp1 + tmp8
        tmp10 = tl.full([1, 1], 0.7978845608028654, tl.float32)
        tmp11 = tmp9 * tmp10
        tmp12 = libdevice.tanh(tmp11)
        tmp13 = tmp12 * tmp12
        tmp14 = tl.full([1, 1], 1.0, tl.float32)
        tmp15 = tmp14 - tmp13
        tmp16 = tmp4 * tmp15
        tmp17 = tmp16 * tmp10
        tmp18 = tmp17 * tmp7
        tmp19 = tl.full([1, 1], 3.0, tl.float32)
        tmp20 = tmp5 * tmp19
        tmp21 = tmp18 * tmp20
        tmp22 = tmp17 + tmp21
        tmp23 = tmp12 + tmp14
        tmp24 = tmp0 * tmp23
        tmp25 = tmp24 * tmp2
        tmp26 = tmp22 + tmp25
        tmp27 = tl.broadcast_to(tmp26, [XBLOCK, R0_BLOCK])
        tmp29 = _tmp28 + tmp27
        _tmp28 = tl.where(r0_mask, tmp29, _tmp28)
        tl.store(in_out_ptr0 + (x0 + 3072*r0_2 + 393216*x1), tmp26, r0_mask)
    tmp28 = tl.sum(_tmp28, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp28, None)


def get_args():
    arg_0 = rand_strided((4, 128, 3072), (393216, 3072, 1), device='cuda:0', dtype=torch.float32)
    arg_1 = rand_strided((512, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    arg_2 = rand_strided((1, 3072, 4), (12288, 1, 3072), device='cuda:0', dtype=torch.float32)
    return arg_0, arg_1, arg_2, 12288, 128,


def call(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        stream0 = get_raw_stream(0)
        triton_red_fused_add_mul_pow_sum_tanh_tanh_backward_view_5.run(*args, stream=stream0)


def benchmark_all_configs(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        return triton_red_fused_add_mul_pow_sum_tanh_tanh_backward_view_5.benchmark_all_configs(*args)


if __name__ == '__main__':
    from torch._inductor.runtime.benchmarking import benchmarker

    args = get_args()
    ms = benchmarker.benchmark(lambda: call(args), device='cuda', rep=40)
    num_gb = 0.01892352
    gb_per_s = num_gb / (ms / 1e3)
    print(f"{ms:.3f}ms    {num_gb:.3f}GB    {gb_per_s:.2f}GB/s")
''', device_str='cuda')


# kernel path: /tmp/inductor-record/tmpnuqblzf7/3o/c3ojpqmbkxxq7hv3eczp5v4qh7tziqgsvkqoj7hpzjopuqcjajrs.py
# Topologically Sorted Source Nodes: [view_33, x_13, mul_4, mul_25, pow_2, mul_5, add_9, mul_6, tanh_1, add_10, mul_26, mul_27, sub_8, mul_28, mul_29, mul_30, pow_3, mul_31, mul_32, add_23, mul_33, add_24, view_34, sum_6], Original ATen: [aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward, aten.sum]
# Source node to ATen node mapping:
#   add_10 => add_18
#   add_23 => add_23
#   add_24 => add_24
#   add_9 => add_17
#   mul_25 => mul_25
#   mul_26 => mul_26
#   mul_27 => mul_27
#   mul_28 => mul_28
#   mul_29 => mul_29
#   mul_30 => mul_30
#   mul_31 => mul_31
#   mul_32 => mul_32
#   mul_33 => mul_33
#   mul_4 => mul_12
#   mul_5 => mul_13
#   mul_6 => mul_14
#   pow_2 => pow_2
#   pow_3 => pow_3
#   sub_8 => sub_8
#   sum_6 => sum_6
#   tanh_1 => tanh_1
#   view_33 => view_33
#   view_34 => view_34
#   x_13 => view_22
# Graph fragment:
#   %buf15 : Tensor "f32[1, 3072, 4][12288, 1, 3072]cuda:0" = PlaceHolder[target=buf15]
#   %view_33 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_3, [4, 128, 3072]), kwargs = {})
#   %view_22 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=4] = call_function[target=torch.ops.aten.reshape.default](args = (%addmm_6, [4, 128, 3072]), kwargs = {})
#   %mul_12 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_22, 0.5), kwargs = {})
#   %mul_25 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_33, %mul_12), kwargs = {})
#   %pow_2 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%view_22, 3.0), kwargs = {})
#   %mul_13 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%pow_2, 0.044715), kwargs = {})
#   %add_17 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%view_22, %mul_13), kwargs = {})
#   %mul_14 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add_17, 0.7978845608028654), kwargs = {})
#   %tanh_1 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.tanh.default](args = (%mul_14,), kwargs = {})
#   %add_18 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%tanh_1, 1.0), kwargs = {})
#   %mul_26 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_33, %add_18), kwargs = {})
#   %mul_27 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%tanh_1, %tanh_1), kwargs = {})
#   %sub_8 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (1, %mul_27), kwargs = {})
#   %mul_28 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_25, %sub_8), kwargs = {})
#   %mul_29 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_28, 0.7978845608028654), kwargs = {})
#   %mul_30 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_29, 0.044715), kwargs = {})
#   %pow_3 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.pow.Tensor_Scalar](args = (%view_22, 2.0), kwargs = {})
#   %mul_31 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Scalar](args = (%pow_3, 3.0), kwargs = {})
#   %mul_32 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_30, %mul_31), kwargs = {})
#   %add_23 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_29, %mul_32), kwargs = {})
#   %mul_33 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_26, 0.5), kwargs = {})
#   %add_24 : Tensor "f32[4, 128, 3072][393216, 3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_23, %mul_33), kwargs = {})
#   %view_34 : Tensor "f32[512, 3072][3072, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%add_24, [512, 3072]), kwargs = {})
#   %sum_6 : Tensor "f32[1, 3072][3072, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_34, [0], True), kwargs = {})
#   return %sum_6
triton_per_fused_add_mul_pow_sum_tanh_tanh_backward_view_6 = async_compile.triton('triton_per_fused_add_mul_pow_sum_tanh_tanh_backward_view_6', '''
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
    size_hints={'x': 4096, 'r0_': 4},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_mul_pow_sum_tanh_tanh_backward_view_6', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': True, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 73728, 'r0_': 0}, 'kernel_num_gb': 6.144e-05, 'kernel_flop': 0}
)
@triton.jit
def triton_per_fused_add_mul_pow_sum_tanh_tanh_backward_view_6(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 3072
    r0_numel = 4
    R0_BLOCK: tl.constexpr = 4
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 3072*r0_1), xmask, other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)


def get_args():
    arg_0 = rand_strided((1, 3072, 4), (12288, 1, 3072), device='cuda:0', dtype=torch.float32)
    arg_1 = rand_strided((1, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    return arg_0, arg_1, 3072, 4,


def call(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        stream0 = get_raw_stream(0)
        triton_per_fused_add_mul_pow_sum_tanh_tanh_backward_view_6.run(*args, stream=stream0)


def benchmark_all_configs(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        return triton_per_fused_add_mul_pow_sum_tanh_tanh_backward_view_6.benchmark_all_configs(*args)


if __name__ == '__main__':
    from torch._inductor.runtime.benchmarking import benchmarker

    args = get_args()
    ms = benchmarker.benchmark(lambda: call(args), device='cuda', rep=40)
    num_gb = 6.144e-05
    gb_per_s = num_gb / (ms / 1e3)
    print(f"{ms:.3f}ms    {num_gb:.3f}GB    {gb_per_s:.2f}GB/s")
''', device_str='cuda')


# kernel path: /tmp/inductor-record/tmpnuqblzf7/x5/cx5svzamemoql6j7yjku7bwejzmeyatz7ohbgdtnua5w3ovojkil.py
# Topologically Sorted Source Nodes: [view_36, mul_35, mul_36, sum_7, mul_37, sum_8, mul_38, sub_10, sub_11, mul_39, add_25], Original ATen: [aten.view, aten.native_layer_norm_backward, aten.add]
# Source node to ATen node mapping:
#   add_25 => add_25
#   mul_35 => mul_35
#   mul_36 => mul_36
#   mul_37 => mul_37
#   mul_38 => mul_38
#   mul_39 => mul_39
#   sub_10 => sub_10
#   sub_11 => sub_11
#   sum_7 => sum_7
#   sum_8 => sum_8
#   view_36 => view_36
# Graph fragment:
#   %mm_5 : Tensor "f32[512, 768][768, 1]cuda:0" = PlaceHolder[target=mm_5]
#   %primals_22 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_22]
#   %mul_10 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0" = PlaceHolder[target=mul_10]
#   %mul_23 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0" = PlaceHolder[target=mul_23]
#   %div_1 : Tensor "f32[4, 128, 1][128, 1, 1]cuda:0" = PlaceHolder[target=div_1]
#   %sum_7 : Tensor "f32[4, 128, 1][128, 1, 512]cuda:0" = PlaceHolder[target=sum_7]
#   %sum_8 : Tensor "f32[4, 128, 1][128, 1, 512]cuda:0" = PlaceHolder[target=sum_8]
#   %view_36 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_5, [4, 128, 768]), kwargs = {})
#   %mul_35 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_36, %primals_22), kwargs = {})
#   %mul_36 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_35, 768), kwargs = {})
#   %sum_7 : Tensor "f32[4, 128, 1][128, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_35, [2], True), kwargs = {})
#   %mul_37 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_35, %mul_10), kwargs = {})
#   %sum_8 : Tensor "f32[4, 128, 1][128, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_37, [2], True), kwargs = {})
#   %mul_38 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_10, %sum_8), kwargs = {})
#   %sub_10 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_36, %sum_7), kwargs = {})
#   %sub_11 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_10, %mul_38), kwargs = {})
#   %mul_39 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_1, %sub_11), kwargs = {})
#   %add_25 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%mul_23, %mul_39), kwargs = {})
#   return %sum_7,%sum_8,%add_25
triton_per_fused_add_native_layer_norm_backward_view_7 = async_compile.triton('triton_per_fused_add_native_layer_norm_backward_view_7', '''
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
    size_hints={'x': 512, 'r0_': 1024},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_native_layer_norm_backward_view_7', 'mutated_arg_names': ['in_out_ptr0'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 5, 'num_store': 1, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': True, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 2048, 'r0_': 7867392}, 'kernel_num_gb': 0.006296576, 'kernel_flop': 0}
)
@triton.jit
def triton_per_fused_add_native_layer_norm_backward_view_7(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 512
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
    tmp0 = tl.load(in_ptr0 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp7 = tl.load(in_ptr2 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0)
    tmp13 = tl.load(in_out_ptr0 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0)
    tmp14 = tl.load(in_ptr3 + (x0), xmask, eviction_policy='evict_last')
    tmp2 = tmp0 * tmp1
    tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
    tmp5 = tl.where(r0_mask & xmask, tmp3, 0)
    tmp6 = tl.sum(tmp5, 1)[:, None].to(tl.float32)
    tmp8 = tmp2 * tmp7
    tmp9 = tl.broadcast_to(tmp8, [XBLOCK, R0_BLOCK])
    tmp11 = tl.where(r0_mask & xmask, tmp9, 0)
    tmp12 = tl.sum(tmp11, 1)[:, None].to(tl.float32)
    tmp15 = tl.full([1, 1], 768.0, tl.float32)
    tmp16 = tmp2 * tmp15
    tmp17 = tmp16 - tmp6
    tmp18 = tmp7 * tmp12
    tmp19 = tmp17 - tmp18
    tmp20 = tmp14 * tmp19
    tmp21 = tmp13 + tmp20
    tl.store(in_out_ptr0 + (r0_1 + 768*x0), tmp21, r0_mask & xmask)


def get_args():
    arg_0 = rand_strided((4, 128, 768), (98304, 768, 1), device='cuda:0', dtype=torch.float32)
    arg_1 = rand_strided((512, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    arg_2 = rand_strided((768,), (1,), device='cuda:0', dtype=torch.float32)
    arg_3 = rand_strided((4, 128, 768), (98304, 768, 1), device='cuda:0', dtype=torch.float32)
    arg_4 = rand_strided((4, 128, 1), (128, 1, 1), device='cuda:0', dtype=torch.float32)
    return arg_0, arg_1, arg_2, arg_3, arg_4, 512, 768,


def call(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        stream0 = get_raw_stream(0)
        triton_per_fused_add_native_layer_norm_backward_view_7.run(*args, stream=stream0)


def benchmark_all_configs(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        return triton_per_fused_add_native_layer_norm_backward_view_7.benchmark_all_configs(*args)


if __name__ == '__main__':
    from torch._inductor.runtime.benchmarking import benchmarker

    args = get_args()
    ms = benchmarker.benchmark(lambda: call(args), device='cuda', rep=40)
    num_gb = 0.006296576
    gb_per_s = num_gb / (ms / 1e3)
    print(f"{ms:.3f}ms    {num_gb:.3f}GB    {gb_per_s:.2f}GB/s")
''', device_str='cuda')


# kernel path: /tmp/inductor-record/tmpnuqblzf7/ti/cti4indme7iwcgffgqumlhdowcok33l7udymdtow5hn2sp3g7wxw.py
# Topologically Sorted Source Nodes: [view_36, mul_40, sum_9, sum_10], Original ATen: [aten.view, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   mul_40 => mul_40
#   sum_10 => sum_10
#   sum_9 => sum_9
#   view_36 => view_36
# Graph fragment:
#   %mm_5 : Tensor "f32[512, 768][768, 1]cuda:0" = PlaceHolder[target=mm_5]
#   %mul_10 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0" = PlaceHolder[target=mul_10]
#   %view_36 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_5, [4, 128, 768]), kwargs = {})
#   %mul_40 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_36, %mul_10), kwargs = {})
#   %sum_9 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_40, [0, 1]), kwargs = {})
#   %sum_10 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_36, [0, 1]), kwargs = {})
#   return %buf19,%buf21
triton_red_fused_native_layer_norm_backward_view_8 = async_compile.triton('triton_red_fused_native_layer_norm_backward_view_8', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

from torch._dynamo.testing import rand_strided
from torch._C import _cuda_getCurrentRawStream as get_raw_stream
import torch

@triton_heuristics.reduction(
    size_hints={'x': 4096, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_native_layer_norm_backward_view_8', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 2, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': True, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 3194880, 'r0_': 0}, 'kernel_num_gb': 0.003170304, 'kernel_flop': 0}
)
@triton.jit
def triton_red_fused_native_layer_norm_backward_view_8(in_ptr0, in_ptr1, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 3072
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 768)
    x1 = xindex // 768
    _tmp4 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    _tmp7 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 768*r0_2 + 98304*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.load(in_ptr1 + (x0 + 768*r0_2 + 98304*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp2 = tmp0 * tmp1
        tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
        tmp5 = _tmp4 + tmp3
        _tmp4 = tl.where(r0_mask & xmask, tmp5, _tmp4)
        tmp6 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
        tmp8 = _tmp7 + tmp6
        _tmp7 = tl.where(r0_mask & xmask, tmp8, _tmp7)
    tmp4 = tl.sum(_tmp4, 1)[:, None]
    tmp7 = tl.sum(_tmp7, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp4, xmask)
    tl.store(out_ptr1 + (x3), tmp7, xmask)


def get_args():
    arg_0 = rand_strided((512, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    arg_1 = rand_strided((4, 128, 768), (98304, 768, 1), device='cuda:0', dtype=torch.float32)
    arg_2 = rand_strided((768, 4), (1, 768), device='cuda:0', dtype=torch.float32)
    arg_3 = rand_strided((768, 4), (1, 768), device='cuda:0', dtype=torch.float32)
    return arg_0, arg_1, arg_2, arg_3, 3072, 128,


def call(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        stream0 = get_raw_stream(0)
        triton_red_fused_native_layer_norm_backward_view_8.run(*args, stream=stream0)


def benchmark_all_configs(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        return triton_red_fused_native_layer_norm_backward_view_8.benchmark_all_configs(*args)


if __name__ == '__main__':
    from torch._inductor.runtime.benchmarking import benchmarker

    args = get_args()
    ms = benchmarker.benchmark(lambda: call(args), device='cuda', rep=40)
    num_gb = 0.003170304
    gb_per_s = num_gb / (ms / 1e3)
    print(f"{ms:.3f}ms    {num_gb:.3f}GB    {gb_per_s:.2f}GB/s")
''', device_str='cuda')


# kernel path: /tmp/inductor-record/tmpnuqblzf7/ge/cgesk3d45zildrsjv4vizcnpphrhlkbu2uk5mvgtnpk7fa7pjt5e.py
# Topologically Sorted Source Nodes: [slice_2, slice_1, permute_20, view_41, permute_21, clone_9, view_42, permute_22, clone_10, view_43, cat, view_44, sum_12], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
# Source node to ATen node mapping:
#   cat => cat
#   clone_10 => clone_10
#   clone_9 => clone_9
#   permute_20 => permute_20
#   permute_21 => permute_21
#   permute_22 => permute_22
#   slice_1 => add_27
#   slice_2 => add_26
#   sum_12 => sum_12
#   view_41 => view_41
#   view_42 => view_42
#   view_43 => view_43
#   view_44 => view_44
# Graph fragment:
#   %getitem_24 : Tensor "f32[4, 12, 128, 64][98304, 64, 768, 1]cuda:0" = PlaceHolder[target=getitem_24]
#   %tangents_5 : Tensor "f32[4, 12, 128, 64][98304, 8192, 64, 1]cuda:0" = PlaceHolder[target=tangents_5]
#   %getitem_25 : Tensor "f32[4, 12, 128, 64][98304, 64, 768, 1]cuda:0" = PlaceHolder[target=getitem_25]
#   %tangents_4 : Tensor "f32[4, 12, 128, 64][98304, 8192, 64, 1]cuda:0" = PlaceHolder[target=tangents_4]
#   %getitem_26 : Tensor "f32[4, 12, 128, 64][98304, 64, 768, 1]cuda:0" = PlaceHolder[target=getitem_26]
#   %cat : Tensor "f32[4, 128, 2304][294912, 2304, 1]cuda:0" = PlaceHolder[target=cat]
#   %add_26 : Tensor "f32[4, 12, 128, 64][98304, 8192, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%tangents_5, %getitem_25), kwargs = {})
#   %add_27 : Tensor "f32[4, 12, 128, 64][98304, 8192, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%tangents_4, %getitem_26), kwargs = {})
#   %permute_20 : Tensor "f32[4, 128, 12, 64][98304, 768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_24, [0, 2, 1, 3]), kwargs = {})
#   %view_41 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%permute_20, [4, 128, 768]), kwargs = {})
#   %permute_21 : Tensor "f32[4, 128, 12, 64][98304, 64, 8192, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%add_27, [0, 2, 1, 3]), kwargs = {})
#   %clone_9 : Tensor "f32[4, 128, 12, 64][98304, 768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%permute_21,), kwargs = {memory_format: torch.contiguous_format})
#   %view_42 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%clone_9, [4, 128, 768]), kwargs = {})
#   %permute_22 : Tensor "f32[4, 128, 12, 64][98304, 64, 8192, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%add_26, [0, 2, 1, 3]), kwargs = {})
#   %clone_10 : Tensor "f32[4, 128, 12, 64][98304, 768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%permute_22,), kwargs = {memory_format: torch.contiguous_format})
#   %view_43 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%clone_10, [4, 128, 768]), kwargs = {})
#   %cat : Tensor "f32[4, 128, 2304][294912, 2304, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%view_41, %view_43, %view_42], 2), kwargs = {})
#   %view_44 : Tensor "f32[512, 2304][2304, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%cat, [512, 2304]), kwargs = {})
#   %sum_12 : Tensor "f32[1, 2304][2304, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_44, [0], True), kwargs = {})
#   return %cat,%buf35
triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_9 = async_compile.triton('triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_9', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

from torch._dynamo.testing import rand_strided
from torch._C import _cuda_getCurrentRawStream as get_raw_stream
import torch

@triton_heuristics.reduction(
    size_hints={'x': 16384, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_9', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 5, 'num_store': 2, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': True, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 14229504, 'r0_': 0}, 'kernel_num_gb': 0.012619776, 'kernel_flop': 0}
)
@triton.jit
def triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_9(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 9216
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 2304)
    x1 = xindex // 2304
    _tmp26 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = x0
        tmp1 = tl.full([1, 1], 0, tl.int64)
        tmp2 = tmp0 >= tmp1
        tmp3 = tl.full([1, 1], 768, tl.int64)
        tmp4 = tmp0 < tmp3
        tmp5 = tl.load(in_ptr0 + (768*r0_2 + 98304*x1 + (x0)), r0_mask & tmp4 & xmask, eviction_policy='evict_last', other=0.0)
        tmp6 = tmp0 >= tmp3
        tmp7 = tl.full([1, 1], 1536, tl.int64)
        tmp8 = tmp0 < tmp7
        tmp9 = tmp6 & tmp8
        tmp10 = tl.load(in_ptr1 + (64*r0_2 + 8192*(((((-768) + x0) // 64) % 12)) + 98304*x1 + ((((-768) + x0) % 64))), r0_mask & tmp9 & xmask, eviction_policy='evict_last', other=0.0)
        tmp11 = tl.load(in_ptr2 + (768*r0_2 + 98304*x1 + ((((-768) + x0) % 768))), r0_mask & tmp9 & xmask, eviction_policy='evict_last', other=0.0)
        tmp12 = tmp10 + tmp11
        tmp13 = tl.full(tmp12.shape, 0.0, tmp12.dtype)
        tmp14 = tl.where(tmp9, tmp12, tmp13)
        tmp15 = tmp0 >= tmp7
        tmp16 = tl.full([1, 1], 2304, tl.int64)
        tmp17 = tmp0 < tmp16
        tmp18 = tl.load(in_ptr3 + (64*r0_2 + 8192*(((((-1536) + x0) // 64) % 12)) + 98304*x1 + ((((-1536) + x0) % 64))), r0_mask & tmp15 & xmask, eviction_policy='evict_last', other=0.0)
        tmp19 = tl.load(in_ptr4 + (768*r0_2 + 98304*x1 + ((((-1536) + x0) % 768))), r0_mask & tmp15 & xmask, eviction_policy='evict_last', other=0.0)
        tmp20 = tmp18 + tmp19
        tmp21 = tl.full(tmp20.shape, 0.0, tmp20.dtype)
        tmp22 = tl.where(tmp15, tmp20, tmp21)
        tmp23 = tl.where(tmp9, tmp14, tmp22)
        tmp24 = tl.where(tmp4, tmp5, tmp23)
        tmp25 = tl.broadcast_to(tmp24, [XBLOCK, R0_BLOCK])
        tmp27 = _tmp26 + tmp25
        _tmp26 = tl.where(r0_mask & xmask, tmp27, _tmp26)
        tl.store(out_ptr0 + (x0 + 2304*r0_2 + 294912*x1), tmp24, r0_mask & xmask)
    tmp26 = tl.sum(_tmp26, 1)[:, None]
    tl.store(out_ptr1 + (x3), tmp26, xmask)


def get_args():
    arg_0 = rand_strided((4, 12, 128, 64), (98304, 64, 768, 1), device='cuda:0', dtype=torch.float32)
    arg_1 = rand_strided((4, 12, 128, 64), (98304, 8192, 64, 1), device='cuda:0', dtype=torch.float32)
    arg_2 = rand_strided((4, 12, 128, 64), (98304, 64, 768, 1), device='cuda:0', dtype=torch.float32)
    arg_3 = rand_strided((4, 12, 128, 64), (98304, 8192, 64, 1), device='cuda:0', dtype=torch.float32)
    arg_4 = rand_strided((4, 12, 128, 64), (98304, 64, 768, 1), device='cuda:0', dtype=torch.float32)
    arg_5 = rand_strided((4, 128, 2304), (294912, 2304, 1), device='cuda:0', dtype=torch.float32)
    arg_6 = rand_strided((1, 2304, 4), (9216, 1, 2304), device='cuda:0', dtype=torch.float32)
    return arg_0, arg_1, arg_2, arg_3, arg_4, arg_5, arg_6, 9216, 128,


def call(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        stream0 = get_raw_stream(0)
        triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_9.run(*args, stream=stream0)


def benchmark_all_configs(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        return triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_9.benchmark_all_configs(*args)


if __name__ == '__main__':
    from torch._inductor.runtime.benchmarking import benchmarker

    args = get_args()
    ms = benchmarker.benchmark(lambda: call(args), device='cuda', rep=40)
    num_gb = 0.012619776
    gb_per_s = num_gb / (ms / 1e3)
    print(f"{ms:.3f}ms    {num_gb:.3f}GB    {gb_per_s:.2f}GB/s")
''', device_str='cuda')


# kernel path: /tmp/inductor-record/tmpnuqblzf7/7w/c7wdswxamuukdmm2awrwj4ttfqr7y5dmsec46aloj7gzt5feb4td.py
# Topologically Sorted Source Nodes: [slice_2, slice_1, permute_20, view_41, permute_21, clone_9, view_42, permute_22, clone_10, view_43, cat, view_44, sum_12], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
# Source node to ATen node mapping:
#   cat => cat
#   clone_10 => clone_10
#   clone_9 => clone_9
#   permute_20 => permute_20
#   permute_21 => permute_21
#   permute_22 => permute_22
#   slice_1 => add_27
#   slice_2 => add_26
#   sum_12 => sum_12
#   view_41 => view_41
#   view_42 => view_42
#   view_43 => view_43
#   view_44 => view_44
# Graph fragment:
#   %buf35 : Tensor "f32[1, 2304, 4][9216, 1, 2304]cuda:0" = PlaceHolder[target=buf35]
#   %add_26 : Tensor "f32[4, 12, 128, 64][98304, 8192, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%tangents_5, %getitem_25), kwargs = {})
#   %add_27 : Tensor "f32[4, 12, 128, 64][98304, 8192, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%tangents_4, %getitem_26), kwargs = {})
#   %permute_20 : Tensor "f32[4, 128, 12, 64][98304, 768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%getitem_24, [0, 2, 1, 3]), kwargs = {})
#   %view_41 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%permute_20, [4, 128, 768]), kwargs = {})
#   %permute_21 : Tensor "f32[4, 128, 12, 64][98304, 64, 8192, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%add_27, [0, 2, 1, 3]), kwargs = {})
#   %clone_9 : Tensor "f32[4, 128, 12, 64][98304, 768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%permute_21,), kwargs = {memory_format: torch.contiguous_format})
#   %view_42 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%clone_9, [4, 128, 768]), kwargs = {})
#   %permute_22 : Tensor "f32[4, 128, 12, 64][98304, 64, 8192, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.permute.default](args = (%add_26, [0, 2, 1, 3]), kwargs = {})
#   %clone_10 : Tensor "f32[4, 128, 12, 64][98304, 768, 64, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.clone.default](args = (%permute_22,), kwargs = {memory_format: torch.contiguous_format})
#   %view_43 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.reshape.default](args = (%clone_10, [4, 128, 768]), kwargs = {})
#   %cat : Tensor "f32[4, 128, 2304][294912, 2304, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.cat.default](args = ([%view_41, %view_43, %view_42], 2), kwargs = {})
#   %view_44 : Tensor "f32[512, 2304][2304, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%cat, [512, 2304]), kwargs = {})
#   %sum_12 : Tensor "f32[1, 2304][2304, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_44, [0], True), kwargs = {})
#   return %sum_12
triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_10 = async_compile.triton('triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_10', '''
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
    size_hints={'x': 4096, 'r0_': 4},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_10', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': False, 'num_load': 1, 'num_store': 1, 'num_reduction': 1, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': True, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 55296, 'r0_': 0}, 'kernel_num_gb': 4.608e-05, 'kernel_flop': 0}
)
@triton.jit
def triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_10(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 2304
    r0_numel = 4
    R0_BLOCK: tl.constexpr = 4
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    r0_offset = 0
    r0_mask = tl.full([R0_BLOCK], True, tl.int1)[None, :]
    roffset = r0_offset
    rindex = r0_index
    r0_1 = r0_index
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + 2304*r0_1), xmask, other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
    tmp3 = tl.where(xmask, tmp1, 0)
    tmp4 = tl.sum(tmp3, 1)[:, None].to(tl.float32)
    tl.store(out_ptr0 + (x0), tmp4, xmask)


def get_args():
    arg_0 = rand_strided((1, 2304, 4), (9216, 1, 2304), device='cuda:0', dtype=torch.float32)
    arg_1 = rand_strided((1, 2304), (2304, 1), device='cuda:0', dtype=torch.float32)
    return arg_0, arg_1, 2304, 4,


def call(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        stream0 = get_raw_stream(0)
        triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_10.run(*args, stream=stream0)


def benchmark_all_configs(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        return triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_10.benchmark_all_configs(*args)


if __name__ == '__main__':
    from torch._inductor.runtime.benchmarking import benchmarker

    args = get_args()
    ms = benchmarker.benchmark(lambda: call(args), device='cuda', rep=40)
    num_gb = 4.608e-05
    gb_per_s = num_gb / (ms / 1e3)
    print(f"{ms:.3f}ms    {num_gb:.3f}GB    {gb_per_s:.2f}GB/s")
''', device_str='cuda')


# kernel path: /tmp/inductor-record/tmpnuqblzf7/sg/csgdtmgovhk57ab7mobbd5kyflnbe77gfj7x3lpne4jdu5iqpqn7.py
# Topologically Sorted Source Nodes: [full_5], Original ATen: [aten.embedding_dense_backward]
# Source node to ATen node mapping:
#   full_5 => full_default_7
# Graph fragment:
#   %full_default_7 : Tensor "f32[50257, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([50257, 768], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   return %index_put_1
triton_poi_fused_embedding_dense_backward_11 = async_compile.triton('triton_poi_fused_embedding_dense_backward_11', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

from torch._dynamo.testing import rand_strided
from torch._C import _cuda_getCurrentRawStream as get_raw_stream
import torch

@triton_heuristics.pointwise(
    size_hints={'x': 67108864}, 
    filename=__file__,
    triton_meta={'signature': {'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_embedding_dense_backward_11', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': True, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 308779008}, 'kernel_num_gb': 0.154389504, 'kernel_flop': 0},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_embedding_dense_backward_11(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 38597376
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.full([1], 0.0, tl.float32)
    tl.store(out_ptr0 + (x0), tmp0, xmask)


def get_args():
    arg_0 = rand_strided((50257, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    return arg_0, 38597376,


def call(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        stream0 = get_raw_stream(0)
        triton_poi_fused_embedding_dense_backward_11.run(*args, stream=stream0)


def benchmark_all_configs(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        return triton_poi_fused_embedding_dense_backward_11.benchmark_all_configs(*args)


if __name__ == '__main__':
    from torch._inductor.runtime.benchmarking import benchmarker

    args = get_args()
    ms = benchmarker.benchmark(lambda: call(args), device='cuda', rep=40)
    num_gb = 0.154389504
    gb_per_s = num_gb / (ms / 1e3)
    print(f"{ms:.3f}ms    {num_gb:.3f}GB    {gb_per_s:.2f}GB/s")
''', device_str='cuda')


# kernel path: /tmp/inductor-record/tmpnuqblzf7/ua/cuauxllmbmy72nyi6666nkcuhl2sbg6r5nueaeijw5exnd3wlaby.py
# Topologically Sorted Source Nodes: [view_62, mul_65, mul_66, sum_25, hidden_states, hidden_states_2, mul_67, sum_26, mul_68, sub_20, sub_21, div_4, mul_69, add_34, attn_output, eq_1, unsqueeze_8, where_3, full_5, index_put_1], Original ATen: [aten.view, aten.native_layer_norm_backward, aten.add, aten.native_layer_norm, aten.scalar_tensor, aten.embedding_dense_backward]
# Source node to ATen node mapping:
#   add_34 => add_34
#   attn_output => full_default_1
#   div_4 => div_4
#   eq_1 => eq_1
#   full_5 => full_default_7
#   hidden_states => add_1
#   hidden_states_2 => mul, sub
#   index_put_1 => index_put_1
#   mul_65 => mul_65
#   mul_66 => mul_66
#   mul_67 => mul_67
#   mul_68 => mul_68
#   mul_69 => mul_69
#   sub_20 => sub_20
#   sub_21 => sub_21
#   sum_25 => sum_25
#   sum_26 => sum_26
#   unsqueeze_8 => unsqueeze_8
#   view_62 => view_62
#   where_3 => where_3
# Graph fragment:
#   %mm_17 : Tensor "f32[512, 768][768, 1]cuda:0" = PlaceHolder[target=mm_17]
#   %primals_4 : Tensor "f32[768][1]cuda:0" = PlaceHolder[target=primals_4]
#   %embedding : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0" = PlaceHolder[target=embedding]
#   %embedding_1 : Tensor "f32[1, 128, 768][98304, 768, 1]cuda:0" = PlaceHolder[target=embedding_1]
#   %getitem_1 : Tensor "f32[4, 128, 1][128, 1, 1]cuda:0" = PlaceHolder[target=getitem_1]
#   %rsqrt : Tensor "f32[4, 128, 1][128, 1, 1]cuda:0" = PlaceHolder[target=rsqrt]
#   %add_31 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0" = PlaceHolder[target=add_31]
#   %sum_25 : Tensor "f32[4, 128, 1][128, 1, 512]cuda:0" = PlaceHolder[target=sum_25]
#   %sum_26 : Tensor "f32[4, 128, 1][128, 1, 512]cuda:0" = PlaceHolder[target=sum_26]
#   %primals_1 : Tensor "i64[4, 128][128, 1]cuda:0" = PlaceHolder[target=primals_1]
#   %add_34 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0" = PlaceHolder[target=add_34]
#   %index_put_1 : Tensor "f32[50257, 768][768, 1]cuda:0" = PlaceHolder[target=index_put_1]
#   %view_62 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_17, [4, 128, 768]), kwargs = {})
#   %mul_65 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_62, %primals_4), kwargs = {})
#   %mul_66 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_65, 768), kwargs = {})
#   %sum_25 : Tensor "f32[4, 128, 1][128, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_65, [2], True), kwargs = {})
#   %add_1 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%embedding, %embedding_1), kwargs = {})
#   %sub : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%add_1, %getitem_1), kwargs = {})
#   %mul : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub, %rsqrt), kwargs = {})
#   %mul_67 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul_65, %mul), kwargs = {})
#   %sum_26 : Tensor "f32[4, 128, 1][128, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_67, [2], True), kwargs = {})
#   %mul_68 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%mul, %sum_26), kwargs = {})
#   %sub_20 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%mul_66, %sum_25), kwargs = {})
#   %sub_21 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%sub_20, %mul_68), kwargs = {})
#   %div_4 : Tensor "f32[4, 128, 1][128, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.div.Tensor](args = (%rsqrt, 768), kwargs = {})
#   %mul_69 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%div_4, %sub_21), kwargs = {})
#   %add_34 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.add.Tensor](args = (%add_31, %mul_69), kwargs = {})
#   %full_default_1 : Tensor "f32[][]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %eq_1 : Tensor "b8[4, 128][128, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.eq.Scalar](args = (%primals_1, -1), kwargs = {})
#   %unsqueeze_8 : Tensor "b8[4, 128, 1][128, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%eq_1, -1), kwargs = {})
#   %where_3 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%unsqueeze_8, %full_default_1, %add_34), kwargs = {})
#   %full_default_7 : Tensor "f32[50257, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([50257, 768], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %index_put_1 : Tensor "f32[50257, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.index_put_.default](args = (%full_default_7, [%primals_1], %where_3, True), kwargs = {})
#   return %sum_25,%sum_26,%add_34,%buf83
triton_per_fused_add_embedding_dense_backward_native_layer_norm_native_layer_norm_backward_scalar_tensor_view_12 = async_compile.triton('triton_per_fused_add_embedding_dense_backward_native_layer_norm_native_layer_norm_backward_scalar_tensor_view_12', '''
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
    size_hints={'x': 512, 'r0_': 1024},
    reduction_hint=ReductionHint.INNER,
    filename=__file__,
    triton_meta={'signature': {'in_out_ptr0': '*fp32', 'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'in_ptr5': '*fp32', 'in_ptr6': '*i64', 'out_ptr2': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]], (9,): [['tt.divisibility', 16]], (10,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_per_fused_add_embedding_dense_backward_native_layer_norm_native_layer_norm_backward_scalar_tensor_view_12', 'mutated_arg_names': ['in_out_ptr0', 'out_ptr2'], 'optimize_mem': True, 'no_x_dim': None, 'atomic_add_found': True, 'num_load': 8, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': True, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 8192, 'r0_': 8260608}, 'kernel_num_gb': 0.0082688, 'kernel_flop': 0}
)
@triton.jit
def triton_per_fused_add_embedding_dense_backward_native_layer_norm_native_layer_norm_backward_scalar_tensor_view_12(in_out_ptr0, in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, in_ptr5, in_ptr6, out_ptr2, xnumel, r0_numel, XBLOCK : tl.constexpr):
    xnumel = 512
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
    x2 = (xindex % 128)
    tmp0 = tl.load(in_ptr0 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0)
    tmp1 = tl.load(in_ptr1 + (r0_1), r0_mask, eviction_policy='evict_last', other=0.0)
    tmp7 = tl.load(in_ptr2 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0)
    tmp8 = tl.load(in_ptr3 + (r0_1 + 768*x2), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
    tmp10 = tl.load(in_ptr4 + (x0), xmask, eviction_policy='evict_last')
    tmp12 = tl.load(in_ptr5 + (x0), xmask, eviction_policy='evict_last')
    tmp19 = tl.load(in_out_ptr0 + (r0_1 + 768*x0), r0_mask & xmask, other=0.0)
    tmp29 = tl.load(in_ptr6 + (x0), xmask, eviction_policy='evict_last')
    tmp2 = tmp0 * tmp1
    tmp3 = tl.broadcast_to(tmp2, [XBLOCK, R0_BLOCK])
    tmp5 = tl.where(r0_mask & xmask, tmp3, 0)
    tmp6 = tl.sum(tmp5, 1)[:, None].to(tl.float32)
    tmp9 = tmp7 + tmp8
    tmp11 = tmp9 - tmp10
    tmp13 = tmp11 * tmp12
    tmp14 = tmp2 * tmp13
    tmp15 = tl.broadcast_to(tmp14, [XBLOCK, R0_BLOCK])
    tmp17 = tl.where(r0_mask & xmask, tmp15, 0)
    tmp18 = tl.sum(tmp17, 1)[:, None].to(tl.float32)
    tmp20 = tl.full([1, 1], 0.0013020833333333333, tl.float32)
    tmp21 = tmp12 * tmp20
    tmp22 = tl.full([1, 1], 768.0, tl.float32)
    tmp23 = tmp2 * tmp22
    tmp24 = tmp23 - tmp6
    tmp25 = tmp13 * tmp18
    tmp26 = tmp24 - tmp25
    tmp27 = tmp21 * tmp26
    tmp28 = tmp19 + tmp27
    tmp30 = tl.full([1, 1], 50257, tl.int32)
    tmp31 = tmp29 + tmp30
    tmp32 = tmp29 < 0
    tmp33 = tl.where(tmp32, tmp31, tmp29)
    tl.device_assert(((0 <= tmp33) & (tmp33 < 50257)) | ~(xmask), "index out of bounds: 0 <= tmp33 < 50257")
    tmp35 = tl.full([1, 1], -1, tl.int64)
    tmp36 = tmp29 == tmp35
    tmp37 = tl.full([1, 1], 0.0, tl.float32)
    tmp38 = tl.where(tmp36, tmp37, tmp28)
    tl.store(in_out_ptr0 + (r0_1 + 768*x0), tmp28, r0_mask & xmask)
    tl.atomic_add(out_ptr2 + (tl.broadcast_to(r0_1 + 768*tmp33, [XBLOCK, R0_BLOCK])), tmp38, r0_mask & xmask, sem='relaxed')


def get_args():
    arg_0 = rand_strided((4, 128, 768), (98304, 768, 1), device='cuda:0', dtype=torch.float32)
    arg_1 = rand_strided((512, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    arg_2 = rand_strided((768,), (1,), device='cuda:0', dtype=torch.float32)
    arg_3 = rand_strided((4, 128, 768), (98304, 768, 1), device='cuda:0', dtype=torch.float32)
    arg_4 = rand_strided((1, 128, 768), (98304, 768, 1), device='cuda:0', dtype=torch.float32)
    arg_5 = rand_strided((4, 128, 1), (128, 1, 1), device='cuda:0', dtype=torch.float32)
    arg_6 = rand_strided((4, 128, 1), (128, 1, 1), device='cuda:0', dtype=torch.float32)
    arg_7 = rand_strided((4, 128), (128, 1), device='cuda:0', dtype=torch.int64)
    arg_8 = rand_strided((50257, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    return arg_0, arg_1, arg_2, arg_3, arg_4, arg_5, arg_6, arg_7, arg_8, 512, 768,


def call(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        stream0 = get_raw_stream(0)
        triton_per_fused_add_embedding_dense_backward_native_layer_norm_native_layer_norm_backward_scalar_tensor_view_12.run(*args, stream=stream0)


def benchmark_all_configs(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        return triton_per_fused_add_embedding_dense_backward_native_layer_norm_native_layer_norm_backward_scalar_tensor_view_12.benchmark_all_configs(*args)


if __name__ == '__main__':
    from torch._inductor.runtime.benchmarking import benchmarker

    args = get_args()
    ms = benchmarker.benchmark(lambda: call(args), device='cuda', rep=40)
    num_gb = 0.0082688
    gb_per_s = num_gb / (ms / 1e3)
    print(f"{ms:.3f}ms    {num_gb:.3f}GB    {gb_per_s:.2f}GB/s")
''', device_str='cuda')


# kernel path: /tmp/inductor-record/tmpnuqblzf7/ml/cmlq3tb5mkqc5nxvtx26iodi5xyc2xisisg26g4i3qi2hgwfrgwv.py
# Topologically Sorted Source Nodes: [view_62, hidden_states, hidden_states_2, mul_70, sum_27, sum_28], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.native_layer_norm_backward]
# Source node to ATen node mapping:
#   hidden_states => add_1
#   hidden_states_2 => mul, sub
#   mul_70 => mul_70
#   sum_27 => sum_27
#   sum_28 => sum_28
#   view_62 => view_62
# Graph fragment:
#   %mm_17 : Tensor "f32[512, 768][768, 1]cuda:0" = PlaceHolder[target=mm_17]
#   %embedding : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0" = PlaceHolder[target=embedding]
#   %embedding_1 : Tensor "f32[1, 128, 768][98304, 768, 1]cuda:0" = PlaceHolder[target=embedding_1]
#   %getitem_1 : Tensor "f32[4, 128, 1][128, 1, 1]cuda:0" = PlaceHolder[target=getitem_1]
#   %rsqrt : Tensor "f32[4, 128, 1][128, 1, 1]cuda:0" = PlaceHolder[target=rsqrt]
#   %view_62 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.reshape.default](args = (%mm_17, [4, 128, 768]), kwargs = {})
#   %add_1 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%embedding, %embedding_1), kwargs = {})
#   %sub : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sub.Tensor](args = (%add_1, %getitem_1), kwargs = {})
#   %mul : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=3] = call_function[target=torch.ops.aten.mul.Tensor](args = (%sub, %rsqrt), kwargs = {})
#   %mul_70 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%view_62, %mul), kwargs = {})
#   %sum_27 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%mul_70, [0, 1]), kwargs = {})
#   %sum_28 : Tensor "f32[768][1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%view_62, [0, 1]), kwargs = {})
#   return %buf75,%buf77
triton_red_fused_add_native_layer_norm_native_layer_norm_backward_view_13 = async_compile.triton('triton_red_fused_add_native_layer_norm_native_layer_norm_backward_view_13', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

from torch._dynamo.testing import rand_strided
from torch._C import _cuda_getCurrentRawStream as get_raw_stream
import torch

@triton_heuristics.reduction(
    size_hints={'x': 4096, 'r0_': 128},
    reduction_hint=ReductionHint.OUTER,
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*fp32', 'in_ptr1': '*fp32', 'in_ptr2': '*fp32', 'in_ptr3': '*fp32', 'in_ptr4': '*fp32', 'out_ptr0': '*fp32', 'out_ptr1': '*fp32', 'xnumel': 'i32', 'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]], (4,): [['tt.divisibility', 16]], (5,): [['tt.divisibility', 16]], (6,): [['tt.divisibility', 16]], (7,): [['tt.divisibility', 16]], (8,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_red_fused_add_native_layer_norm_native_layer_norm_backward_view_13', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 5, 'num_store': 2, 'num_reduction': 2, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': True, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 3588096, 'r0_': 4096}, 'kernel_num_gb': 0.003567616, 'kernel_flop': 0}
)
@triton.jit
def triton_red_fused_add_native_layer_norm_native_layer_norm_backward_view_13(in_ptr0, in_ptr1, in_ptr2, in_ptr3, in_ptr4, out_ptr0, out_ptr1, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : tl.constexpr):
    xnumel = 3072
    r0_numel = 128
    rnumel = r0_numel
    RBLOCK: tl.constexpr = R0_BLOCK
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    rbase = r0_base
    x0 = (xindex % 768)
    x1 = xindex // 768
    _tmp10 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    x3 = xindex
    _tmp13 = tl.full([XBLOCK, R0_BLOCK], 0, tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        roffset = r0_offset
        rindex = r0_index
        r0_2 = r0_index
        tmp0 = tl.load(in_ptr0 + (x0 + 768*r0_2 + 98304*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp1 = tl.load(in_ptr1 + (x0 + 768*r0_2 + 98304*x1), r0_mask & xmask, eviction_policy='evict_first', other=0.0)
        tmp2 = tl.load(in_ptr2 + (x0 + 768*r0_2), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
        tmp4 = tl.load(in_ptr3 + (r0_2 + 128*x1), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
        tmp6 = tl.load(in_ptr4 + (r0_2 + 128*x1), r0_mask & xmask, eviction_policy='evict_last', other=0.0)
        tmp3 = tmp1 + tmp2
        tmp5 = tmp3 - tmp4
        tmp7 = tmp5 * tmp6
        tmp8 = tmp0 * tmp7
        tmp9 = tl.broadcast_to(tmp8, [XBLOCK, R0_BLOCK])
        tmp11 = _tmp10 + tmp9
        _tmp10 = tl.where(r0_mask & xmask, tmp11, _tmp10)
        tmp12 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
        tmp14 = _tmp13 + tmp12
        _tmp13 = tl.where(r0_mask & xmask, tmp14, _tmp13)
    tmp10 = tl.sum(_tmp10, 1)[:, None]
    tmp13 = tl.sum(_tmp13, 1)[:, None]
    tl.store(out_ptr0 + (x3), tmp10, xmask)
    tl.store(out_ptr1 + (x3), tmp13, xmask)


def get_args():
    arg_0 = rand_strided((512, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    arg_1 = rand_strided((4, 128, 768), (98304, 768, 1), device='cuda:0', dtype=torch.float32)
    arg_2 = rand_strided((1, 128, 768), (98304, 768, 1), device='cuda:0', dtype=torch.float32)
    arg_3 = rand_strided((4, 128, 1), (128, 1, 1), device='cuda:0', dtype=torch.float32)
    arg_4 = rand_strided((4, 128, 1), (128, 1, 1), device='cuda:0', dtype=torch.float32)
    arg_5 = rand_strided((768, 4), (1, 768), device='cuda:0', dtype=torch.float32)
    arg_6 = rand_strided((768, 4), (1, 768), device='cuda:0', dtype=torch.float32)
    return arg_0, arg_1, arg_2, arg_3, arg_4, arg_5, arg_6, 3072, 128,


def call(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        stream0 = get_raw_stream(0)
        triton_red_fused_add_native_layer_norm_native_layer_norm_backward_view_13.run(*args, stream=stream0)


def benchmark_all_configs(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        return triton_red_fused_add_native_layer_norm_native_layer_norm_backward_view_13.benchmark_all_configs(*args)


if __name__ == '__main__':
    from torch._inductor.runtime.benchmarking import benchmarker

    args = get_args()
    ms = benchmarker.benchmark(lambda: call(args), device='cuda', rep=40)
    num_gb = 0.003567616
    gb_per_s = num_gb / (ms / 1e3)
    print(f"{ms:.3f}ms    {num_gb:.3f}GB    {gb_per_s:.2f}GB/s")
''', device_str='cuda')


# kernel path: /tmp/inductor-record/tmpnuqblzf7/rt/crtscvuxr7sk4tuvud2qm3kxdsa64jxn3dfgwhlmpd6u6iyzqkk5.py
# Topologically Sorted Source Nodes: [full_4], Original ATen: [aten.embedding_dense_backward]
# Source node to ATen node mapping:
#   full_4 => full_default_5
# Graph fragment:
#   %full_default_5 : Tensor "f32[1024, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([1024, 768], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   return %index_put
triton_poi_fused_embedding_dense_backward_14 = async_compile.triton('triton_poi_fused_embedding_dense_backward_14', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

from torch._dynamo.testing import rand_strided
from torch._C import _cuda_getCurrentRawStream as get_raw_stream
import torch

@triton_heuristics.pointwise(
    size_hints={'x': 1048576}, 
    filename=__file__,
    triton_meta={'signature': {'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_embedding_dense_backward_14', 'mutated_arg_names': [], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': False, 'num_load': 0, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': True, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 6291456}, 'kernel_num_gb': 0.003145728, 'kernel_flop': 0},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_embedding_dense_backward_14(out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 786432
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x0 = xindex
    tmp0 = tl.full([1], 0.0, tl.float32)
    tl.store(out_ptr0 + (x0), tmp0, None)


def get_args():
    arg_0 = rand_strided((1024, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    return arg_0, 786432,


def call(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        stream0 = get_raw_stream(0)
        triton_poi_fused_embedding_dense_backward_14.run(*args, stream=stream0)


def benchmark_all_configs(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        return triton_poi_fused_embedding_dense_backward_14.benchmark_all_configs(*args)


if __name__ == '__main__':
    from torch._inductor.runtime.benchmarking import benchmarker

    args = get_args()
    ms = benchmarker.benchmark(lambda: call(args), device='cuda', rep=40)
    num_gb = 0.003145728
    gb_per_s = num_gb / (ms / 1e3)
    print(f"{ms:.3f}ms    {num_gb:.3f}GB    {gb_per_s:.2f}GB/s")
''', device_str='cuda')


# kernel path: /tmp/inductor-record/tmpnuqblzf7/gy/cgy5rizyu622cc4wtgfxrn2p5zipi5tlimbfikigth5tb3pif4ap.py
# Topologically Sorted Source Nodes: [sum_29, eq, unsqueeze_7, attn_output, where_2, full_4, index_put], Original ATen: [aten.sum, aten.embedding_dense_backward, aten.scalar_tensor]
# Source node to ATen node mapping:
#   attn_output => full_default_1
#   eq => eq
#   full_4 => full_default_5
#   index_put => index_put
#   sum_29 => sum_29
#   unsqueeze_7 => unsqueeze_7
#   where_2 => where_2
# Graph fragment:
#   %unsqueeze : Tensor "i64[1, 128][128, 1]cuda:0" = PlaceHolder[target=unsqueeze]
#   %add_34 : Tensor "f32[4, 128, 768][98304, 768, 1]cuda:0" = PlaceHolder[target=add_34]
#   %index_put : Tensor "f32[1024, 768][768, 1]cuda:0" = PlaceHolder[target=index_put]
#   %sum_29 : Tensor "f32[1, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.sum.dim_IntList](args = (%add_34, [0], True), kwargs = {})
#   %eq : Tensor "b8[1, 128][128, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.eq.Scalar](args = (%unsqueeze, -1), kwargs = {})
#   %unsqueeze_7 : Tensor "b8[1, 128, 1][128, 1, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.unsqueeze.default](args = (%eq, -1), kwargs = {})
#   %full_default_1 : Tensor "f32[][]cuda:0"[num_users=2] = call_function[target=torch.ops.aten.full.default](args = ([], 0.0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %where_2 : Tensor "f32[1, 128, 768][98304, 768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.where.self](args = (%unsqueeze_7, %full_default_1, %sum_29), kwargs = {})
#   %full_default_5 : Tensor "f32[1024, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.full.default](args = ([1024, 768], 0), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False})
#   %index_put : Tensor "f32[1024, 768][768, 1]cuda:0"[num_users=1] = call_function[target=torch.ops.aten.index_put_.default](args = (%full_default_5, [%unsqueeze], %where_2, True), kwargs = {})
#   return %buf81
triton_poi_fused_embedding_dense_backward_scalar_tensor_sum_15 = async_compile.triton('triton_poi_fused_embedding_dense_backward_scalar_tensor_sum_15', '''
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import AutotuneHint, ReductionHint, TileHint, DeviceProperties
triton_helpers.set_driver_to_gpu()

from torch._dynamo.testing import rand_strided
from torch._C import _cuda_getCurrentRawStream as get_raw_stream
import torch

@triton_heuristics.pointwise(
    size_hints={'x': 131072}, 
    filename=__file__,
    triton_meta={'signature': {'in_ptr0': '*i64', 'in_ptr1': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32', 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90, major=9, regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024, warp_size=32), 'constants': {}, 'native_matmul': False, 'enable_fp_fusion': True, 'launch_pdl': False, 'disable_ftz': False, 'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]], (2,): [['tt.divisibility', 16]], (3,): [['tt.divisibility', 16]]}]},
    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': 'triton_poi_fused_embedding_dense_backward_scalar_tensor_sum_15', 'mutated_arg_names': ['out_ptr0'], 'optimize_mem': True, 'no_x_dim': False, 'atomic_add_found': True, 'num_load': 5, 'num_store': 1, 'num_reduction': 0, 'backend_hash': '91D1D1166449D9E2EB66EB9770C9E2C3B0FEB787341F27FEB4D3F0338DA50336', 'assert_indirect_indexing': True, 'autotune_local_cache': True, 'autotune_pointwise': True, 'autotune_remote_cache': None, 'force_disable_caches': True, 'dynamic_scale_rblock': True, 'max_autotune': False, 'max_autotune_pointwise': False, 'min_split_scan_rblock': 256, 'spill_threshold': 16, 'store_cubin': False, 'deterministic': False, 'force_filter_reduction_configs': False, 'mix_order_reduction_allow_multi_stages': False, 'are_deterministic_algorithms_enabled': False, 'tiling_scores': {'x': 1572864}, 'kernel_num_gb': 0.001967104, 'kernel_flop': 0},
    min_elem_per_thread=0
)
@triton.jit
def triton_poi_fused_embedding_dense_backward_scalar_tensor_sum_15(in_ptr0, in_ptr1, out_ptr0, xnumel, XBLOCK : tl.constexpr):
    xnumel = 98304
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = tl.full([XBLOCK], True, tl.int1)[:]
    x1 = xindex // 768
    x2 = xindex
    x0 = (xindex % 768)
    tmp0 = tl.load(in_ptr0 + (x1), None, eviction_policy='evict_last')
    tmp8 = tl.load(in_ptr1 + (x2), None)
    tmp9 = tl.load(in_ptr1 + (98304 + x2), None)
    tmp11 = tl.load(in_ptr1 + (196608 + x2), None)
    tmp13 = tl.load(in_ptr1 + (294912 + x2), None)
    tmp1 = tl.full([XBLOCK], 1024, tl.int32)
    tmp2 = tmp0 + tmp1
    tmp3 = tmp0 < 0
    tmp4 = tl.where(tmp3, tmp2, tmp0)
    tl.device_assert((0 <= tmp4) & (tmp4 < 1024), "index out of bounds: 0 <= tmp4 < 1024")
    tmp6 = tl.full([1], -1, tl.int64)
    tmp7 = tmp0 == tmp6
    tmp10 = tmp8 + tmp9
    tmp12 = tmp10 + tmp11
    tmp14 = tmp12 + tmp13
    tmp15 = tl.full([1], 0.0, tl.float32)
    tmp16 = tl.where(tmp7, tmp15, tmp14)
    tl.atomic_add(out_ptr0 + (x0 + 768*tmp4), tmp16, None, sem='relaxed')


def get_args():
    arg_0 = rand_strided((1, 128), (128, 1), device='cuda:0', dtype=torch.int64)
    arg_1 = rand_strided((4, 128, 768), (98304, 768, 1), device='cuda:0', dtype=torch.float32)
    arg_2 = rand_strided((1024, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    return arg_0, arg_1, arg_2, 98304,


def call(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        stream0 = get_raw_stream(0)
        triton_poi_fused_embedding_dense_backward_scalar_tensor_sum_15.run(*args, stream=stream0)


def benchmark_all_configs(args):
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        return triton_poi_fused_embedding_dense_backward_scalar_tensor_sum_15.benchmark_all_configs(*args)


if __name__ == '__main__':
    from torch._inductor.runtime.benchmarking import benchmarker

    args = get_args()
    ms = benchmarker.benchmark(lambda: call(args), device='cuda', rep=40)
    num_gb = 0.001967104
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
        primals_1, primals_2, primals_4, primals_7, primals_9, primals_10, primals_13, primals_15, primals_16, primals_19, primals_21, primals_22, primals_25, primals_27, primals_28, embedding, unsqueeze, embedding_1, getitem_1, rsqrt, permute_2, clone_1, clone_2, where, getitem_5, getitem_6, getitem_7, getitem_8, mul_2, addmm_2, mul_8, permute_6, clone_5, clone_6, getitem_16, getitem_17, getitem_18, getitem_19, mul_10, addmm_6, mul_16, view_26, div, permute_14, permute_16, div_1, permute_24, div_2, permute_26, permute_28, div_3, permute_36, tangents_1, tangents_2, tangents_3, tangents_4, tangents_5, tangents_6 = args
        args.clear()
        assert_size_stride(primals_1, (4, 128), (128, 1))
        assert_size_stride(primals_2, (50257, 768), (768, 1))
        assert_size_stride(primals_4, (768, ), (1, ))
        assert_size_stride(primals_7, (768, 2304), (2304, 1))
        assert_size_stride(primals_9, (768, 768), (768, 1))
        assert_size_stride(primals_10, (768, ), (1, ))
        assert_size_stride(primals_13, (768, 3072), (3072, 1))
        assert_size_stride(primals_15, (3072, 768), (768, 1))
        assert_size_stride(primals_16, (768, ), (1, ))
        assert_size_stride(primals_19, (768, 2304), (2304, 1))
        assert_size_stride(primals_21, (768, 768), (768, 1))
        assert_size_stride(primals_22, (768, ), (1, ))
        assert_size_stride(primals_25, (768, 3072), (3072, 1))
        assert_size_stride(primals_27, (3072, 768), (768, 1))
        assert_size_stride(primals_28, (768, ), (1, ))
        assert_size_stride(embedding, (4, 128, 768), (98304, 768, 1))
        assert_size_stride(unsqueeze, (1, 128), (128, 1))
        assert_size_stride(embedding_1, (1, 128, 768), (98304, 768, 1))
        assert_size_stride(getitem_1, (4, 128, 1), (128, 1, 1))
        assert_size_stride(rsqrt, (4, 128, 1), (128, 1, 1))
        assert_size_stride(permute_2, (4, 12, 128, 64), (294912, 64, 2304, 1))
        assert_size_stride(clone_1, (4, 12, 128, 64), (98304, 64, 768, 1))
        assert_size_stride(clone_2, (4, 12, 128, 64), (98304, 64, 768, 1))
        assert_size_stride(where, (4, 1, 128, 128), (16384, 16384, 128, 1))
        assert_size_stride(getitem_5, (4, 12, 128, 64), (98304, 64, 768, 1))
        assert_size_stride(getitem_6, (4, 12, 128), (1536, 128, 1))
        assert_size_stride(getitem_7, (), ())
        assert_size_stride(getitem_8, (), ())
        assert_size_stride(mul_2, (4, 128, 768), (98304, 768, 1))
        assert_size_stride(addmm_2, (512, 3072), (3072, 1))
        assert_size_stride(mul_8, (4, 128, 768), (98304, 768, 1))
        assert_size_stride(permute_6, (4, 12, 128, 64), (294912, 64, 2304, 1))
        assert_size_stride(clone_5, (4, 12, 128, 64), (98304, 64, 768, 1))
        assert_size_stride(clone_6, (4, 12, 128, 64), (98304, 64, 768, 1))
        assert_size_stride(getitem_16, (4, 12, 128, 64), (98304, 64, 768, 1))
        assert_size_stride(getitem_17, (4, 12, 128), (1536, 128, 1))
        assert_size_stride(getitem_18, (), ())
        assert_size_stride(getitem_19, (), ())
        assert_size_stride(mul_10, (4, 128, 768), (98304, 768, 1))
        assert_size_stride(addmm_6, (512, 3072), (3072, 1))
        assert_size_stride(mul_16, (4, 128, 768), (98304, 768, 1))
        assert_size_stride(view_26, (512, 768), (768, 1))
        assert_size_stride(div, (4, 128, 1), (128, 1, 1))
        assert_size_stride(permute_14, (3072, 512), (1, 3072))
        assert_size_stride(permute_16, (768, 512), (1, 768))
        assert_size_stride(div_1, (4, 128, 1), (128, 1, 1))
        assert_size_stride(permute_24, (768, 512), (1, 768))
        assert_size_stride(div_2, (4, 128, 1), (128, 1, 1))
        assert_size_stride(permute_26, (3072, 512), (1, 3072))
        assert_size_stride(permute_28, (768, 512), (1, 768))
        assert_size_stride(div_3, (4, 128, 1), (128, 1, 1))
        assert_size_stride(permute_36, (768, 512), (1, 768))
        assert_size_stride(tangents_1, (4, 128, 50257), (6432896, 50257, 1))
        assert_size_stride(tangents_2, (4, 12, 128, 64), (98304, 8192, 64, 1))
        assert_size_stride(tangents_3, (4, 12, 128, 64), (98304, 8192, 64, 1))
        assert_size_stride(tangents_4, (4, 12, 128, 64), (98304, 8192, 64, 1))
        assert_size_stride(tangents_5, (4, 12, 128, 64), (98304, 8192, 64, 1))
        assert_size_stride(tangents_6, (4, 128, 768), (98304, 768, 1))
        with torch.cuda._DeviceGuard(0):
            torch.cuda.set_device(0)
            buf0 = empty_strided_cuda((512, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_28, logits, permute_11, mm_2], Original ATen: [aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:2
            extern_kernels.mm(reinterpret_tensor(tangents_1, (512, 50257), (50257, 1), 0), primals_2, out=buf0)
            del primals_2
            buf3 = empty_strided_cuda((4, 128, 768), (98304, 768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_29, view_30, mul_19, mul_20, sum_1, mul_21, sum_2, mul_22, sub_6, sub_7, mul_23], Original ATen: [aten.view, aten.add, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_add_native_layer_norm_backward_view_0:3
            stream0 = get_raw_stream(0)
            triton_per_fused_add_native_layer_norm_backward_view_0.run(tangents_6, buf0, primals_28, mul_16, div, buf3, 512, 768, stream=stream0)
            del div
            del primals_28
            buf4 = empty_strided_cuda((768, 4), (1, 768), torch.float32)
            buf6 = empty_strided_cuda((768, 4), (1, 768), torch.float32)
            # Topologically Sorted Source Nodes: [view_29, view_30, mul_24, sum_3, sum_4], Original ATen: [aten.view, aten.add, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_red_fused_add_native_layer_norm_backward_view_1:4
            stream0 = get_raw_stream(0)
            triton_red_fused_add_native_layer_norm_backward_view_1.run(tangents_6, buf0, mul_16, buf4, buf6, 3072, 128, stream=stream0)
            del mul_16
            del tangents_6
            buf5 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_29, view_30, mul_24, sum_3], Original ATen: [aten.view, aten.add, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_add_native_layer_norm_backward_view_2:5
            stream0 = get_raw_stream(0)
            triton_per_fused_add_native_layer_norm_backward_view_2.run(buf4, buf5, 768, 4, stream=stream0)
            buf7 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_29, view_30, sum_4], Original ATen: [aten.view, aten.add, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_add_native_layer_norm_backward_view_2:6
            stream0 = get_raw_stream(0)
            triton_per_fused_add_native_layer_norm_backward_view_2.run(buf6, buf7, 768, 4, stream=stream0)
            buf8 = empty_strided_cuda((512, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_31, permute_13, mm_3], Original ATen: [aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:7
            extern_kernels.mm(reinterpret_tensor(buf3, (512, 768), (768, 1), 0), reinterpret_tensor(primals_27, (768, 3072), (1, 768), 0), out=buf8)
            del primals_27
            buf9 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_31, mm_4], Original ATen: [aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:8
            extern_kernels.mm(permute_14, reinterpret_tensor(buf3, (512, 768), (768, 1), 0), out=buf9)
            del permute_14
            buf10 = reinterpret_tensor(buf6, (1, 768, 4), (3072, 1, 768), 0); del buf6  # reuse
            # Topologically Sorted Source Nodes: [view_31, sum_5], Original ATen: [aten.view, aten.sum]
            # [Provenance debug handles] triton_red_fused_sum_view_3:9
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_view_3.run(buf3, buf10, 3072, 128, stream=stream0)
            buf11 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_31, sum_5], Original ATen: [aten.view, aten.sum]
            # [Provenance debug handles] triton_per_fused_sum_view_4:10
            stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_4.run(buf10, buf11, 768, 4, stream=stream0)
            buf12 = reinterpret_tensor(buf8, (4, 128, 3072), (393216, 3072, 1), 0); del buf8  # reuse
            buf15 = empty_strided_cuda((1, 3072, 4), (12288, 1, 3072), torch.float32)
            # Topologically Sorted Source Nodes: [view_33, x_13, mul_4, mul_25, pow_2, mul_5, add_9, mul_6, tanh_1, add_10, mul_26, mul_27, sub_8, mul_28, mul_29, mul_30, pow_3, mul_31, mul_32, add_23, mul_33, add_24, view_34, sum_6], Original ATen: [aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward, aten.sum]
            # [Provenance debug handles] triton_red_fused_add_mul_pow_sum_tanh_tanh_backward_view_5:11
            stream0 = get_raw_stream(0)
            triton_red_fused_add_mul_pow_sum_tanh_tanh_backward_view_5.run(buf12, addmm_6, buf15, 12288, 128, stream=stream0)
            del addmm_6
            buf13 = buf0; del buf0  # reuse
            # Topologically Sorted Source Nodes: [view_33, x_13, mul_4, mul_25, pow_2, mul_5, add_9, mul_6, tanh_1, add_10, mul_26, mul_27, sub_8, mul_28, mul_29, mul_30, pow_3, mul_31, mul_32, add_23, mul_33, add_24, view_34, permute_15, mm_5], Original ATen: [aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:12
            extern_kernels.mm(reinterpret_tensor(buf12, (512, 3072), (3072, 1), 0), reinterpret_tensor(primals_25, (3072, 768), (1, 3072), 0), out=buf13)
            del primals_25
            buf14 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_33, x_13, mul_4, mul_25, pow_2, mul_5, add_9, mul_6, tanh_1, add_10, mul_26, mul_27, sub_8, mul_28, mul_29, mul_30, pow_3, mul_31, mul_32, add_23, mul_33, add_24, view_34, mm_6], Original ATen: [aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:13
            extern_kernels.mm(permute_16, reinterpret_tensor(buf12, (512, 3072), (3072, 1), 0), out=buf14)
            del permute_16
            buf16 = reinterpret_tensor(buf10, (1, 3072), (3072, 1), 0); del buf10  # reuse
            # Topologically Sorted Source Nodes: [view_33, x_13, mul_4, mul_25, pow_2, mul_5, add_9, mul_6, tanh_1, add_10, mul_26, mul_27, sub_8, mul_28, mul_29, mul_30, pow_3, mul_31, mul_32, add_23, mul_33, add_24, view_34, sum_6], Original ATen: [aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward, aten.sum]
            # [Provenance debug handles] triton_per_fused_add_mul_pow_sum_tanh_tanh_backward_view_6:14
            stream0 = get_raw_stream(0)
            triton_per_fused_add_mul_pow_sum_tanh_tanh_backward_view_6.run(buf15, buf16, 3072, 4, stream=stream0)
            buf23 = buf3; del buf3  # reuse
            # Topologically Sorted Source Nodes: [view_36, mul_35, mul_36, sum_7, mul_37, sum_8, mul_38, sub_10, sub_11, mul_39, add_25], Original ATen: [aten.view, aten.native_layer_norm_backward, aten.add]
            # [Provenance debug handles] triton_per_fused_add_native_layer_norm_backward_view_7:15
            stream0 = get_raw_stream(0)
            triton_per_fused_add_native_layer_norm_backward_view_7.run(buf23, buf13, primals_22, mul_10, div_1, 512, 768, stream=stream0)
            del div_1
            del primals_22
            buf19 = buf4; del buf4  # reuse
            buf21 = empty_strided_cuda((768, 4), (1, 768), torch.float32)
            # Topologically Sorted Source Nodes: [view_36, mul_40, sum_9, sum_10], Original ATen: [aten.view, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_backward_view_8:16
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_backward_view_8.run(buf13, mul_10, buf19, buf21, 3072, 128, stream=stream0)
            del mul_10
            buf20 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_36, mul_40, sum_9], Original ATen: [aten.view, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_add_native_layer_norm_backward_view_2:17
            stream0 = get_raw_stream(0)
            triton_per_fused_add_native_layer_norm_backward_view_2.run(buf19, buf20, 768, 4, stream=stream0)
            buf22 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_36, sum_10], Original ATen: [aten.view, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_add_native_layer_norm_backward_view_2:18
            stream0 = get_raw_stream(0)
            triton_per_fused_add_native_layer_norm_backward_view_2.run(buf21, buf22, 768, 4, stream=stream0)
            buf24 = buf13; del buf13  # reuse
            # Topologically Sorted Source Nodes: [view_37, permute_17, mm_7], Original ATen: [aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:19
            extern_kernels.mm(reinterpret_tensor(buf23, (512, 768), (768, 1), 0), reinterpret_tensor(primals_21, (768, 768), (1, 768), 0), out=buf24)
            del primals_21
            buf25 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_37, transpose_7, reshape_1, view_17, permute_18, mm_8], Original ATen: [aten.view, aten.transpose, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:20
            extern_kernels.mm(reinterpret_tensor(getitem_16, (768, 512), (1, 768), 0), reinterpret_tensor(buf23, (512, 768), (768, 1), 0), out=buf25)
            buf26 = reinterpret_tensor(buf21, (1, 768, 4), (3072, 1, 768), 0); del buf21  # reuse
            # Topologically Sorted Source Nodes: [view_37, sum_11], Original ATen: [aten.view, aten.sum]
            # [Provenance debug handles] triton_red_fused_sum_view_3:21
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_view_3.run(buf23, buf26, 3072, 128, stream=stream0)
            buf27 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_37, sum_11], Original ATen: [aten.view, aten.sum]
            # [Provenance debug handles] triton_per_fused_sum_view_4:22
            stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_4.run(buf26, buf27, 768, 4, stream=stream0)
            # Topologically Sorted Source Nodes: [view_39, view_40, permute_19, attn_output, _scaled_dot_product_efficient_attention_backward], Original ATen: [aten.view, aten.transpose, aten.expand, aten._scaled_dot_product_efficient_attention_backward]
            # [Provenance debug handles] torch.ops.aten._scaled_dot_product_efficient_attention_backward.default:23
            buf28 = torch.ops.aten._scaled_dot_product_efficient_attention_backward.default(reinterpret_tensor(buf24, (4, 12, 128, 64), (98304, 64, 768, 1), 0), permute_6, clone_5, clone_6, reinterpret_tensor(where, (4, 12, 128, 128), (16384, 0, 128, 1), 0), getitem_16, getitem_17, getitem_18, getitem_19, 0.0, [True, True, True, False], scale=0.125)
            del buf24
            del clone_5
            del clone_6
            del getitem_16
            del getitem_17
            del getitem_18
            del getitem_19
            del permute_6
            buf29 = buf28[0]
            assert_size_stride(buf29, (4, 12, 128, 64), (98304, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
            assert_alignment(buf29, 16, 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
            buf30 = buf28[1]
            assert_size_stride(buf30, (4, 12, 128, 64), (98304, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
            assert_alignment(buf30, 16, 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
            buf31 = buf28[2]
            assert_size_stride(buf31, (4, 12, 128, 64), (98304, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
            assert_alignment(buf31, 16, 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
            del buf28
            buf32 = empty_strided_cuda((4, 128, 2304), (294912, 2304, 1), torch.float32)
            buf35 = empty_strided_cuda((1, 2304, 4), (9216, 1, 2304), torch.float32)
            # Topologically Sorted Source Nodes: [slice_2, slice_1, permute_20, view_41, permute_21, clone_9, view_42, permute_22, clone_10, view_43, cat, view_44, sum_12], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            # [Provenance debug handles] triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_9:24
            stream0 = get_raw_stream(0)
            triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_9.run(buf29, tangents_5, buf30, tangents_4, buf31, buf32, buf35, 9216, 128, stream=stream0)
            del buf29
            del buf30
            del tangents_4
            del tangents_5
            buf33 = reinterpret_tensor(buf31, (512, 768), (768, 1), 0); del buf31  # reuse
            # Topologically Sorted Source Nodes: [slice_2, slice_1, permute_20, view_41, permute_21, clone_9, view_42, permute_22, clone_10, view_43, cat, view_44, permute_23, mm_9], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:25
            extern_kernels.mm(reinterpret_tensor(buf32, (512, 2304), (2304, 1), 0), reinterpret_tensor(primals_19, (2304, 768), (1, 2304), 0), out=buf33)
            del primals_19
            buf34 = empty_strided_cuda((768, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [slice_2, slice_1, permute_20, view_41, permute_21, clone_9, view_42, permute_22, clone_10, view_43, cat, view_44, mm_10], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:26
            extern_kernels.mm(permute_24, reinterpret_tensor(buf32, (512, 2304), (2304, 1), 0), out=buf34)
            del permute_24
            buf36 = empty_strided_cuda((1, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [slice_2, slice_1, permute_20, view_41, permute_21, clone_9, view_42, permute_22, clone_10, view_43, cat, view_44, sum_12], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            # [Provenance debug handles] triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_10:27
            stream0 = get_raw_stream(0)
            triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_10.run(buf35, buf36, 2304, 4, stream=stream0)
            buf43 = buf23; del buf23  # reuse
            # Topologically Sorted Source Nodes: [view_46, mul_42, mul_43, sum_13, mul_44, sum_14, mul_45, sub_13, sub_14, mul_46, add_28], Original ATen: [aten.view, aten.native_layer_norm_backward, aten.add]
            # [Provenance debug handles] triton_per_fused_add_native_layer_norm_backward_view_7:28
            stream0 = get_raw_stream(0)
            triton_per_fused_add_native_layer_norm_backward_view_7.run(buf43, buf33, primals_16, mul_8, div_2, 512, 768, stream=stream0)
            del div_2
            del primals_16
            buf39 = reinterpret_tensor(buf26, (768, 4), (1, 768), 0); del buf26  # reuse
            buf41 = buf19; del buf19  # reuse
            # Topologically Sorted Source Nodes: [view_46, mul_47, sum_15, sum_16], Original ATen: [aten.view, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_backward_view_8:29
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_backward_view_8.run(buf33, mul_8, buf39, buf41, 3072, 128, stream=stream0)
            del mul_8
            buf40 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_46, mul_47, sum_15], Original ATen: [aten.view, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_add_native_layer_norm_backward_view_2:30
            stream0 = get_raw_stream(0)
            triton_per_fused_add_native_layer_norm_backward_view_2.run(buf39, buf40, 768, 4, stream=stream0)
            buf42 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_46, sum_16], Original ATen: [aten.view, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_add_native_layer_norm_backward_view_2:31
            stream0 = get_raw_stream(0)
            triton_per_fused_add_native_layer_norm_backward_view_2.run(buf41, buf42, 768, 4, stream=stream0)
            buf44 = reinterpret_tensor(buf12, (512, 3072), (3072, 1), 0); del buf12  # reuse
            # Topologically Sorted Source Nodes: [view_47, permute_25, mm_11], Original ATen: [aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:32
            extern_kernels.mm(reinterpret_tensor(buf43, (512, 768), (768, 1), 0), reinterpret_tensor(primals_15, (768, 3072), (1, 768), 0), out=buf44)
            del primals_15
            buf45 = empty_strided_cuda((3072, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_47, mm_12], Original ATen: [aten.view, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:33
            extern_kernels.mm(permute_26, reinterpret_tensor(buf43, (512, 768), (768, 1), 0), out=buf45)
            del permute_26
            buf46 = reinterpret_tensor(buf41, (1, 768, 4), (3072, 1, 768), 0); del buf41  # reuse
            # Topologically Sorted Source Nodes: [view_47, sum_17], Original ATen: [aten.view, aten.sum]
            # [Provenance debug handles] triton_red_fused_sum_view_3:34
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_view_3.run(buf43, buf46, 3072, 128, stream=stream0)
            buf47 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_47, sum_17], Original ATen: [aten.view, aten.sum]
            # [Provenance debug handles] triton_per_fused_sum_view_4:35
            stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_4.run(buf46, buf47, 768, 4, stream=stream0)
            buf48 = reinterpret_tensor(buf44, (4, 128, 3072), (393216, 3072, 1), 0); del buf44  # reuse
            buf51 = buf15; del buf15  # reuse
            # Topologically Sorted Source Nodes: [view_49, x_5, mul, mul_48, pow_1, mul_1, add_5, mul_2, tanh, add_6, mul_49, mul_50, sub_15, mul_51, mul_52, mul_53, pow_4, mul_54, mul_55, add_29, mul_56, add_30, view_50, sum_18], Original ATen: [aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward, aten.sum]
            # [Provenance debug handles] triton_red_fused_add_mul_pow_sum_tanh_tanh_backward_view_5:36
            stream0 = get_raw_stream(0)
            triton_red_fused_add_mul_pow_sum_tanh_tanh_backward_view_5.run(buf48, addmm_2, buf51, 12288, 128, stream=stream0)
            del addmm_2
            buf49 = buf33; del buf33  # reuse
            # Topologically Sorted Source Nodes: [view_49, x_5, mul, mul_48, pow_1, mul_1, add_5, mul_2, tanh, add_6, mul_49, mul_50, sub_15, mul_51, mul_52, mul_53, pow_4, mul_54, mul_55, add_29, mul_56, add_30, view_50, permute_27, mm_13], Original ATen: [aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:37
            extern_kernels.mm(reinterpret_tensor(buf48, (512, 3072), (3072, 1), 0), reinterpret_tensor(primals_13, (3072, 768), (1, 3072), 0), out=buf49)
            del primals_13
            buf50 = empty_strided_cuda((768, 3072), (3072, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_49, x_5, mul, mul_48, pow_1, mul_1, add_5, mul_2, tanh, add_6, mul_49, mul_50, sub_15, mul_51, mul_52, mul_53, pow_4, mul_54, mul_55, add_29, mul_56, add_30, view_50, mm_14], Original ATen: [aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:38
            extern_kernels.mm(permute_28, reinterpret_tensor(buf48, (512, 3072), (3072, 1), 0), out=buf50)
            del buf48
            del permute_28
            buf52 = reinterpret_tensor(buf46, (1, 3072), (3072, 1), 0); del buf46  # reuse
            # Topologically Sorted Source Nodes: [view_49, x_5, mul, mul_48, pow_1, mul_1, add_5, mul_2, tanh, add_6, mul_49, mul_50, sub_15, mul_51, mul_52, mul_53, pow_4, mul_54, mul_55, add_29, mul_56, add_30, view_50, sum_18], Original ATen: [aten.view, aten.mul, aten.pow, aten.add, aten.tanh, aten.tanh_backward, aten.sum]
            # [Provenance debug handles] triton_per_fused_add_mul_pow_sum_tanh_tanh_backward_view_6:39
            stream0 = get_raw_stream(0)
            triton_per_fused_add_mul_pow_sum_tanh_tanh_backward_view_6.run(buf51, buf52, 3072, 4, stream=stream0)
            del buf51
            buf59 = buf43; del buf43  # reuse
            # Topologically Sorted Source Nodes: [view_52, mul_58, mul_59, sum_19, mul_60, sum_20, mul_61, sub_17, sub_18, mul_62, add_31], Original ATen: [aten.view, aten.native_layer_norm_backward, aten.add]
            # [Provenance debug handles] triton_per_fused_add_native_layer_norm_backward_view_7:40
            stream0 = get_raw_stream(0)
            triton_per_fused_add_native_layer_norm_backward_view_7.run(buf59, buf49, primals_10, mul_2, div_3, 512, 768, stream=stream0)
            del div_3
            del primals_10
            buf55 = buf39; del buf39  # reuse
            buf57 = empty_strided_cuda((768, 4), (1, 768), torch.float32)
            # Topologically Sorted Source Nodes: [view_52, mul_63, sum_21, sum_22], Original ATen: [aten.view, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_red_fused_native_layer_norm_backward_view_8:41
            stream0 = get_raw_stream(0)
            triton_red_fused_native_layer_norm_backward_view_8.run(buf49, mul_2, buf55, buf57, 3072, 128, stream=stream0)
            del mul_2
            buf56 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_52, mul_63, sum_21], Original ATen: [aten.view, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_add_native_layer_norm_backward_view_2:42
            stream0 = get_raw_stream(0)
            triton_per_fused_add_native_layer_norm_backward_view_2.run(buf55, buf56, 768, 4, stream=stream0)
            buf58 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_52, sum_22], Original ATen: [aten.view, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_add_native_layer_norm_backward_view_2:43
            stream0 = get_raw_stream(0)
            triton_per_fused_add_native_layer_norm_backward_view_2.run(buf57, buf58, 768, 4, stream=stream0)
            buf60 = buf49; del buf49  # reuse
            # Topologically Sorted Source Nodes: [view_53, permute_29, mm_15], Original ATen: [aten.view, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:44
            extern_kernels.mm(reinterpret_tensor(buf59, (512, 768), (768, 1), 0), reinterpret_tensor(primals_9, (768, 768), (1, 768), 0), out=buf60)
            del primals_9
            buf61 = empty_strided_cuda((768, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_53, transpose_3, reshape, view_6, permute_30, mm_16], Original ATen: [aten.view, aten.transpose, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:45
            extern_kernels.mm(reinterpret_tensor(getitem_5, (768, 512), (1, 768), 0), reinterpret_tensor(buf59, (512, 768), (768, 1), 0), out=buf61)
            buf62 = reinterpret_tensor(buf57, (1, 768, 4), (3072, 1, 768), 0); del buf57  # reuse
            # Topologically Sorted Source Nodes: [view_53, sum_23], Original ATen: [aten.view, aten.sum]
            # [Provenance debug handles] triton_red_fused_sum_view_3:46
            stream0 = get_raw_stream(0)
            triton_red_fused_sum_view_3.run(buf59, buf62, 3072, 128, stream=stream0)
            buf63 = empty_strided_cuda((1, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_53, sum_23], Original ATen: [aten.view, aten.sum]
            # [Provenance debug handles] triton_per_fused_sum_view_4:47
            stream0 = get_raw_stream(0)
            triton_per_fused_sum_view_4.run(buf62, buf63, 768, 4, stream=stream0)
            # Topologically Sorted Source Nodes: [attn_output, view_55, view_56, permute_31, _scaled_dot_product_efficient_attention_backward_1], Original ATen: [aten.expand, aten.view, aten.transpose, aten._scaled_dot_product_efficient_attention_backward]
            # [Provenance debug handles] torch.ops.aten._scaled_dot_product_efficient_attention_backward.default:48
            buf64 = torch.ops.aten._scaled_dot_product_efficient_attention_backward.default(reinterpret_tensor(buf60, (4, 12, 128, 64), (98304, 64, 768, 1), 0), permute_2, clone_1, clone_2, reinterpret_tensor(where, (4, 12, 128, 128), (16384, 0, 128, 1), 0), getitem_5, getitem_6, getitem_7, getitem_8, 0.0, [True, True, True, False], scale=0.125)
            del buf60
            del clone_1
            del clone_2
            del getitem_5
            del getitem_6
            del getitem_7
            del getitem_8
            del permute_2
            del where
            buf65 = buf64[0]
            assert_size_stride(buf65, (4, 12, 128, 64), (98304, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
            assert_alignment(buf65, 16, 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
            buf66 = buf64[1]
            assert_size_stride(buf66, (4, 12, 128, 64), (98304, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
            assert_alignment(buf66, 16, 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
            buf67 = buf64[2]
            assert_size_stride(buf67, (4, 12, 128, 64), (98304, 64, 768, 1), 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
            assert_alignment(buf67, 16, 'torch.ops.aten._scaled_dot_product_efficient_attention_backward.default')
            del buf64
            buf68 = buf32; del buf32  # reuse
            buf71 = buf35; del buf35  # reuse
            # Topologically Sorted Source Nodes: [slice_4, slice_3, permute_32, view_57, permute_33, clone_11, view_58, permute_34, clone_12, view_59, cat_1, view_60, sum_24], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            # [Provenance debug handles] triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_9:49
            stream0 = get_raw_stream(0)
            triton_red_fused__unsafe_view_add_cat_clone_sum_transpose_view_9.run(buf65, tangents_3, buf66, tangents_2, buf67, buf68, buf71, 9216, 128, stream=stream0)
            del buf65
            del buf66
            del tangents_2
            del tangents_3
            buf69 = reinterpret_tensor(buf67, (512, 768), (768, 1), 0); del buf67  # reuse
            # Topologically Sorted Source Nodes: [slice_4, slice_3, permute_32, view_57, permute_33, clone_11, view_58, permute_34, clone_12, view_59, cat_1, view_60, permute_35, mm_17], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.t, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:50
            extern_kernels.mm(reinterpret_tensor(buf68, (512, 2304), (2304, 1), 0), reinterpret_tensor(primals_7, (2304, 768), (1, 2304), 0), out=buf69)
            del primals_7
            buf70 = empty_strided_cuda((768, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [slice_4, slice_3, permute_32, view_57, permute_33, clone_11, view_58, permute_34, clone_12, view_59, cat_1, view_60, mm_18], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.mm]
            # [Provenance debug handles] extern_kernels.mm:51
            extern_kernels.mm(permute_36, reinterpret_tensor(buf68, (512, 2304), (2304, 1), 0), out=buf70)
            del buf68
            del permute_36
            buf72 = empty_strided_cuda((1, 2304), (2304, 1), torch.float32)
            # Topologically Sorted Source Nodes: [slice_4, slice_3, permute_32, view_57, permute_33, clone_11, view_58, permute_34, clone_12, view_59, cat_1, view_60, sum_24], Original ATen: [aten.add, aten.transpose, aten.view, aten.clone, aten._unsafe_view, aten.cat, aten.sum]
            # [Provenance debug handles] triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_10:52
            stream0 = get_raw_stream(0)
            triton_per_fused__unsafe_view_add_cat_clone_sum_transpose_view_10.run(buf71, buf72, 2304, 4, stream=stream0)
            del buf71
            buf82 = empty_strided_cuda((50257, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [full_5], Original ATen: [aten.embedding_dense_backward]
            # [Provenance debug handles] triton_poi_fused_embedding_dense_backward_11:53
            stream0 = get_raw_stream(0)
            triton_poi_fused_embedding_dense_backward_11.run(buf82, 38597376, stream=stream0)
            buf79 = buf59; del buf59  # reuse
            # Topologically Sorted Source Nodes: [view_62, mul_65, mul_66, sum_25, hidden_states, hidden_states_2, mul_67, sum_26, mul_68, sub_20, sub_21, div_4, mul_69, add_34, attn_output, eq_1, unsqueeze_8, where_3, full_5, index_put_1], Original ATen: [aten.view, aten.native_layer_norm_backward, aten.add, aten.native_layer_norm, aten.scalar_tensor, aten.embedding_dense_backward]
            # [Provenance debug handles] triton_per_fused_add_embedding_dense_backward_native_layer_norm_native_layer_norm_backward_scalar_tensor_view_12:54
            stream0 = get_raw_stream(0)
            triton_per_fused_add_embedding_dense_backward_native_layer_norm_native_layer_norm_backward_scalar_tensor_view_12.run(buf79, buf69, primals_4, embedding, embedding_1, getitem_1, rsqrt, primals_1, buf82, 512, 768, stream=stream0)
            del primals_1
            del primals_4
            buf75 = reinterpret_tensor(buf62, (768, 4), (1, 768), 0); del buf62  # reuse
            buf77 = buf55; del buf55  # reuse
            # Topologically Sorted Source Nodes: [view_62, hidden_states, hidden_states_2, mul_70, sum_27, sum_28], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_red_fused_add_native_layer_norm_native_layer_norm_backward_view_13:55
            stream0 = get_raw_stream(0)
            triton_red_fused_add_native_layer_norm_native_layer_norm_backward_view_13.run(buf69, embedding, embedding_1, getitem_1, rsqrt, buf75, buf77, 3072, 128, stream=stream0)
            del buf69
            del embedding
            del embedding_1
            del getitem_1
            del rsqrt
            buf76 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_62, hidden_states, hidden_states_2, mul_70, sum_27], Original ATen: [aten.view, aten.add, aten.native_layer_norm, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_add_native_layer_norm_backward_view_2:56
            stream0 = get_raw_stream(0)
            triton_per_fused_add_native_layer_norm_backward_view_2.run(buf75, buf76, 768, 4, stream=stream0)
            del buf75
            buf78 = empty_strided_cuda((768, ), (1, ), torch.float32)
            # Topologically Sorted Source Nodes: [view_62, sum_28], Original ATen: [aten.view, aten.native_layer_norm_backward]
            # [Provenance debug handles] triton_per_fused_add_native_layer_norm_backward_view_2:57
            stream0 = get_raw_stream(0)
            triton_per_fused_add_native_layer_norm_backward_view_2.run(buf77, buf78, 768, 4, stream=stream0)
            del buf77
            buf80 = empty_strided_cuda((1024, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [full_4], Original ATen: [aten.embedding_dense_backward]
            # [Provenance debug handles] triton_poi_fused_embedding_dense_backward_14:58
            stream0 = get_raw_stream(0)
            triton_poi_fused_embedding_dense_backward_14.run(buf80, 786432, stream=stream0)
            # Topologically Sorted Source Nodes: [sum_29, eq, unsqueeze_7, attn_output, where_2, full_4, index_put], Original ATen: [aten.sum, aten.embedding_dense_backward, aten.scalar_tensor]
            # [Provenance debug handles] triton_poi_fused_embedding_dense_backward_scalar_tensor_sum_15:59
            stream0 = get_raw_stream(0)
            triton_poi_fused_embedding_dense_backward_scalar_tensor_sum_15.run(unsqueeze, buf79, buf80, 98304, stream=stream0)
            del buf79
            del unsqueeze
            buf84 = empty_strided_cuda((50257, 768), (768, 1), torch.float32)
            # Topologically Sorted Source Nodes: [view_28, permute_9, ], Original ATen: [aten.view, aten.t, aten.addmm]
            # [Provenance debug handles] extern_kernels.addmm:60
            extern_kernels.addmm(buf82, reinterpret_tensor(tangents_1, (50257, 512), (1, 50257), 0), view_26, alpha=1, beta=1, out=buf84)
            del buf82
            del tangents_1
            del view_26
        return (None, buf84, buf80, buf76, buf78, reinterpret_tensor(buf72, (2304, ), (1, ), 0), buf70, reinterpret_tensor(buf63, (768, ), (1, ), 0), buf61, buf56, buf58, reinterpret_tensor(buf52, (3072, ), (1, ), 0), buf50, reinterpret_tensor(buf47, (768, ), (1, ), 0), buf45, buf40, buf42, reinterpret_tensor(buf36, (2304, ), (1, ), 0), buf34, reinterpret_tensor(buf27, (768, ), (1, ), 0), buf25, buf20, buf22, reinterpret_tensor(buf16, (3072, ), (1, ), 0), buf14, reinterpret_tensor(buf11, (768, ), (1, ), 0), buf9, buf5, buf7, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_1 = rand_strided((4, 128), (128, 1), device='cuda:0', dtype=torch.int64)
    primals_2 = rand_strided((50257, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_4 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_7 = rand_strided((768, 2304), (2304, 1), device='cuda:0', dtype=torch.float32)
    primals_9 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_10 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_13 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_15 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_16 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_19 = rand_strided((768, 2304), (2304, 1), device='cuda:0', dtype=torch.float32)
    primals_21 = rand_strided((768, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_22 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    primals_25 = rand_strided((768, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    primals_27 = rand_strided((3072, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    primals_28 = rand_strided((768, ), (1, ), device='cuda:0', dtype=torch.float32)
    embedding = rand_strided((4, 128, 768), (98304, 768, 1), device='cuda:0', dtype=torch.float32)
    unsqueeze = rand_strided((1, 128), (128, 1), device='cuda:0', dtype=torch.int64)
    embedding_1 = rand_strided((1, 128, 768), (98304, 768, 1), device='cuda:0', dtype=torch.float32)
    getitem_1 = rand_strided((4, 128, 1), (128, 1, 1), device='cuda:0', dtype=torch.float32)
    rsqrt = rand_strided((4, 128, 1), (128, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_2 = rand_strided((4, 12, 128, 64), (294912, 64, 2304, 1), device='cuda:0', dtype=torch.float32)
    clone_1 = rand_strided((4, 12, 128, 64), (98304, 64, 768, 1), device='cuda:0', dtype=torch.float32)
    clone_2 = rand_strided((4, 12, 128, 64), (98304, 64, 768, 1), device='cuda:0', dtype=torch.float32)
    where = rand_strided((4, 1, 128, 128), (16384, 16384, 128, 1), device='cuda:0', dtype=torch.float32)
    getitem_5 = rand_strided((4, 12, 128, 64), (98304, 64, 768, 1), device='cuda:0', dtype=torch.float32)
    getitem_6 = rand_strided((4, 12, 128), (1536, 128, 1), device='cuda:0', dtype=torch.float32)
    getitem_7 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_8 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    mul_2 = rand_strided((4, 128, 768), (98304, 768, 1), device='cuda:0', dtype=torch.float32)
    addmm_2 = rand_strided((512, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    mul_8 = rand_strided((4, 128, 768), (98304, 768, 1), device='cuda:0', dtype=torch.float32)
    permute_6 = rand_strided((4, 12, 128, 64), (294912, 64, 2304, 1), device='cuda:0', dtype=torch.float32)
    clone_5 = rand_strided((4, 12, 128, 64), (98304, 64, 768, 1), device='cuda:0', dtype=torch.float32)
    clone_6 = rand_strided((4, 12, 128, 64), (98304, 64, 768, 1), device='cuda:0', dtype=torch.float32)
    getitem_16 = rand_strided((4, 12, 128, 64), (98304, 64, 768, 1), device='cuda:0', dtype=torch.float32)
    getitem_17 = rand_strided((4, 12, 128), (1536, 128, 1), device='cuda:0', dtype=torch.float32)
    getitem_18 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    getitem_19 = rand_strided((), (), device='cuda:0', dtype=torch.int64)
    mul_10 = rand_strided((4, 128, 768), (98304, 768, 1), device='cuda:0', dtype=torch.float32)
    addmm_6 = rand_strided((512, 3072), (3072, 1), device='cuda:0', dtype=torch.float32)
    mul_16 = rand_strided((4, 128, 768), (98304, 768, 1), device='cuda:0', dtype=torch.float32)
    view_26 = rand_strided((512, 768), (768, 1), device='cuda:0', dtype=torch.float32)
    div = rand_strided((4, 128, 1), (128, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_14 = rand_strided((3072, 512), (1, 3072), device='cuda:0', dtype=torch.float32)
    permute_16 = rand_strided((768, 512), (1, 768), device='cuda:0', dtype=torch.float32)
    div_1 = rand_strided((4, 128, 1), (128, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_24 = rand_strided((768, 512), (1, 768), device='cuda:0', dtype=torch.float32)
    div_2 = rand_strided((4, 128, 1), (128, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_26 = rand_strided((3072, 512), (1, 3072), device='cuda:0', dtype=torch.float32)
    permute_28 = rand_strided((768, 512), (1, 768), device='cuda:0', dtype=torch.float32)
    div_3 = rand_strided((4, 128, 1), (128, 1, 1), device='cuda:0', dtype=torch.float32)
    permute_36 = rand_strided((768, 512), (1, 768), device='cuda:0', dtype=torch.float32)
    tangents_1 = rand_strided((4, 128, 50257), (6432896, 50257, 1), device='cuda:0', dtype=torch.float32)
    tangents_2 = rand_strided((4, 12, 128, 64), (98304, 8192, 64, 1), device='cuda:0', dtype=torch.float32)
    tangents_3 = rand_strided((4, 12, 128, 64), (98304, 8192, 64, 1), device='cuda:0', dtype=torch.float32)
    tangents_4 = rand_strided((4, 12, 128, 64), (98304, 8192, 64, 1), device='cuda:0', dtype=torch.float32)
    tangents_5 = rand_strided((4, 12, 128, 64), (98304, 8192, 64, 1), device='cuda:0', dtype=torch.float32)
    tangents_6 = rand_strided((4, 128, 768), (98304, 768, 1), device='cuda:0', dtype=torch.float32)
    return [primals_1, primals_2, primals_4, primals_7, primals_9, primals_10, primals_13, primals_15, primals_16, primals_19, primals_21, primals_22, primals_25, primals_27, primals_28, embedding, unsqueeze, embedding_1, getitem_1, rsqrt, permute_2, clone_1, clone_2, where, getitem_5, getitem_6, getitem_7, getitem_8, mul_2, addmm_2, mul_8, permute_6, clone_5, clone_6, getitem_16, getitem_17, getitem_18, getitem_19, mul_10, addmm_6, mul_16, view_26, div, permute_14, permute_16, div_1, permute_24, div_2, permute_26, permute_28, div_3, permute_36, tangents_1, tangents_2, tangents_3, tangents_4, tangents_5, tangents_6]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat)


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
