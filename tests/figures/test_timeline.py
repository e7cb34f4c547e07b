"""The kernel timeline: one bar per kernel on real recordings, level of detail on synthetic ones."""

from __future__ import annotations

import json
from typing import Any

import plotly.graph_objects as go
import pytest

from backend.figures import Lane, run_timeline, timeline_figure
from backend.figures.palette import EAGER_ISLAND, MERGED
from backend.figures.timeline_plan import MERGE_SPAN_PX
from backend.result import Kernel
from tests.factories import timed_kernel
from tests.recorded import H200_EXAMPLES, recorded_run


def bars(figure: go.Figure) -> list[tuple[str, str, float, float, list[Any]]]:
    """(trace name, lane, base, length, customdata) for every bar; `length` is the real
    span in µs (customdata[3]): the drawn `x` may be wider, see test_short_kernels_stay_visible."""
    return [
        (trace.name, lane, base, data[3], list(data))
        for trace in figure.data
        for lane, base, data in zip(trace.y, trace.base, trace.customdata, strict=True)
    ]


def lane_of(figure: go.Figure, label: str) -> list[tuple[str, str, float, float, list[Any]]]:
    return [bar for bar in bars(figure) if bar[1] == label]


# ---- recorded runs ------------------------------------------------------------------------


def test_add_relu_two_eager_bars_one_compiled_bar() -> None:
    figure = run_timeline(recorded_run("add_relu"))
    assert [(b[0], b[4][4]) for b in lane_of(figure, "eager")] == [
        ("elementwise", "add"),
        ("elementwise", "relu"),
    ]
    assert [(b[0], b[4][4]) for b in lane_of(figure, "compiled")] == [
        ("fused", "triton_poi_fused_add_relu_0")
    ]
    assert figure.layout.meta["kernels"] == 3 and figure.layout.meta["bars"] == 3
    assert figure.layout.meta["merged_bars"] == 0


@pytest.mark.parametrize("example", H200_EXAMPLES)
def test_customdata_maps_each_bar_back_to_its_kernel(example: str) -> None:
    result = recorded_run(example)
    lanes = [result.variants["eager"].kernels, result.variants["compiled"].kernels]
    figure = run_timeline(result)
    seen: list[tuple[int, int]] = []
    for _, label, base, length, data in bars(figure):
        lane, index, start, span = data[:4]
        assert label == ("eager", "compiled")[lane] and (base, length) == (start, span)
        if index >= 0:  # one kernel: the page opens lanes[lane][index]
            found: Kernel = lanes[lane][index]
            assert found.index == index and (start, span) == (found.start_us, found.dur_us)
            assert data[4] == found.short_name
            seen.append((lane, index))
        else:  # merged: kernels data[4] .. data[5]
            seen += [(lane, i) for i in range(data[4], data[5] + 1)]
    assert sorted(seen) == [(lane, k.index) for lane in (0, 1) for k in lanes[lane]]


def test_graph_break_draws_the_eager_island_in_the_compiled_lane() -> None:
    result = recorded_run("graph_break")
    islands = [k.index for k in result.variants["compiled"].kernels if k.graph is None]
    assert islands == [3]  # aten::_local_scalar_dense, between the two compiled graphs
    figure = run_timeline(result)
    drawn = [b for b in bars(figure) if b[0] == EAGER_ISLAND.label]
    assert [(b[1], b[4][1]) for b in drawn] == [("compiled", 3)]
    assert "ran eagerly between compiled graphs" in _trace(figure, EAGER_ISLAND.label).hovertemplate
    # eager kernels also have graph None, but they are the eager variant, not an island
    assert all(b[0] != EAGER_ISLAND.label for b in lane_of(figure, "eager"))


def test_hover_bandwidth_from_the_documents_numbers() -> None:
    add = recorded_run("add_relu").variants["eager"].kernels[0]
    assert (add.bytes_read, add.bytes_written, add.dur_us) == (8_000_000, 4_000_000, 2.304)
    extra = lane_of(run_timeline(recorded_run("add_relu")), "eager")[0][4][8]
    # 12,000,000 bytes in 2.304 µs = 5.208e12 B/s = 4.74 TiB/s (binary, like every byte count)
    assert extra == "<br>grid 977×1×1 · block 128×1×1<br>4.74 TiB/s achieved (logical bytes)"


def test_zero_length_kernel_has_no_bandwidth_and_no_launch_shape() -> None:
    figure = timeline_figure(
        [Lane("eager", [timed_kernel(0, 0.0, 0.0), timed_kernel(1, 1.0, 2.0)])]
    )
    first = lane_of(figure, "eager")[0][4]
    assert first[1] == 0 and first[8] == ""


def test_layout_lanes_top_to_bottom_and_x_only_zoom() -> None:
    figure = run_timeline(recorded_run("graph_break"))
    layout = figure.layout
    assert layout.barmode == "overlay" and layout.dragmode == "zoom"
    assert list(layout.yaxis.categoryarray) == ["eager", "compiled"]
    assert layout.yaxis.autorange == "reversed" and layout.yaxis.fixedrange is True
    assert layout.xaxis.title.text == "time (µs)"
    assert layout.height == 120 + 70 * 2
    assert layout.legend.orientation == "h"
    variants = recorded_run("graph_break").variants.values()
    end = max(k.start_us + k.dur_us for variant in variants for k in variant.kernels)
    assert layout.meta["extent_us"] == [0.0, end] == layout.meta["window_us"]


@pytest.mark.parametrize("example", H200_EXAMPLES)
def test_every_recorded_timeline_serialises(example: str) -> None:
    figure = run_timeline(recorded_run(example))
    document = json.loads(figure.to_json())
    result = recorded_run(example)
    total = sum(len(v.kernels) for v in result.variants.values())
    assert document["layout"]["meta"]["kernels"] == total


# ---- level of detail --------------------------------------------------------------------

N = 200_000


@pytest.fixture(scope="module")
def many() -> list[Kernel]:
    """200,000 kernels of 1 µs, one every 2 µs: 0 to 399,999 µs."""
    return [timed_kernel(i, 2.0 * i, 1.0) for i in range(N)]


def test_200k_kernels_become_a_few_merged_bars(many: list[Kernel]) -> None:
    figure = timeline_figure([Lane("eager", many)])
    meta = figure.layout.meta
    assert meta["kernels"] == N and meta["kernels_in_window"] == N
    assert meta["extent_us"] == [0.0, 2.0 * (N - 1) + 1.0]
    drawn = bars(figure)
    assert meta["bars"] == len(drawn) <= 4000
    assert {b[0] for b in drawn} == {MERGED.label}
    us_per_px = meta["extent_us"][1] / meta["width_px"]
    covered = 0
    for _, _, base, length, (lane, index, start, span, first, last, count, busy) in drawn:
        assert (lane, index) == (0, -1) and count == last - first + 1 == busy  # 1 µs each
        assert first == covered  # consecutive runs, nothing skipped or drawn twice
        assert (base, length) == (start, span) == (2.0 * first, 2.0 * last + 1.0 - 2.0 * first)
        assert span <= MERGE_SPAN_PX * us_per_px
        covered = last + 1
    assert covered == N


def test_zooming_in_gives_one_unmerged_bar_per_kernel_in_the_window(many: list[Kernel]) -> None:
    figure = timeline_figure([Lane("eager", many)], window=(1000.0, 1100.0))
    # kernel i spans [2i, 2i + 1]: it overlaps [1000, 1100] for i = 500 .. 549 (550 only
    # touches the end: it belongs to the next window)
    drawn = bars(figure)
    assert [b[4][1] for b in drawn] == list(range(500, 550))
    assert all(b[0] == "elementwise" and b[3] == 1.0 for b in drawn)
    meta = figure.layout.meta
    assert meta["window_us"] == [1000.0, 1100.0] and meta["kernels"] == N
    assert meta["kernels_in_window"] == meta["bars"] == 50 and meta["merged_bars"] == 0
    assert meta["kernels_in_window_by_lane"] == {"eager": 50}


def test_merged_runs_stop_at_a_visible_kernel() -> None:
    # 10 kernels of 1 ns every 2 ns, one of 5 µs at 10 µs, 10 more from 20 µs; at 1200 px
    # over 20.019 µs a pixel is 16.7 ns, so the tiny ones are invisible and the big one is not
    tiny = [timed_kernel(i, 0.002 * i, 0.001) for i in range(10)]
    big = [timed_kernel(10, 10.0, 5.0)]
    later = [timed_kernel(11 + i, 20.0 + 0.002 * i, 0.001) for i in range(10)]
    figure = timeline_figure([Lane("eager", tiny + big + later)])
    drawn = sorted(bars(figure), key=lambda b: b[2])
    assert [(b[0], b[4][1], b[4][4:7]) for b in drawn[::2]] == [
        (MERGED.label, -1, [0, 9, 10]),
        (MERGED.label, -1, [11, 20, 10]),
    ]
    assert (drawn[1][0], drawn[1][4][1]) == ("elementwise", 10)
    assert drawn[0][2] == 0.0 and drawn[0][3] == pytest.approx(0.019)
    assert drawn[0][4][7] == pytest.approx(0.01)  # ten kernels of 1 ns


def test_a_visible_gap_keeps_tiny_kernels_apart() -> None:
    # two 1 ns kernels 50 µs apart in a 100 µs window: each stays itself, unmerged
    lane = Lane(
        "eager",
        [timed_kernel(0, 0.0, 0.001), timed_kernel(1, 50.0, 0.001), timed_kernel(2, 99.0, 1.0)],
    )
    drawn = bars(timeline_figure([lane]))
    assert [(b[0], b[4][1]) for b in drawn] == [
        ("elementwise", 0),
        ("elementwise", 1),
        ("elementwise", 2),
    ]


def test_an_empty_lane_keeps_its_row() -> None:
    figure = timeline_figure([Lane("eager", [timed_kernel(0, 0.0, 5.0)]), Lane("compiled", [])])
    assert list(figure.layout.yaxis.categoryarray) == ["eager", "compiled"]
    assert figure.layout.meta["bars"] == 1


def test_no_kernels_at_all_still_serialises() -> None:
    figure = timeline_figure([Lane("eager", []), Lane("compiled", [])])
    assert figure.layout.meta["extent_us"] == [0.0, 0.0] and figure.layout.meta["bars"] == 0
    json.loads(figure.to_json())


def test_a_backwards_window_is_refused() -> None:
    with pytest.raises(ValueError, match="forwards"):
        timeline_figure([Lane("eager", [timed_kernel(0, 0.0, 1.0)])], window=(10.0, 5.0))


def _trace(figure: go.Figure, name: str) -> Any:
    (found,) = [t for t in figure.data if t.name == name]
    return found


def test_short_kernels_stay_visible_and_keep_their_real_duration() -> None:
    """400 kernels of 2 µs, 13 µs apart, on 1,200 px: each is under a pixel wide, but the
    gaps between them are visible, so none merge; each is drawn 2 px wide, without the white
    outline that would otherwise cover it, and its hover keeps the real 2 µs."""
    lane = Lane("eager", [timed_kernel(i, 13.0 * i, 2.0) for i in range(400)])
    figure = timeline_figure([lane], width_px=1200)
    trace = figure.data[0]
    us_per_px = (13.0 * 399 + 2.0) / 1200
    assert len(trace.x) == 400
    assert all(drawn == pytest.approx(2 * us_per_px) for drawn in trace.x)
    assert all(data[3] == 2.0 for data in trace.customdata)
    assert set(trace.marker.line.width) == {0.0}
    wide = timeline_figure(
        [Lane("eager", [timed_kernel(0, 0.0, 100.0), timed_kernel(1, 100.0, 100.0)])]
    )
    assert list(wide.data[0].marker.line.width) == [1.5, 1.5]
