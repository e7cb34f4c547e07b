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

The steps live beside this module: `timeline_lanes` (the lanes), `timeline_plan` (level of
detail), `timeline_draw` (the figure, and the customdata layout the page reads) and
`timeline_overhead` (lanes the profiler inflated).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import plotly.graph_objects as go

from backend.figures.timeline_draw import draw_timeline
from backend.figures.timeline_lanes import Lane, LaneTimes
from backend.figures.timeline_overhead import (
    caption_if_inflated,
    fitted_to_calls,
    inflation_caption,
)
from backend.figures.timeline_plan import plan_timeline
from backend.figures.units import join_words
from backend.result import CompiledMode, GraphBreak, RunResult, profiler_inflated


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
                speedups.append(f"{tag} {result.speedup:.2f}×")
    plan = plan_timeline(times, width_px=width_px)
    figure = draw_timeline(plan, [lane.kernels for lane in lanes])
    if not inflated_walls:
        return figure
    return inflation_caption(figure, inflated_walls, join_words(speedups), times)


def _walls(result: RunResult) -> dict[str, float | None]:
    return {name: v.wall_time_us for name, v in result.variants.items()}


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
