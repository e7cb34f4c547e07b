"""`(a + b).relu()` on the H200 at 2**24 and 2**26 fp32 elements: the founding example.

Every byte count is derived by hand from the snippet's tensor sizes:
n fp32 elements are n * 4 bytes, so one array is 2**24 * 4 = 67,108,864 bytes (2**26 * 4 =
268,435,456). Eager: aten::add reads a, b and writes `a + b`; aten::relu reads `a + b` and
writes the output: 5 array-sized transfers. Compiled: one fused Triton kernel reads a, b and
writes the output: 3 transfers. The round trip of `a + b` (one write, one read back) is what
fusion eliminated.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from backend.analysis.assemble import Analysis
from backend.analysis.trace import parse_trace
from tests.recorded import analysed, bundle_of, device_events, trace_of


@dataclass(frozen=True)
class Case:
    example: str
    elements: int
    array_bytes: int  # one fp32 array of `elements`, by hand


CASES = [
    Case("add_relu_2p24", 2**24, 67_108_864),
    Case("add_relu_2p26", 2**26, 268_435_456),
]
FUSED = "triton_poi_fused_add_relu_0"


@pytest.fixture(params=CASES, ids=lambda c: c.example)
def case(request: pytest.FixtureRequest) -> Case:
    c: Case = request.param
    return c


@pytest.fixture
def result(case: Case) -> Analysis:
    return analysed(case.example)


def test_hand_sizes_are_consistent(case: Case) -> None:
    assert case.elements * 4 == case.array_bytes
    assert bundle_of(case.example)["size"] == case.elements


# ---- eager --------------------------------------------------------------------------------


def test_eager_two_kernels_five_array_transfers(case: Case, result: Analysis) -> None:
    eager = result.variants["eager"]
    assert eager.kernel_count == 2
    assert len(eager.kernels) == 2
    assert eager.transfer_count == 5
    transfers = [t for k in eager.kernels for t in k.transfers]
    assert len(transfers) == 5
    assert all(t.bytes == case.array_bytes for t in transfers)
    assert [(t.tensor, t.direction) for t in transfers] == [
        ("a", "read"),
        ("b", "read"),
        ("a + b", "write"),
        ("a + b", "read"),
        ("output", "write"),
    ]
    assert [t.role for t in transfers] == [
        "input",
        "input",
        "intermediate",
        "intermediate",
        "output",
    ]
    assert all(t.shape == [case.elements] and t.dtype == "float32" for t in transfers)


def test_eager_byte_totals(case: Case, result: Analysis) -> None:
    eager = result.variants["eager"]
    assert eager.bytes_read == 3 * case.array_bytes
    assert eager.bytes_written == 2 * case.array_bytes
    expected = {
        "add_relu_2p24": (201_326_592, 134_217_728),
        "add_relu_2p26": (805_306_368, 536_870_912),
    }
    assert (eager.bytes_read, eager.bytes_written) == expected[case.example]
    add, relu = eager.kernels
    assert (add.bytes_read, add.bytes_written) == (2 * case.array_bytes, case.array_bytes)
    assert (relu.bytes_read, relu.bytes_written) == (case.array_bytes, case.array_bytes)


def test_eager_op_names_are_user_level(result: Analysis) -> None:
    add, relu = result.variants["eager"].kernels
    assert (add.op, relu.op) == ("aten::add", "aten::relu")
    assert (add.short_name, relu.short_name) == ("add", "relu")
    assert (add.kind, relu.kind) == ("elementwise", "elementwise")
    assert add.lines == relu.lines == [7]  # `return (a + b).relu()`
    assert add.graph is None and relu.graph is None
    assert add.source_ops == relu.source_ops == []


def test_relu_kernel_is_launched_by_clamp_min_in_the_trace(case: Case, result: Analysis) -> None:
    parsed = parse_trace(trace_of(case.example, "eager"))
    relu_kernel = parsed.kernels[1]
    assert relu_kernel.launch_op is not None and relu_kernel.user_op is not None
    assert parsed.ops[relu_kernel.launch_op].name == "aten::clamp_min"
    assert parsed.ops[relu_kernel.user_op].name == "aten::relu"
    assert "launch_clamp_scalar" in relu_kernel.name
    kernel = result.variants["eager"].kernels[1]
    assert kernel.name == relu_kernel.name
    assert kernel.op == "aten::relu"


def test_eager_kernels_carry_trace_launch_config_and_times(case: Case, result: Analysis) -> None:
    events = device_events(case.example, "eager")
    kernels = result.variants["eager"].kernels
    assert len(events) == 2
    blocks = case.elements // (128 * 8)  # 128 threads a block, 8 elements a thread
    for kernel, event in zip(kernels, events, strict=True):
        assert kernel.name == event["name"]
        assert kernel.grid == event["args"]["grid"] == [blocks, 1, 1]
        assert kernel.block == event["args"]["block"] == [128, 1, 1]
        assert kernel.stream == event["args"]["stream"]
        assert kernel.registers_per_thread == event["args"]["registers per thread"]
        assert kernel.dur_us == round(event["dur"], 3)
        assert kernel.dur_us > 0
    assert kernels[0].start_us == 0
    assert kernels[1].start_us == round(events[1]["ts"] - events[0]["ts"], 3)
    assert kernels[1].start_us > kernels[0].dur_us  # relu starts after add finished


# ---- compiled -----------------------------------------------------------------------------


def test_compiled_one_fused_kernel_three_transfers(case: Case, result: Analysis) -> None:
    compiled = result.variants["compiled"]
    assert compiled.kernel_count == 1
    assert compiled.transfer_count == 3
    (kernel,) = compiled.kernels
    assert kernel.name == kernel.short_name == FUSED
    assert kernel.kind == "fused"
    assert kernel.source_ops == ["add", "relu"]
    assert kernel.lines == [7]
    assert kernel.start_us == 0
    assert kernel.dur_us > 0
    assert [(t.tensor, t.direction, t.bytes) for t in kernel.transfers] == [
        ("a", "read", case.array_bytes),
        ("b", "read", case.array_bytes),
        ("output", "write", case.array_bytes),
    ]
    assert (kernel.bytes_read, kernel.bytes_written) == (2 * case.array_bytes, case.array_bytes)
    assert (compiled.bytes_read, compiled.bytes_written) == (2 * case.array_bytes, case.array_bytes)


def test_compiled_estimate_matches_inductor_kernel_num_gb(case: Case, result: Analysis) -> None:
    (kernel,) = result.variants["compiled"].kernels
    assert (
        kernel.estimated_bytes == kernel.bytes_read + kernel.bytes_written == 3 * case.array_bytes
    )
    # the cross-check is Inductor's own number, as recorded in the trace
    (launch,) = [
        e
        for e in trace_of(case.example, "compiled")["traceEvents"]
        if e.get("cat") == "cpu_op" and e.get("name") == FUSED
    ]
    assert round(launch["args"]["kernel_num_gb"] * 1e9) == 3 * case.array_bytes


def test_compiled_kernel_launch_config_from_trace(case: Case, result: Analysis) -> None:
    (event,) = device_events(case.example, "compiled")
    (kernel,) = result.variants["compiled"].kernels
    assert kernel.grid == event["args"]["grid"]
    assert kernel.block == event["args"]["block"]
    assert kernel.dur_us == round(event["dur"], 3)


# ---- round trips and totals ---------------------------------------------------------------


def test_one_round_trip_a_plus_b_eliminated(case: Case, result: Analysis) -> None:
    (trip,) = result.round_trips
    assert trip.tensor == "a + b"
    assert trip.bytes == 2 * case.array_bytes  # one write + one read back
    assert trip.shape == [case.elements]
    assert trip.dtype == "float32"
    assert trip.producer == "aten::add"
    assert trip.consumers == ["aten::relu"]
    assert trip.lines == [7]
    assert trip.eliminated is True
    assert trip.fused_into == FUSED


def test_totals(case: Case, result: Analysis) -> None:
    assert result.totals is not None
    assert result.totals.round_trips_eliminated == 1
    assert result.totals.bytes_saved == 2 * case.array_bytes
    expected = {"add_relu_2p24": 134_217_728, "add_relu_2p26": 536_870_912}
    assert result.totals.bytes_saved == expected[case.example]
    # what compile saved is exactly the eager-minus-compiled traffic
    eager, compiled = result.variants["eager"], result.variants["compiled"]
    eager_moved = eager.bytes_read + eager.bytes_written
    compiled_moved = compiled.bytes_read + compiled.bytes_written
    assert eager_moved - compiled_moved == result.totals.bytes_saved


# ---- timing -------------------------------------------------------------------------------


def test_speedup_is_ratio_of_wall_medians(case: Case, result: Analysis) -> None:
    bundle = bundle_of(case.example)
    eager_wall = bundle["eager"]["timing"]["median_us"]
    compiled_wall = bundle["compiled"]["timing"]["median_us"]
    assert result.variants["eager"].wall_time_us == round(eager_wall, 3)
    assert result.variants["compiled"].wall_time_us == round(compiled_wall, 3)
    assert result.speedup == round(round(eager_wall, 3) / round(compiled_wall, 3), 4)
    assert result.speedup == pytest.approx(eager_wall / compiled_wall, abs=1e-4)
    assert result.variants["eager"].timing_method == "cuda_events"
    assert result.variants["eager"].timing_repeats == bundle["eager"]["timing"]["repeats"] == 100


def test_kernel_speedup_is_ratio_of_summed_kernel_durations(case: Case, result: Analysis) -> None:
    eager_sum = sum(e["dur"] for e in device_events(case.example, "eager"))
    compiled_sum = sum(e["dur"] for e in device_events(case.example, "compiled"))
    assert result.variants["eager"].kernel_time_us == round(eager_sum, 3)
    assert result.variants["compiled"].kernel_time_us == round(compiled_sum, 3)
    assert result.kernel_speedup == round(round(eager_sum, 3) / round(compiled_sum, 3), 4)
    assert result.kernel_speedup == pytest.approx(eager_sum / compiled_sum, abs=1e-4)


def test_document_level_facts(case: Case, result: Analysis) -> None:
    assert result.device is not None and result.device.name == "NVIDIA H200"
    assert result.device.type == "cuda"
    assert result.versions.torch == "2.11.0+cu130"
    assert result.versions.driver == str(trace_of(case.example, "eager")["cuda_driver_version"])
    assert result.entry_point == "fn"
    assert result.correctness is not None and result.correctness.match is True
    assert result.compile is not None
    assert (result.compile.graph_count, result.compile.graph_breaks) == (1, [])
