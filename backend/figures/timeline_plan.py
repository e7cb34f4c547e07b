"""Level of detail: which bars a timeline draws at one window and width.

`plan_timeline` decides from each lane's start times and durations alone: kernels wide
enough to see stay themselves, runs of narrower ones become one merged bar.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from backend.figures.timeline_lanes import LaneTimes

# A merged bar never grows past this many pixels, so hovering it still says something
# local and clicking it zooms somewhere useful; it also bounds merged bars per lane.
MERGE_SPAN_PX = 8.0


@dataclass
class MergedRun:
    """Consecutive too-narrow kernels of one lane, drawn as one merged bar."""

    first: int  # Kernel.index of the first and last
    last: int
    start_us: float
    end_us: float
    busy_us: float
    count: int = 1


# A bar of the plan: the position of a kernel drawn on its own, or a merged run.
Bar = int | MergedRun


@dataclass(frozen=True)
class DetailScale:
    """Microsecond thresholds for the level of detail at one zoom."""

    min_us: float  # narrower than this: too small to see
    gap_us: float  # an idle gap narrower than this is invisible, so merging across it hides nothing
    span_us: float  # a merged bar stops growing here
    us_per_px: float = 1.0

    @classmethod
    def of(cls, window: tuple[float, float], width_px: int, min_px: float) -> DetailScale:
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
    scale: DetailScale
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
    scale = DetailScale.of(window, width_px, min_px)
    bars = [_level_of_detail(lane, lane.in_window(*window), scale) for lane in lanes]
    return TimelinePlan(lanes, bars, window, extent, scale, width_px, min_px)


def _extent(lanes: Sequence[LaneTimes]) -> tuple[float, float]:
    extents = [lane.extent for lane in lanes if lane.extent is not None]
    if not extents:
        return (0.0, 0.0)
    return min(e[0] for e in extents), max(e[1] for e in extents)


def _level_of_detail(lane: LaneTimes, positions: Iterable[int], scale: DetailScale) -> list[Bar]:
    """One pass: visible kernels pass through; runs of invisible ones become one bar.
    (A hot loop over every kernel of a full view: locals, no calls per kernel.)"""
    starts, durations, indexes = lane.start_us, lane.dur_us, lane.index
    min_us, gap_us, span_us = scale.min_us, scale.gap_us, scale.span_us
    bars: list[Bar] = []
    run: MergedRun | None = None
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
        run, first = MergedRun(indexes[i], indexes[i], start, end, duration), i
    _close(bars, run, first)
    return bars


def _close(bars: list[Bar], run: MergedRun | None, first: int) -> None:
    if run is not None:
        # a lone narrow kernel stays itself: merging one kernel would only hide its name
        bars.append(first if run.count == 1 else run)
