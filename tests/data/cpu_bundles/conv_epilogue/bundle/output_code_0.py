# AOT ID: ['0_inference']
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


cpp_fused_convolution_0 = async_compile.cpp_pybinding(['const float*', 'const float*', 'float*', 'float*'], r'''
#include <torch/csrc/inductor/aoti_runtime/utils.h>
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       const float* in_ptr1,
                       float* out_ptr0,
                       float* out_ptr1)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    torch::aot_inductor::RAIIAtenRecordFunctionHandle record_graph_0_cpp_fused_convolution_0_("graph_0_cpp_fused_convolution_0", nullptr);
    #pragma omp parallel
    {
        int tid = omp_get_thread_num();
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(2L); x0+=static_cast<int64_t>(1L))
            {
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(16L); x1+=static_cast<int64_t>(16L))
                {
                    for(int64_t x2=static_cast<int64_t>(0L); x2<static_cast<int64_t>(1024L); x2+=static_cast<int64_t>(16L))
                    {
                        {
                            if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(16L) && x2 >= static_cast<int64_t>(0) && x2 < static_cast<int64_t>(1024L)))
                            {
                                alignas(std::max(std::size_t(16), alignof(float))) float tmp1[16*16];
                                for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                                {
                                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x2 + 1024L*x1 + 1024L*x1_inner + 16384L*x0), static_cast<int64_t>(16));
                                    tmp0.store(tmp1 + static_cast<int64_t>(16L*x1_inner));
                                }
                                transpose_mxn<float,static_cast<int64_t>(16),static_cast<int64_t>(16),false>(tmp1, static_cast<int64_t>(16), out_ptr0 + static_cast<int64_t>(x1 + 16L*x2 + 16384L*x0), static_cast<int64_t>(16L));
                            }
                        }
                    }
                }
            }
        }
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(32L); x0+=static_cast<int64_t>(1L))
            {
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(16L); x1+=static_cast<int64_t>(16L))
                {
                    for(int64_t x2=static_cast<int64_t>(0L); x2<static_cast<int64_t>(9L); x2+=static_cast<int64_t>(16L))
                    {
                        {
                            if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(16L) && x2 >= static_cast<int64_t>(0L) && x2 < static_cast<int64_t>(9L)))
                            {
                                alignas(std::max(std::size_t(16), alignof(float))) float tmp1[16*16];
                                for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                                {
                                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x2 + 9L*x1 + 9L*x1_inner + 144L*x0), static_cast<int64_t>(9L));
                                    tmp0.store(tmp1 + static_cast<int64_t>(9L*x1_inner), static_cast<int64_t>(9L));
                                }
                                transpose_mxn<float,static_cast<int64_t>(16),static_cast<int64_t>(9L),false>(tmp1, static_cast<int64_t>(9L), out_ptr1 + static_cast<int64_t>(x1 + 16L*x2 + 144L*x0), static_cast<int64_t>(16L));
                            }
                        }
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}
''')


cpp_fused_hardswish_silu_sub_1 = async_compile.cpp_pybinding(['float*', 'float*'], r'''
#include <torch/csrc/inductor/aoti_runtime/utils.h>
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(float* in_out_ptr0,
                       float* out_ptr0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    torch::aot_inductor::RAIIAtenRecordFunctionHandle record_graph_0_cpp_fused_hardswish_silu_sub_1_("graph_0_cpp_fused_hardswish_silu_sub_1", nullptr);
    #pragma omp parallel
    {
        int tid = omp_get_thread_num();
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(2L); x0+=static_cast<int64_t>(1L))
            {
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(900L); x1+=static_cast<int64_t>(16L))
                {
                    for(int64_t x2=static_cast<int64_t>(0L); x2<static_cast<int64_t>(32L); x2+=static_cast<int64_t>(16L))
                    {
                        {
                            if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(896L) && x2 >= static_cast<int64_t>(0) && x2 < static_cast<int64_t>(32L)))
                            {
                                alignas(std::max(std::size_t(16), alignof(float))) float tmp21[16*16];
                                for (long x1_inner = 0; x1_inner < static_cast<int64_t>(16); x1_inner++)
                                {
                                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_out_ptr0 + static_cast<int64_t>(x2 + 32L*x1 + 32L*x1_inner + 28800L*x0), static_cast<int64_t>(16));
                                    auto tmp1 = tmp0.neg();
                                    auto tmp2 = tmp1.exp();
                                    auto tmp3 = static_cast<float>(1.0);
                                    auto tmp4 = at::vec::Vectorized<float>(tmp3);
                                    auto tmp5 = tmp2 + tmp4;
                                    auto tmp6 = tmp0 / tmp5;
                                    auto tmp7 = static_cast<float>(0.5);
                                    auto tmp8 = at::vec::Vectorized<float>(tmp7);
                                    auto tmp9 = tmp6 - tmp8;
                                    auto tmp10 = static_cast<float>(3.0);
                                    auto tmp11 = at::vec::Vectorized<float>(tmp10);
                                    auto tmp12 = tmp9 + tmp11;
                                    auto tmp13 = static_cast<float>(0.0);
                                    auto tmp14 = at::vec::Vectorized<float>(tmp13);
                                    auto tmp15 = at::vec::maximum(tmp12, tmp14);
                                    auto tmp16 = static_cast<float>(6.0);
                                    auto tmp17 = at::vec::Vectorized<float>(tmp16);
                                    auto tmp18 = at::vec::minimum(tmp15, tmp17);
                                    auto tmp19 = tmp9 * tmp18;
                                    auto tmp20 = tmp19 / tmp17;
                                    tmp20.store(tmp21 + static_cast<int64_t>(16L*x1_inner));
                                }
                                transpose_mxn<float,static_cast<int64_t>(16),static_cast<int64_t>(16),false>(tmp21, static_cast<int64_t>(16), out_ptr0 + static_cast<int64_t>(x1 + 900L*x2 + 28800L*x0), static_cast<int64_t>(900L));
                            }
                            if(C10_UNLIKELY(x1 >= static_cast<int64_t>(896L) && x1 < static_cast<int64_t>(900L) && x2 >= static_cast<int64_t>(0) && x2 < static_cast<int64_t>(32L)))
                            {
                                alignas(std::max(std::size_t(16), alignof(float))) float tmp21[16*16];
                                for (long x1_inner = 0; x1_inner < static_cast<int64_t>(4L); x1_inner++)
                                {
                                    auto tmp0 = at::vec::Vectorized<float>::loadu(in_out_ptr0 + static_cast<int64_t>(x2 + 32L*x1 + 32L*x1_inner + 28800L*x0), static_cast<int64_t>(16));
                                    auto tmp1 = tmp0.neg();
                                    auto tmp2 = tmp1.exp();
                                    auto tmp3 = static_cast<float>(1.0);
                                    auto tmp4 = at::vec::Vectorized<float>(tmp3);
                                    auto tmp5 = tmp2 + tmp4;
                                    auto tmp6 = tmp0 / tmp5;
                                    auto tmp7 = static_cast<float>(0.5);
                                    auto tmp8 = at::vec::Vectorized<float>(tmp7);
                                    auto tmp9 = tmp6 - tmp8;
                                    auto tmp10 = static_cast<float>(3.0);
                                    auto tmp11 = at::vec::Vectorized<float>(tmp10);
                                    auto tmp12 = tmp9 + tmp11;
                                    auto tmp13 = static_cast<float>(0.0);
                                    auto tmp14 = at::vec::Vectorized<float>(tmp13);
                                    auto tmp15 = at::vec::maximum(tmp12, tmp14);
                                    auto tmp16 = static_cast<float>(6.0);
                                    auto tmp17 = at::vec::Vectorized<float>(tmp16);
                                    auto tmp18 = at::vec::minimum(tmp15, tmp17);
                                    auto tmp19 = tmp9 * tmp18;
                                    auto tmp20 = tmp19 / tmp17;
                                    tmp20.store(tmp21 + static_cast<int64_t>(16L*x1_inner));
                                }
                                transpose_mxn<float,static_cast<int64_t>(4L),static_cast<int64_t>(16),false>(tmp21, static_cast<int64_t>(16), out_ptr0 + static_cast<int64_t>(x1 + 900L*x2 + 28800L*x0), static_cast<int64_t>(900L));
                            }
                        }
                    }
                }
            }
        }
    }
    inductor_cpu_integer_div_error_flag = nullptr;
    inductor_cpu_throw_if_integer_div_error(inductor_cpu_integer_div_error);
}
''')


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
        arg0_1, arg1_1, arg2_1 = args
        args.clear()
        assert_size_stride(arg2_1, (2, 16, 32, 32), (16384, 1024, 32, 1), 'input')
        buf0 = empty_strided_cpu((2, 16, 32, 32), (16384, 1, 512, 16), torch.float32)
        assert_size_stride(arg0_1, (32, 16, 3, 3), (144, 9, 3, 1), 'input')
        buf1 = empty_strided_cpu((32, 16, 3, 3), (144, 1, 48, 16), torch.float32)
        assert_size_stride(arg1_1, (32, ), (1, ), 'input')
        # [Provenance debug handles] cpp_fused_convolution_0:1
        cpp_fused_convolution_0(arg2_1, arg0_1, buf0, buf1)
        del arg0_1
        del arg2_1
        # Topologically Sorted Source Nodes: [x], Original ATen: [aten.convolution]
        # [Provenance debug handles] extern_kernels.convolution:2
        buf2 = extern_kernels.convolution(buf0, buf1, arg1_1, stride=(1, 1), padding=(0, 0), dilation=(1, 1), transposed=False, output_padding=(0, 0), groups=1)
        assert_size_stride(buf2, (2, 32, 30, 30), (28800, 1, 960, 32), 'torch.ops.aten.convolution.default')
        del arg1_1
        del buf0
        del buf1
        buf3 = buf2; del buf2  # reuse
        buf4 = empty_strided_cpu((2, 32, 30, 30), (28800, 900, 30, 1), torch.float32)
        # [Provenance debug handles] cpp_fused_hardswish_silu_sub_1:3
        cpp_fused_hardswish_silu_sub_1(buf3, buf4)
        return (buf4, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    arg0_1 = rand_strided((32, 16, 3, 3), (144, 9, 3, 1), device='cpu', dtype=torch.float32)
    arg1_1 = rand_strided((32, ), (1, ), device='cpu', dtype=torch.float32)
    arg2_1 = rand_strided((2, 16, 32, 32), (16384, 1024, 32, 1), device='cpu', dtype=torch.float32)
    return [arg0_1, arg1_1, arg2_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat, device='cpu')


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
