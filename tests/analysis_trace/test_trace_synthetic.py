"""parse_trace edge cases on small hand-built traces."""

from __future__ import annotations

from typing import Any

from backend.analysis.compiled_trace import is_compiled_run, is_eager_island
from backend.analysis.trace import (
    ParsedTrace,
    cuda_kernels,
    parse_trace,
)

PID = 100


def _op(
    name: str, ts: float, dur: float, ext: int | None = None, cat: str = "cpu_op"
) -> dict[str, Any]:
    args: dict[str, object] = {} if ext is None else {"External id": ext}
    return {
        "ph": "X",
        "cat": cat,
        "name": name,
        "pid": PID,
        "tid": PID,
        "ts": ts,
        "dur": dur,
        "args": args,
    }


def _device(
    name: str, ts: float, dur: float, ext: int | None, corr: int, cat: str = "kernel"
) -> dict[str, Any]:
    args: dict[str, object] = {"stream": 7, "device": 0, "correlation": corr}
    if ext is not None:
        args["External id"] = ext
    return {
        "ph": "X",
        "cat": cat,
        "name": name,
        "pid": 0,
        "tid": 7,
        "ts": ts,
        "dur": dur,
        "args": args,
    }


def _launch(ts: float, corr: int, ext: int | None = None) -> dict[str, Any]:
    args: dict[str, object] = {"correlation": corr}
    if ext is not None:
        args["External id"] = ext
    return {
        "ph": "X",
        "cat": "cuda_runtime",
        "name": "cudaLaunchKernel",
        "pid": PID,
        "tid": PID,
        "ts": ts,
        "dur": 1.0,
        "args": args,
    }


def _graph_break_doc() -> dict[str, object]:
    graph = "## Call CompiledFxGraph abc ##"
    return {
        "traceEvents": [
            _op("Torch-Compiled Region: 0/0", 0.0, 100.0, 1),
            _op("AOTDispatcher Runtime Wrapper Prologue", 1.0, 4.0, 2),
            _op("aten::copy_", 2.0, 2.0, 3),
            _op(graph, 10.0, 20.0, 4, cat="user_annotation"),
            _op("triton_poi_fused_mul_0", 12.0, 5.0, 5),
            _op("aten::nonzero", 40.0, 10.0, 6),
            _op("aten::empty", 41.0, 1.0, 7),
            _op("Torch-Compiled Region: 1/0", 60.0, 30.0, 8),
            _op(graph.replace("abc", "def"), 61.0, 20.0, 9, cat="user_annotation"),
            _op("triton_poi_fused_add_0", 62.0, 5.0, 10),
            _device("copy_kernel", 3.0, 1.0, 3, 30),
            _device("triton_poi_fused_mul_0", 13.0, 1.0, 5, 31),
            _device("nonzero_kernel", 43.0, 2.0, 6, 32),
            _device("triton_poi_fused_add_0", 63.0, 1.0, 10, 33),
            {
                "ph": "X",
                "cat": "gpu_user_annotation",
                "name": graph,
                "pid": 0,
                "tid": 7,
                "ts": 13.0,
                "dur": 1.0,
                "args": {"External id": 4},
            },
        ]
    }


def _names(parsed: ParsedTrace, indices: list[int | None]) -> list[str | None]:
    return [None if i is None else parsed.ops[i].name for i in indices]


def test_kernel_outside_every_graph_is_an_eager_island() -> None:
    parsed = parse_trace(_graph_break_doc())
    kernels = cuda_kernels(parsed)
    assert [k.name for k in kernels] == [
        "copy_kernel",
        "triton_poi_fused_mul_0",
        "nonzero_kernel",
        "triton_poi_fused_add_0",
    ]
    assert _names(parsed, [k.graph_annotation for k in kernels]) == [
        None,
        "## Call CompiledFxGraph abc ##",
        None,
        "## Call CompiledFxGraph def ##",
    ]
    # the runtime wrapper's own copy is not user code run eagerly; aten::nonzero is
    assert [is_eager_island(parsed, k) for k in kernels] == [False, False, True, False]
    assert is_compiled_run(parsed)
    assert len(parsed.graph_annotations) == 2


def test_user_op_stops_at_markers() -> None:
    doc = {
        "traceEvents": [
            _op("ProfilerStep#3", 0.0, 100.0, 1),
            _op("my_block", 1.0, 90.0, 2, cat="user_annotation"),
            _op("aten::linear", 2.0, 50.0, 3),
            _op("aten::addmm", 3.0, 40.0, 4),
            _launch(5.0, 40, 4),
            _device("gemm", 10.0, 5.0, 4, 40),
        ]
    }
    parsed = parse_trace(doc)
    (kernel,) = parsed.kernels
    assert _names(parsed, [kernel.launch_op, kernel.user_op]) == ["aten::addmm", "aten::linear"]
    assert kernel.graph_annotation is None
    assert not is_compiled_run(parsed)


def test_memcpy_and_memset_bytes() -> None:
    memcpy = _device("Memcpy HtoD (Pageable -> Device)", 5.0, 2.0, 1, 50, cat="gpu_memcpy")
    memset = _device("Memset (Device)", 8.0, 1.0, 2, 51, cat="gpu_memset")
    memcpy["args"]["bytes"] = 4096
    memset["args"]["bytes"] = 512
    doc = {
        "traceEvents": [
            _op("aten::copy_", 0.0, 10.0, 1),
            _op("aten::zero_", 6.0, 3.0, 2),
            memset,
            memcpy,
        ]
    }
    parsed = parse_trace(doc)
    assert [(k.cat, k.memcpy_bytes) for k in cuda_kernels(parsed)] == [
        ("gpu_memcpy", 4096),
        ("gpu_memset", 512),
    ]
    assert _names(parsed, [k.launch_op for k in parsed.kernels]) == ["aten::copy_", "aten::zero_"]


def test_repeated_kernel_event_is_counted_once() -> None:
    kernel = _device("k", 5.0, 2.0, 1, 60)
    parsed = parse_trace({"traceEvents": [_op("aten::add", 0.0, 10.0, 1), kernel, dict(kernel)]})
    assert len(parsed.kernels) == 1


def test_launch_op_found_through_correlation_without_external_id() -> None:
    doc = {
        "traceEvents": [
            _op("aten::relu", 0.0, 20.0),
            _op("aten::clamp_min", 2.0, 15.0),
            _launch(5.0, 70),
            _device("clamp_kernel", 30.0, 2.0, None, 70),
            _device("orphan", 40.0, 2.0, None, 71),
        ]
    }
    parsed = parse_trace(doc)
    launched, orphan = parsed.kernels
    assert _names(parsed, [launched.launch_op, launched.user_op]) == [
        "aten::clamp_min",
        "aten::relu",
    ]
    assert (orphan.launch_op, orphan.user_op, orphan.graph_annotation) == (None, None, None)


def test_nesting_survives_float_rounding_of_the_end_time() -> None:
    # Real H200 numbers: in floats, child ts+dur is 1 ns past the parent's end
    parent_ts, parent_dur = 5144201146470.666, 109.847
    child_ts, child_dur = 5144201146492.73, 87.783
    assert child_ts + child_dur > parent_ts + parent_dur
    doc = {
        "traceEvents": [
            _op("aten::relu", parent_ts, parent_dur, 2),
            _op("aten::clamp_min", child_ts, child_dur, 3),
        ]
    }
    parsed = parse_trace(doc)
    assert [(op.depth, op.parent) for op in parsed.ops] == [(0, None), (1, 0)]


def test_equal_start_puts_the_longer_span_outside() -> None:
    doc = {"traceEvents": [_op("aten::clamp_min", 5.0, 3.0, 2), _op("aten::relu", 5.0, 4.0, 1)]}
    parsed = parse_trace(doc)
    assert [(op.name, op.parent) for op in parsed.ops] == [
        ("aten::relu", None),
        ("aten::clamp_min", 0),
    ]


def test_other_threads_do_not_nest() -> None:
    other = _op("aten::mul", 2.0, 1.0, 2)
    other["tid"] = PID + 1
    parsed = parse_trace({"traceEvents": [_op("aten::add", 0.0, 10.0, 1), other]})
    assert [op.parent for op in parsed.ops] == [None, None]


def test_empty_and_malformed_documents() -> None:
    assert parse_trace({}) == ParsedTrace(
        ops=(), kernels=(), graph_annotations=(), device_properties=()
    )
    parsed = parse_trace({"traceEvents": [1, "x", {"ph": "i", "name": "Record Window End"}]})
    assert parsed.ops == () and parsed.kernels == ()
