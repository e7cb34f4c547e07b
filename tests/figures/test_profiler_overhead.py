"""Kernel times the profiler inflated beyond the timed calls: the report and the timeline
say which numbers to believe."""

from typing import Any

import pytest

from backend.figures.timeline import compare_timeline, run_timeline
from backend.report import render
from backend.result import Noise, RunResult, profiler_inflated
from tests.recorded import cpu_recorded_run, recorded_run

INFLATED = Noise(kind="profiler_overhead", message="The compiled variant's profiled kernels...")


def _inflated() -> RunResult:
    run = recorded_run("add_relu").model_copy(deep=True)
    run.noise = [INFLATED]
    return run


def test_the_timeline_says_to_believe_the_timed_calls() -> None:
    run = _inflated()
    title = run_timeline(run).layout.title.text
    assert title is not None and "inflated by the profiler" in title
    for name, variant in run.variants.items():
        assert variant.wall_time_us is not None
        assert f"{name} {variant.wall_time_us:,.1f} µs" in title


def test_an_honest_timeline_has_no_warning() -> None:
    assert run_timeline(recorded_run("add_relu")).layout.title.text is None


def test_the_report_discounts_the_kernel_time_speedup() -> None:
    assert "believe the wall time" in render(_inflated())
    assert "believe the wall time" not in render(recorded_run("add_relu"))


def _lane_ends(figure: Any) -> dict[str, float]:
    """Where each lane's last bar ends, in drawn time."""
    ends: dict[str, float] = {}
    for trace in figure.data:
        for lane, base, length in zip(trace.y, trace.base, trace.x, strict=True):
            ends[lane] = max(ends.get(lane, 0.0), base + length)
    return ends


def test_an_inflated_lane_is_drawn_to_its_timed_call() -> None:
    """add_relu recorded on the 2-core machine with a busy process per core: the fused
    kernel's profiled 2.6 ms against 893 µs per timed call, eager's 37 ms per call. The
    timed calls say compiled wins; so must the lanes' lengths."""
    run = cpu_recorded_run("add_relu_busy")
    eager, compiled = run.variants["eager"], run.variants["compiled"]
    assert compiled.wall_time_us is not None and eager.wall_time_us is not None
    assert compiled.kernel_time_us > compiled.wall_time_us  # inflated, and flagged
    assert profiler_inflated(run.noise)
    figure = run_timeline(run)
    ends = _lane_ends(figure)
    assert ends["compiled"] == pytest.approx(compiled.wall_time_us, rel=0.01)
    assert ends["compiled"] < ends["eager"]  # the fused kernel wins, as the clock says
    assert "compiled ×0.34" in figure.layout.title.text
    hovers = [row[10] for trace in figure.data for row in trace.customdata if row[1] >= 0]
    profiled = f"{compiled.kernels[0].dur_us:,.3f} µs"
    assert any(h.startswith(profiled) and "as profiled (drawn ×0.34" in h for h in hovers)
    ticks = [s for s in figure.layout.shapes if s.name and s.name.endswith("timed call ends")]
    assert {s.name: s.x0 for s in ticks} == {
        "eager timed call ends": eager.wall_time_us,
        "compiled timed call ends": compiled.wall_time_us,
    }


def test_a_timeline_the_profiler_did_not_inflate_is_drawn_as_profiled() -> None:
    run = recorded_run("add_relu")
    figure = run_timeline(run)
    ends = _lane_ends(figure)
    kernels = run.variants["compiled"].kernels
    assert ends["compiled"] == pytest.approx(max(k.start_us + k.dur_us for k in kernels))
    assert not figure.layout.shapes


def test_the_compare_timeline_draws_an_inflated_run_to_its_timed_calls() -> None:
    """Compare the busy-CPU add_relu run with the H200 one: the busy run's lanes are drawn
    as on its own page (compiled shrunk to its timed call, same caption, call-end lines);
    the H200 run, which the profiler did not inflate, keeps its profiled lengths."""
    busy, h200 = cpu_recorded_run("add_relu_busy"), recorded_run("add_relu")
    figure = compare_timeline({"A": busy, "B": h200})
    ends = _lane_ends(figure)
    busy_compiled, busy_eager = busy.variants["compiled"], busy.variants["eager"]
    assert busy_compiled.wall_time_us is not None and busy_eager.wall_time_us is not None
    assert ends["A compiled"] == pytest.approx(busy_compiled.wall_time_us, rel=0.01)
    assert ends["A compiled"] < ends["A eager"]  # the fused kernel wins, as the clock says
    h200_kernels = h200.variants["compiled"].kernels
    # customdata: drawn start and length (on this 37 ms axis its bar is widened to be seen)
    b_bars = [row for trace in figure.data for row in trace.customdata if row[0] == 3]
    assert max(row[2] + row[3] for row in b_bars) == pytest.approx(
        max(k.start_us + k.dur_us for k in h200_kernels)
    )
    title = figure.layout.title.text
    assert title is not None and "inflated by the profiler" in title
    assert f"A compiled {busy_compiled.wall_time_us:,.1f} µs" in title
    assert "A compiled ×0.34" in title and "B compiled" not in title
    assert busy.speedup is not None and f"speedup A {busy.speedup:.2f}×" in title
    ticks = {s.name: s.x0 for s in figure.layout.shapes if s.name}
    assert ticks == {
        "A eager timed call ends": busy_eager.wall_time_us,
        "A compiled timed call ends": busy_compiled.wall_time_us,
    }


def test_the_run_page_and_compare_draw_an_inflated_run_alike() -> None:
    run = cpu_recorded_run("add_relu_busy")
    alone, compared = _lane_ends(run_timeline(run)), _lane_ends(compare_timeline({"A": run}))
    assert {f"A {lane}": end for lane, end in alone.items()} == pytest.approx(compared)


def test_a_compare_of_honest_runs_has_no_caption() -> None:
    figure = compare_timeline({"A": recorded_run("add_relu"), "B": recorded_run("gelu_chain")})
    assert figure.layout.title.text is None and not figure.layout.shapes
