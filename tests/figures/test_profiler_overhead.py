"""Kernel times the profiler inflated beyond the timed calls: the report and the timeline
say which numbers to believe."""

from backend.figures.timeline import run_timeline
from backend.report import render
from backend.result import Noise, RunResult
from tests.recorded import recorded_run

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
