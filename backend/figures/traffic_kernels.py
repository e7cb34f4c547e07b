"""The memory-traffic figure's kernel names: in or beside each box, or lifted above.

A name goes inside its box when it fits there, else beside it up to the next box, else
above the boxes on a leader line (`lifted_names`), else into the hover only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import plotly.graph_objects as go

from backend.figures import palette
from backend.figures.labels import MARGIN, PAD_PX, fit, kernel_forms, text_px, word_tails
from backend.figures.markup import plain
from backend.figures.placement import Panel, Slot
from backend.figures.traffic_geometry import (
    FONT_SIZE,
    KERNEL_Y,
    LEADER_GAP,
    LIFT_ROWS,
    Scale,
    label_lines,
)
from backend.figures.units import human_bytes, plural
from backend.result import Kernel


def kernel_labels(panel: Panel, scale: Scale) -> go.Scatter:
    slots = panel.slots
    after: list[Slot | None] = [*slots[1:], None] if slots else []  # no kernels: none
    placed = [_kernel_label(s, nxt, scale) for s, nxt in zip(slots, after, strict=True)]
    return go.Scatter(
        x=[x for x, _, _ in placed],
        y=[sum(KERNEL_Y) / 2] * len(slots),
        mode="markers+text",
        text=[text for _, text, _ in placed],
        textposition=[anchor for _, _, anchor in placed],
        hovertext=[_kernel_hover(s, panel.name) for s in slots],
        hovertemplate="%{hovertext}<extra></extra>",
        marker={"size": 12, "opacity": 0},
        textfont={"size": FONT_SIZE},
        showlegend=False,
    )


def _kernel_label(slot: Slot, after: Slot | None, scale: Scale) -> tuple[float, str, str]:
    """Inside the box when the name fits there; else beside it, in the free row up to the
    next box (a fused kernel drawn narrow on the scale eager's many kernels set still says
    what it fuses); else nothing (hover only). (x, text, textposition)."""
    name = slot.kernel.short_name
    inside = _kernel_text(name, (slot.x1 - slot.x0) * scale.px - PAD_PX)
    if inside:
        return (slot.x0 + slot.x1) / 2, inside, "middle center"
    end = after.x0 if after is not None else scale.x_range[1] + MARGIN["r"] / scale.px
    x = slot.x1 + 0.05
    return x, _kernel_text(name, (end - x) * scale.px - PAD_PX), "middle right"


@dataclass(frozen=True)
class LiftedName:
    """A kernel's name drawn above the boxes, joined to its box by a leader line."""

    x: float
    y: float
    text: str
    hover: str


def lifted_names(panel: Panel, scale: Scale) -> list[LiftedName]:
    """The names `_kernel_label` found no room for, above the boxes, left to right: each
    in its longest form that fits clear of the names already placed, in the lower row if
    it fits there, else the upper. A name that fits in neither stays hover-only. Eager's
    names are all lifted or none: among many small launches, every other box named "mul"
    would read as if the rest were something else (compiled's fused names each say what
    their box fuses, so each that fits is drawn)."""
    slots = panel.slots
    after: list[Slot | None] = [*slots[1:], None] if slots else []  # no kernels: none
    unnamed = [
        s for s, nxt in zip(slots, after, strict=True) if not _kernel_label(s, nxt, scale)[1]
    ]
    rows = _LiftRows(scale)
    lifted = []
    for slot in unnamed:
        x = (slot.x0 + slot.x1) / 2
        name = slot.kernel.short_name
        placed = rows.place(x, [name, *word_tails(name)])
        if placed is not None:
            row, text = placed
            lifted.append(
                LiftedName(x, LIFT_ROWS[row], plain(text), _kernel_hover(slot, panel.name))
            )
    if panel.name == "eager" and len(lifted) < len(unnamed):
        return []
    return lifted


class _LiftRows:
    """Label extents (px) in the two rows above the boxes, and the leader lines that rise
    through the lower row to names in the upper one."""

    def __init__(self, scale: Scale) -> None:
        self.scale = scale
        self.extents: tuple[list[tuple[float, float]], list[tuple[float, float]]] = ([], [])
        self.leaders: list[float] = []  # px, of names in the upper row
        self.edges = (-MARGIN["l"] * 0.5, (scale.x_range[1] - scale.x_range[0]) * scale.px)

    def place(self, x: float, forms: Sequence[str]) -> tuple[int, str] | None:
        centre = (x - self.scale.x_range[0]) * self.scale.px
        for row in (0, 1):
            for form in forms:
                half = text_px([form], FONT_SIZE) / 2 + PAD_PX / 2
                extent = (centre - half, centre + half)
                if self._clear(row, extent, centre):
                    self.extents[row].append(extent)
                    if row == 1:
                        self.leaders.append(centre)
                    return row, form
        return None

    def _clear(self, row: int, extent: tuple[float, float], centre: float) -> bool:
        low, high = extent
        inside = self.edges[0] <= low and high <= self.edges[1] + MARGIN["r"]
        apart = all(high <= lo or hi <= low for lo, hi in self.extents[row])
        if row == 0:  # no leader line through this name
            return inside and apart and not any(low < x < high for x in self.leaders)
        # this name's leader must not cross a name of the lower row
        return inside and apart and not any(lo < centre < hi for lo, hi in self.extents[0])


def lifted_traces(names: Sequence[LiftedName]) -> list[go.Scatter]:
    if not names:
        return []
    xs: list[float | None] = []
    ys: list[float | None] = []
    for name in names:
        xs += [name.x, name.x, None]
        ys += [KERNEL_Y[1], name.y - LEADER_GAP, None]
    leaders = go.Scatter(
        x=xs,
        y=ys,
        mode="lines",
        line={"color": palette.INK, "width": 1},
        hoverinfo="skip",
        showlegend=False,
    )
    labels = go.Scatter(
        x=[n.x for n in names],
        y=[n.y for n in names],
        mode="markers+text",
        text=[n.text for n in names],
        hovertext=[n.hover for n in names],
        hovertemplate="%{hovertext}<extra></extra>",
        marker={"size": 12, "opacity": 0},
        textfont={"size": FONT_SIZE},
        cliponaxis=False,
        showlegend=False,
    )
    return [leaders, labels]


def _kernel_text(name: str, room: float) -> str:
    """In the box's row there is height for three lines: the whole name wrapped before a
    generated name is cut to the words at its end, which say what it fuses."""
    return label_lines(fit(kernel_forms(name), room, FONT_SIZE))


def _kernel_hover(slot: Slot, variant: str) -> str:
    k = slot.kernel
    lines = [
        f"<b>{plain(k.short_name)}</b> · {k.kind}",
        f"op {plain(k.op or '–')} · {k.dur_us:,.3f} µs",
    ]
    lines.append(f"read {human_bytes(k.bytes_read)} · written {human_bytes(k.bytes_written)}")
    if (measured := dram_line(k)) is not None:
        lines.append(measured)
    if k.source_ops:
        lines.append("fuses " + plain(", ".join(k.source_ops)))
    if variant == "compiled" and k.graph is None:
        lines.append("outside every compiled graph: ran eagerly at a graph break")
    if slot.hidden:
        lines.append(f"{plural(slot.hidden, 'smaller transfer')} not drawn")
    return "<br>".join(lines)


def dram_line(kernel: Kernel) -> str | None:
    """Measured DRAM bytes (Nsight Compute), when the run measured them."""
    read, written = kernel.dram_bytes_read, kernel.dram_bytes_written
    if read is None or written is None:
        return None
    return f"DRAM measured: read {human_bytes(read)} · written {human_bytes(written)}"
