"""Every example snippet runs end to end on the CPU, and the numbers hang together."""

from __future__ import annotations

import pytest

from backend.result import RunResult, believed_time_scale
from tests.engine.runner import Runner
from tests.paths import EXAMPLES_DIR

pytestmark = pytest.mark.slow

ALL_EXAMPLES = sorted(p.stem for p in EXAMPLES_DIR.glob("*.py"))


@pytest.fixture(scope="module")
def results(run: Runner) -> dict[str, RunResult]:
    return {name: run((EXAMPLES_DIR / f"{name}.py").read_text()) for name in ALL_EXAMPLES}


@pytest.mark.parametrize("name", ALL_EXAMPLES)
def test_example_succeeds_with_consistent_numbers(results: dict[str, RunResult], name: str) -> None:
    result = results[name]
    assert result.status == "succeeded", result.error
    assert result.correctness is not None and result.correctness.match is True
    for variant in result.variants.values():
        assert variant.kernel_count == len(variant.kernels) > 0
        assert variant.transfer_count == sum(len(k.transfers) for k in variant.kernels)
        reads = sum(t.bytes for k in variant.kernels for t in k.transfers if t.direction == "read")
        assert variant.bytes_read == reads
        assert variant.wall_time_us > 0 and variant.timing_repeats >= 5
        assert variant.kernels[0].start_us == 0
    eager, compiled = result.variants["eager"], result.variants["compiled"]
    # Speedups are kept to 4 decimals: within 1e-3 of the ratio, or of its last digit.
    wall, kernel = (
        eager.wall_time_us / compiled.wall_time_us,
        eager.kernel_time_us / compiled.kernel_time_us,
    )
    assert result.speedup == pytest.approx(wall, rel=1e-3, abs=5e-5)
    assert result.kernel_speedup == pytest.approx(kernel, rel=1e-3, abs=5e-5)
    assert compiled.kernel_count <= eager.kernel_count


def test_add_relu_is_the_article_picture(results: dict[str, RunResult]) -> None:
    result = results["add_relu"]
    size = 1_000_000 * 4
    eager, compiled = result.variants["eager"], result.variants["compiled"]
    assert (eager.kernel_count, eager.transfer_count) == (2, 5)
    assert (compiled.kernel_count, compiled.transfer_count) == (1, 3)
    assert (eager.bytes_read, eager.bytes_written) == (3 * size, 2 * size)
    assert (compiled.bytes_read, compiled.bytes_written) == (2 * size, size)
    assert [k.op for k in eager.kernels] == ["aten::add", "aten::relu"]
    assert compiled.kernels[0].name == "cpp_fused_add_relu_0"
    assert compiled.kernels[0].kind == "fused"
    assert compiled.kernels[0].lines == [7]
    [trip] = result.round_trips
    assert trip.tensor == "a + b" and trip.bytes == 2 * size
    assert (trip.producer, trip.consumers) == ("aten::add", ["aten::relu"])
    assert trip.eliminated and trip.fused_into == "cpp_fused_add_relu_0"
    assert result.totals is not None and result.totals.bytes_saved == 2 * size


def test_add_relu_is_measured_against_the_devices_own_peak(results: dict[str, RunResult]) -> None:
    """The worker measured this machine's bandwidth; each kernel's share of it
    is its logical bytes over the time the page believes (its profiled time, fitted to the
    timed call when the profiler inflated it), or it is marked cache-resident, never above
    100%."""
    result = results["add_relu"]
    assert result.device is not None
    peak = result.device.peak_bandwidth_bytes_per_s
    assert peak is not None and 1e8 < peak < 1e14, peak
    assert result.device.peak_flops and result.device.peak_flops["float32"] > 0
    for variant in result.variants.values():
        scale = believed_time_scale(variant)
        for kernel in variant.kernels:
            rate = (kernel.bytes_read + kernel.bytes_written) / (kernel.dur_us * scale * 1e-6)
            if kernel.cache_resident:
                assert kernel.achieved_bandwidth_pct is None and rate > peak
            else:
                assert kernel.achieved_bandwidth_pct == round(100 * rate / peak, 1)


def test_gelu_chain_eliminates_every_intermediate(results: dict[str, RunResult]) -> None:
    result = results["gelu_chain"]
    assert result.variants["eager"].kernel_count == 4
    assert result.variants["compiled"].kernel_count == 1
    assert [t.tensor for t in result.round_trips] == ["a * b", "a * b + 1.0", "gelu(a * b + 1.0)"]
    assert all(t.eliminated for t in result.round_trips)


def test_graph_break_is_reported_with_its_line(results: dict[str, RunResult]) -> None:
    compile_info = results["graph_break"].compile
    assert compile_info is not None and compile_info.graph_count == 2
    assert [b.line for b in compile_info.graph_breaks] == [8]
    compiled = results["graph_break"].variants["compiled"]
    islands = [k for k in compiled.kernels if k.graph is None]
    assert [k.op for k in islands] == ["aten::_local_scalar_dense"]


def test_views_move_nothing_and_in_place_reads_and_writes(results: dict[str, RunResult]) -> None:
    eager = results["inplace_and_views"].variants["eager"]
    assert "aten::t" not in [k.op for k in eager.kernels]
    [mul] = [k for k in eager.kernels if k.op == "aten::mul_"]
    assert mul.bytes_read == mul.bytes_written == 2048 * 2048 * 4
    assert {t.tensor for t in mul.transfers} == {"z"}


def test_broadcast_input_counts_its_real_size(results: dict[str, RunResult]) -> None:
    eager = results["broadcast_bias"].variants["eager"]
    [add] = [k for k in eager.kernels if k.op == "aten::add"]
    bias = [t for t in add.transfers if t.tensor == "bias"]
    assert [t.bytes for t in bias] == [2048 * 4]


def test_matmul_output_stays_in_memory_but_bias_add_is_fused(
    results: dict[str, RunResult],
) -> None:
    trips = {t.tensor: t for t in results["mlp_bias_gelu"].round_trips}
    assert set(trips) == {"x @ w", "x @ w + bias"}
    assert any(k.kind == "matmul" for k in results["mlp_bias_gelu"].variants["compiled"].kernels)


def test_three_contract_styles(results: dict[str, RunResult]) -> None:
    assert results["add_relu"].entry_point == "fn"
    assert results["kernelbench_style"].entry_point == "Model"
    assert any("moved it to" in note for note in results["kernelbench_style"].notes)
    assert results["seed_style"].entry_point == "add_relu"
    seed = results["seed_style"].variants
    assert (seed["eager"].transfer_count, seed["compiled"].transfer_count) == (5, 3)


def test_many_small_ops_collapse_into_one_kernel(results: dict[str, RunResult]) -> None:
    result = results["many_small_ops"]
    assert result.variants["eager"].kernel_count == 400
    assert result.variants["compiled"].kernel_count == 1
