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
from backend.figures.labels import MARGIN, PAD_PX, fit, name_forms
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
    """Longest first: name, bytes and fate; then the name (wrapped or shortened) with its
    bytes, then the name alone: a block is always named where any form of its name fits.
    Stacked blocks (not `single`) take one line."""
    moved = human_bytes(span.bytes)
    if variant == "compiled":
        fates = ["still through memory", "in memory"]
    else:
        after = _eager_fate(span.trip)
        fates = [f"{after} when compiled", after]
    heads = [f"{span.tensor} · round trip {moved}", f"{span.tensor} · {moved}"]
    forms = [[head, fate] for head in heads for fate in fates] if single else []
    forms += [[head] for head in heads]
    names = name_forms(span.tensor, among)
    whole = [lines for lines in names if " ".join(lines) == span.tensor]
    for group in (whole, [lines for lines in names if lines not in whole]):
        forms += [[*lines[:-1], f"{lines[-1]} · {moved}"] for lines in group] + group
    if not single:  # a stacked block is one line tall
        forms = [form for form in forms if len(form) == 1]
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
        text=ghost_texts(
            ghosts,
            [(end - x) * scale.px - PAD_PX for x, end in zip(xs, ends, strict=True)],
            scale.names,
        ),
        hovertext=[_ghost_hover(g) for g in ghosts],
        hovertemplate="%{hovertext}<extra></extra>",
        textfont={"size": FONT_SIZE - 1, "color": palette.INK},
        cliponaxis=False,
        showlegend=False,
    )


MAX_GHOST_NAMES = 3  # a ghost of more intermediates is counted; its hover names them
MAX_GHOST_LINES = 3  # the ghost band holds three lines
# after the names, and under them; the longest that fits every ghost of the figure
GHOST_TAILS = (
    ("— never written", "(eliminated, {saved} saved)"),
    ("— never written", "{saved} saved"),
    ("", "{saved} saved"),
)


def ghost_texts(
    ghosts: Sequence[Ghost], rooms: Sequence[float], among: frozenset[str]
) -> list[str]:
    """Every ghost's label in one format: the longest of `GHOST_TAILS` with which each
    ghost's names fit its room (whole, wrapped or shortened), else the shortest."""
    for tails in GHOST_TAILS:
        found = [_ghost_text(g, room, among, tails) for g, room in zip(ghosts, rooms, strict=True)]
        if all(found):
            break
    return found


def _ghost_text(ghost: Ghost, room: float, among: frozenset[str], tails: tuple[str, str]) -> str:
    """The names of what the ghost's kernel absorbed, then the tails: "a * b, a * b + 1.0
    — never written" / "(eliminated, 61 MiB saved)"."""
    saved = tails[1].format(saved=human_bytes(ghost.trips.bytes))
    forms = []
    for names in _ghost_names(ghost, among):
        *head, last = names
        forms.append([*head, f"{last} {tails[0]}".strip(), saved])
    return label_lines(fit(forms, room, FONT_SIZE - 1))


def _ghost_names(ghost: Ghost, among: frozenset[str]) -> list[list[str]]:
    """Each whole name on a line of its own or all on one; then each name shortened
    alike; a ghost of many intermediates is counted (its hover names them)."""
    trips = ghost.trips
    counted = [[plural(trips.count, "intermediate")]]
    tensors = list(dict.fromkeys(t.tensor for t in trips.first))
    if trips.count > MAX_GHOST_NAMES or not tensors:
        return counted
    if len(tensors) == 1:
        return name_forms(tensors[0], among)
    shortest = [name_forms(t, among)[-1][-1] for t in tensors]
    forms = [[", ".join(tensors)], tensors, [", ".join(shortest)], shortest, *counted]
    return [form for form in forms if len(form) < MAX_GHOST_LINES]  # + the bytes line


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
