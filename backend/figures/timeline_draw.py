"""Drawing a timeline plan: one row per lane, one horizontal bar per kernel or merged run.

customdata, one row per bar; the page's JavaScript relies on this layout:

    [0] lane index (0 = top lane)    [2] bar start, µs
    [1] `Kernel.index`, -1 merged    [3] bar length, µs

Kernel bars go on with [4] short name, [5] op, [6] bytes read, [7] bytes written (human
units), [8] extra hover lines (launch shape, bandwidth; may be empty), [9] the snippet
lines it came from, [10] its time line for the hover (as profiled; a lane drawn shrunk to
its timed call, see `fitted_to_calls`, says so), [11] its module (`Kernel.module`, null
outside any). Bar start and length are drawn time, the
axis's. Merged bars go on with [4] first and [5] last `Kernel.index` of the run
(its lane's kernels from [4] to [5] in launch order), [6] how many kernels, [7] their summed
time in µs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import plotly.graph_objects as go

from backend.figures.markup import plain
from backend.figures.palette import EAGER_ISLAND, KIND_STYLES, MERGED, BarStyle
from backend.figures.timeline_lanes import LaneTimes
from backend.figures.timeline_plan import DetailScale, MergedRun, TimelinePlan
from backend.figures.units import human_bytes, join_words
from backend.result import GraphBreak, Kernel

LANE_HEIGHT_PX = 70
BASE_HEIGHT_PX = 120
ISLAND = "island"
MERGED_KEY = "merged"
# One trace per style, in legend order: the legend reads by kind.
_STYLES: dict[str, BarStyle] = dict(KIND_STYLES.items())
_STYLES.update({ISLAND: EAGER_ISLAND, MERGED_KEY: MERGED})


MIN_BAR_PX = 2.0  # narrowest bar drawn
BREAK_COLOR = "#b42318"  # graph break markers: a red that reads on white and on the bars
OUTLINE_PX = 1.5  # white edge that keeps back-to-back kernels apart ...
OUTLINED_FROM_PX = 6.0  # ... drawn only on bars at least this wide


@dataclass
class _Rows:
    """The columns of one bar trace."""

    base: list[float] = field(default_factory=list)
    length: list[float] = field(default_factory=list)
    lane: list[str] = field(default_factory=list)
    customdata: list[list[Any]] = field(default_factory=list)
    outline: list[float] = field(default_factory=list)


def draw_timeline(
    plan: TimelinePlan,
    kernels: Sequence[Mapping[int, Kernel] | Sequence[Kernel]],
    breaks: Sequence[GraphBreak] = (),
    lane_breaks: Mapping[str, Sequence[GraphBreak]] | None = None,
) -> go.Figure:
    """The figure of `plan`; `kernels[i]` holds (at least) lane i's `plan.positions(i)`.
    Where a compiled lane's graph ends, a dashed marker labelled from `breaks`, or from
    `lane_breaks[label]` for a lane of its own compile (a further mode's)."""
    rows: dict[str, _Rows] = {}
    for position, (lane, bars) in enumerate(zip(plan.lanes, plan.bars, strict=True)):
        for bar in bars:
            drawn = bar if isinstance(bar, MergedRun) else kernels[position][bar]
            _add_bar(rows, position, lane, drawn, plan.scale)
    figure = go.Figure([_trace(key, rows[key]) for key in _STYLES if key in rows])
    figure.update_layout(_layout(plan.lanes, plan.window))
    markers = _break_markers(plan, breaks, lane_breaks or {})
    figure.update_layout(
        shapes=[shape for shape, _ in markers], annotations=[note for _, note in markers]
    )
    figure.update_layout(meta=_meta(plan, rows) | {"graph_breaks_us": plan.graph_ends_us})
    return figure


def _break_markers(
    plan: TimelinePlan,
    run_breaks: Sequence[GraphBreak],
    lane_breaks: Mapping[str, Sequence[GraphBreak]],
) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """A dashed line across the compiled lane at each split, and a label above it. When
    the splits and the recorded breaks are as many, each is named by its own break (in
    order); otherwise each label lists them all."""
    markers = []
    for position, lane in enumerate(plan.lanes):
        ends = lane.graph_ends_us
        breaks = lane_breaks.get(lane.label, run_breaks)
        for k, x in enumerate(ends):
            if not plan.window[0] <= x <= plan.window[1]:
                continue
            named = [breaks[k]] if len(breaks) == len(ends) else list(breaks)
            lines = sorted({b.line for b in named if b.line is not None})
            where = f" · line {join_words([str(n) for n in lines])}" if lines else ""
            reasons = "<br>".join(
                plain(f"line {b.line}: {b.reason}" if b.line else b.reason) for b in named
            )
            shape = {
                "type": "line",
                "xref": "x",
                "yref": "y",
                "x0": x,
                "x1": x,
                "y0": position - 0.45,
                "y1": position + 0.45,
                "line": {"color": BREAK_COLOR, "width": 2, "dash": "dash"},
            }
            note = {
                "x": x,
                "y": lane.label,
                "yshift": LANE_HEIGHT_PX * 0.3,
                "text": "graph break" + where,
                "showarrow": False,
                "font": {"color": BREAK_COLOR, "size": 11},
                "bgcolor": "rgba(255,255,255,0.85)",
                "hovertext": reasons or "the compiled program was split here",
            }
            markers.append((shape, note))
    return markers


def _add_bar(
    rows: dict[str, _Rows],
    position: int,
    lane: LaneTimes,
    bar: Kernel | MergedRun,
    scale: DetailScale,
) -> None:
    """A bar in drawn time: a merged run's times are the lane's (already scaled), a
    kernel's are scaled here; its hover line [10] says its profiled time."""
    label, compiled = lane.label, lane.compiled
    if isinstance(bar, MergedRun):
        key = MERGED_KEY
        span = bar.end_us - bar.start_us
        data: list[Any] = [position, -1, bar.start_us, span, bar.first, bar.last, bar.count]
        data.append(round(bar.busy_us, 3))
        start, length = bar.start_us, span
    else:
        key = ISLAND if compiled and bar.graph is None else bar.kind
        start, length = bar.start_us * lane.scale, bar.dur_us * lane.scale
        data = [position, bar.index, start, length, *_kernel_hover(bar), bar.lines]
        data += [_time_line(bar, lane.scale), bar.module]
    target = rows.setdefault(key, _Rows())
    target.base.append(start)
    # Drawn at least MIN_BAR_PX wide so a lone short kernel stays visible (hover and
    # customdata keep its real duration); an outline only where it leaves room for the fill.
    target.length.append(max(length, MIN_BAR_PX * scale.us_per_px))
    target.outline.append(OUTLINE_PX if length >= OUTLINED_FROM_PX * scale.us_per_px else 0.0)
    target.lane.append(label)
    target.customdata.append(data)


def _kernel_hover(kernel: Kernel) -> list[Any]:
    extra = ""
    if kernel.grid and kernel.block:
        extra += f"<br>grid {_dims(kernel.grid)} · block {_dims(kernel.block)}"
    if kernel.dur_us > 0:
        moved = kernel.bytes_read + kernel.bytes_written
        per_second = human_bytes(round(moved / (kernel.dur_us / 1e6)))
        extra += f"<br>{per_second}/s achieved (logical bytes)"
    read, written = human_bytes(kernel.bytes_read), human_bytes(kernel.bytes_written)
    # the names come from the run: escaped, or Plotly would render markup in them
    return [plain(kernel.short_name), plain(kernel.op or "–"), read, written, extra]


def _time_line(kernel: Kernel, scale: float) -> str:
    measured = f"{kernel.dur_us:,.3f} µs, from {kernel.start_us:,.3f} µs"
    if scale >= 1:
        return measured
    return f"{measured} as profiled (drawn ×{scale:.2g}: the profiler inflated it)"


def _dims(values: Sequence[int]) -> str:
    return "×".join(str(v) for v in values)


def _trace(key: str, rows: _Rows) -> go.Bar:
    style = _STYLES[key]
    return go.Bar(
        orientation="h",
        name=style.label,
        base=rows.base,
        x=rows.length,
        y=rows.lane,
        customdata=rows.customdata,
        hovertemplate=_MERGED_HOVER if key == MERGED_KEY else _kernel_template(style, key),
        marker=style.marker() | {"line": {"color": "white", "width": rows.outline}},
        width=0.6,
    )


_MERGED_HOVER = (
    "<b>%{customdata[6]:,} kernels, total %{customdata[7]:,.3f} µs — zoom in</b><br>"
    "from %{customdata[2]:,.3f} µs, spanning %{customdata[3]:,.3f} µs<extra>%{y}</extra>"
)


def _kernel_template(style: BarStyle, key: str) -> str:
    island = "<br>ran eagerly between compiled graphs" if key == ISLAND else ""
    return (
        f"<b>%{{customdata[4]}}</b> · {style.label}{island}<br>op %{{customdata[5]}}<br>"
        "%{customdata[10]}<br>"
        "read %{customdata[6]} · written %{customdata[7]}%{customdata[8]}<extra>%{y}</extra>"
    )


def _layout(lanes: Sequence[LaneTimes], window: tuple[float, float]) -> dict[str, Any]:
    return {
        "barmode": "overlay",
        "dragmode": "zoom",
        "height": BASE_HEIGHT_PX + LANE_HEIGHT_PX * len(lanes),
        "margin": {"l": 80, "r": 16, "t": 48, "b": 48},
        # shown even with one trace: "merged: zoom in" must be explained when it is all there is
        "showlegend": True,
        "legend": {"orientation": "h", "x": 0, "y": 1.02, "yanchor": "bottom"},
        "hovermode": "closest",
        "xaxis": {"title": {"text": "time (µs)"}, "range": _padded(window), "zeroline": False},
        # categoryarray also keeps a lane that has no bar in this window on the chart
        "yaxis": {
            "type": "category",
            "categoryorder": "array",
            "categoryarray": [lane.label for lane in lanes],
            "autorange": "reversed",
            "fixedrange": True,
        },
    }


def _kernels_in(customdata: list[Any]) -> int:
    return int(customdata[6]) if customdata[1] < 0 else 1


def _padded(window: tuple[float, float]) -> list[float]:
    """The window plus 1% each side, so bars at its edges are not cut by the frame."""
    pad = (window[1] - window[0]) * 0.01 or 1.0
    return [window[0] - pad, window[1] + pad]


def _meta(plan: TimelinePlan, rows: dict[str, _Rows]) -> dict[str, Any]:
    """What the page needs to ask for a finer figure, and to say what it is looking at."""
    in_window = dict.fromkeys((lane.label for lane in plan.lanes), 0)
    for r in rows.values():
        for lane, data in zip(r.lane, r.customdata, strict=True):
            in_window[lane] += _kernels_in(data)
    return {
        "extent_us": list(plan.extent),
        "window_us": list(plan.window),
        "width_px": plan.width_px,
        "min_px": plan.min_px,
        "lanes": [lane.label for lane in plan.lanes],
        "kernels": sum(len(lane) for lane in plan.lanes),
        "kernels_in_window": sum(in_window.values()),
        "kernels_in_window_by_lane": in_window,
        "bars": sum(len(r.base) for r in rows.values()),
        "merged_bars": len(rows[MERGED_KEY].base) if MERGED_KEY in rows else 0,
    }
