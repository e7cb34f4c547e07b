"""The memory-traffic lesson in words, computed from the result document's own numbers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from backend.figures.inputs import FateLike, RoundTripLike, VariantCounts
from backend.figures.units import human_bytes, human_rate, join_words, plural
from backend.result import (
    CompiledMode,
    DeviceInfo,
    RunResult,
    Totals,
    believed_time_scale,
    kernel_time_inflation,
)

NAMED = 3  # a sentence names at most this many intermediates; past it, it counts them
# A round trip's fate: eliminated (True), kept (False), unknown (None), or kept in memory
# but never read back there: the compiled variant writes it and no other kernel reads it
WRITTEN_ONLY = "written_only"
FateKey = bool | str | None  # True, False, WRITTEN_ONLY or None
FATES: tuple[FateKey, ...] = (True, False, WRITTEN_ONLY, None)


@dataclass(frozen=True)
class Fate:
    """The round trips that share one fate, by their totals: all a sentence says of them,
    however many there are."""

    count: int
    bytes: int  # eager's: each write plus every read back
    distinct: int  # how many different tensor names they have
    names: tuple[str, ...]  # those names in order of first appearance, when at most NAMED
    reason: str | None  # the first one's unknown_reason
    # what the compiled variant moves for them (eager's bytes where it was not counted)
    compiled_bytes: int = 0

    @classmethod
    def of(cls, trips: Sequence[RoundTripLike]) -> Fate:
        names = list(dict.fromkeys(t.tensor for t in trips))
        shown = tuple(names) if len(names) <= NAMED else ()
        reason = trips[0].unknown_reason if trips else None
        compiled = sum(t.bytes if t.compiled_bytes is None else t.compiled_bytes for t in trips)
        return cls(len(trips), sum(t.bytes for t in trips), len(names), shown, reason, compiled)


def fate_of(trip: RoundTripLike) -> FateKey:
    if trip.eliminated is False and trip.compiled_reads == 0:
        return WRITTEN_ONLY
    return trip.eliminated


def fates_of(round_trips: Sequence[RoundTripLike]) -> dict[FateKey, Fate]:
    """The round trips' fates: True eliminated, False kept, WRITTEN_ONLY, None unknown."""
    return {fate: Fate.of([t for t in round_trips if fate_of(t) == fate]) for fate in FATES}


def traffic_reconciled(result: RunResult) -> str | None:
    """`saved_versus_moved` of a whole document."""
    eager, compiled = result.variants.get("eager"), result.variants.get("compiled")
    return saved_versus_moved(eager, compiled, result.totals, fates_of(result.round_trips))


def traffic_summary(result: RunResult) -> list[str]:
    """The lesson in words, from the document's own numbers."""
    eager, compiled = result.variants.get("eager"), result.variants.get("compiled")
    fates = fates_of(result.round_trips)
    return summary_sentences(
        eager, compiled, result.totals, fates, result.device, result.compiled_modes
    )


def summary_sentences(
    eager: VariantCounts | None,
    compiled: VariantCounts | None,
    totals: Totals | None,
    fates: Mapping[FateKey, FateLike],
    device: DeviceInfo | None = None,
    modes: Sequence[CompiledMode] = (),
) -> list[str]:
    """`traffic_summary` from the parts it reads: the variants' counts, not their kernels,
    and the round trips' fates, not the round trips; then the share of the device's
    bandwidth and a line per further compile mode."""
    if eager is None or compiled is None:
        return []
    gone, kept, written, unknown = (fates.get(fate) for fate in FATES)
    saved = totals.bytes_saved if totals else (gone.bytes if gone else 0)
    counts = f"eager: {_counts(eager)}; compiled: {_counts(compiled)}"
    sentences = [f"{counts}; {_eliminated_clause(gone, saved)}"]
    if kept and kept.count:
        sentences.append(_kept_sentence(kept))
    if written and written.count:
        sentences.append(_written_only_sentence(written))
    if unknown and unknown.count:
        sentences.append(_unknown_sentence(unknown))
    coverage = coverage_sentence(eager, compiled)
    bandwidth = compiled_bandwidth_sentence(compiled, device)
    extra = [s for s in (coverage, bandwidth) if s]
    return sentences + extra + mode_sentences(modes)


def coverage_sentence(eager: VariantCounts, compiled: VariantCounts) -> str | None:
    """Said when some kernel time is on kernels whose traffic is not accounted: the bytes
    above then leave those kernels out (null coverage: a run stored before it was known)."""
    short = [
        f"{name} {coverage:.1%}"
        for name, coverage in (
            ("eager", eager.traffic_coverage),
            ("compiled", compiled.traffic_coverage),
        )
        if coverage is not None and coverage < 1.0
    ]
    if not short:
        return None
    return (
        "traffic accounted for only part of the kernel time ("
        + ", ".join(short)
        + "): the kernels without transfers say why, and the bytes leave them out"
    )


def achieved_rate(variant: VariantCounts) -> float | None:
    """Logical bytes over the believed kernel time, in bytes/s: the rate the bandwidth
    sentence names (over the timed call where the profiler inflated the kernel times)."""
    seconds = variant.kernel_time_us * believed_time_scale(variant) / 1e6
    return (variant.bytes_read + variant.bytes_written) / seconds if seconds > 0 else None


def compiled_bandwidth_sentence(compiled: VariantCounts, device: DeviceInfo | None) -> str | None:
    """`bandwidth_sentence` of the compiled variant, over the time the page believes."""
    fitted = kernel_time_inflation(compiled) is not None
    return bandwidth_sentence(compiled.bandwidth_pct, device, achieved_rate(compiled), fitted)


def bandwidth_sentence(
    compiled_pct: float | None,
    device: DeviceInfo | None,
    achieved: float | None = None,
    over_the_call: bool = False,
) -> str | None:
    """How much of the device's measured bandwidth the compiled variant used (logical bytes
    over its kernel time), or that it went faster than DRAM can: its data was cached. The
    rate and share below the roof come from `achieved` (bytes/s), not from the stored
    percentage, which is rounded ("0 B/s" for a run at 0.004%). `over_the_call`: the
    profiler inflated the kernel times, so the rate is over the whole timed call, which
    holds more than kernels: the share is a floor ("at least")."""
    peak = device.peak_bandwidth_bytes_per_s if device is not None else None
    if compiled_pct is None or device is None or not peak:
        return None
    roof = f"the {device.name}'s measured {human_rate(peak)}"
    basis = (
        "logical bytes over its time per call: the profiler inflated its kernel times"
        if over_the_call
        else "logical bytes over kernel time"
    )
    if compiled_pct > 100:
        cache = f" ({human_bytes(device.l2_cache_bytes)})" if device.l2_cache_bytes else ""
        return (
            f"compiled moved its logical bytes at {compiled_pct:,.0f}% of {roof} ({basis}): "
            f"faster than DRAM allows, so its data was largely resident in the last-level "
            f"cache{cache}."
        )
    if compiled_pct >= 100:  # at (or, clamped, a little past) the probe's roof
        return f"compiled streamed its logical bytes at {roof} bandwidth: at the roof ({basis})."
    rate = achieved if achieved is not None else peak * compiled_pct / 100
    share = 100 * rate / peak
    shown = f"{share:.0f}" if share >= 10 else f"{share:.2g}"
    floor = "at least " if over_the_call else ""
    return f"compiled reached {floor}{shown}% of {roof} bandwidth ({human_rate(rate)}, {basis})."


def _counts(variant: VariantCounts) -> str:
    return f"{plural(variant.kernel_count, 'kernel')}, {plural(variant.transfer_count, 'transfer')}"


def _eliminated_clause(gone: FateLike | None, saved: int) -> str:
    if gone is None or not gone.count:
        return "no intermediate was eliminated"
    if gone.count == 1:
        return f"the intermediate {gone.names[0]} never touches memory ({human_bytes(saved)} saved)"
    # a variable assigned in a loop names many intermediates: count round trips, not names
    listed = gone.distinct == gone.count <= NAMED
    what = (
        f"the intermediates {join_words(gone.names)}"
        if listed
        else plural(gone.count, "intermediate")
    )
    return f"{what} never touch memory ({human_bytes(saved)} saved)"


def _kept_sentence(kept: FateLike) -> str:
    # A round trip's bytes are its write plus every read back: say so, or a reader compares
    # them with the compiled panel's single write and finds them four times too many. The
    # compiled side may move them differently (read back once where eager read twice): then
    # both numbers, each named by its side.
    moved = _both_sides(kept)
    if kept.count == 1:
        name = kept.names[0]
        return f"{name} still goes through memory when compiled (written and read back: {moved})"
    listed = kept.distinct == kept.count <= NAMED
    what = join_words(kept.names) if listed else plural(kept.count, "intermediate")
    return f"{what} still go through memory when compiled (each written and read back: {moved})"


def _both_sides(fate: FateLike) -> str:
    if fate.compiled_bytes == fate.bytes:
        return f"{human_bytes(fate.bytes)} in all"
    return f"{human_bytes(fate.compiled_bytes)} when compiled, {human_bytes(fate.bytes)} in eager"


def trip_size(trip: RoundTripLike) -> str:
    """A kept round trip's bytes, one number per side: eager's, and the compiled variant's
    where it moves the value differently (or only writes it)."""
    eager, compiled = human_bytes(trip.bytes), trip.compiled_bytes
    if trip.compiled_reads == 0 and compiled is not None:
        written = human_bytes(compiled)
        return f"written only when compiled: {written} (a {eager} round trip in eager)"
    if compiled is None or compiled == trip.bytes:
        return f"{eager} round trip"
    return f"{human_bytes(compiled)} round trip when compiled ({eager} in eager)"


def _written_only_sentence(written: FateLike) -> str:
    """Kept in memory, but no round trip when compiled: no other kernel reads them back
    (the compiled panel draws a write alone), so they are not called round trips there."""
    one = written.count == 1
    listed = written.distinct == written.count <= NAMED
    what = join_words(written.names) if listed else plural(written.count, "intermediate")
    verb, them = ("is", "it") if one else ("are", "them")
    each = "" if one else "each "
    return (
        f"{what} {verb} still written to memory when compiled, but no other kernel reads "
        f"{them} back ({human_bytes(written.compiled_bytes)} written; in eager {each}written "
        f"and read back: {human_bytes(written.bytes)} in all)"
    )


def _unknown_sentence(unknown: FateLike) -> str:
    named = unknown.distinct <= NAMED
    what = join_words(unknown.names) if named else plural(unknown.distinct, "intermediate")
    why = unknown.reason or "no evidence either way"
    verb = "goes" if unknown.distinct == 1 else "go"
    return f"whether {what} still {verb} through memory is unknown ({why})"


def mode_sentences(modes: Sequence[CompiledMode]) -> list[str]:
    """A line per further compile mode of a run that asked for several, from the
    mode's own numbers: `max-autotune-no-cudagraphs: 3 kernels, 7 transfers, speedup 1.20x
    wall, 1.35x kernel`. The first mode is the run's `compiled`, said by the rest."""
    lines = []
    for mode in modes[1:]:
        line = (
            f"{mode.mode}: {plural(mode.kernel_count, 'kernel')}, "
            f"{plural(mode.transfer_count, 'transfer')}, "
            f"speedup {_times(mode.speedup)} wall, {_times(mode.kernel_speedup)} kernel"
        )
        if mode.round_trips_eliminated is not None:
            line += f", {plural(mode.round_trips_eliminated, 'round trip')} eliminated"
        if mode.correctness is not None and mode.correctness.match is False:
            line += " (its outputs do NOT match eager's)"
        lines.append(line)
    return lines


def _times(ratio: float | None) -> str:
    return "n/a" if ratio is None else f"{ratio:.2f}×"


def saved_versus_moved(
    eager: VariantCounts | None,
    compiled: VariantCounts | None,
    totals: Totals | None,
    fates: Mapping[FateKey, FateLike],
) -> str | None:
    """How "bytes saved" (the eliminated round trips) relates to the drop in bytes moved,
    in words: the drop is those round trips, plus what the kept ones move less when
    compiled, less what only the compiled variant sends through memory, plus the rest
    (inputs, outputs and weights read or written a different number of times)."""
    if eager is None or compiled is None or totals is None:
        return None
    drop = _moved(eager) - _moved(compiled)
    saved = totals.bytes_saved
    if drop == saved:
        return f"bytes moved fell by the same {human_bytes(drop)}"
    trips = "the round trip" if totals.round_trips_eliminated == 1 else "the round trips"
    parts = [f"{human_bytes(saved)} from {trips} eliminated"] if saved else []
    parts += _kept_parts(fates)
    if totals.compiled_only_bytes:
        parts.append(_compiled_only_part(totals))
    rest = drop - saved - _kept_drop(fates) + totals.compiled_only_bytes
    if rest:
        more = "fewer" if rest > 0 else "more"
        sign = "" if rest > 0 else "less "
        parts.append(
            f"{sign}{human_bytes(abs(rest))} from other tensors (inputs, outputs, weights) "
            f"read or written {more} times"
        )
    change = "fell" if drop >= 0 else "rose"
    amount = human_bytes(abs(drop))
    before, after = human_bytes(_moved(eager)), human_bytes(_moved(compiled))
    head = f"bytes moved {change} {before} → {after} ({amount})"
    return f"{head}: {'; '.join(parts)}" if parts else head


def _moved(variant: VariantCounts) -> int:
    return variant.bytes_read + variant.bytes_written


def _kept_drop(fates: Mapping[FateKey, FateLike]) -> int:
    kept = (fates.get(key) for key in (False, WRITTEN_ONLY))
    return sum(f.bytes - f.compiled_bytes for f in kept if f is not None)


def _kept_parts(fates: Mapping[FateKey, FateLike]) -> list[str]:
    parts = []
    ways: tuple[tuple[FateKey, str], ...] = (
        (False, "still through memory, but moved less when compiled"),
        (WRITTEN_ONLY, "still written, but no longer read back"),
    )
    for key, how in ways:
        fate = fates.get(key)
        if fate is None or fate.bytes == fate.compiled_bytes:
            continue
        listed = fate.distinct == fate.count <= NAMED
        what = join_words(fate.names) if listed else plural(fate.count, "intermediate")
        parts.append(f"{human_bytes(fate.bytes - fate.compiled_bytes)} from {what}, {how}")
    return parts


def _compiled_only_part(totals: Totals) -> str:
    count, names = totals.compiled_only_round_trips, totals.compiled_only_names
    what = join_words(names) if count == len(names) else plural(count, "intermediate")
    return (
        f"less {human_bytes(totals.compiled_only_bytes)} for {what}, which only the compiled "
        "variant writes and reads back"
    )
