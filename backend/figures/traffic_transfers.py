"""The memory-traffic figure's transfers: an arrow each, with its label and hover.

A read climbs from memory into its kernel, a write drops from a kernel into memory; each
arrow's label (tensor and bytes) sits in a gap cut out of it, on one row or, when the
arrows stand too close, on two.
"""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

from backend.figures import palette
from backend.figures.labels import fit, name_forms
from backend.figures.markup import plain
from backend.figures.placement import Arrow, Panel
from backend.figures.traffic_geometry import (
    FONT_SIZE,
    KERNEL_Y,
    LABEL_ROWS,
    LABEL_Y,
    MEMORY_Y,
    Scale,
    label_lines,
)
from backend.figures.traffic_kernels import dram_line
from backend.figures.units import human_bytes
from backend.result import Kernel, Transfer


def arrow_traces(
    panel: Panel, tiny: float, label_ys: Sequence[float], gap: float
) -> list[go.Scatter]:
    buckets: dict[tuple[str, bool], list[tuple[Arrow, float]]] = {}
    arrows = [a for s in panel.slots for a in s.arrows]
    for arrow, label_y in zip(arrows, label_ys, strict=True):
        key = (arrow.transfer.direction, arrow.transfer.bytes < tiny)
        buckets.setdefault(key, []).append((arrow, label_y))
    return [_arrows(arrows, *key, gap) for key, arrows in sorted(buckets.items())]


def _arrows(
    arrows: Sequence[tuple[Arrow, float]], direction: str, thin: bool, gap: float
) -> go.Scatter:
    """Each arrow is two segments around its label; the head is a marker at the target."""
    read = direction == "read"
    tail, head = (MEMORY_Y[1], KERNEL_Y[0] - 0.07) if read else (KERNEL_Y[0], MEMORY_Y[1] + 0.07)
    xs: list[float | None] = []
    ys: list[float | None] = []
    for arrow, label_y in arrows:
        near_tail, near_head = (label_y - gap, label_y + gap)[:: 1 if read else -1]
        xs += [arrow.x, arrow.x, None, arrow.x, arrow.x, None]
        ys += [tail, near_tail, None, near_head, head, None]
    color = palette.READ_COLOR if read else palette.WRITE_COLOR
    return go.Scatter(
        x=xs,
        y=ys,
        mode="lines+markers",
        line={
            "color": color,
            "width": 1 if thin else 2.5,
            "dash": palette.READ_DASH if read else palette.WRITE_DASH,
        },
        marker={
            "symbol": "triangle-up" if read else "triangle-down",
            "size": [0, 0, 0, 0, 8 if thin else 13, 0] * len(arrows),
            "color": color,
        },
        hoverinfo="skip",
        showlegend=False,
    )


def transfer_placement(panel: Panel, scale: Scale) -> list[tuple[float, str]]:
    """Each arrow's label height and text. One row when every label fits there whole;
    else two, every other label one up, so each has twice the room beside it."""
    arrows = [a for s in panel.slots for a in s.arrows]
    xs = [a.x for a in arrows]

    def texts(step: int) -> list[str]:
        near = [[xs[j] for j in (i - step, i + step) if 0 <= j < len(xs)] for i in range(len(xs))]
        return [
            _transfer_text(a.transfer, scale.room(a.x, n), scale.names)
            for a, n in zip(arrows, near, strict=True)
        ]

    one_row = texts(1)
    if all(one_row):
        return [(LABEL_Y, text) for text in one_row]
    return [(LABEL_ROWS[i % 2], text) for i, text in enumerate(texts(2))]


def transfer_labels(
    panel: Panel, labelled: bool, placement: Sequence[tuple[float, str]]
) -> go.Scatter:
    arrows = [a for s in panel.slots for a in s.arrows]
    return go.Scatter(
        x=[a.x for a in arrows],
        y=[y for y, _ in placement],
        mode="markers+text" if labelled else "markers",
        text=[text for _, text in placement],
        hovertext=[_transfer_hover(a) for a in arrows],
        hovertemplate="%{hovertext}<extra></extra>",
        marker={"size": 12, "opacity": 0},
        textfont={"size": FONT_SIZE - 1},
        cliponaxis=False,
        showlegend=False,
    )


def _transfer_text(transfer: Transfer, room: float, among: frozenset[str]) -> str:
    """The tensor's name (whole, wrapped or shortened) and bytes, or nothing (hover only)."""
    glyph = "↑" if transfer.direction == "read" else "↓"
    moved = human_bytes(transfer.bytes)
    # one line of name: a taller label would reach the other row's labels
    names = (lines[0] for lines in name_forms(transfer.tensor, among) if len(lines) == 1)
    labels = ([f"{glyph} {name}", moved] for name in names)
    return label_lines(fit(labels, room, FONT_SIZE - 1))


def _transfer_hover(arrow: Arrow) -> str:
    t = arrow.transfer
    verb = "read by" if t.direction == "read" else "written by"
    hover = (
        f"<b>{plain(t.tensor)}</b> · {t.direction}<br>{verb} {plain(arrow.kernel.short_name)}<br>"
        f"{human_bytes(t.bytes)} ({t.bytes:,} bytes) · {plain(t.dtype)} {t.shape} · {t.role}"
    )
    if (measured := dram_line(arrow.kernel)) is not None:
        hover += f"<br>kernel: logical {human_bytes(_logical(arrow.kernel))} · {measured}"
    return hover


def _logical(kernel: Kernel) -> int:
    return kernel.bytes_read + kernel.bytes_written
