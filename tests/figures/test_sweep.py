"""The sweep curve, from the three recorded add_relu sizes (1,000,000, 2**24, 2**26)."""

from __future__ import annotations

import json

import pytest

from backend.figures import sweep_figure
from backend.result import RunResult, SweepPoint
from tests.recorded import recorded_run

SIZES = {"add_relu": 1_000_000, "add_relu_2p24": 2**24, "add_relu_2p26": 2**26}


def point(result: RunResult, size: int) -> SweepPoint:
    """The sweep point a finished run contributes, from its own document."""
    eager, compiled = result.variants["eager"], result.variants["compiled"]
    return SweepPoint(
        size=size,
        run_id=result.id,
        status=result.status,
        speedup=result.speedup,
        kernel_speedup=result.kernel_speedup,
        eager_bytes=eager.bytes_read + eager.bytes_written,
        compiled_bytes=compiled.bytes_read + compiled.bytes_written,
        eager_kernels=eager.kernel_count,
        compiled_kernels=compiled.kernel_count,
        speedup_interval=result.speedup_interval,
    )


def failed(size: int) -> SweepPoint:
    return SweepPoint(
        size=size,
        run_id=f"run-failed-{size}",
        status="failed",
        speedup=None,
        kernel_speedup=None,
        eager_bytes=None,
        compiled_bytes=None,
        eager_kernels=None,
        compiled_kernels=None,
    )


@pytest.fixture(scope="module")
def points() -> list[SweepPoint]:
    # add_relu ran at the snippet's default size, which its bundle does not record
    assert recorded_run("add_relu").round_trips[0].shape == [1_000_000]
    # largest first: the figure must sort by size, not trust the order it is given
    return [point(recorded_run(name), size) for name, size in reversed(SIZES.items())]


def test_one_point_is_not_a_curve(points: list[SweepPoint]) -> None:
    assert sweep_figure(points[:1]) is None
    assert sweep_figure([]) is None
    assert sweep_figure([points[0], failed(4096)]) is None  # one point with data


def test_curves_in_size_order_with_run_ids(points: list[SweepPoint]) -> None:
    figure = sweep_figure(points)
    assert figure is not None
    traces = {t.name: t for t in figure.data}
    assert list(traces) == [
        "speedup (wall time)",
        "speedup (kernel time)",
        "eager bytes moved",
        "compiled bytes moved",
    ]
    ordered = [recorded_run(name) for name in SIZES]
    for trace in traces.values():
        assert list(trace.x) == [1_000_000, 2**24, 2**26]
        assert [row[0] for row in trace.customdata] == [r.id for r in ordered]
        assert "%{customdata[0]}" in trace.hovertemplate
    assert list(traces["speedup (wall time)"].y) == [r.speedup for r in ordered]
    assert list(traces["speedup (kernel time)"].y) == [r.kernel_speedup for r in ordered]
    # 5 array transfers eager, 3 compiled, of 4 bytes per element
    assert list(traces["eager bytes moved"].y) == [5 * 4 * n for n in SIZES.values()]
    assert list(traces["compiled bytes moved"].y) == [3 * 4 * n for n in SIZES.values()]
    assert [traces["eager bytes moved"].customdata[i][1] for i in range(3)] == [
        "19.1 MiB",
        "320 MiB",
        "1.25 GiB",
    ]
    assert {t.yaxis for t in traces.values()} == {"y", "y2"}
    assert traces["eager bytes moved"].yaxis == "y2" and traces["speedup (wall time)"].yaxis == "y"
    layout = figure.layout
    assert layout.xaxis.type == "log" and layout.yaxis2.type == "log"
    assert "failed" not in layout.title.text
    json.loads(figure.to_json())


def test_failed_runs_are_left_out_and_said_so(points: list[SweepPoint]) -> None:
    figure = sweep_figure([*points, failed(4096), failed(2**28)])
    assert figure is not None
    assert all(list(t.x) == [1_000_000, 2**24, 2**26] for t in figure.data)
    assert "2 failed runs left out (size 4,096, 268,435,456)" in figure.layout.title.text
    figure = sweep_figure([*points, failed(4096)])
    assert figure is not None and "1 failed run left out (size 4,096)" in figure.layout.title.text


def test_a_series_with_no_values_is_not_drawn(points: list[SweepPoint]) -> None:
    without = [p.model_copy(update={"kernel_speedup": None}) for p in points]
    figure = sweep_figure(without)
    assert figure is not None
    assert "speedup (kernel time)" not in [t.name for t in figure.data]


def test_the_bytes_axis_is_written_in_binary_units_like_the_cards() -> None:
    points = [
        SweepPoint(
            size=size,
            run_id=f"r{size}",
            status="succeeded",
            speedup=1.0,
            kernel_speedup=1.0,
            eager_bytes=12 * size,
            compiled_bytes=8 * size,
            eager_kernels=2,
            compiled_kernels=1,
        )
        for size in (1_000, 1_000_000)
    ]
    figure = sweep_figure(points)
    assert figure is not None
    axis = figure.layout.yaxis2
    assert all(tick & (tick - 1) == 0 for tick in axis.tickvals)  # powers of two
    assert len(axis.tickvals) <= 6
    assert axis.ticktext == ("4 KiB", "32 KiB", "256 KiB", "2 MiB", "16 MiB")
    assert axis.tickformat is None and axis.ticksuffix is None


def test_speedups_are_drawn_on_a_log_axis_with_their_intervals(points: list[SweepPoint]) -> None:
    figure = sweep_figure(points)
    assert figure is not None
    assert figure.layout.yaxis.type == "log"  # 0.5x and 2x lie as far from 1x
    one_x = [s for s in figure.layout.shapes if s.y0 == 1 and s.y1 == 1 and s.yref == "y"]
    assert len(one_x) == 1
    wall = next(t for t in figure.data if t.name == "speedup (wall time)")
    ordered = [recorded_run(name) for name in SIZES]
    assert all(r.speedup_interval is not None for r in ordered)
    bars = wall.error_y
    assert bars.symmetric is False
    for i, run in enumerate(ordered):
        low, high = run.speedup_interval or (0.0, 0.0)
        assert run.speedup is not None
        assert bars.array[i] == pytest.approx(high - run.speedup)
        assert bars.arrayminus[i] == pytest.approx(run.speedup - low)
        assert wall.customdata[i][2] == f"{low:.2f}–{high:.2f}×"
    assert "90% interval" in wall.hovertemplate
