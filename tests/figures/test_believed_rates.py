"""Rates come from the times the page believes: a variant whose kernel times the profiler
inflated past its timed call (by a real margin) has its bandwidth, % of peak and roofline
points over its kernel times fitted to that call, never over the inflated ones. The
recording is add_relu on a busy 2-core CPU: 2,636 µs of profiled kernels in
the compiled variant against 893 µs per timed call."""

from __future__ import annotations

from typing import Any

import pytest

from backend.analysis.hardware import apply_device
from backend.figures import compiled_bandwidth_sentence
from backend.figures.roofline import roofline_figure
from backend.result import RunResult, believed_time_scale, kernel_time_inflation
from tests.figures.test_roofline import rates, traces
from tests.recorded import cpu_recorded_run

MOVED = 12_000_000  # the compiled kernel's logical bytes: a and b read, the result written


class Timed:
    def __init__(self, kernel_time_us: float, wall_time_us: float) -> None:
        self.kernel_time_us, self.wall_time_us = kernel_time_us, wall_time_us


@pytest.mark.parametrize(
    ("kernel_us", "wall_us", "inflation"),
    [
        (605_811.8, 600_000.0, None),  # 1.0x: the two measurements' own noise, not inflation
        (120.0, 100.0, None),
        (125.0, 100.0, None),  # at the margin: still believed
        (130.0, 100.0, 1.3),
        (13_330.0, 457.0, 13_330 / 457),  # seed_style on a busy CPU
        (90.0, 100.0, None),  # kernels inside their call
        (100.0, 0.0, None),  # no timed call to believe instead
    ],
)
def test_kernel_times_are_inflated_only_past_a_real_margin(
    kernel_us: float, wall_us: float, inflation: float | None
) -> None:
    found = kernel_time_inflation(Timed(kernel_us, wall_us))
    assert found == (pytest.approx(inflation) if inflation is not None else None)
    scale = believed_time_scale(Timed(kernel_us, wall_us))
    assert scale == (pytest.approx(wall_us / kernel_us) if inflation is not None else 1.0)


def busy(peak: float) -> RunResult:
    run = cpu_recorded_run("add_relu_busy")
    assert run.device is not None
    run.device = run.device.model_copy(update={"peak_bandwidth_bytes_per_s": peak})
    apply_device({str(name): v for name, v in run.variants.items()}, run.device)
    return run


def test_the_recording_is_inflated_and_its_eager_variant_is_not() -> None:
    run = busy(1e10)
    compiled, eager = run.variants["compiled"], run.variants["eager"]
    assert kernel_time_inflation(compiled) == pytest.approx(2636.178 / 893.248)
    assert kernel_time_inflation(eager) is None  # 15.4 ms of kernels in a 37.2 ms call


def test_an_inflated_variant_streams_over_its_timed_call() -> None:
    """Over the inflated 2,636 µs the compiled kernel moved 4.6 GB/s, 46% of a 10 GB/s
    roof; over the 893 µs call the page believes, 13.4 GB/s: faster than the roof, so its
    data was in the cache, the opposite conclusion."""
    run = busy(1e10)
    compiled = run.variants["compiled"]
    wall = compiled.wall_time_us
    (kernel,) = compiled.kernels
    assert kernel.cache_resident and kernel.achieved_bandwidth_pct is None
    assert compiled.bandwidth_pct == round(100 * MOVED / (wall * 1e-6) / 1e10, 1)
    sentence = compiled_bandwidth_sentence(compiled, run.device)
    assert sentence is not None
    assert sentence.startswith(f"compiled moved its logical bytes at {compiled.bandwidth_pct:.0f}%")
    assert "over its time per call: the profiler inflated its kernel times" in sentence
    assert "largely resident in the last-level cache" in sentence


def test_below_the_roof_the_share_over_the_call_is_a_floor() -> None:
    run = busy(5e10)
    compiled = run.variants["compiled"]
    share = 100 * MOVED / (compiled.wall_time_us * 1e-6) / 5e10
    (kernel,) = compiled.kernels
    assert kernel.achieved_bandwidth_pct == round(share, 1)
    sentence = compiled_bandwidth_sentence(compiled, run.device)
    assert sentence is not None and f"reached at least {share:.0f}% of" in sentence, sentence
    eager_kernel = run.variants["eager"].kernels[0]  # believed: over its profiled time
    moved = eager_kernel.bytes_read + eager_kernel.bytes_written
    expected = round(100 * moved / (eager_kernel.dur_us * 1e-6) / 5e10, 1)
    assert eager_kernel.achieved_bandwidth_pct == expected


def _strip(figure: Any, variant: str) -> dict[str, Any]:
    (found,) = [t for t in traces(figure) if t.get("xaxis") == "x2" and t["name"] == variant]
    return found


def test_the_roofline_draws_an_inflated_variant_at_its_timed_call() -> None:
    run = busy(5e10)
    variants = {str(name): v for name, v in run.variants.items()}
    scales = {name: believed_time_scale(v) for name, v in variants.items()}
    figure = roofline_figure(rates(variants), run.device, scales)
    compiled = run.variants["compiled"]
    (x,) = _strip(figure, "compiled")["x"]
    assert x == pytest.approx(MOVED / (compiled.wall_time_us * 1e-6))
    (hover,) = _strip(figure, "compiled")["hovertext"]
    assert "fitted to the timed call (profiled 2,636.2)" in hover
    title = figure.layout.title.text
    assert "kernel times fitted to the timed call" in title and "compiled ÷3.0" in title
    eager = run.variants["eager"].kernels[0]
    assert _strip(figure, "eager")["x"][0] == pytest.approx(
        (eager.bytes_read + eager.bytes_written) / (eager.dur_us * 1e-6)
    )
