"""parse_trace on the traces recorded on an H200 (torch 2.11, see tests/data/h200/README.md)."""

from __future__ import annotations

import pytest

from backend.analysis.compiled_trace import is_compiled_run, is_eager_island
from backend.analysis.trace import (
    ParsedTrace,
    cuda_kernels,
    graph_index,
    graph_key,
)
from backend.analysis.triton_launch import triton_launch
from tests.recorded import load_trace_doc


def _op_name(parsed: ParsedTrace, index: int | None) -> str | None:
    return None if index is None else parsed.ops[index].name


def test_add_relu_eager_two_kernels_attributed_to_user_ops(h200: dict[str, ParsedTrace]) -> None:
    parsed = h200["add_relu_eager"]
    kernels = cuda_kernels(parsed)
    assert len(kernels) == 2
    add, relu = kernels
    assert "CUDAFunctor_add<float>" in add.name
    assert "launch_clamp_scalar" in relu.name
    assert [_op_name(parsed, k.launch_op) for k in kernels] == ["aten::add", "aten::clamp_min"]
    assert [_op_name(parsed, k.user_op) for k in kernels] == ["aten::add", "aten::relu"]
    assert [k.dur_us for k in kernels] == [46.817, 31.648]
    assert [k.ts_us for k in kernels] == [5144201146354.617, 5144201146573.69]
    assert [k.external_id for k in kernels] == [1, 3]
    assert [k.correlation for k in kernels] == [8, 20]


def test_add_relu_eager_launch_config(h200: dict[str, ParsedTrace]) -> None:
    add, relu = cuda_kernels(h200["add_relu_eager"])
    assert add.grid == relu.grid == (16384, 1, 1)
    assert add.block == relu.block == (128, 1, 1)
    assert (add.registers_per_thread, relu.registers_per_thread) == (32, 28)
    assert add.shared_memory_bytes == 0
    assert add.occupancy_pct == 100.0
    assert (add.stream, add.device, add.cat) == (7, 0, "kernel")
    assert add.memcpy_bytes is None


def test_add_relu_eager_is_not_compiled(h200: dict[str, ParsedTrace]) -> None:
    parsed = h200["add_relu_eager"]
    assert not is_compiled_run(parsed)
    assert parsed.graph_annotations == ()
    assert all(k.graph_annotation is None for k in parsed.kernels)
    assert not any(is_eager_island(parsed, k) for k in parsed.kernels)


def test_eager_op_nesting(h200: dict[str, ParsedTrace]) -> None:
    parsed = h200["add_relu_eager"]
    assert [(op.name, op.depth) for op in parsed.ops] == [
        ("aten::add", 0),
        ("aten::relu", 0),
        ("aten::clamp_min", 1),
    ]
    assert parsed.ops[2].parent == 1
    assert parsed.ops[2].external_id == 3
    assert parsed.ops[2].args["Concrete Inputs"] == ["", "0"]
    assert (parsed.ops[0].ts_us, parsed.ops[0].dur_us, parsed.ops[0].tid) == (
        5144201143050.366,
        3341.73,
        461,
    )


def test_overhead_event_is_dropped_and_kernels_counted_once(
    h200: dict[str, ParsedTrace],
) -> None:
    # "Activity Buffer Request" sits inside the first op; the Python API double-counts the
    # first op's kernel because of it (torch-facts 1.4). The JSON parser must not.
    doc = load_trace_doc("h200", "add_relu_eager")
    events = doc["traceEvents"]
    assert isinstance(events, list)
    assert any(e.get("cat") == "overhead" for e in events)
    parsed = h200["add_relu_eager"]
    assert all(op.name != "Activity Buffer Request" for op in parsed.ops)
    assert len(parsed.kernels) == 2
    assert [k.external_id for k in parsed.kernels].count(1) == 1


def test_device_properties(h200: dict[str, ParsedTrace]) -> None:
    props = h200["add_relu_eager"].device_properties
    assert len(props) == 1
    assert props[0]["numSms"] == 132
    assert "H200" in str(props[0]["name"])


def test_add_relu_compiled_one_triton_kernel_in_a_graph(h200: dict[str, ParsedTrace]) -> None:
    parsed = h200["add_relu_compiled"]
    (kernel,) = cuda_kernels(parsed)
    assert kernel.name == "triton_poi_fused_add_relu_0"
    assert (kernel.dur_us, kernel.grid, kernel.block) == (47.457, (32768, 1, 1), (256, 1, 1))
    assert kernel.registers_per_thread == 16
    assert _op_name(parsed, kernel.launch_op) == "triton_poi_fused_add_relu_0"
    assert kernel.user_op == kernel.launch_op
    assert kernel.graph_annotation is not None
    assert parsed.graph_annotations == (kernel.graph_annotation,)
    annotation = parsed.ops[kernel.graph_annotation]
    assert annotation.cat == "user_annotation"
    assert graph_key(annotation) == "frjj76vepoky2n3jar7wo4ygrecgfsqcv3mvenmlfj7n3nxiygx6"
    assert graph_index(parsed, kernel) == 0
    assert is_compiled_run(parsed)
    assert not is_eager_island(parsed, kernel)


def test_gpu_user_annotation_is_not_a_kernel(h200: dict[str, ParsedTrace]) -> None:
    doc = load_trace_doc("h200", "add_relu_compiled")
    events = doc["traceEvents"]
    assert isinstance(events, list)
    assert sum(e.get("cat") == "gpu_user_annotation" for e in events) == 1
    assert [k.name for k in h200["add_relu_compiled"].kernels] == ["triton_poi_fused_add_relu_0"]


def test_compiled_markers_are_ops_but_never_user_ops(h200: dict[str, ParsedTrace]) -> None:
    parsed = h200["add_relu_compiled"]
    names = [op.name for op in parsed.ops]
    assert names[:4] == [
        "TorchDynamo Cache Lookup",
        "Torch-Compiled Region: 0/0",
        "Pregraph bytecode",
        "AOTDispatcher Runtime Wrapper Prologue",
    ]
    (kernel,) = parsed.kernels
    assert kernel.launch_op is not None
    launch = parsed.ops[kernel.launch_op]
    # the Triton op sits in the graph annotation, which sits in the compiled region
    assert launch.depth == 2
    assert launch.parent == kernel.graph_annotation


def test_add_relu_compiled_triton_launch(h200: dict[str, ParsedTrace]) -> None:
    parsed = h200["add_relu_compiled"]
    launch = triton_launch(parsed, parsed.kernels[0])
    assert launch is not None
    assert launch.kernel_name == "triton_poi_fused_add_relu_0"
    assert launch.kernel_hash == "czj53wjmoto7a27kdcsgy3crdxwtazfic6ry6ievdpwr3b6wodlr"
    assert launch.kernel_file.endswith("czj53wjmoto7a27kdcsgy3crdxwtazfic6ry6ievdpwr3b6wodlr.py")
    assert launch.kernel_kwargs == "XBLOCK=512"
    assert launch.input_dims == ((16777216,), (16777216,), (16777216,), ())
    assert launch.input_types == ("float", "float", "float", "Scalar")
    assert launch.input_strides == ((1,), (1,), (1,), ())
    assert launch.concrete_inputs == ("", "", "", "16777216")
    assert launch.kernel_num_gb == 0.201326592
    assert launch.kernel_num_bytes == 201_326_592


def test_triton_launch_is_none_for_aten_kernels(h200: dict[str, ParsedTrace]) -> None:
    parsed = h200["add_relu_eager"]
    assert [triton_launch(parsed, k) for k in parsed.kernels] == [None, None]


@pytest.mark.parametrize(
    ("name", "user_ops"),
    [
        ("gelu_chain_eager", ["aten::mul", "aten::add", "aten::gelu", "aten::mul"]),
        ("gelu_chain_compiled", ["triton_poi_fused_add_gelu_mul_0"]),
    ],
)
def test_gelu_chain_kernel_counts(
    h200: dict[str, ParsedTrace], name: str, user_ops: list[str]
) -> None:
    parsed = h200[name]
    kernels = cuda_kernels(parsed)
    assert [_op_name(parsed, k.user_op) for k in kernels] == user_ops


def test_gelu_chain_durations_and_estimate(h200: dict[str, ParsedTrace]) -> None:
    eager = cuda_kernels(h200["gelu_chain_eager"])
    assert [k.dur_us for k in eager] == [49.377, 31.904, 33.152, 32.928]
    compiled = h200["gelu_chain_compiled"]
    (fused,) = cuda_kernels(compiled)
    assert (fused.name, fused.dur_us) == ("triton_poi_fused_add_gelu_mul_0", 48.064)
    launch = triton_launch(compiled, fused)
    assert launch is not None and launch.kernel_num_bytes == 201_326_592


def test_f2_compiled_two_kernels_in_one_graph(h200: dict[str, ParsedTrace]) -> None:
    parsed = h200["f2_compiled"]
    kernels = cuda_kernels(parsed)
    assert [k.name for k in kernels] == [
        "triton_red_fused_add_mul_relu_sum_0",
        "triton_per_fused_add_sum_1",
    ]
    assert [k.dur_us for k in kernels] == [55.103, 0.992]
    assert [k.grid for k in kernels] == [(512, 1, 1), (1, 1, 1)]
    assert [k.shared_memory_bytes for k in kernels] == [64, 16]
    assert [k.occupancy_pct for k in kernels] == [75.0, 0.0]
    assert len(parsed.graph_annotations) == 1
    assert {k.graph_annotation for k in kernels} == {parsed.graph_annotations[0]}
