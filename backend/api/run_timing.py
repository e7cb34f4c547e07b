"""What the run page believes of a run's times, said beside its document: the variants
whose kernel times the profiler inflated, and its speedup's verdict against no change."""

from __future__ import annotations

from backend.analysis.spread import NO_CHANGE, Verdict, speedup_reading, verdict
from backend.result import kernel_time_inflation
from backend.run_head import RunHead


def inflations(head: RunHead) -> dict[str, float]:
    """Each inflated variant, with how many times its timed call its kernels add up to."""
    found = {name: kernel_time_inflation(v) for name, v in head.variants.items()}
    return {name: round(times, 2) for name, times in found.items() if times is not None}


def speedup_against_no_change(head: RunHead) -> Verdict | None:
    """The speedup against 1x by the one rule (better: compile helped)."""
    if not head.speedup:
        return None
    variants = (head.variants.get("eager"), head.variants.get("compiled"))
    reading = speedup_reading(head.speedup, head.speedup_interval, variants)
    return verdict(NO_CHANGE, reading, higher_is_better=True)
