"""A size sweep: how speedup and memory traffic change with the size given to `inputs(size)`.

Wall-time and kernel-time speedups share the left, logarithmic axis (0.5x and 2x lie as far
from the 1x line), the wall-time one with its 90% interval as error bars: a point whose bar
crosses 1x is within noise of no change. At small sizes the two disagree (per-call overhead
dominates wall time), which is the point of drawing both. Bytes moved
by each variant go on a logarithmic right axis.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import plotly.graph_objects as go

from backend.figures import palette
from backend.figures.units import human_bytes, plural
from backend.result import SweepPoint


@dataclass(frozen=True)
class _Series:
    name: str
    field: str  # the SweepPoint field it plots
    color: str
    dash: str
    symbol: str

    @property
    def bytes(self) -> bool:  # bytes go on the right, logarithmic axis
        return self.field.endswith("_bytes")

    def value(self, point: SweepPoint) -> float | None:
        found: float | None = getattr(point, self.field)
        return found


SERIES = (
    _Series("speedup (wall time)", "speedup", palette.SPEEDUP_COLOR, "solid", "circle"),
    _Series(
        "speedup (kernel time)", "kernel_speedup", palette.KERNEL_SPEEDUP_COLOR, "dash", "square"
    ),
    _Series("eager bytes moved", "eager_bytes", palette.EAGER_BYTES_COLOR, "dot", "triangle-up"),
    _Series(
        "compiled bytes moved", "compiled_bytes", palette.COMPILED_BYTES_COLOR, "dashdot", "diamond"
    ),
)


def sweep_figure(points: Sequence[SweepPoint]) -> go.Figure | None:
    """Speedups and bytes against size; None when fewer than two runs have data to draw."""
    drawn = sorted((p for p in points if _has_data(p)), key=lambda p: p.size)
    if len(drawn) < 2:
        return None
    traces = [_trace(series, drawn) for series in SERIES if _drawn(series, drawn)]
    figure = go.Figure(traces)
    failed = [p for p in points if p.status != "succeeded"]
    figure.update_layout(_layout(failed))
    figure.update_layout(yaxis2=_byte_ticks(drawn))
    return figure


MAX_BYTE_TICKS = 6


def _byte_ticks(points: Sequence[SweepPoint]) -> dict[str, Any]:
    """Ticks at powers of two, written as the cards and tables write bytes (`64 MiB`, not
    Plotly's SI `67.1M`), at most MAX_BYTE_TICKS of them."""
    values = [v for p in points for v in (p.eager_bytes, p.compiled_bytes) if v]
    if not values:
        return {}
    low, high = math.floor(math.log2(min(values))), math.ceil(math.log2(max(values)))
    step = max(1, math.ceil((high - low + 1) / MAX_BYTE_TICKS))
    ticks = [2**k for k in range(low, high + 1, step)]
    return {"tickvals": ticks, "ticktext": [human_bytes(t) for t in ticks]}


def _drawn(series: _Series, points: Sequence[SweepPoint]) -> bool:
    return any(series.value(p) is not None for p in points)


def _has_data(point: SweepPoint) -> bool:
    return point.status == "succeeded" and any(s.value(point) is not None for s in SERIES)


def _trace(series: _Series, points: Sequence[SweepPoint]) -> go.Scatter:
    values = [series.value(p) for p in points]
    shown = [human_bytes(int(v)) if series.bytes and v is not None else _times(v) for v in values]
    return go.Scatter(
        x=[p.size for p in points],
        y=values,
        error_y=_interval_bars(points) if series.field == "speedup" else None,
        yaxis="y2" if series.bytes else "y",
        name=series.name,
        mode="lines+markers",
        line={"color": series.color, "dash": series.dash, "width": 2},
        marker={"symbol": series.symbol, "size": 9, "color": series.color},
        customdata=[
            [p.run_id, text, _interval_text(p)] for p, text in zip(points, shown, strict=True)
        ],
        hovertemplate=(
            f"<b>{series.name}</b>: %{{customdata[1]}}<br>size %{{x:,}}<br>"
            + ("90% interval %{customdata[2]}<br>" if series.field == "speedup" else "")
            + "run %{customdata[0]}<extra></extra>"
        ),
    )


def _interval_bars(points: Sequence[SweepPoint]) -> dict[str, Any] | None:
    """Asymmetric error bars from each point's speedup interval (none where unknown)."""
    if not any(p.speedup_interval for p in points):
        return None
    above, below = [], []
    for p in points:
        low, high = p.speedup_interval or (p.speedup, p.speedup)
        above.append(None if high is None or p.speedup is None else max(0.0, high - p.speedup))
        below.append(None if low is None or p.speedup is None else max(0.0, p.speedup - low))
    return {
        "type": "data",
        "symmetric": False,
        "array": above,
        "arrayminus": below,
        "color": palette.SPEEDUP_COLOR,
    }


def _interval_text(point: SweepPoint) -> str:
    if not point.speedup_interval:
        return "not measured"
    low, high = point.speedup_interval
    return f"{low:.2f}–{high:.2f}×"


def _times(ratio: float | None) -> str:
    return f"{ratio:.2f}×" if ratio is not None else "–"


def _layout(failed: Sequence[SweepPoint]) -> dict[str, Any]:
    title = "speedup and memory traffic against size"
    if failed:
        sizes = ", ".join(f"{p.size:,}" for p in sorted(failed, key=lambda p: p.size))
        title += f"<br><sup>{plural(len(failed), 'failed run')} left out (size {sizes})</sup>"
    return {
        "title": {"text": title, "x": 0, "xanchor": "left", "xref": "paper"},
        "height": 420,
        "margin": {"l": 64, "r": 72, "t": 72, "b": 104},
        "hovermode": "closest",
        "legend": {"orientation": "h", "x": 0, "y": -0.3, "yanchor": "top"},
        "xaxis": {"title": {"text": "size (the argument to inputs)"}, "type": "log"},
        "yaxis": {"title": {"text": "speedup: eager ÷ compiled (log)"}, "type": "log"},
        "yaxis2": {
            "title": {"text": "bytes moved (logical)"},
            "type": "log",
            "overlaying": "y",
            "side": "right",
            "showgrid": False,
        },
        # speedup 1 is "no change": above it compiled is faster
        "shapes": [
            {
                "type": "line",
                "xref": "paper",
                "x0": 0,
                "x1": 1,
                "yref": "y",
                "y0": 1,
                "y1": 1,
                "line": {"color": palette.GREY, "dash": "dot", "width": 1},
            }
        ],
    }
