"""Kernel timeline: one row per lane (variant), one horizontal bar per kernel.

Level of detail keeps the figure small whatever the kernel count: only kernels that
overlap the requested window are sent, and runs of kernels too narrow to see at that
zoom are drawn as one grey "merged" bar. The page asks again with a narrower window
(`?start_us=&end_us=&width_px=`) when the reader zooms, using `layout.meta`.

Two steps, so a large run's figure never needs every kernel whole: `plan_timeline` decides
the bars from each lane's start times and durations alone (`LaneTimes`, columns; a zoom
looks only at the kernels in its window), and `draw_timeline` draws them, given the few
kernels the plan draws on their own (`TimelinePlan.positions`). `timeline_figure` does
both for kernels already in memory.

customdata, one row per bar; the page's JavaScript relies on this layout:

    [0] lane index (0 = top lane)    [2] bar start, µs
    [1] `Kernel.index`, -1 merged    [3] bar length, µs

Kernel bars go on with [4] short name, [5] op, [6] bytes read, [7] bytes written (human
units), [8] extra hover lines (launch shape, bandwidth; may be empty), [9] the snippet
lines it came from, [10] its time line for the hover (as profiled; a lane drawn shrunk to
its timed call, see `fitted_to_calls`, says so). Bar start and length are drawn time, the
axis's. Merged bars go on with [4] first and [5] last `Kernel.index` of the run
(its lane's kernels from [4] to [5] in launch order), [6] how many kernels, [7] their summed
time in µs.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from itertools import accumulate, pairwise
from operator import add
from typing import Any

import plotly.graph_objects as go

from backend.figures.markup import plain
from backend.figures.palette import EAGER_ISLAND, KIND_STYLES, MERGED, BarStyle
from backend.figures.units import human_bytes, join_words
from backend.result import (
    CompiledMode,
    GraphBreak,
    Kernel,
    Noise,
    RunResult,
    profiler_inflated,
)

# A merged bar never grows past this many pixels, so hovering it still says something
# local and clicking it zooms somewhere useful; it also bounds merged bars per lane.
MERGE_SPAN_PX = 8.0
LANE_HEIGHT_PX = 70
BASE_HEIGHT_PX = 120
ISLAND = "island"
MERGED_KEY = "merged"
# One trace per style, in legend order: the legend reads by kind.
_STYLES: dict[str, BarStyle] = dict(KIND_STYLES.items())
_STYLES.update({ISLAND: EAGER_ISLAND, MERGED_KEY: MERGED})


@dataclass(frozen=True)
class Lane:
    """A lane whose kernels are in memory."""

    label: str
    kernels: Sequence[Kernel]
    # In a compiled lane, kernels outside every compiled graph ran eagerly (graph break).
    compiled: bool = False


@dataclass(frozen=True)
class LaneTimes:
    """One lane's kernels as columns, in launch order: all that level of detail reads."""

    label: str
    index: Sequence[int]  # Kernel.index of each
    start_us: Sequence[float]
    dur_us: Sequence[float]
    compiled: bool = False
    # Kernel.graph of each (None: ran eagerly); empty when not known. A compiled lane's
    # graph breaks are drawn where one graph's kernels end.
    graph: Sequence[int | None] = ()
    # drawn time = measured time x scale: below 1 for a lane the profiler inflated past its
    # timed call, drawn shrunk to that call (`fitted_to_calls`)
    scale: float = 1.0

    @classmethod
    def of(cls, lane: Lane) -> LaneTimes:
        kernels = lane.kernels
        return cls(
            lane.label,
            [k.index for k in kernels],
            [k.start_us for k in kernels],
            [k.dur_us for k in kernels],
            lane.compiled,
            [k.graph for k in kernels],
        )

    @cached_property
    def graph_ends_us(self) -> list[float]:
        """Where the compiled program was split: after the last kernel of a graph that
        something else follows (another graph, or eager code between graphs), and before
        eager code that ran ahead of the first graph. Each at the middle of the idle gap, if
        any. Empty for an eager lane."""
        if not self.compiled or len(self.graph) != len(self.start_us):
            return []
        ends: list[float] = []
        reach = float("-inf")  # the latest end of any kernel so far
        seen_graph = False
        for i, (before, after) in enumerate(pairwise(self.graph), start=1):
            reach = max(reach, self.start_us[i - 1] + self.dur_us[i - 1])
            seen_graph = seen_graph or before is not None
            graph_ended = before is not None and after != before
            first_graph_after_eager = before is None and after is not None and not seen_graph
            if graph_ended or first_graph_after_eager:
                start = self.start_us[i]
                ends.append((reach + start) / 2 if start > reach else start)
        return ends

    def __len__(self) -> int:
        return len(self.start_us)

    @cached_property
    def extent(self) -> tuple[float, float] | None:
        if not self.start_us:
            return None
        ends = map(add, self.start_us, self.dur_us)
        return min(self.start_us), max(ends)

    @cached_property
    def _reach(self) -> list[float] | None:
        """The latest end of any kernel up to each one, when starts never go back (one
        stream): then a window's kernels lie between two binary searches. None otherwise."""
        starts = self.start_us
        if any(later < earlier for earlier, later in pairwise(starts)):
            return None
        return list(accumulate(map(add, starts, self.dur_us), max))

    def in_window(self, low: float, high: float) -> Iterable[int]:
        """Positions of the kernels overlapping [low, high], in launch order. A kernel that
        only touches the window (ends at `low`, starts at `high`) belongs to the neighbour: a
        merged bar's window, asked for again, holds that bar's kernels and no more."""
        extent = self.extent
        if extent is None:
            return range(0)
        if low <= extent[0] and extent[1] <= high:  # the whole lane, as every page load asks
            return range(len(self))
        starts, durations, reach = self.start_us, self.dur_us, self._reach
        first, stop = 0, len(starts)
        if reach is not None:  # the first kernel to reach `low` .. the last to start by `high`
            first, stop = bisect_left(reach, low), bisect_right(starts, high)
        return (i for i in range(first, stop) if _overlaps(starts[i], durations[i], low, high))


def _overlaps(start: float, duration: float, low: float, high: float) -> bool:
    """Whether [start, start + duration] shares time with [low, high]; an instant (a zero
    duration, or a zero-width window) counts at either edge."""
    end = start + duration
    if duration == 0 or low == high:
        return start <= high and end >= low
    return start < high and end > low


MIN_BAR_PX = 2.0  # narrowest bar drawn
BREAK_COLOR = "#b42318"  # graph break markers: a red that reads on white and on the bars
OUTLINE_PX = 1.5  # white edge that keeps back-to-back kernels apart ...
OUTLINED_FROM_PX = 6.0  # ... drawn only on bars at least this wide


@dataclass
class _Run:
    """Consecutive too-narrow kernels of one lane, drawn as one merged bar."""

    first: int  # Kernel.index of the first and last
    last: int
    start_us: float
    end_us: float
    busy_us: float
    count: int = 1


# A bar of the plan: the position of a kernel drawn on its own, or a merged run.
Bar = int | _Run


@dataclass(frozen=True)
class _Scale:
    """Microsecond thresholds for the level of detail at one zoom."""

    min_us: float  # narrower than this: too small to see
    gap_us: float  # an idle gap narrower than this is invisible, so merging across it hides nothing
    span_us: float  # a merged bar stops growing here
    us_per_px: float = 1.0

    @classmethod
    def of(cls, window: tuple[float, float], width_px: int, min_px: float) -> _Scale:
        us_per_px = (window[1] - window[0]) / max(width_px, 1)
        span_px = max(MERGE_SPAN_PX, 2 * min_px)
        return cls(min_px * us_per_px, min_px * us_per_px, span_px * us_per_px, us_per_px)


@dataclass(frozen=True)
class TimelinePlan:
    """Which bars each lane gets at one window and width (see `plan_timeline`)."""

    lanes: Sequence[LaneTimes]
    bars: list[list[Bar]]  # per lane, in launch order
    window: tuple[float, float]
    extent: tuple[float, float]
    scale: _Scale
    width_px: int
    min_px: float

    @property
    def graph_ends_us(self) -> list[float]:
        """Every lane's graph breaks (µs), whether in the window or not."""
        return [x for lane in self.lanes for x in lane.graph_ends_us]

    def positions(self, lane: int) -> list[int]:
        """The kernels of lane `lane` drawn on their own: the only ones `draw_timeline`
        needs whole."""
        return [bar for bar in self.bars[lane] if isinstance(bar, int)]


@dataclass
class _Rows:
    """The columns of one bar trace."""

    base: list[float] = field(default_factory=list)
    length: list[float] = field(default_factory=list)
    lane: list[str] = field(default_factory=list)
    customdata: list[list[Any]] = field(default_factory=list)
    outline: list[float] = field(default_factory=list)


def run_timeline(result: RunResult, **options: Any) -> go.Figure:
    """Eager above compiled, then a lane per further compile mode, on one time
    axis (each variant starts at 0 µs)."""
    lanes = [
        Lane(name, variant.kernels, compiled=name != "eager")
        for name, variant in result.variants.items()
    ]
    breaks = result.compile.graph_breaks if result.compile is not None else []
    times = fitted_to_calls([LaneTimes.of(lane) for lane in lanes], result.noise, _walls(result))
    plan = plan_timeline(times, **options)
    kernels = [lane.kernels for lane in lanes]
    figure = draw_timeline(plan, kernels, breaks, mode_breaks(result.compiled_modes))
    return caption_if_inflated(figure, result.noise, _walls(result), result.speedup, times)


def compare_timeline(runs: Mapping[str, RunResult], *, width_px: int = 1200) -> go.Figure:
    """Several runs on one time axis, each variant a lane named "<tag> <variant>" (tags
    in `runs` order). A run the profiler inflated is drawn as on its own page: its lanes
    shrunk to their timed calls, with the same caption and call-end lines; a run it did
    not inflate keeps its profiled lengths, which agree with its clock."""
    lanes: list[Lane] = []
    times: list[LaneTimes] = []
    inflated_walls: dict[str, float | None] = {}
    speedups: list[str] = []
    for tag, result in runs.items():
        run_lanes = [
            Lane(f"{tag} {name}", variant.kernels, compiled=name != "eager")
            for name, variant in result.variants.items()
        ]
        walls = {f"{tag} {name}": wall for name, wall in _walls(result).items()}
        times += fitted_to_calls([LaneTimes.of(lane) for lane in run_lanes], result.noise, walls)
        lanes += run_lanes
        if profiler_inflated(result.noise):
            inflated_walls |= walls
            if result.speedup is not None:
                speedups.append(f"{tag} {result.speedup:.2f}x")
    plan = plan_timeline(times, width_px=width_px)
    figure = draw_timeline(plan, [lane.kernels for lane in lanes])
    if not inflated_walls:
        return figure
    return _inflation_caption(figure, inflated_walls, join_words(speedups), times)


def _walls(result: RunResult) -> dict[str, float | None]:
    return {name: v.wall_time_us for name, v in result.variants.items()}


def fitted_to_calls(
    lanes: Sequence[LaneTimes], noise: Sequence[Noise], walls_us: Mapping[str, float | None]
) -> list[LaneTimes]:
    """When the profiler inflated kernel times past the timed calls (noise kind
    profiler_overhead), each lane whose kernels span more than its timed call is drawn
    shrunk to that call: its bars keep their proportions, and the lanes' lengths then
    compare as the timed calls do (a fused kernel that wins on the clock is not drawn
    losing). Hover keeps each kernel's profiled time; the caption says what was scaled."""
    if not profiler_inflated(list(noise)):
        return list(lanes)
    return [_fitted(lane, walls_us.get(lane.label)) for lane in lanes]


def _fitted(lane: LaneTimes, wall_us: float | None) -> LaneTimes:
    extent = lane.extent
    if wall_us is None or wall_us <= 0 or extent is None or extent[1] <= wall_us:
        return lane
    scale = wall_us / extent[1]
    return replace(
        lane,
        start_us=[start * scale for start in lane.start_us],
        dur_us=[duration * scale for duration in lane.dur_us],
        scale=scale,
    )


def caption_if_inflated(
    figure: go.Figure,
    noise: Sequence[Noise],
    walls_us: Mapping[str, float | None],
    speedup: float | None,
    lanes: Sequence[LaneTimes] = (),
) -> go.Figure:
    """Bar lengths that contradict the timed calls must say so: the caption names the
    timed calls' numbers to believe instead, and which lanes were drawn shrunk to them;
    a dotted line across each lane marks where its timed call ends."""
    if not profiler_inflated(list(noise)):
        return figure
    speedup_words = f"{speedup:.2f}x" if speedup is not None else ""
    return _inflation_caption(figure, walls_us, speedup_words, lanes)


def _inflation_caption(
    figure: go.Figure,
    walls_us: Mapping[str, float | None],
    speedups: str,
    lanes: Sequence[LaneTimes],
) -> go.Figure:
    """The caption and call-end lines of `caption_if_inflated`, for the lanes whose timed
    calls are in `walls_us` (`speedups`: the timed calls' speedup, in words; may be empty)."""
    walls = ", ".join(
        f"{name} {wall:,.1f} µs" for name, wall in walls_us.items() if wall is not None
    )
    times = f" (speedup {speedups})" if speedups else ""
    shrunk = [f"{lane.label} ×{lane.scale:.2g}" for lane in lanes if lane.scale < 1]
    drawn = (
        f"<br>Drawn shrunk to the timed call: {join_words(shrunk)} (hover: profiled times)"
        if shrunk
        else ""
    )
    warning = (
        "Kernel times are inflated by the profiler on this busy CPU: believe the timed "
        f"calls,<br>{walls} per call{times}{drawn}"
    )
    figure.update_layout(
        title={"text": warning, "font": {"size": 12}, "x": 0, "xanchor": "left"},
        margin={"t": 112 if shrunk else 96},
    )
    markers = [_call_end(position, lane.label, walls_us) for position, lane in enumerate(lanes)]
    shapes = [m for m in markers if m is not None]
    if shapes:
        figure.update_layout(shapes=[*(figure.layout.shapes or ()), *shapes])
    return figure


def _call_end(position: int, label: str, walls_us: Mapping[str, float | None]) -> Any:
    wall = walls_us.get(label)
    if wall is None:
        return None
    return {
        "type": "line",
        "xref": "x",
        "yref": "y",
        "x0": wall,
        "x1": wall,
        "y0": position - 0.45,
        "y1": position + 0.45,
        "line": {"color": "#344054", "width": 2, "dash": "dot"},
        "name": f"{label} timed call ends",
    }


def mode_breaks(modes: Sequence[CompiledMode]) -> dict[str, Sequence[GraphBreak]]:
    """Each further compile mode's own graph breaks, by its variant (lane) name."""
    return {m.variant: m.compile.graph_breaks for m in modes[1:] if m.compile is not None}


def timeline_figure(
    lanes: Sequence[Lane],
    *,
    window: tuple[float, float] | None = None,
    width_px: int = 1200,
    min_px: float = 1.0,
    breaks: Sequence[GraphBreak] = (),
    lane_breaks: Mapping[str, Sequence[GraphBreak]] | None = None,
) -> go.Figure:
    """Bars for the kernels overlapping `window` (µs; default: everything), merged below `min_px`.

    `width_px` is the plot's width on screen: it decides which kernels are too narrow to see.
    `breaks` (the run's graph breaks) label the markers drawn where a compiled graph ends;
    `lane_breaks` a further compile mode's lane by its own.
    """
    times = [LaneTimes.of(lane) for lane in lanes]
    plan = plan_timeline(times, window=window, width_px=width_px, min_px=min_px)
    return draw_timeline(plan, [lane.kernels for lane in lanes], breaks, lane_breaks)


def plan_timeline(
    lanes: Sequence[LaneTimes],
    *,
    window: tuple[float, float] | None = None,
    width_px: int = 1200,
    min_px: float = 1.0,
) -> TimelinePlan:
    """The bars of `timeline_figure`, decided from start times and durations alone."""
    extent = _extent(lanes)
    low, high = window if window is not None else extent
    window = (float(low), float(high))
    if not window[1] >= window[0]:
        raise ValueError(f"window must run forwards, got {window}")
    scale = _Scale.of(window, width_px, min_px)
    bars = [_level_of_detail(lane, lane.in_window(*window), scale) for lane in lanes]
    return TimelinePlan(lanes, bars, window, extent, scale, width_px, min_px)


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
            drawn = bar if isinstance(bar, _Run) else kernels[position][bar]
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


def _extent(lanes: Sequence[LaneTimes]) -> tuple[float, float]:
    extents = [lane.extent for lane in lanes if lane.extent is not None]
    if not extents:
        return (0.0, 0.0)
    return min(e[0] for e in extents), max(e[1] for e in extents)


def _level_of_detail(lane: LaneTimes, positions: Iterable[int], scale: _Scale) -> list[Bar]:
    """One pass: visible kernels pass through; runs of invisible ones become one bar.
    (A hot loop over every kernel of a full view: locals, no calls per kernel.)"""
    starts, durations, indexes = lane.start_us, lane.dur_us, lane.index
    min_us, gap_us, span_us = scale.min_us, scale.gap_us, scale.span_us
    bars: list[Bar] = []
    run: _Run | None = None
    first = -1  # position of the run's first kernel: a run of one stays that kernel
    for i in positions:
        start, duration = starts[i], durations[i]
        end = start + duration
        if duration >= min_us:
            _close(bars, run, first)
            run = None
            bars.append(i)
            continue
        if run is not None and start - run.end_us <= gap_us:
            reach = end if end > run.end_us else run.end_us
            if reach - run.start_us <= span_us:
                run.last = indexes[i]
                run.end_us = reach
                run.busy_us += duration
                run.count += 1
                continue
        _close(bars, run, first)
        run, first = _Run(indexes[i], indexes[i], start, end, duration), i
    _close(bars, run, first)
    return bars


def _close(bars: list[Bar], run: _Run | None, first: int) -> None:
    if run is not None:
        # a lone narrow kernel stays itself: merging one kernel would only hide its name
        bars.append(first if run.count == 1 else run)


def _add_bar(
    rows: dict[str, _Rows], position: int, lane: LaneTimes, bar: Kernel | _Run, scale: _Scale
) -> None:
    """A bar in drawn time: a merged run's times are the lane's (already scaled), a
    kernel's are scaled here; its hover line [10] says its profiled time."""
    label, compiled = lane.label, lane.compiled
    if isinstance(bar, _Run):
        key = MERGED_KEY
        span = bar.end_us - bar.start_us
        data: list[Any] = [position, -1, bar.start_us, span, bar.first, bar.last, bar.count]
        data.append(round(bar.busy_us, 3))
        start, length = bar.start_us, span
    else:
        key = ISLAND if compiled and bar.graph is None else bar.kind
        start, length = bar.start_us * lane.scale, bar.dur_us * lane.scale
        data = [position, bar.index, start, length, *_kernel_hover(bar), bar.lines]
        data.append(_time_line(bar, lane.scale))
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
