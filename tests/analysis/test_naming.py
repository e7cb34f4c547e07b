"""naming.short_kernel_name / op_display / kernel_kind on real kernel names, and
provenance.kernel_provenance on the Inductor artifacts stored in the H200 bundles.

The CUDA names below are copied verbatim from the H200 traces (test_names_are_real checks
that each occurs there); the `graph_<gid>_cpp_fused_*` names come from the CPU traces in
tests/data/cpu/.
"""

from __future__ import annotations

import gzip
import json
from typing import Any

import pytest

from backend.analysis.naming import kernel_kind, op_display, short_kernel_name
from backend.analysis.provenance import kernel_provenance
from tests.paths import ROOT
from tests.recorded import bundle_of, device_events

# ---- real names ---------------------------------------------------------------------------

ADD_VECTORIZED = (  # add_relu eager, aten::add
    "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>, "
    "std::array<char*, 3ul> >(int, at::native::CUDAFunctor_add<float>, std::array<char*, 3ul>)"
)
RELU_CLAMP = (  # add_relu eager, aten::relu -> aten::clamp_min
    "void at::native::vectorized_elementwise_kernel<4, at::native::(anonymous namespace)::"
    "launch_clamp_scalar(at::TensorIteratorBase&, c10::Scalar, c10::Scalar, "
    "at::native::detail::ClampLimits)::{lambda()#1}::operator()() const::{lambda()#7}::"
    "operator()() const::{lambda(float)#1}, std::array<char*, 2ul> >(int, at::native::"
    "(anonymous namespace)::launch_clamp_scalar(at::TensorIteratorBase&, c10::Scalar, "
    "c10::Scalar, at::native::detail::ClampLimits)::{lambda()#1}::operator()() const::"
    "{lambda()#7}::operator()() const::{lambda(float)#1}, std::array<char*, 2ul>)"
)
ADD_BROADCAST = (  # broadcast_bias eager, aten::add with a broadcast bias
    "void at::native::elementwise_kernel<128, 2, at::native::gpu_kernel_impl_nocast<"
    "at::native::CUDAFunctor_add<float> >(at::TensorIteratorBase&, at::native::"
    "CUDAFunctor_add<float> const&)::{lambda(int)#1}>(int, at::native::gpu_kernel_impl_nocast<"
    "at::native::CUDAFunctor_add<float> >(at::TensorIteratorBase&, at::native::"
    "CUDAFunctor_add<float> const&)::{lambda(int)#1})"
)
COPY = (  # inplace_and_views eager, .contiguous()
    "void at::native::elementwise_kernel<128, 2, at::native::gpu_kernel_impl_nocast<"
    "at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() "
    "const::{lambda()#7}::operator()() const::{lambda(float)#1}>(at::TensorIteratorBase&, "
    "at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() "
    "const::{lambda()#7}::operator()() const::{lambda(float)#1} const&)::{lambda(int)#1}>(int, "
    "at::native::gpu_kernel_impl_nocast<at::native::direct_copy_kernel_cuda("
    "at::TensorIteratorBase&)::{lambda()#3}::operator()() const::{lambda()#7}::operator()() "
    "const::{lambda(float)#1}>(at::TensorIteratorBase&, at::native::direct_copy_kernel_cuda("
    "at::TensorIteratorBase&)::{lambda()#3}::operator()() const::{lambda()#7}::operator()() "
    "const::{lambda(float)#1} const&)::{lambda(int)#1})"
)
REDUCE_SUM = (  # graph_break eager, y.sum()
    "void at::native::reduce_kernel<512, 1, at::native::ReduceOp<float, at::native::"
    "func_wrapper_t<float, at::native::sum_functor<float, float, float>::operator()("
    "at::TensorIterator&)::{lambda(float, float)#1}>, unsigned int, float, 4, 4> >("
    "at::native::ReduceOp<float, at::native::func_wrapper_t<float, at::native::sum_functor<"
    "float, float, float>::operator()(at::TensorIterator&)::{lambda(float, float)#1}>, "
    "unsigned int, float, 4, 4>)"
)
LAYER_NORM = (  # layernorm_residual eager
    "void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<float, float, false>"
    "(int, float, float const*, float const*, float const*, float*, float*, float*)"
)
SOFTMAX = (  # softmax_residual eager
    "void (anonymous namespace)::softmax_warp_forward<float, float, float, 10, false, false>"
    "(float*, float const*, int, int, int, bool const*, int, bool)"
)
GEMM = (  # mlp_bias_gelu, eager and compiled (cuBLAS)
    "sm80_xmma_gemm_f32f32_f32f32_f32_nn_n_tilesize256x128x8_stage3_warpsize4x2x1_ffma_"
    "aligna4_alignc4_execute_kernel__5x_cublas"
)
MEMSET = "Memset (Device)"  # graph_break eager, before the sum's reduce_kernel
MEMCPY_DTOH = "Memcpy DtoH (Device -> Pinned)"  # graph_break, `if y.sum() > 0`

REAL_NAMES = {
    ADD_VECTORIZED: ("add_relu_2p24", "eager"),
    RELU_CLAMP: ("add_relu_2p24", "eager"),
    ADD_BROADCAST: ("broadcast_bias", "eager"),
    COPY: ("inplace_and_views", "eager"),
    REDUCE_SUM: ("graph_break", "eager"),
    LAYER_NORM: ("layernorm_residual", "eager"),
    SOFTMAX: ("softmax_residual", "eager"),
    GEMM: ("mlp_bias_gelu", "compiled"),
    MEMSET: ("graph_break", "eager"),
    MEMCPY_DTOH: ("graph_break", "compiled"),
    "triton_poi_fused_add_relu_0": ("add_relu_2p24", "compiled"),
    "triton_red_fused_sum_1": ("graph_break", "compiled"),
    "triton_per_fused_gt_sum_2": ("graph_break", "compiled"),
    "triton_per_fused__softmax_add_exp_prepare_softmax_online_sub_0": (
        "softmax_residual",
        "compiled",
    ),
}
CPU_CPP_NAMES = {
    "graph_0_cpp_fused_add_relu_0": "add_relu_compiled",
    "graph_1_cpp_fused_sin_1": "matmul_compiled",
    "graph_2_cpp_fused_gt_mul_sum_0": "graph_break_compiled",
}


@pytest.mark.parametrize("name", sorted(REAL_NAMES))
def test_names_are_real(name: str) -> None:
    example, variant = REAL_NAMES[name]
    assert name in {e["name"] for e in device_events(example, variant)}


@pytest.mark.parametrize("name", sorted(CPU_CPP_NAMES))
def test_cpp_names_are_real(name: str) -> None:
    path = ROOT / "tests" / "data" / "cpu" / f"{CPU_CPP_NAMES[name]}_trace.json.gz"
    with gzip.open(path, "rt") as handle:
        events = json.load(handle)["traceEvents"]
    assert name in {e.get("name") for e in events if e.get("cat") == "cpu_op"}


# ---- short_kernel_name --------------------------------------------------------------------

_TEMPLATE_BUG: tuple[()] = ()  # fixed; kept as the list of cases the bug hit


@pytest.mark.parametrize(
    ("name", "short"),
    [
        pytest.param(
            ADD_VECTORIZED, "vectorized_elementwise_kernel", marks=_TEMPLATE_BUG, id="add"
        ),
        pytest.param(RELU_CLAMP, "vectorized_elementwise_kernel", marks=_TEMPLATE_BUG, id="relu"),
        pytest.param(ADD_BROADCAST, "elementwise_kernel", marks=_TEMPLATE_BUG, id="broadcast-add"),
        pytest.param(COPY, "elementwise_kernel", id="copy"),
        pytest.param(REDUCE_SUM, "reduce_kernel", marks=_TEMPLATE_BUG, id="reduce"),
        pytest.param(
            LAYER_NORM, "vectorized_layer_norm_kernel", marks=_TEMPLATE_BUG, id="layer-norm"
        ),
        pytest.param(SOFTMAX, "softmax_warp_forward", marks=_TEMPLATE_BUG, id="softmax"),
    ],
)
def test_short_name_of_cuda_template_kernels(name: str, short: str) -> None:
    assert short_kernel_name(name) == short


@pytest.mark.parametrize(
    ("name", "short"),
    [(GEMM, GEMM), (MEMSET, "Memset"), (MEMCPY_DTOH, "Memcpy DtoH")],
)
def test_short_name_of_plain_device_names(name: str, short: str) -> None:
    assert short_kernel_name(name) == short


@pytest.mark.parametrize(
    "name",
    [
        "triton_poi_fused_add_relu_0",
        "triton_red_fused_sum_1",
        "triton_per_fused_gt_sum_2",
        "triton_per_fused__softmax_add_exp_prepare_softmax_online_sub_0",
        "triton_red_fused_clone_mul_sum_t_0",
        "cpp_fused_add_relu_0",
        "extern_kernels.mm",
    ],
)
def test_inductor_names_are_kept_whole(name: str) -> None:
    assert short_kernel_name(name) == name


@pytest.mark.parametrize(
    ("name", "short"),
    [
        ("graph_0_cpp_fused_add_relu_0", "cpp_fused_add_relu_0"),
        ("graph_1_cpp_fused_sin_1", "cpp_fused_sin_1"),
        ("graph_2_cpp_fused_gt_mul_sum_0", "cpp_fused_gt_mul_sum_0"),
    ],
)
def test_graph_prefix_of_cpp_kernels_is_stripped(name: str, short: str) -> None:
    assert short_kernel_name(name) == short


def test_graph_prefix_is_only_stripped_before_cpp() -> None:
    # Inductor's wrapper marker is not a cpp kernel: the prefix stays
    assert short_kernel_name("graph_0_inductor_wrapper_call") == "graph_0_inductor_wrapper_call"


# ---- op_display ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("op", "shown"),
    [
        ("aten::add", "add"),
        ("aten.add.Tensor", "add"),
        ("aten::relu", "relu"),
        ("aten.relu.default", "relu"),
        ("aten::_softmax", "softmax"),
        ("aten::_local_scalar_dense", "local_scalar_dense"),
        ("aten::native_layer_norm", "native_layer_norm"),
        ("aten.sum.dim_IntList", "sum"),
        ("aten::addmm", "addmm"),
        ("add", "add"),
    ],
)
def test_op_display(op: str, shown: str) -> None:
    assert op_display(op) == shown


# ---- kernel_kind --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "op", "source_ops", "kind"),
    [
        # eager: by the launching op
        (ADD_VECTORIZED, "aten::add", [], "elementwise"),
        (RELU_CLAMP, "aten::relu", [], "elementwise"),
        (ADD_BROADCAST, "aten::add", [], "elementwise"),
        (COPY, "aten::clone", [], "copy"),
        (REDUCE_SUM, "aten::sum", [], "reduction"),
        # aten::max reduces (max(), max(dim)) unless its kernel is elementwise (max.other)
        (REDUCE_SUM.replace("sum", "max"), "aten::max", [], "reduction"),
        ("aten::max", "aten::max", [], "reduction"),  # CPU: the op is the kernel
        ("aten::min", "aten::min", [], "reduction"),
        (ADD_VECTORIZED.replace("add", "max"), "aten::max", [], "elementwise"),
        ("aten::any", "aten::any", [], "reduction"),
        (LAYER_NORM, "aten::native_layer_norm", [], "reduction"),
        (SOFTMAX, "aten::_softmax", [], "reduction"),
        (GEMM, "aten::mm", [], "matmul"),
        (GEMM, "aten::addmm", ["addmm"], "matmul"),
        # by name when no op is known
        (GEMM, None, [], "matmul"),
        (MEMSET, None, [], "copy"),
        (MEMCPY_DTOH, None, [], "copy"),
        (REDUCE_SUM, None, [], "reduction"),
        ("extern_kernels.mm", None, [], "matmul"),
        # Inductor kernels: by name, and fused when provenance shows >= 2 source ops
        ("triton_poi_fused_add_relu_0", None, [], "elementwise"),
        ("triton_poi_fused_add_relu_0", None, ["add", "relu"], "fused"),
        ("triton_red_fused_sum_1", None, ["sum"], "reduction"),
        ("triton_per_fused_gt_sum_2", None, [], "reduction"),
        ("triton_per_fused_gt_sum_2", None, ["gt", "sum"], "fused"),
        ("triton_per_fused__softmax_add_exp_prepare_softmax_online_sub_0", None, [], "reduction"),
        ("triton_tem_fused_mm_0", None, ["mm", "relu"], "matmul"),
        ("cpp_fused_add_relu_0", None, [], "elementwise"),
        ("cpp_fused_add_relu_0", None, ["add", "relu"], "fused"),
    ],
)
def test_kernel_kind(name: str, op: str | None, source_ops: list[str], kind: str) -> None:
    assert kernel_kind(name, op, source_ops) == kind


_PREFIX_MATCH_BUG: tuple[()] = ()  # fixed; kept as the list of cases the bug hit


@pytest.mark.parametrize(
    ("name", "op"),
    [
        # aten::clamp_min is the op that launches relu's kernel in the H200 trace
        pytest.param(RELU_CLAMP, "aten::clamp_min", marks=_PREFIX_MATCH_BUG, id="clamp_min"),
        pytest.param(ADD_VECTORIZED, "aten::maximum", marks=_PREFIX_MATCH_BUG, id="maximum"),
        pytest.param(
            "triton_poi_fused_maximum_0", None, marks=_PREFIX_MATCH_BUG, id="triton-maximum"
        ),
    ],
)
def test_elementwise_ops_named_like_reductions(name: str, op: str | None) -> None:
    assert kernel_kind(name, op, []) == "elementwise"


def test_kernel_kind_of_prefixed_cpp_name() -> None:
    assert kernel_kind("graph_0_cpp_fused_add_relu_0", None, []) == "elementwise"


# ---- provenance ---------------------------------------------------------------------------


def _provenance(example: str) -> dict[str, Any]:
    bundle = bundle_of(example)
    return kernel_provenance(bundle["compiled"]["provenance"], bundle.get("snippet_file"))


def test_provenance_add_relu() -> None:
    assert _provenance("add_relu_2p24") == {
        "lines": {"triton_poi_fused_add_relu_0": [7]},
        "source_ops": {"triton_poi_fused_add_relu_0": ["add", "relu"]},
    }


def test_provenance_extern_and_decomposed_gelu() -> None:
    # gelu is decomposed into mul/erf/add nodes; node numbering (mul_1, add_1) is dropped
    assert _provenance("mlp_bias_gelu") == {
        "lines": {"extern_kernels.mm": [7], "triton_poi_fused_add_gelu_0": [7]},
        "source_ops": {
            "extern_kernels.mm": ["mm"],
            "triton_poi_fused_add_gelu_0": ["add", "erf", "mul"],
        },
    }


def test_provenance_two_graphs_are_merged() -> None:
    # graph_break: one artifact per graph; line 9 is in Dynamo's resume function
    assert _provenance("graph_break") == {
        "lines": {
            "triton_poi_fused_add_sin_0": [7],
            "triton_red_fused_sum_1": [8],
            "triton_per_fused_gt_sum_2": [8],
            "triton_poi_fused_cos_mul_0": [9],
        },
        "source_ops": {
            "triton_poi_fused_add_sin_0": ["add", "sin"],
            "triton_red_fused_sum_1": ["sum"],
            "triton_per_fused_gt_sum_2": ["gt", "sum"],
            "triton_poi_fused_cos_mul_0": ["cos", "mul"],
        },
    }


def test_provenance_lines_of_a_kernel_spanning_statements() -> None:
    # inplace_and_views: one reduction kernel for lines 6-9 (view, copy, in-place mul, sum)
    assert _provenance("inplace_and_views") == {
        "lines": {"triton_red_fused_clone_mul_sum_t_0": [6, 7, 8, 9]},
        "source_ops": {"triton_red_fused_clone_mul_sum_t_0": ["clone", "mul", "permute", "sum"]},
    }


def test_provenance_model_style() -> None:
    assert _provenance("kernelbench_style") == {
        "lines": {"extern_kernels.mm": [13], "triton_poi_fused_addmm_mul_sigmoid_0": [13, 14]},
        "source_ops": {
            "extern_kernels.mm": ["mm_default"],
            "triton_poi_fused_addmm_mul_sigmoid_0": ["add_tensor", "mul", "sigmoid"],
        },
    }


def test_provenance_snippet_file_filters_frames() -> None:
    artifacts = bundle_of("add_relu_2p24")["compiled"]["provenance"]
    here = kernel_provenance(artifacts, "/tmp/bundles/add_relu_2p24/snippet.py")
    assert here["lines"] == {"triton_poi_fused_add_relu_0": [7]}
    elsewhere = kernel_provenance(artifacts, "/somewhere/else.py")
    assert elsewhere["lines"] == {"triton_poi_fused_add_relu_0": []}
    assert elsewhere["source_ops"] == here["source_ops"]


def test_provenance_tolerates_missing_and_malformed_artifacts() -> None:
    assert kernel_provenance({}, None) == {"lines": {}, "source_ops": {}}
    broken = {
        "inductor_provenance_tracking_node_mappings": ["{not json", "[1, 2]", None],
        "inductor_provenance_tracking_kernel_stack_traces": None,
    }
    assert kernel_provenance(broken, None) == {"lines": {}, "source_ops": {}}


def test_provenance_accepts_already_decoded_payloads() -> None:
    artifacts = bundle_of("add_relu_2p24")["compiled"]["provenance"]
    decoded = {key: [json.loads(p) for p in payloads] for key, payloads in artifacts.items()}
    assert kernel_provenance(decoded, None) == _provenance("add_relu_2p24")
