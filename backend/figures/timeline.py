"""Kernel timeline: one row per lane (variant), one horizontal bar per kernel.

Level of detail keeps the figure small whatever the kernel count: only kernels that
overlap the requested window are sent, and runs of kernels too narrow to see at that
zoom are drawn as one grey "merged" bar. The page asks again with a narrower window
(`?start_us=&end_us=&width_px=`) when the reader zooms, using `layout.meta`.

customdata, one row per bar; the page's JavaScript relies on this layout:

    [0] lane index (0 = top lane)    [2] bar start, µs
    [1] `Kernel.index`, -1 merged    [3] bar length, µs

Kernel bars go on with [4] short name, [5] op, [6] bytes read, [7] bytes written (human
units), [8] extra hover lines (launch shape, bandwidth; may be empty). Merged bars go on
with [4] first and [5] last `Kernel.index` of the run (its lane's kernels from [4] to [5]
in launch order), [6] how many kernels, [7] their summed time in µs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import plotly.graph_objects as go

from backend.figures.markup import plain
from backend.figures.palette import EAGER_ISLAND, KIND_STYLES, MERGED, BarStyle
from backend.figures.units import human_bytes
from backend.result import Kernel, RunResult

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
    label: str
    kernels: Sequence[Kernel]
    # In a compiled lane, kernels outside every compiled graph ran eagerly (graph break).
    compiled: bool = False


MIN_BAR_PX = 2.0  # narrowest bar drawn
OUTLINE_PX = 1.5  # white edge that keeps back-to-back kernels apart ...
OUTLINED_FROM_PX = 6.0  # ... drawn only on bars at least this wide


@dataclass
class _Run:
    """Consecutive too-narrow kernels of one lane, drawn as one merged bar."""

    first: Kernel
    last: Kernel
    start_us: float
    end_us: float
    busy_us: float
    count: int = 1

    def take(self, kernel: Kernel) -> None:
        self.last = kernel
        self.end_us = max(self.end_us, kernel.start_us + kernel.dur_us)
        self.busy_us += kernel.dur_us
        self.count += 1


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


@dataclass
class _Rows:
    """The columns of one bar trace."""

    base: list[float] = field(default_factory=list)
    length: list[float] = field(default_factory=list)
    lane: list[str] = field(default_factory=list)
    customdata: list[list[Any]] = field(default_factory=list)
    outline: list[float] = field(default_factory=list)


def run_timeline(result: RunResult, **options: Any) -> go.Figure:
    """Eager above compiled, on one time axis (each variant starts at 0 µs)."""
    lanes = [
        Lane(name, variant.kernels, compiled=name == "compiled")
        for name in ("eager", "compiled")
        if (variant := result.variants.get(name)) is not None
    ]
    return timeline_figure(lanes, **options)


def timeline_figure(
    lanes: Sequence[Lane],
    *,
    window: tuple[float, float] | None = None,
    width_px: int = 1200,
    min_px: float = 1.0,
) -> go.Figure:
    """Bars for the kernels overlapping `window` (µs; default: everything), merged below `min_px`.

    `width_px` is the plot's width on screen: it decides which kernels are too narrow to see.
    """
    extent = _extent(lanes)
    low, high = window if window is not None else extent
    window = (float(low), float(high))
    if not window[1] >= window[0]:
        raise ValueError(f"window must run forwards, got {window}")
    scale = _Scale.of(window, width_px, min_px)
    rows: dict[str, _Rows] = {}
    for position, lane in enumerate(lanes):
        for bar in _level_of_detail(_in_window(lane.kernels, window), scale):
            _add_bar(rows, position, lane, bar, scale)
    figure = go.Figure([_trace(key, rows[key]) for key in _STYLES if key in rows])
    figure.update_layout(_layout(lanes, window))
    figure.update_layout(meta=_meta(lanes, rows, window, extent, width_px, min_px))
    return figure


def _extent(lanes: Sequence[Lane]) -> tuple[float, float]:
    starts = [k.start_us for lane in lanes for k in lane.kernels]
    ends = [k.start_us + k.dur_us for lane in lanes for k in lane.kernels]
    return (min(starts), max(ends)) if starts else (0.0, 0.0)


def _in_window(kernels: Iterable[Kernel], window: tuple[float, float]) -> Iterable[Kernel]:
    low, high = window
    return (k for k in kernels if k.start_us <= high and k.start_us + k.dur_us >= low)


def _level_of_detail(kernels: Iterable[Kernel], scale: _Scale) -> Iterable[Kernel | _Run]:
    """One pass: visible kernels pass through; runs of invisible ones become one bar."""
    run: _Run | None = None
    for kernel in kernels:
        if kernel.dur_us >= scale.min_us:
            yield from _close(run)
            run = None
            yield kernel
        elif run is not None and _extends(run, kernel, scale):
            run.take(kernel)
        else:
            yield from _close(run)
            run = _Run(
                kernel, kernel, kernel.start_us, kernel.start_us + kernel.dur_us, kernel.dur_us
            )
    yield from _close(run)


def _extends(run: _Run, kernel: Kernel, scale: _Scale) -> bool:
    end = max(run.end_us, kernel.start_us + kernel.dur_us)
    return kernel.start_us - run.end_us <= scale.gap_us and end - run.start_us <= scale.span_us


def _close(run: _Run | None) -> Iterable[Kernel | _Run]:
    if run is not None:
        # a lone narrow kernel stays itself: merging one kernel would only hide its name
        yield run.first if run.count == 1 else run


def _add_bar(
    rows: dict[str, _Rows], position: int, lane: Lane, bar: Kernel | _Run, scale: _Scale
) -> None:
    if isinstance(bar, _Run):
        key = MERGED_KEY
        span = bar.end_us - bar.start_us
        data = [position, -1, bar.start_us, span, bar.first.index, bar.last.index, bar.count]
        data.append(round(bar.busy_us, 3))
        start, length = bar.start_us, span
    else:
        key = ISLAND if lane.compiled and bar.graph is None else bar.kind
        data = [position, bar.index, bar.start_us, bar.dur_us, *_kernel_hover(bar)]
        start, length = bar.start_us, bar.dur_us
    target = rows.setdefault(key, _Rows())
    target.base.append(start)
    # Drawn at least MIN_BAR_PX wide so a lone short kernel stays visible (hover and
    # customdata keep its real duration); an outline only where it leaves room for the fill.
    target.length.append(max(length, MIN_BAR_PX * scale.us_per_px))
    target.outline.append(OUTLINE_PX if length >= OUTLINED_FROM_PX * scale.us_per_px else 0.0)
    target.lane.append(lane.label)
    target.customdata.append(data)


def _kernel_hover(kernel: Kernel) -> list[Any]:
    extra = ""
    if kernel.grid and kernel.block:
        extra += f"<br>grid {_dims(kernel.grid)} · block {_dims(kernel.block)}"
    if kernel.dur_us > 0:
        moved = kernel.bytes_read + kernel.bytes_written
        extra += f"<br>{moved / kernel.dur_us / 1e3:,.1f} GB/s achieved (logical bytes)"
    read, written = human_bytes(kernel.bytes_read), human_bytes(kernel.bytes_written)
    # the names come from the run: escaped, or Plotly would render markup in them
    return [plain(kernel.short_name), plain(kernel.op or "–"), read, written, extra]


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
        "%{customdata[3]:,.3f} µs, from %{customdata[2]:,.3f} µs<br>"
        "read %{customdata[6]} · written %{customdata[7]}%{customdata[8]}<extra>%{y}</extra>"
    )


def _layout(lanes: Sequence[Lane], window: tuple[float, float]) -> dict[str, Any]:
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


def _meta(
    lanes: Sequence[Lane],
    rows: dict[str, _Rows],
    window: tuple[float, float],
    extent: tuple[float, float],
    width_px: int,
    min_px: float,
) -> dict[str, Any]:
    """What the page needs to ask for a finer figure, and to say what it is looking at."""
    return {
        "extent_us": list(extent),
        "window_us": list(window),
        "width_px": width_px,
        "min_px": min_px,
        "lanes": [lane.label for lane in lanes],
        "kernels": sum(len(lane.kernels) for lane in lanes),
        "kernels_in_window": sum(_kernels_in(row) for r in rows.values() for row in r.customdata),
        "bars": sum(len(r.base) for r in rows.values()),
        "merged_bars": len(rows[MERGED_KEY].base) if MERGED_KEY in rows else 0,
    }
