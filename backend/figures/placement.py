"""Where things go in the memory-traffic figure, in data units (one unit per transfer).

Pure geometry, no Plotly: which transfers of which kernels are drawn and where, which
intermediates sit in memory between their write and their last read back (round-trip
blocks, stacked on tracks when they overlap), and where each eliminated round trip's
never-written ghost goes.

The picture draws a run's first few kernels, so it needs few of its round trips:
`traffic_asks` names them (the drawn blocks' tensors, the drawn compiled kernels) and
`TrafficTrips` holds them, with every other eliminated round trip as one `TripGroup`. A
large run's are read by the store; a document's picked from its list (`TrafficTrips.of`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from backend.figures.inputs import RoundTripLike, TripGroupLike
from backend.result import Kernel, Transfer, Variant

KERNEL_GAP = 0.5
GHOST_UNITS = 2.6
GHOST_SHARE = 0.22  # of the panel's width, at least
MAX_ARROWS_PER_KERNEL = 8  # a kernel with more transfers shows its largest; hover says so
MAX_TRACKS = 3  # overlapping round-trip blocks stack in at most this many tracks
HOVER_TRIPS = 8  # a ghost's hover lists this many of its round trips, then counts the rest


@dataclass(frozen=True)
class TripGroup:
    """Eliminated round trips drawn as one ghost: the first few in full, and their totals."""

    count: int
    bytes: int
    first: tuple[RoundTripLike, ...]  # at most HOVER_TRIPS, in order
    one_tensor: bool  # all of them round trips of the same tensor

    @classmethod
    def of(cls, trips: Sequence[RoundTripLike]) -> TripGroup:
        one = len({t.tensor for t in trips}) == 1
        return cls(len(trips), sum(t.bytes for t in trips), tuple(trips[:HOVER_TRIPS]), one)


@dataclass(frozen=True)
class TrafficAsks:
    """The round trips a picture shows: those of the tensors its eager blocks hold, and
    the eliminated ones fused into its compiled kernels (by kernel name or short name)."""

    tensors: frozenset[str]
    kernels: frozenset[str]


@dataclass(frozen=True)
class TrafficTrips:
    """The round trips `TrafficAsks` names, in the document's order."""

    by_tensor: Mapping[str, Sequence[RoundTripLike]]  # every round trip of each tensor asked
    fused: Mapping[str, Sequence[RoundTripLike]]  # eliminated, by the kernel asked for
    rest: TripGroupLike  # every other eliminated round trip

    @classmethod
    def of(cls, trips: Sequence[RoundTripLike], asks: TrafficAsks) -> TrafficTrips:
        """Picked from a document's whole list."""
        by_tensor: dict[str, list[RoundTripLike]] = {}
        fused: dict[str, list[RoundTripLike]] = {}
        rest: list[RoundTripLike] = []
        for trip in trips:
            if trip.tensor in asks.tensors:
                by_tensor.setdefault(trip.tensor, []).append(trip)
            if trip.eliminated and trip.fused_into in asks.kernels:
                fused.setdefault(trip.fused_into, []).append(trip)
            elif trip.eliminated:
                rest.append(trip)
        return cls(by_tensor, fused, TripGroup.of(rest))


def traffic_asks(eager: Variant, compiled: Variant, max_kernels: int) -> TrafficAsks:
    """What `TrafficTrips` the panels of these variants' first `max_kernels` kernels need."""
    blocks = _spans(_slots(eager.kernels[:max_kernels]))
    drawn = compiled.kernels[:max_kernels]
    kernels = {k.name for k in drawn} | {k.short_name for k in drawn}
    return TrafficAsks(frozenset(span.tensor for span in blocks), frozenset(kernels))


@dataclass(frozen=True)
class Arrow:
    kernel: Kernel
    transfer: Transfer
    x: float


@dataclass(frozen=True)
class Slot:
    """One kernel's box: a unit of width per drawn transfer."""

    kernel: Kernel
    x0: float
    x1: float
    arrows: tuple[Arrow, ...]
    hidden: int  # transfers beyond MAX_ARROWS_PER_KERNEL


@dataclass
class Span:
    """An intermediate parked in memory from its write to its last read back."""

    tensor: str
    producer: Kernel
    x0: float
    x1: float
    bytes: int
    readers: list[str] = field(default_factory=list)
    track: int = 0
    trip: RoundTripLike | None = None


@dataclass(frozen=True)
class Ghost:
    """Eliminated round trips drawn as one never-written box."""

    trips: TripGroupLike
    x0: float
    x1: float
    into: Kernel | None


@dataclass
class Panel:
    name: str
    row: int
    variant: Variant
    slots: list[Slot]
    left_out: int
    spans: list[Span] = field(default_factory=list)
    ghosts: list[Ghost] = field(default_factory=list)

    @property
    def units(self) -> float:
        ends = [s.x1 for s in self.slots] + [g.x1 for g in self.ghosts]
        return max(ends, default=0.0)


def eager_panel(variant: Variant, trips: TrafficTrips, max_kernels: int) -> Panel:
    """Eager kernels; the blocks in memory are the document's round trips."""
    panel = _panel("eager", 1, variant, max_kernels)
    for span in _spans(panel.slots):
        span.trip = _round_trip_of(span, trips.by_tensor.get(span.tensor, []))
        if span.trip is not None:
            panel.spans.append(span)
    _stack(panel.spans)
    return panel


def _round_trip_of(span: Span, same_tensor: Sequence[RoundTripLike]) -> RoundTripLike | None:
    """The round trip a block shows: same tensor and producer op, else same tensor."""
    same_producer = [t for t in same_tensor if t.producer == span.producer.op]
    found = same_producer or same_tensor
    return found[0] if found else None


def compiled_panel(
    variant: Variant, trips: TrafficTrips, max_kernels: int, eager_units: float
) -> Panel:
    """Compiled kernels, what still round-trips through memory, and the eliminated ghosts."""
    panel = _panel("compiled", 2, variant, max_kernels)
    panel.spans = _stack(_spans(panel.slots))  # what still goes through memory after fusion
    for span in panel.spans:  # the eager round trip it continues, kept: it says why
        kept = [t for t in trips.by_tensor.get(span.tensor, []) if t.eliminated is False]
        span.trip = _round_trip_of(span, kept)
    # a ghost's label must stay legible when the eager panel sets a wide scale
    width = max(GHOST_UNITS, GHOST_SHARE * max(eager_units, panel.units))
    panel.ghosts = _ghosts(trips, panel.slots, width)
    return panel


def _panel(name: str, row: int, variant: Variant, max_kernels: int) -> Panel:
    """`variant.kernels` may hold only its first `max_kernels`: the rest are counted."""
    kernels = variant.kernels[:max_kernels]
    every = max(variant.kernel_count, len(variant.kernels))
    return Panel(name, row, variant, _slots(kernels), every - len(kernels))


def _slots(kernels: Iterable[Kernel]) -> list[Slot]:
    slots, cursor = [], 0.0
    for kernel in kernels:
        shown = _shown_transfers(kernel.transfers)
        arrows = tuple(Arrow(kernel, t, cursor + i + 0.5) for i, t in enumerate(shown))
        width = max(len(shown), 1)
        hidden = len(kernel.transfers) - len(shown)
        slots.append(Slot(kernel, cursor + 0.08, cursor + width - 0.08, arrows, hidden))
        cursor += width + KERNEL_GAP
    return slots


def _shown_transfers(transfers: Sequence[Transfer]) -> list[Transfer]:
    """The largest MAX_ARROWS_PER_KERNEL transfers, in their own order."""
    if len(transfers) <= MAX_ARROWS_PER_KERNEL:
        return list(transfers)
    largest = sorted(range(len(transfers)), key=lambda i: -transfers[i].bytes)
    return [transfers[i] for i in sorted(largest[:MAX_ARROWS_PER_KERNEL])]


def transfers_of(panel: Panel) -> Iterable[Transfer]:
    return (a.transfer for s in panel.slots for a in s.arrows)


def _spans(slots: Sequence[Slot]) -> list[Span]:
    """Intermediates written by one drawn kernel and read back by a later one."""
    open_spans: dict[str, Span] = {}
    found: list[Span] = []
    for slot in slots:
        for arrow in (a for a in slot.arrows if a.transfer.direction == "read"):
            span = open_spans.get(arrow.transfer.tensor)
            if span is not None:
                span.x1, span.bytes = arrow.x + 0.35, span.bytes + arrow.transfer.bytes
                span.readers.append(slot.kernel.short_name)
        for arrow in (a for a in slot.arrows if a.transfer.direction == "write"):
            if arrow.transfer.role == "intermediate":
                written = arrow.transfer
                span = Span(
                    written.tensor, slot.kernel, arrow.x - 0.35, arrow.x + 0.35, written.bytes
                )
                open_spans[span.tensor] = span
                found.append(span)
    return [s for s in found if s.readers]


def _stack(spans: list[Span]) -> list[Span]:
    """Overlapping blocks go on separate tracks (greedy interval colouring)."""
    track_ends: list[float] = []
    for span in sorted(spans, key=lambda s: s.x0):
        free = [i for i, end in enumerate(track_ends) if end <= span.x0]
        if free:
            span.track = free[0]
        elif len(track_ends) < MAX_TRACKS:
            span.track = len(track_ends)
            track_ends.append(0.0)
        else:
            span.track = MAX_TRACKS - 1  # past the limit blocks overlap; hover still works
        track_ends[span.track] = max(track_ends[span.track], span.x1)
    return spans


def _ghosts(trips: TrafficTrips, slots: Sequence[Slot], width: float) -> list[Ghost]:
    """One never-written box under each kernel that absorbed intermediates, starting where
    the kernel starts, as wide as `width` where the next box leaves room (and never
    narrower than its kernel); what no drawn kernel absorbed, after the kernels."""
    placed = _by_fused_kernel(trips, slots)
    end_of_kernels = max((s.x1 for s in slots), default=0.0) + KERNEL_GAP
    starts = [into.x0 if into else end_of_kernels for into, _ in placed]
    ghosts = []
    afters: list[float | None] = [*starts[1:], None] if starts else []
    for (into, group), x0, after in zip(placed, starts, afters, strict=True):
        x1 = x0 + width if after is None else min(x0 + width, after - KERNEL_GAP)
        x1 = max(x1, into.x1 if into else x0 + width)
        ghosts.append(Ghost(group, x0, x1, into.kernel if into else None))
    return ghosts


def _by_fused_kernel(
    trips: TrafficTrips, slots: Sequence[Slot]
) -> list[tuple[Slot | None, TripGroupLike]]:
    """Round trips grouped by the drawn kernel that absorbed them (None: not drawn, or none)."""
    by_name: dict[str, Slot] = {}
    for slot in slots:
        by_name.setdefault(slot.kernel.name, slot)
        by_name.setdefault(slot.kernel.short_name, slot)
    placed = sorted(
        (
            (by_name[name], TripGroup.of(fused))
            for name, fused in trips.fused.items()
            if name in by_name and fused
        ),
        key=lambda group: group[0].x0,
    )
    unplaced = [(None, trips.rest)] if trips.rest.count else []
    return [*placed, *unplaced]
