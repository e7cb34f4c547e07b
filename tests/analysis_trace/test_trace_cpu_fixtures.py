"""CPU traces (torch 2.13 CPU build, cpp.enable_kernel_profile on; tests/data/cpu/README.md)."""

from __future__ import annotations

import re

from backend.analysis.compiled_trace import cpu_compiled_kernels, is_compiled_run, is_eager_island
from backend.analysis.trace import (
    ParsedTrace,
    TraceKernel,
    cuda_kernels,
)
from tests.recorded import load_trace_doc

_CPP_KERNEL = re.compile(r"^graph_\d+_cpp_fused_(\w+)$")


def _short(kernel: TraceKernel) -> str:
    # graph ids are process-global (graph_0, graph_1, ...): compare the kernel part only
    match = _CPP_KERNEL.match(kernel.name)
    return f"cpp_fused_{match.group(1)}" if match else kernel.name


def _raw_event(name: str, trace: str) -> dict[str, object]:
    events = load_trace_doc("cpu", trace)["traceEvents"]
    assert isinstance(events, list)
    (event,) = [e for e in events if e.get("name") == name and e.get("cat") == "cpu_op"]
    assert isinstance(event, dict)
    return event


def test_cpu_traces_have_no_device_kernels(cpu: dict[str, ParsedTrace]) -> None:
    for parsed in cpu.values():
        assert parsed.kernels == ()
        assert cuda_kernels(parsed) == []


def test_compiled_add_relu_is_one_cpp_kernel(cpu: dict[str, ParsedTrace]) -> None:
    parsed = cpu["add_relu_compiled"]
    (kernel,) = cpu_compiled_kernels(parsed)
    assert _short(kernel) == "cpp_fused_add_relu_0"
    assert kernel.cat == "cpu_kernel"
    assert kernel.graph_annotation == parsed.graph_annotations[0]
    assert kernel.launch_op == kernel.user_op
    raw = _raw_event(kernel.name, "add_relu_compiled")
    assert (kernel.ts_us, kernel.dur_us) == (raw["ts"], raw["dur"])
    assert kernel.stream is None and kernel.grid is None


def test_matmul_gives_extern_ops_and_fused_kernels(cpu: dict[str, ParsedTrace]) -> None:
    parsed = cpu["matmul_compiled"]
    kernels = cpu_compiled_kernels(parsed)
    assert [_short(k) for k in kernels] == [
        "aten::mm",
        "cpp_fused_relu_0",
        "aten::addmm",
        "cpp_fused_sin_1",
    ]
    assert {k.graph_annotation for k in kernels} == {parsed.graph_annotations[0]}
    # aten::addmm's own expand/copy_/resolve_conj are inside it, not extra kernels
    assert sum(op.name == "aten::resolve_conj" for op in parsed.ops) == 5
    addmm = kernels[2]
    raw = _raw_event("aten::addmm", "matmul_compiled")
    assert addmm.dur_us == raw["dur"]


def test_graph_break_has_an_eager_island(cpu: dict[str, ParsedTrace]) -> None:
    parsed = cpu["graph_break_compiled"]
    kernels = cpu_compiled_kernels(parsed)
    assert [_short(k) for k in kernels] == [
        "cpp_fused_gt_mul_sum_0",
        "aten::is_nonzero",
        "cpp_fused_add_relu_0",
    ]
    first_graph, second_graph = parsed.graph_annotations
    assert [k.graph_annotation for k in kernels] == [first_graph, None, second_graph]
    assert [is_eager_island(parsed, k) for k in kernels] == [False, True, False]
    # the island's inner item/_local_scalar_dense are part of it, not separate islands
    island = parsed.ops[kernels[1].launch_op or 0]
    assert island.name == "aten::is_nonzero"
    children = [op.name for op in parsed.ops if op.parent == kernels[1].launch_op]
    assert children == ["aten::item"]


def test_graph_break_resume_region_nests_in_the_first(cpu: dict[str, ParsedTrace]) -> None:
    parsed = cpu["graph_break_compiled"]
    regions = [i for i, op in enumerate(parsed.ops) if op.name.startswith("Torch-Compiled")]
    assert len(regions) == 2
    assert parsed.ops[regions[1]].parent == regions[0]


def test_eager_cpu_trace_has_no_compiled_kernels(cpu: dict[str, ParsedTrace]) -> None:
    parsed = cpu["add_relu_eager"]
    assert not is_compiled_run(parsed)
    assert cpu_compiled_kernels(parsed) == []
    assert [(op.name, op.depth, op.parent) for op in parsed.ops] == [
        ("aten::add", 0, None),
        ("aten::relu", 0, None),
        ("aten::clamp_min", 1, 1),
    ]


def test_cpu_compiled_kernels_on_a_gpu_trace_ignore_triton_launches(
    h200: dict[str, ParsedTrace],
) -> None:
    assert cpu_compiled_kernels(h200["f2_compiled"]) == []
