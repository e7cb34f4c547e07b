"""Memory traffic, eager above compiled: the picture Kernelscope exists to show.

Each panel puts the kernels in launch order on a row, device memory in a band below, and
every transfer as a vertical arrow between them: a read climbs from memory into a kernel,
a write drops from a kernel into memory. In eager, an intermediate written by one kernel
and read back by another sits in memory as a highlighted round-trip block between the two.
In compiled, each round trip that fusion eliminated is a dashed, hatched ghost under the
kernel that absorbed it: the tensor that is never written.

Everything is placed in data units (one unit per transfer), never in pixels, so the
figure keeps its meaning at any width; both panels share one scale, so fewer transfers
look like less. Boxes and labels are traces, and layout shapes are only the kernel boxes
and the two memory bands, so the layout stays bounded by `max_kernels`.

This module assembles the figure; `traffic_geometry` holds its rows and bands, and the
parts are drawn by `traffic_transfers` (arrows), `traffic_kernels` (kernel names) and
`traffic_trips` (round-trip blocks and ghosts), from what `placement` placed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from backend.figures import palette
from backend.figures.labels import MARGIN, plot_px
from backend.figures.placement import (
    Panel,
    Slot,
    TrafficTrips,
    compiled_panel,
    eager_panel,
    traffic_asks,
    transfers_of,
)
from backend.figures.summary import traffic_summary
from backend.figures.traffic_geometry import (
    FONT_SIZE,
    KERNEL_Y,
    LABEL_GAP,
    LABELLED_UNITS,
    LIFT_TOP,
    MEMORY_Y,
    MIN_UNITS,
    TINY_SHARE,
    Scale,
    labelled_names,
)
from backend.figures.traffic_kernels import kernel_labels, lifted_names, lifted_traces
from backend.figures.traffic_transfers import arrow_traces, transfer_labels, transfer_placement
from backend.figures.traffic_trips import ghost_boxes, ghost_labels, span_boxes, span_labels
from backend.figures.units import human_bytes, plural
from backend.result import RunResult, Variant, VariantName

__all__ = [
    "MAX_KERNELS",
    "message_figure",
    "traffic_figure",
    "traffic_figure_of",
    "traffic_summary",
]

MAX_KERNELS = 40  # per panel: the picture explains fusion, a table lists every kernel


def traffic_figure(result: RunResult, *, max_kernels: int = MAX_KERNELS) -> go.Figure:
    """Two panels, eager on top: kernels, memory, and the transfers between them."""
    eager, compiled = result.variants.get("eager"), result.variants.get("compiled")
    if eager is None or compiled is None:
        return message_figure(f"no memory traffic to show: the run {result.status}")
    asks = traffic_asks(eager, compiled, max_kernels)
    trips = TrafficTrips.of(result.round_trips, asks)
    return traffic_figure_of(result.status, result.variants, trips, max_kernels)


def traffic_figure_of(
    status: str,
    variants: Mapping[VariantName, Variant],
    trips: TrafficTrips,
    max_kernels: int = MAX_KERNELS,
    compiled_name: str = "compiled",
) -> go.Figure:
    """`traffic_figure` from the parts it reads: each variant's first `max_kernels` kernels
    (the rest are counted from its totals) and the round trips `traffic_asks` names. A
    large run's picture never loads its kernels or round trips whole. `compiled_name` names
    the lower panel (a further compile mode's variant drawn in `compiled`'s place)."""
    eager, compiled = variants.get("eager"), variants.get("compiled")
    if eager is None or compiled is None:
        return message_figure(f"no memory traffic to show: the run {status}")
    first = eager_panel(eager, trips, max_kernels)
    panels = [first, compiled_panel(compiled, trips, max_kernels, first.units)]
    figure = make_subplots(
        rows=2,
        cols=1,
        shared_xaxes=False,
        vertical_spacing=0.14,
        subplot_titles=[_title(first, max_kernels), _title(panels[1], max_kernels, compiled_name)],
    )
    # left-aligned titles stay on screen when a phone cuts the figure narrow
    figure.update_annotations(x=0, xanchor="left", font={"size": FONT_SIZE + 1})
    x_range = (-0.3, max(MIN_UNITS, *(p.units for p in panels)) + 0.3)
    tiny = TINY_SHARE * max((t.bytes for p in panels for t in transfers_of(p)), default=0)
    labelled = x_range[1] - x_range[0] <= LABELLED_UNITS
    # labels are sized for the narrowest the page draws the figure (labels.FIGURE_MIN_PX)
    scale = Scale(x_range, plot_px() / (x_range[1] - x_range[0]), labelled_names(panels))
    lifted = [lifted_names(panel, scale) for panel in panels]
    top = LIFT_TOP if any(lifted) else KERNEL_Y[1] + 0.1  # both panels alike: one scale
    for panel, names in zip(panels, lifted, strict=True):
        for trace in [*_panel_traces(panel, tiny, labelled, scale), *lifted_traces(names)]:
            figure.add_trace(trace, row=panel.row, col=1)
        _style_axes(figure, panel.row, x_range, top)
    for trace in _legend_traces():
        figure.add_trace(trace, row=1, col=1)
    figure.update_layout(_layout([s for p in panels for s in _shapes(p, x_range)]))
    labels = [i for i, trace in enumerate(figure.data) if "text" in (trace.mode or "")]
    figure.update_layout(meta={"label_traces": labels})
    return figure


def _title(panel: Panel, max_kernels: int, name: str | None = None) -> str:
    variant = panel.variant
    moved = human_bytes(variant.bytes_read + variant.bytes_written)
    text = (
        f"<b>{name or panel.name}</b>: {plural(variant.kernel_count, 'kernel')}, "
        f"{plural(variant.transfer_count, 'transfer')}, {moved} moved"
    )
    if panel.left_out:
        text += f" (first {max_kernels} drawn, {plural(panel.left_out, 'kernel')} left out)"
    return text


def _panel_traces(panel: Panel, tiny: float, labelled: bool, scale: Scale) -> list[go.Scatter]:
    labels = transfer_placement(panel, scale)
    traces = arrow_traces(panel, tiny, [y for y, _ in labels], LABEL_GAP if labelled else 0.0)
    traces.append(transfer_labels(panel, labelled, labels))
    traces.append(kernel_labels(panel, scale))
    if panel.spans:
        traces += [span_boxes(panel.spans), span_labels(panel, labelled, scale)]
    if panel.ghosts:
        traces += [ghost_boxes(panel.ghosts), ghost_labels(panel.ghosts, scale)]
    return traces


def _legend_traces() -> list[go.Scatter]:
    """Legend-only entries: what a read, a write, a round trip and a ghost look like."""
    entries = [
        ("read: memory → kernel", palette.READ_COLOR, palette.READ_DASH, "triangle-up"),
        ("write: kernel → memory", palette.WRITE_COLOR, palette.WRITE_DASH, "triangle-down"),
        ("round trip: written, read back", palette.ROUND_TRIP_COLOR, "solid", "square"),
        ("eliminated: never written", palette.ELIMINATED_COLOR, "dash", "square-open"),
    ]
    return [
        go.Scatter(
            x=[None],
            y=[None],
            mode="lines+markers",
            name=name,
            line={"color": color, "dash": dash, "width": 2.5},
            marker={"symbol": symbol, "size": 11, "color": color},
        )
        for name, color, dash, symbol in entries
    ]


# ---- layout -----------------------------------------------------------------------------


def _shapes(panel: Panel, x_range: tuple[float, float]) -> list[dict[str, Any]]:
    refs = {"xref": _axis("x", panel.row), "yref": _axis("y", panel.row), "layer": "below"}
    memory = {"type": "rect", "x0": x_range[0], "x1": x_range[1], "y0": MEMORY_Y[0]}
    memory |= {"y1": MEMORY_Y[1], "fillcolor": palette.MEMORY_FILL, "line": {"width": 0}}
    return [memory | refs] + [_kernel_box(slot, panel.name) | refs for slot in panel.slots]


def _kernel_box(slot: Slot, variant: str) -> dict[str, Any]:
    island = variant == "compiled" and slot.kernel.graph is None
    line = {"color": palette.INK, "width": 1}
    if island:  # ran eagerly at a graph break, between compiled graphs
        line = {"color": palette.VERMILLION, "width": 2.5, "dash": "dot"}
    color = palette.kind_style(slot.kernel.kind).color
    return {
        "type": "rect",
        "x0": slot.x0,
        "x1": slot.x1,
        "y0": KERNEL_Y[0],
        "y1": KERNEL_Y[1],
        "fillcolor": palette.tint(color, 0.35),
        "line": line,
    }


def _axis(letter: str, row: int) -> str:
    return letter if row == 1 else f"{letter}{row}"


def _style_axes(figure: go.Figure, row: int, x_range: tuple[float, float], top: float) -> None:
    figure.update_xaxes(range=list(x_range), visible=False, fixedrange=True, row=row, col=1)
    figure.update_yaxes(
        range=[MEMORY_Y[0] - 0.05, top],
        tickvals=[sum(MEMORY_Y) / 2, sum(KERNEL_Y) / 2],
        ticktext=["device<br>memory", "kernels"],
        showgrid=False,
        zeroline=False,
        fixedrange=True,
        row=row,
        col=1,
    )


def _layout(shapes: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "shapes": shapes,
        "height": 760,
        "margin": dict(MARGIN),
        "font": {"size": FONT_SIZE},
        "plot_bgcolor": "white",
        "hovermode": "closest",
        "dragmode": False,
        "legend": {"orientation": "h", "x": 0, "y": 1.08, "yanchor": "bottom"},
    }


def message_figure(message: str) -> go.Figure:
    figure = go.Figure()
    figure.update_layout(
        height=200,
        xaxis={"visible": False},
        yaxis={"visible": False},
        annotations=[{"text": message, "showarrow": False, "font": {"size": FONT_SIZE + 1}}],
    )
    return figure
