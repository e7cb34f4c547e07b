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
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from backend.figures import palette
from backend.figures.inputs import RoundTripLike
from backend.figures.labels import (
    MARGIN,
    PAD_PX,
    dotted_tails,
    fit,
    plot_px,
    text_px,
    word_tails,
)
from backend.figures.markup import plain
from backend.figures.placement import (
    Arrow,
    Ghost,
    Panel,
    Slot,
    Span,
    TrafficTrips,
    compiled_panel,
    eager_panel,
    traffic_asks,
    transfers_of,
)
from backend.figures.summary import traffic_summary
from backend.figures.units import human_bytes, join_words, plural
from backend.result import Kernel, RunResult, Transfer, Variant, VariantName

__all__ = ["MAX_KERNELS", "traffic_figure", "traffic_figure_of", "traffic_summary"]

MAX_KERNELS = 40  # per panel: the picture explains fusion, a table lists every kernel
KERNEL_Y = (2.3, 3.2)
MEMORY_Y = (0.0, 1.2)
TRIP_Y = (0.66, 1.14)  # round-trip blocks: the upper half of the memory band
GHOST_Y = (0.06, 0.58)  # eliminated ghosts: the lower half
LABEL_Y, LABEL_GAP = 1.75, 0.2  # transfer labels sit in a gap cut out of their arrow
LABEL_ROWS = (1.52, 1.96)  # too close for one row: every other label one row up
# A kernel name with room neither in nor beside its box goes above the boxes on a leader
# line: one row, or two (every other name one up) when one leaves too little room.
LIFT_ROWS = (3.43, 3.71)
LIFT_TOP = 3.86  # the panel's top when any name is lifted (else KERNEL_Y[1] + 0.1)
LEADER_GAP = 0.13  # a leader stops this short of its name's centre
MIN_UNITS = 4.0
LABELLED_UNITS = 24  # panels wider than this show transfer labels on hover only
TINY_SHARE = 0.01  # transfers under 1% of the largest are drawn thin: listed, not dominant
FONT_SIZE = 13


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
    scale = _Scale(x_range, plot_px() / (x_range[1] - x_range[0]), _labelled_names(panels))
    lifted = [_lifted_names(panel, scale) for panel in panels]
    top = LIFT_TOP if any(lifted) else KERNEL_Y[1] + 0.1  # both panels alike: one scale
    for panel, names in zip(panels, lifted, strict=True):
        for trace in [*_panel_traces(panel, tiny, labelled, scale), *_lifted_traces(names)]:
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


# ---- traces -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Scale:
    """The x axis at the narrowest figure: its range, and pixels per data unit."""

    x_range: tuple[float, float]
    px: float
    # every tensor the figure may label: a shortened label must not fit two of them
    names: frozenset[str] = frozenset()

    def room(self, x: float, neighbours: Sequence[float]) -> float:
        """How wide a label centred at `x` may be: half of it must stay clear of half of
        each neighbour's (as wide at most), and within the figure's edges."""
        left = (x - self.x_range[0]) * self.px + MARGIN["l"] * 0.5
        right = (self.x_range[1] - x) * self.px + MARGIN["r"]
        gaps = [abs(x - n) * self.px for n in neighbours if n != x]
        return min([*gaps, 2 * left, 2 * right]) - PAD_PX


def _labelled_names(panels: Sequence[Panel]) -> frozenset[str]:
    names = {t.tensor for p in panels for t in transfers_of(p)}
    names |= {s.tensor for p in panels for s in p.spans}
    names |= {t.tensor for p in panels for g in p.ghosts for t in g.trips.first}
    return frozenset(names)


def _panel_traces(panel: Panel, tiny: float, labelled: bool, scale: _Scale) -> list[go.Scatter]:
    labels = _transfer_placement(panel, scale)
    traces = _arrow_traces(panel, tiny, [y for y, _ in labels], LABEL_GAP if labelled else 0.0)
    traces.append(_transfer_labels(panel, labelled, labels))
    traces.append(_kernel_labels(panel, scale))
    if panel.spans:
        traces += [_span_boxes(panel.spans), _span_labels(panel, labelled, scale)]
    if panel.ghosts:
        traces += [_ghost_boxes(panel.ghosts), _ghost_labels(panel.ghosts, scale)]
    return traces


def _arrow_traces(
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


def _transfer_placement(panel: Panel, scale: _Scale) -> list[tuple[float, str]]:
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


def _transfer_labels(
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
    """The tensor's name and bytes, the end of a dotted name, or nothing (hover only)."""
    glyph = "↑" if transfer.direction == "read" else "↓"
    moved = human_bytes(transfer.bytes)
    names = [transfer.tensor, *dotted_tails(transfer.tensor, among)]
    return _lines(fit(([f"{glyph} {name}", moved] for name in names), room, FONT_SIZE - 1))


def _lines(lines: Sequence[str] | None) -> str:
    return "<br>".join(plain(line) for line in lines or [])


def _transfer_hover(arrow: Arrow) -> str:
    t = arrow.transfer
    verb = "read by" if t.direction == "read" else "written by"
    hover = (
        f"<b>{plain(t.tensor)}</b> · {t.direction}<br>{verb} {plain(arrow.kernel.short_name)}<br>"
        f"{human_bytes(t.bytes)} ({t.bytes:,} bytes) · {plain(t.dtype)} {t.shape} · {t.role}"
    )
    if (measured := _dram_line(arrow.kernel)) is not None:
        hover += f"<br>kernel: logical {human_bytes(_logical(arrow.kernel))} · {measured}"
    return hover


def _logical(kernel: Kernel) -> int:
    return kernel.bytes_read + kernel.bytes_written


def _dram_line(kernel: Kernel) -> str | None:
    """Measured DRAM bytes (Nsight Compute), when the run measured them."""
    read, written = kernel.dram_bytes_read, kernel.dram_bytes_written
    if read is None or written is None:
        return None
    return f"DRAM measured: read {human_bytes(read)} · written {human_bytes(written)}"


def _kernel_labels(panel: Panel, scale: _Scale) -> go.Scatter:
    slots = panel.slots
    after: list[Slot | None] = [*slots[1:], None]
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


def _kernel_label(slot: Slot, after: Slot | None, scale: _Scale) -> tuple[float, str, str]:
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
class _Lifted:
    """A kernel's name drawn above the boxes, joined to its box by a leader line."""

    x: float
    y: float
    text: str
    hover: str


def _lifted_names(panel: Panel, scale: _Scale) -> list[_Lifted]:
    """The names `_kernel_label` found no room for, above the boxes, left to right: each
    in its longest form that fits clear of the names already placed, in the lower row if
    it fits there, else the upper. A name that fits in neither stays hover-only. Eager's
    names are all lifted or none: among many small launches, every other box named "mul"
    would read as if the rest were something else (compiled's fused names each say what
    their box fuses, so each that fits is drawn)."""
    slots = panel.slots
    after: list[Slot | None] = [*slots[1:], None]
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
            lifted.append(_Lifted(x, LIFT_ROWS[row], plain(text), _kernel_hover(slot, panel.name)))
    if panel.name == "eager" and len(lifted) < len(unnamed):
        return []
    return lifted


class _LiftRows:
    """Label extents (px) in the two rows above the boxes, and the leader lines that rise
    through the lower row to names in the upper one."""

    def __init__(self, scale: _Scale) -> None:
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


def _lifted_traces(names: Sequence[_Lifted]) -> list[go.Scatter]:
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
    """Generated names say what they fuse at the end: keep whole words from the end."""
    return _lines(fit(([form] for form in [name, *word_tails(name)]), room, FONT_SIZE))


def _kernel_hover(slot: Slot, variant: str) -> str:
    k = slot.kernel
    lines = [
        f"<b>{plain(k.short_name)}</b> · {k.kind}",
        f"op {plain(k.op or '–')} · {k.dur_us:,.3f} µs",
    ]
    lines.append(f"read {human_bytes(k.bytes_read)} · written {human_bytes(k.bytes_written)}")
    if (measured := _dram_line(k)) is not None:
        lines.append(measured)
    if k.source_ops:
        lines.append("fuses " + plain(", ".join(k.source_ops)))
    if variant == "compiled" and k.graph is None:
        lines.append("outside every compiled graph: ran eagerly at a graph break")
    if slot.hidden:
        lines.append(f"{plural(slot.hidden, 'smaller transfer')} not drawn")
    return "<br>".join(lines)


def _span_boxes(spans: Sequence[Span]) -> go.Scatter:
    tracks = _tracks(spans)
    return _boxes(
        [(s.x0, s.x1, *_track_y(s, tracks)) for s in spans],
        line={"color": palette.ROUND_TRIP_COLOR, "width": 2},
        fillcolor=palette.tint(palette.ROUND_TRIP_COLOR, 0.18),
    )


def _span_labels(panel: Panel, labelled: bool, scale: _Scale) -> go.Scatter:
    spans, tracks = panel.spans, _tracks(panel.spans)
    crowded = _crowded(spans)  # past MAX_TRACKS, blocks overlap: their labels would too
    return go.Scatter(
        x=[(s.x0 + s.x1) / 2 for s in spans],
        y=[sum(_track_y(s, tracks)) / 2 for s in spans],
        mode="markers+text" if labelled else "markers",
        marker={"size": 12, "opacity": 0},
        text=[
            ""
            if i in crowded
            else _span_text(
                s, panel.name, tracks == 1, (s.x1 - s.x0) * scale.px - PAD_PX, scale.names
            )
            for i, s in enumerate(spans)
        ],
        hovertext=[_span_hover(s, panel.name) for s in spans],
        hovertemplate="%{hovertext}<extra></extra>",
        textfont={"size": FONT_SIZE - 1, "color": palette.INK},
        cliponaxis=False,
        showlegend=False,
    )


def _crowded(spans: Sequence[Span]) -> set[int]:
    """Blocks that overlap an earlier one on their track (stacking ran out of tracks)."""
    return {
        i
        for i, s in enumerate(spans)
        if any(o.track == s.track and o.x0 < s.x1 and s.x0 < o.x1 for o in spans[:i])
    }


def _tracks(spans: Sequence[Span]) -> int:
    return 1 + max((s.track for s in spans), default=0)


def _track_y(span: Span, tracks: int) -> tuple[float, float]:
    """The block's slice of the round-trip half of the memory band."""
    height = (TRIP_Y[1] - TRIP_Y[0]) / tracks
    top = TRIP_Y[1] - span.track * height
    return top - height * 0.9, top


def _span_text(span: Span, variant: str, single: bool, room: float, among: frozenset[str]) -> str:
    """Longest first: name, bytes and fate; then shorter words, the end of a dotted name,
    the bytes alone (the block's colour says round trip), or nothing (hover only)."""
    moved = human_bytes(span.bytes)
    names = [span.tensor, *dotted_tails(span.tensor, among)]
    if variant == "compiled":
        fates = ["still through memory", "in memory"]
    else:
        after = _eager_fate(span.trip)
        fates = [f"{after} when compiled", after]
    heads = [[f"{span.tensor} · round trip {moved}"], *([f"{n} · {moved}"] for n in names)]
    forms = [[*head, fate] for head in heads for fate in fates] if single else heads
    forms.append([moved])
    return _lines(fit(forms, room, FONT_SIZE - 1))


def _eager_fate(trip: RoundTripLike | None) -> str:
    """What compile did to an eager block's value, in a word or two: a kept value the
    compiled variant writes but never reads back is no round trip there."""
    if trip is None or trip.eliminated is False:
        return "written only" if trip is not None and trip.compiled_reads == 0 else "kept"
    return "eliminated" if trip.eliminated else "unknown"


def _span_hover(span: Span, variant: str) -> str:
    readers = plain(", ".join(span.readers))
    hover = (
        f"<b>{plain(span.tensor)}</b> · {variant} round trip<br>written by "
        f"{plain(span.producer.short_name)}, read back by {readers}<br>"
        f"{human_bytes(span.bytes)} ({span.bytes:,} bytes) through memory"
    )
    return hover + _fate_hover(span.trip, variant)


HOVER_LINE_CHARS = 72  # Plotly does not wrap hover text: long reasons are broken here


def _fate_hover(trip: RoundTripLike | None, variant: str) -> str:
    """What compile did with an eager round trip, and why it was kept (with the hint)."""
    if trip is None:
        return ""
    if variant == "compiled":  # a kept round trip, drawn where it still happens
        return _other_side(trip, "compiled") + _why_hover("still through memory", trip)
    if trip.eliminated:
        return f"<br>eliminated when compiled: fused into {plain(trip.fused_into or '?')}"
    if trip.eliminated is None:
        return "<br>" + _wrapped(f"when compiled: unknown ({trip.unknown_reason or 'no evidence'})")
    return _other_side(trip, "eager") + _why_hover(f"{_eager_fate(trip)} when compiled", trip)


def _other_side(trip: RoundTripLike, variant: str) -> str:
    """The same round trip's bytes on the other side, where they differ."""
    compiled = trip.compiled_bytes
    if compiled is None or (compiled == trip.bytes and trip.compiled_reads != 0):
        return ""
    if variant == "compiled":
        return f"<br>in eager: {human_bytes(trip.bytes)} (written and read back)"
    if trip.compiled_reads == 0:
        return f"<br>when compiled: {human_bytes(compiled)} written, never read back"
    return f"<br>when compiled: {human_bytes(compiled)} written and read back"


def _why_hover(fate: str, trip: RoundTripLike) -> str:
    if trip.why is None:
        return f"<br>{fate}: no reason recorded"
    text = "<br>" + _wrapped(f"{fate} ({trip.why.kind}): {trip.why.message}")
    if trip.why.hint is not None:
        text += "<br>" + _wrapped(f"hint: {trip.why.hint.message}")
    return text


def _wrapped(text: str) -> str:
    lines = textwrap.wrap(text, HOVER_LINE_CHARS, break_on_hyphens=False)  # keep mode names whole
    return "<br>".join(plain(line) for line in lines)


def _ghost_boxes(ghosts: Sequence[Ghost]) -> go.Scatter:
    return _boxes(
        [(g.x0, g.x1, *GHOST_Y) for g in ghosts],
        line={"color": palette.ELIMINATED_COLOR, "width": 2, "dash": "dash"},
        fillcolor="rgba(255,255,255,0.7)",
        fillpattern={"shape": "/", "fgcolor": palette.ELIMINATED_COLOR, "fgopacity": 0.35},
    )


def _ghost_labels(ghosts: Sequence[Ghost], scale: _Scale) -> go.Scatter:
    # from the box's left edge: a label wider than a phone-narrow box runs on to the
    # right, into the compiled panel's free space, up to the next ghost or the edge
    xs = [g.x0 + 0.1 for g in ghosts]
    ends = [g.x0 for g in ghosts[1:]] + [scale.x_range[1] + MARGIN["r"] / scale.px]
    return go.Scatter(
        x=xs,
        textposition="middle right",
        y=[sum(GHOST_Y) / 2] * len(ghosts),
        mode="markers+text",
        marker={"size": 12, "opacity": 0},
        text=[
            _ghost_text(g, (end - x) * scale.px - PAD_PX, scale.names)
            for g, x, end in zip(ghosts, xs, ends, strict=True)
        ],
        hovertext=[_ghost_hover(g) for g in ghosts],
        hovertemplate="%{hovertext}<extra></extra>",
        textfont={"size": FONT_SIZE - 1, "color": palette.INK},
        cliponaxis=False,
        showlegend=False,
    )


def _ghost_text(ghost: Ghost, room: float, among: frozenset[str]) -> str:
    trips = ghost.trips
    names = [plural(trips.count, "intermediate")]
    if trips.one_tensor:
        names = [trips.first[0].tensor, *dotted_tails(trips.first[0].tensor, among)]
    saved = human_bytes(trips.bytes)
    forms = [[f"{name} — never written", f"(eliminated, {saved} saved)"] for name in names]
    forms += [[f"{name} — never written", f"{saved} saved"] for name in names]
    forms += [["never written", f"{saved} saved"], ["eliminated"]]
    return _lines(fit(forms, room, FONT_SIZE - 1))


def _ghost_hover(ghost: Ghost) -> str:
    into = plain(ghost.into.short_name) if ghost.into is not None else "no compiled kernel"
    lines = [f"never written when compiled: {into} keeps it on chip"]
    for trip in ghost.trips.first:
        lines.append(
            f"<b>{plain(_shorten(trip.tensor, 40))}</b>: eager {plain(trip.producer)} wrote it, "
            f"{plain(join_words(trip.consumers))} read it back; {human_bytes(trip.bytes)} saved"
        )
    if ghost.trips.count > len(ghost.trips.first):
        more = ghost.trips.count - len(ghost.trips.first)
        lines.append(f"and {plural(more, 'more intermediate')}")
    return "<br>".join(lines)


def _boxes(rects: Sequence[tuple[float, float, float, float]], **style: Any) -> go.Scatter:
    """Rectangles as one filled trace (gaps between them), not as layout shapes."""
    xs: list[float | None] = []
    ys: list[float | None] = []
    for x0, x1, y0, y1 in rects:
        xs += [x0, x1, x1, x0, x0, None]
        ys += [y0, y0, y1, y1, y0, None]
    return go.Scatter(
        x=xs, y=ys, mode="lines", fill="toself", hoverinfo="skip", showlegend=False, **style
    )


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


def _shorten(text: str, limit: int) -> str:
    """For hover text only, where the whole name is a line away."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
