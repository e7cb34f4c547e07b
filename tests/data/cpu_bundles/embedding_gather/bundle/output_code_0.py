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


cpp_fused_embedding_0 = async_compile.cpp_pybinding(['const int64_t*', 'const float*', 'float*'], r'''
#include <torch/csrc/inductor/aoti_runtime/utils.h>
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(const int64_t* in_ptr0,
                       const float* in_ptr1,
                       float* out_ptr0)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    torch::aot_inductor::RAIIAtenRecordFunctionHandle record_graph_0_cpp_fused_embedding_0_("graph_0_cpp_fused_embedding_0", nullptr);
    #pragma omp parallel
    {
        int tid = omp_get_thread_num();
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(128L); x0+=static_cast<int64_t>(1L))
            {
                for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(768L); x1+=static_cast<int64_t>(16L))
                {
                    {
                        if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(768L)))
                        {
                            auto tmp0 = in_ptr0[static_cast<int64_t>(x0)];
                            auto tmp1 = tmp0;
                            auto tmp2 = c10::convert<int64_t>(tmp1);
                            TORCH_CHECK((0 <= tmp2) & (tmp2 < 5000L), "index out of bounds: 0 <= tmp2 < 5000L");
                            auto tmp4 = at::vec::Vectorized<float>::loadu(in_ptr1 + static_cast<int64_t>(x1 + 768L*tmp0), static_cast<int64_t>(16));
                            tmp4.store(out_ptr0 + static_cast<int64_t>(x1 + 768L*x0));
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


cpp_fused__log_softmax_nll_loss_forward_view_1 = async_compile.cpp_pybinding(['float*', 'float*', 'const float*', 'const int64_t*', 'float*', 'int64_t*'], r'''
#include <torch/csrc/inductor/aoti_runtime/utils.h>
#include <torch/csrc/inductor/cpp_prefix.h>
extern "C"  void  kernel(float* in_out_ptr0,
                       float* in_out_ptr1,
                       const float* in_ptr0,
                       const int64_t* in_ptr1,
                       float* out_ptr0,
                       int64_t* out_ptr3)
{
    std::atomic<int> inductor_cpu_integer_div_error{0};
    inductor_cpu_integer_div_error_flag = &inductor_cpu_integer_div_error;
    torch::aot_inductor::RAIIAtenRecordFunctionHandle record_graph_0_cpp_fused__log_softmax_nll_loss_forward_view_1_("graph_0_cpp_fused__log_softmax_nll_loss_forward_view_1", nullptr);
    auto out_ptr1 = in_out_ptr0;
    auto out_ptr2 = in_out_ptr1;
    #pragma omp parallel
    {
        int tid = omp_get_thread_num();
        {
            #pragma omp for
            for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(128L); x0+=static_cast<int64_t>(1L))
            {
                {
                    float tmp_acc0 = -std::numeric_limits<float>::infinity();
                    at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(-std::numeric_limits<float>::infinity());
                    for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(5000L); x1+=static_cast<int64_t>(16L))
                    {
                        {
                            if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(4992L)))
                            {
                                auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 5000L*x0), static_cast<int64_t>(16));
                                tmp_acc0_vec = at::vec::maximum(tmp_acc0_vec, tmp0);
                            }
                            if(C10_UNLIKELY(x1 >= static_cast<int64_t>(4992L) && x1 < static_cast<int64_t>(5000L)))
                            {
                                auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 5000L*x0), static_cast<int64_t>(8L));
                                tmp_acc0_vec = max_masked_reduce(tmp_acc0_vec, tmp0, static_cast<int64_t>(8L));
                            }
                        }
                    }
                    tmp_acc0 = max_propagate_nan(tmp_acc0, at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return at::vec::maximum(x, y); }, tmp_acc0_vec));
                    out_ptr0[static_cast<int64_t>(x0)] = static_cast<float>(tmp_acc0);
                }
                {
                    float tmp_acc0 = 0;
                    at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(0);
                    at::vec::Vectorized<float> masked_tmp_acc0_vec = at::vec::Vectorized<float>(0);
                    CascadeSumHelper<float, 4096> scalar_cascade_helper0(static_cast<int64_t>(5000L));
                    CascadeSumHelper<at::vec::Vectorized<float>, 4096> cascade_helper0(static_cast<int64_t>(312L));
                    CascadeSumHelper<at::vec::Vectorized<float>, 4096> masked_cascade_helper0(static_cast<int64_t>(1L));
                    for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(5000L); x1+=static_cast<int64_t>(16L))
                    {
                        {
                            if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(4992L)))
                            {
                                auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 5000L*x0), static_cast<int64_t>(16));
                                auto tmp1 = out_ptr0[static_cast<int64_t>(x0)];
                                auto tmp2 = at::vec::Vectorized<float>(tmp1);
                                auto tmp3 = tmp0 - tmp2;
                                auto tmp4 = tmp3.exp();
                                tmp_acc0_vec = cascade_sum_combine(tmp4, &cascade_helper0);
                            }
                            if(C10_UNLIKELY(x1 >= static_cast<int64_t>(4992L) && x1 < static_cast<int64_t>(5000L)))
                            {
                                auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 5000L*x0), static_cast<int64_t>(8L));
                                auto tmp1 = out_ptr0[static_cast<int64_t>(x0)];
                                auto tmp2 = at::vec::Vectorized<float>(tmp1);
                                auto tmp3 = tmp0 - tmp2;
                                auto tmp4 = tmp3.exp();
                                masked_tmp_acc0_vec = cascade_sum_combine(tmp4, static_cast<int64_t>(8L), &masked_cascade_helper0);
                            }
                        }
                    }
                    tmp_acc0 = cascade_sum_final(&scalar_cascade_helper0);
                    tmp_acc0_vec = cascade_sum_final(&cascade_helper0);
                    masked_tmp_acc0_vec = cascade_sum_final(&masked_cascade_helper0);
                    tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return x + y; }, tmp_acc0_vec + masked_tmp_acc0_vec);
                    out_ptr1[static_cast<int64_t>(x0)] = static_cast<float>(tmp_acc0);
                }
            }
        }
        #pragma omp single
        {
            {
                {
                    float tmp_acc0 = 0;
                    at::vec::Vectorized<float> tmp_acc0_vec = at::vec::Vectorized<float>(0);
                    int64_t tmp_acc1 = 0;
                    at::vec::VectorizedN<int64_t,2> tmp_acc1_vec = at::vec::VectorizedN<int64_t,2>(0);
                    for(int64_t x0=static_cast<int64_t>(0L); x0<static_cast<int64_t>(128L); x0+=static_cast<int64_t>(16L))
                    {
                        {
                            if(C10_LIKELY(x0 >= static_cast<int64_t>(0) && x0 < static_cast<int64_t>(128L)))
                            {
                                auto tmp0 = at::vec::Vectorized<float>::loadu(out_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                                auto tmp2 = at::vec::VectorizedN<int64_t,2>::loadu(in_ptr1 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                                auto tmp13 = at::vec::Vectorized<float>::loadu(out_ptr0 + static_cast<int64_t>(x0), static_cast<int64_t>(16));
                                auto tmp1 = tmp0.log();
                                auto tmp3 = static_cast<int64_t>(-100);
                                auto tmp4 = at::vec::VectorizedN<int64_t,2>(tmp3);
                                auto tmp5 = at::vec::VecMask<int64_t,2>(tmp2 != tmp4);
                                auto tmp6 = static_cast<int64_t>(0);
                                auto tmp7 = at::vec::VectorizedN<int64_t,2>(tmp6);
                                auto tmp8 = decltype(tmp2)::blendv(tmp7, tmp2, tmp5.template cast<int64_t,2>());
                                auto tmp9 =
                                [&]
                                {
                                    __at_align__ std::array<int64_t, 16> tmpbuf;
                                    tmp8.store(tmpbuf.data(), static_cast<int64_t>(16));
                                    return tmpbuf;
                                }
                                ()
                                ;
                                auto tmp10 =
                                [&]
                                {
                                    __at_align__ std::array<int64_t, 16> tmpbuf;
                                    #pragma GCC unroll 16
                                    for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                                    {
                                        tmpbuf[x0_inner] = static_cast<int64_t>(tmp9[x0_inner]);
                                    }
                                    return at::vec::VectorizedN<int64_t,2>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                                }
                                ()
                                ;
                                TORCH_CHECK((at::vec::VecMask<int64_t,2>((at::vec::VectorizedN<int64_t,2>(0) <= tmp10) & (tmp10 < at::vec::VectorizedN<int64_t,2>(5000L)))).all_masked(), "index out of bounds: 0 <= tmp10 < 5000L");
                                auto tmp12 =
                                [&]
                                {
                                    __at_align__ std::array<float, 16> tmpbuf;
                                    #pragma GCC unroll 16
                                    for (long x0_inner = 0; x0_inner < static_cast<int64_t>(16); x0_inner++)
                                    {
                                        tmpbuf[x0_inner] = in_ptr0[static_cast<int64_t>(tmp9[x0_inner] + 5000L*x0 + 5000L*x0_inner)];
                                    }
                                    return at::vec::Vectorized<float>::loadu(tmpbuf.data(), static_cast<int64_t>(16));
                                }
                                ()
                                ;
                                auto tmp14 = tmp12 - tmp13;
                                auto tmp15 = tmp14 - tmp1;
                                auto tmp16 = tmp15.neg();
                                auto tmp17 = static_cast<float>(0.0);
                                auto tmp18 = at::vec::Vectorized<float>(tmp17);
                                auto tmp19 = decltype(tmp16)::blendv(tmp18, tmp16, tmp5.template cast<float,1>());
                                auto tmp20 = tmp5.to<int64_t,2>();
                                tmp_acc0_vec = tmp_acc0_vec + tmp19;
                                tmp_acc1_vec = tmp_acc1_vec + tmp20;
                            }
                        }
                    }
                    tmp_acc0 = tmp_acc0 + at::vec::vec_reduce_all<float, 1>([](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) { return x + y; }, tmp_acc0_vec);
                    out_ptr2[static_cast<int64_t>(0L)] = static_cast<float>(tmp_acc0);
                    tmp_acc1 = tmp_acc1 + at::vec::vec_reduce_all<int64_t, 2>([](at::vec::Vectorized<int64_t>& x, at::vec::Vectorized<int64_t>& y) { return x + y; }, tmp_acc1_vec);
                    out_ptr3[static_cast<int64_t>(0L)] = static_cast<int64_t>(tmp_acc1);
                }
            }
        }
        #pragma omp single
        {
            {
                {
                    {
                        auto tmp0 = out_ptr2[static_cast<int64_t>(0L)];
                        auto tmp1 = out_ptr3[static_cast<int64_t>(0L)];
                        auto tmp2 = c10::convert<float>(tmp1);
                        auto tmp3 = tmp0 / tmp2;
                        in_out_ptr1[static_cast<int64_t>(0L)] = tmp3;
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
        assert_size_stride(arg1_1, (2, 64), (64, 1), 'input')
        assert_size_stride(arg0_1, (5000, 768), (768, 1), 'input')
        buf0 = empty_strided_cpu((2, 64, 768), (49152, 768, 1), torch.float32)
        # [Provenance debug handles] cpp_fused_embedding_0:1
        cpp_fused_embedding_0(arg1_1, arg0_1, buf0)
        del arg1_1
        buf1 = empty_strided_cpu((128, 5000), (5000, 1), torch.float32)
        # Topologically Sorted Source Nodes: [h, logits, t], Original ATen: [aten.embedding, aten.view, aten.t, aten.mm]
        # [Provenance debug handles] extern_kernels.mm:2
        extern_kernels.mm(reinterpret_tensor(buf0, (128, 768), (768, 1), 0), reinterpret_tensor(arg0_1, (768, 5000), (1, 768), 0), out=buf1)
        del arg0_1
        del buf0
        buf2 = empty_strided_cpu((128, 1), (1, 128), torch.float32)
        buf3 = empty_strided_cpu((128, 1), (1, 128), torch.float32)
        assert_size_stride(arg2_1, (2, 64), (64, 1), 'input')
        buf4 = buf3; del buf3  # reuse
        buf5 = empty_strided_cpu((), (), torch.float32)
        buf6 = empty_strided_cpu((), (), torch.int64)
        buf7 = buf5; del buf5  # reuse
        # [Provenance debug handles] cpp_fused__log_softmax_nll_loss_forward_view_1:3
        cpp_fused__log_softmax_nll_loss_forward_view_1(buf4, buf7, buf1, arg2_1, buf2, buf6)
        del arg2_1
        return (buf7, )

runner = Runner(partitions=[])
call = runner.call
recursively_apply_fns = runner.recursively_apply_fns


def get_args():
    from torch._dynamo.testing import rand_strided
    arg0_1 = rand_strided((5000, 768), (768, 1), device='cpu', dtype=torch.float32)
    arg1_1 = rand_strided((2, 64), (64, 1), device='cpu', dtype=torch.int64)
    arg2_1 = rand_strided((2, 64), (64, 1), device='cpu', dtype=torch.int64)
    return [arg0_1, arg1_1, arg2_1]


def benchmark_compiled_module(args, times=10, repeat=10):
    from torch._inductor.utils import print_performance
    fn = lambda: call(list(args))
    return print_performance(fn, times=times, repeat=repeat, device='cpu')


if __name__ == "__main__":
    from torch._inductor.wrapper_benchmark import compiled_module_main
    args = get_args()
    compiled_module_main('None', lambda times, repeat: benchmark_compiled_module(args, times=times, repeat=repeat))
