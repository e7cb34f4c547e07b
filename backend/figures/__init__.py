"""Plotly figures built from the result document: pure functions, no I/O.

The API returns `figure.to_json()`; the page renders it with `Plotly.newPlot` (or
`Plotly.react`) and never computes anything a figure could carry itself. Each figure also
takes just the parts it reads (`*_of`, `plan_timeline`/`draw_timeline`), so a large run's
figures are drawn from a few columns and rows, never from the whole document.
"""

from backend.figures.placement import TrafficAsks, TrafficTrips, TripGroup, traffic_asks
from backend.figures.summary import (
    NAMED,
    Fate,
    bandwidth_sentence,
    compiled_bandwidth_sentence,
    fates_of,
    mode_sentences,
    saved_versus_moved,
    summary_sentences,
    traffic_reconciled,
)
from backend.figures.sweep import sweep_figure
from backend.figures.timeline import compare_timeline, mode_breaks, run_timeline, timeline_figure
from backend.figures.timeline_draw import draw_timeline
from backend.figures.timeline_lanes import Lane, LaneTimes
from backend.figures.timeline_overhead import caption_if_inflated, fitted_to_calls
from backend.figures.timeline_plan import plan_timeline
from backend.figures.traffic import (
    MAX_KERNELS,
    message_figure,
    traffic_figure,
    traffic_figure_of,
    traffic_summary,
)

__all__ = [
    "MAX_KERNELS",
    "NAMED",
    "Fate",
    "Lane",
    "LaneTimes",
    "TrafficAsks",
    "TrafficTrips",
    "TripGroup",
    "bandwidth_sentence",
    "caption_if_inflated",
    "compare_timeline",
    "compiled_bandwidth_sentence",
    "draw_timeline",
    "fates_of",
    "fitted_to_calls",
    "message_figure",
    "mode_breaks",
    "mode_sentences",
    "plan_timeline",
    "run_timeline",
    "saved_versus_moved",
    "summary_sentences",
    "sweep_figure",
    "timeline_figure",
    "traffic_asks",
    "traffic_figure",
    "traffic_figure_of",
    "traffic_reconciled",
    "traffic_summary",
]
