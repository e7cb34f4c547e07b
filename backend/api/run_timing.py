"""What the run page believes of a run's times, said beside its document: the variants
whose kernel times the profiler inflated, and its speedup's verdict against no change."""

from __future__ import annotations

from collections.abc import Sequence

from backend.analysis.spread import NO_CHANGE, Verdict, speedup_reading, verdict
from backend.result import kernel_time_inflation
from backend.run_head import RunHead, VariantTotals
from backend.store.repository import RunSummary, Store


def inflations(head: RunHead) -> dict[str, float]:
    """Each inflated variant, with how many times its timed call its kernels add up to."""
    found = {name: kernel_time_inflation(v) for name, v in head.variants.items()}
    return {name: round(times, 2) for name, times in found.items() if times is not None}


def speedup_against_no_change(head: RunHead) -> Verdict | None:
    """The speedup against 1x by the one rule (better: compile helped)."""
    pair = (head.variants.get("eager"), head.variants.get("compiled"))
    return speedup_verdict_of(head.speedup, head.speedup_interval, pair)


def speedup_verdict_of(
    speedup: float | None,
    interval: Sequence[float] | None,
    variants: Sequence[VariantTotals | None],
) -> Verdict | None:
    """A speedup (eager wall / compiled wall) against 1x, read with its interval and its
    variants' timed calls: the run page's and history's one verdict."""
    if not speedup:
        return None
    reading = speedup_reading(speedup, interval, variants)
    return verdict(NO_CHANGE, reading, higher_is_better=True)


def with_verdicts(store: Store, runs: list[RunSummary]) -> list[RunSummary]:
    """Each speedup with the run page's verdict beside it: history never shows a bare
    number the run page would call noise."""
    variants = store.timed_variants([r.id for r in runs if r.speedup])
    for run in runs:
        found = variants.get(run.id, {})
        pair = (found.get("eager"), found.get("compiled"))
        run.speedup_verdict = speedup_verdict_of(run.speedup, run.speedup_interval, pair)
    return runs
