"""The memory-traffic lesson in words, computed from the result document's own numbers."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from backend.figures.inputs import RoundTripLike, VariantCounts
from backend.figures.units import human_bytes, join_words, plural
from backend.result import RunResult, Totals


def traffic_summary(result: RunResult) -> list[str]:
    """The lesson in words, from the document's own numbers."""
    eager, compiled = result.variants.get("eager"), result.variants.get("compiled")
    return summary_sentences(eager, compiled, result.totals, result.round_trips)


def summary_sentences(
    eager: VariantCounts | None,
    compiled: VariantCounts | None,
    totals: Totals | None,
    round_trips: Sequence[RoundTripLike],
) -> list[str]:
    """`traffic_summary` from the parts it reads: the variants' counts, not their kernels."""
    if eager is None or compiled is None:
        return []
    gone = [t for t in round_trips if t.eliminated]
    kept = [t for t in round_trips if t.eliminated is False]
    unknown = [t for t in round_trips if t.eliminated is None]
    saved = totals.bytes_saved if totals else sum(t.bytes for t in gone)
    counts = f"eager: {_counts(eager)}; compiled: {_counts(compiled)}"
    sentences = [f"{counts}; {_eliminated_clause(gone, saved)}"]
    if kept:
        sentences.append(_kept_sentence(kept))
    if unknown:
        sentences.append(_unknown_sentence(unknown))
    return sentences


def _counts(variant: VariantCounts) -> str:
    return f"{plural(variant.kernel_count, 'kernel')}, {plural(variant.transfer_count, 'transfer')}"


def _eliminated_clause(gone: Sequence[RoundTripLike], saved: int) -> str:
    names = _unique(t.tensor for t in gone)
    if not names:
        return "no intermediate was eliminated"
    if len(gone) == 1:
        return f"the intermediate {names[0]} never touches memory ({human_bytes(saved)} saved)"
    # a variable assigned in a loop names many intermediates: count round trips, not names
    listed = len(names) == len(gone) <= 3
    what = f"the intermediates {join_words(names)}" if listed else plural(len(gone), "intermediate")
    return f"{what} never touch memory ({human_bytes(saved)} saved)"


def _kept_sentence(kept: Sequence[RoundTripLike]) -> str:
    names, moved = _unique(t.tensor for t in kept), human_bytes(sum(t.bytes for t in kept))
    if len(kept) == 1:
        return f"{names[0]} still goes through memory when compiled ({moved} round trip)"
    listed = len(names) == len(kept) <= 3
    what = join_words(names) if listed else plural(len(kept), "intermediate")
    return f"{what} still go through memory when compiled ({moved} of round trips)"


def _unknown_sentence(unknown: Sequence[RoundTripLike]) -> str:
    names = _unique(t.tensor for t in unknown)
    what = join_words(names) if len(names) <= 3 else plural(len(names), "intermediate")
    why = unknown[0].unknown_reason or "no evidence either way"
    verb = "goes" if len(names) == 1 else "go"
    return f"whether {what} still {verb} through memory is unknown ({why})"


def _unique(names: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(names))
