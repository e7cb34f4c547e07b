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


cpp_fused_add_gelu_gelu_backward_mse_loss_mse_loss_backward_0 = async_compile.cpp_pybinding(['float*', 'const float*', 'const float*', 'const float*'], r'''
#include <torch/csrc/inductor/aoti_runtime/utils.h>
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(float* in_out_ptr0,
                       const float* in_ptr0,
                       const float* in_ptr1,
                       const float* in_ptr2)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    torch::aot_inductor::RAIIAtenRecordFunctionHandle record_graph_0_cpp_fused_add_gelu_gelu_backward_mse_loss_mse_loss_backward_0_("graph_0_cpp_fused_add_gelu_gelu_backward_mse_loss_mse_loss_backward_0", nullptr);
    #pragma omp parallel
    {
        int tid = omp_get_thread_num();
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(256L); x0+=static_cast<int64_t>(1L))
            {
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(256L); x1+=static_cast<int64_t>(16L))
                {
                    {
                        if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(256L)))
                        {
                            auto tmp0 = at::vec::Vectorized<float>::loadu(in_out_ptr0 + static_cast<int64_t>(x1 + 256L*x0), static_cast<int64_t>(16));
                            auto tmp1 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1), static_cast<int64_t>(16));
                            auto tmp14 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 256L*x0), static_cast<int64_t>(16));
                            auto tmp19 = in_ptr2[static_cast<int64_t>(0L)];
                            auto tmp2 = tmp0 + tmp1;
                            auto tmp3 = static_cast<float>(0.5);
                            auto tmp4 = at::vec::Vectorized<float>(tmp3);
                            auto tmp5 = tmp2 * tmp4;
                            auto tmp6 = static_cast<float>(0.7071067811865476);
                            auto tmp7 = at::vec::Vectorized<float>(tmp6);
                            auto tmp8 = tmp2 * tmp7;
                            auto tmp9 = tmp8.erf();
                            auto tmp10 = static_cast<float>(1.0);
                            auto tmp11 = at::vec::Vectorized<float>(tmp10);
                            auto tmp12 = tmp9 + tmp11;
                            auto tmp13 = tmp5 * tmp12;
                            auto tmp15 = tmp13 - tmp14;
                            auto tmp16 = static_cast<float>(3.0517578125e-05);
                            auto tmp17 = at::vec::Vectorized<float>(tmp16);
                            auto tmp18 = tmp15 * tmp17;
                            auto tmp20 = at::vec::Vectorized<float>(tmp19);
                            auto tmp21 = tmp18 * tmp20;
                            auto tmp22 = tmp12 * tmp4;
                            auto tmp23 = tmp2 * tmp2;
                            auto tmp24 = static_cast<float>(-0.5);
                            auto tmp25 = at::vec::Vectorized<float>(tmp24);
                            auto tmp26 = tmp23 * tmp25;
                            auto tmp27 = tmp26.exp();
                            auto tmp28 = static_cast<float>(0.3989422804014327);
                            auto tmp29 = at::vec::Vectorized<float>(tmp28);
                            auto tmp30 = tmp27 * tmp29;
                            auto tmp31 = tmp2 * tmp30;
                            auto tmp32 = tmp22 + tmp31;
                            auto tmp33 = tmp21 * tmp32;
                            tmp33.store(in_out_ptr0 + static_cast<int64_t>(x1 + 256L*x0));
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


cpp_fused_sum_1 = async_compile.cpp_pybinding(['const float*', 'float*'], r'''
#include <torch/csrc/inductor/aoti_runtime/utils.h>
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const float* in_ptr0,
                       float* out_ptr0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    torch::aot_inductor::RAIIAtenRecordFunctionHandle record_graph_0_cpp_fused_sum_1_("graph_0_cpp_fused_sum_1", nullptr);
    #pragma omp parallel
    {
        int tid = omp_get_thread_num();
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(256L); x0+=static_cast<int64_t>(16L))
            {
                {
                    float tmp_acc0 = 0;
                    at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(0);
                    for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(256L); x1+=static_cast<int64_t>(1L))
                    {
                        {
                            if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(256L)))
                            {
                                auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x0 + 256L*x1), static_cast<int64_t>(16));
                                tmp_acc0_vec = tmp_acc0_vec + tmp0;
                            }
                        }
                    }
                    if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(256L)))
                    {
                        tmp_acc0_vec.store(out_ptr0 + static_cast<int64_t>(x0));
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
        primals_3, primals_4, mm, permute, tangents_1 = args
        args.clear()
        assert_size_stride(mm, (256, 256), (256, 1), 'input')
        assert_size_stride(primals_3, (256, ), (1, ), 'input')
        assert_size_stride(primals_4, (256, 256), (256, 1), 'input')
        assert_size_stride(tangents_1, (), (), 'input')
        buf0 = mm; del mm  # reuse
        assert_size_stride(permute, (256, 256), (1, 256), 'input')
        # [Provenance debug handles] cpp_fused_add_gelu_gelu_backward_mse_loss_mse_loss_backward_0:1
        cpp_fused_add_gelu_gelu_backward_mse_loss_mse_loss_backward_0(buf0, primals_3, primals_4, tangents_1)
        del primals_3
        del primals_4
        del tangents_1
        buf2 = empty_strided_cpu((256, 256), (256, 1), torch.float32)
        # Topologically Sorted Source Nodes: [mm_1], Original ATen: [aten.mm]
        # [Provenance debug handles] extern_kernels.mm:2
        extern_kernels.mm(permute, buf0, out=buf2)
        del permute
        buf1 = empty_strided_cpu((1, 256), (256, 1), torch.float32)
        # [Provenance debug handles] cpp_fused_sum_1:3
        cpp_fused_sum_1(buf0, buf1)
        return (None, buf2, reinterpret_tensor(buf1, (256, ), (1, ), 0), None, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    primals_3 = rand_strided((256, ), (1, ), device='cpu', dtype=torch.float32)
    primals_4 = rand_strided((256, 256), (256, 1), device='cpu', dtype=torch.float32)
    mm = rand_strided((256, 256), (256, 1), device='cpu', dtype=torch.float32)
    permute = rand_strided((256, 256), (1, 256), device='cpu', dtype=torch.float32)
    tangents_1 = rand_strided((), (), device='cpu', dtype=torch.float32)
    return [primals_3, primals_4, mm, permute, tangents_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat, device='cpu')


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
