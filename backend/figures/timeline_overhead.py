"""Profiler overhead on a timeline: lanes the profiler inflated past their timed calls are
drawn shrunk to them, and the figure's caption says so."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import plotly.graph_objects as go

from backend.figures.timeline_lanes import LaneTimes
from backend.figures.units import join_words
from backend.result import Noise, profiler_inflated


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
    speedup_words = f"{speedup:.2f}×" if speedup is not None else ""
    return inflation_caption(figure, walls_us, speedup_words, lanes)


def inflation_caption(
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
