"""Plotly figures built from the result document: pure functions, no I/O.

The API returns `figure.to_json()`; the page renders it with `Plotly.newPlot` (or
`Plotly.react`) and never computes anything a figure could carry itself.
"""

from backend.figures.sweep import sweep_figure
from backend.figures.timeline import Lane, run_timeline, timeline_figure
from backend.figures.traffic import traffic_figure, traffic_summary

__all__ = [
    "Lane",
    "run_timeline",
    "sweep_figure",
    "timeline_figure",
    "traffic_figure",
    "traffic_summary",
]
