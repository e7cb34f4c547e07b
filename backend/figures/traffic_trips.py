"""The memory-traffic figure's round trips: eager's blocks in memory, compiled's ghosts.

In eager, an intermediate written by one kernel and read back by another sits in memory
as a highlighted block between the two; in compiled, each round trip that fusion
eliminated is a dashed, hatched ghost under the kernel that absorbed it. Their labels say
what compile did with each, their hovers why.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

import plotly.graph_objects as go

from backend.figures import palette
from backend.figures.inputs import RoundTripLike
from backend.figures.labels import MARGIN, PAD_PX, dotted_tails, fit
from backend.figures.markup import plain
from backend.figures.placement import Ghost, Panel, Span
from backend.figures.traffic_geometry import (
    FONT_SIZE,
    GHOST_Y,
    TRIP_Y,
    Scale,
    boxes,
    label_lines,
)
from backend.figures.units import human_bytes, join_words, plural


def span_boxes(spans: Sequence[Span]) -> go.Scatter:
    tracks = _tracks(spans)
    return boxes(
        [(s.x0, s.x1, *_track_y(s, tracks)) for s in spans],
        line={"color": palette.ROUND_TRIP_COLOR, "width": 2},
        fillcolor=palette.tint(palette.ROUND_TRIP_COLOR, 0.18),
    )


def span_labels(panel: Panel, labelled: bool, scale: Scale) -> go.Scatter:
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
    return label_lines(fit(forms, room, FONT_SIZE - 1))


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


def ghost_boxes(ghosts: Sequence[Ghost]) -> go.Scatter:
    return boxes(
        [(g.x0, g.x1, *GHOST_Y) for g in ghosts],
        line={"color": palette.ELIMINATED_COLOR, "width": 2, "dash": "dash"},
        fillcolor="rgba(255,255,255,0.7)",
        fillpattern={"shape": "/", "fgcolor": palette.ELIMINATED_COLOR, "fgopacity": 0.35},
    )


def ghost_labels(ghosts: Sequence[Ghost], scale: Scale) -> go.Scatter:
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
    return label_lines(fit(forms, room, FONT_SIZE - 1))


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


def _shorten(text: str, limit: int) -> str:
    """For hover text only, where the whole name is a line away."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
