"""How much a timing varies: percentiles of the timed calls, and an interval for speedups.

A speedup is a ratio of two medians of noisy samples. Its 90% interval comes from a
bootstrap: resample each variant's calls with replacement, take the ratio of the medians,
and keep the 5th and 95th percentiles of those ratios (seeded: the same samples give the
same interval). Two runs whose intervals overlap are within noise of each other, and
`verdict` is the one rule every page uses to call a change better, worse, within noise or
too noisy to tell.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from backend.analysis.noise import WIDE_SPREAD
from backend.result import VariantTotals

RESAMPLES = 1000
SEED = 0


def percentile(samples: Sequence[float], q: float) -> float | None:
    """The q-th percentile (0-100), by linear interpolation; None without samples."""
    if not samples:
        return None
    ordered = sorted(samples)
    position = (len(ordered) - 1) * q / 100
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def ratio_interval(
    numerator: Sequence[float], denominator: Sequence[float]
) -> tuple[float, float] | None:
    """90% bootstrap interval of median(numerator) / median(denominator)."""
    if len(numerator) < 2 or len(denominator) < 2:
        return None
    rng = random.Random(SEED)
    ratios = []
    for _ in range(RESAMPLES):
        top = statistics.median(rng.choices(numerator, k=len(numerator)))
        bottom = statistics.median(rng.choices(denominator, k=len(denominator)))
        if bottom > 0:
            ratios.append(top / bottom)
    low, high = percentile(ratios, 5), percentile(ratios, 95)
    if low is None or high is None:
        return None
    return round(low, 4), round(high, 4)


def overlap(a: tuple[float, float] | None, b: tuple[float, float] | None) -> bool | None:
    """Do two intervals overlap (within noise)? None when either is unknown."""
    if a is None or b is None:
        return None
    return a[0] <= b[1] and b[0] <= a[1]


# ---- verdicts ---------------------------------------------------------------------------
# One rule says whether a measured number got better or worse between two runs (compare,
# compare-suites) or against no change (a run's speedup against 1x): from the intervals and
# the spread of the samples behind them, never from a number the page calls inflated.

Verdict = Literal["better", "worse", "within noise", "too noisy to tell"]
TOO_NOISY: Verdict = "too noisy to tell"


@dataclass(frozen=True)
class Reading:
    """A measured number as a verdict reads it."""

    value: float
    interval: tuple[float, float] | None  # a 90% interval, or its calls' 10th-90th percentile
    spread: float | None = None  # 90th over 10th percentile of the calls behind it
    inflated: bool = False  # the profiler inflated it: not believed


def calls(value: float, p10: float | None, p90: float | None, inflated: bool = False) -> Reading:
    """A median of calls read with its calls' 10th to 90th percentiles."""
    interval = (p10, p90) if p10 is not None and p90 is not None else None
    return Reading(value, interval, spread_of(p10, p90), inflated)


def spread_of(p10: float | None, p90: float | None) -> float | None:
    return p90 / p10 if p10 is not None and p90 is not None and p10 > 0 else None


def widest_spread(variants: Iterable[VariantTotals | None]) -> float | None:
    """The wider of the variants' spreads of timed calls: what a speedup is a ratio of."""
    spreads = [spread_of(v.wall_time_p10_us, v.wall_time_p90_us) for v in variants if v]
    known = [s for s in spreads if s is not None]
    return max(known) if known else None


def speedup_reading(
    speedup: float | None,
    interval: Sequence[float] | None,
    variants: Iterable[VariantTotals | None],
) -> Reading:
    """A run's speedup with its 90% interval and the spread of the calls behind it."""
    pair = (interval[0], interval[1]) if interval is not None and len(interval) == 2 else None
    return Reading(speedup or 0.0, pair, widest_spread(variants))


def _unreadable(reading: Reading) -> bool:
    """Too noisy to read: inflated, without an interval, or from calls spread past
    WIDE_SPREAD (the spread the run page warns of)."""
    wide = reading.spread is not None and reading.spread > WIDE_SPREAD
    return reading.inflated or reading.interval is None or wide


def verdict(a: Reading, b: Reading, higher_is_better: bool = False) -> Verdict:
    """B against A: better or worse only when both are readable and their intervals are
    apart; within noise when they overlap. Swapping A and B swaps better and worse."""
    if _unreadable(a) or _unreadable(b):
        return TOO_NOISY
    if overlap(a.interval, b.interval):
        return "within noise"
    return "better" if (b.value > a.value) == higher_is_better else "worse"


NO_CHANGE = Reading(1.0, (1.0, 1.0), None)
"""A speedup of 1x: what a run's speedup is read against (`verdict(NO_CHANGE, speedup,
higher_is_better=True)`: better means compile helped)."""


def speedup_verdict(own: Verdict, eager: Verdict, compiled: Verdict) -> Verdict:
    """A speedup's verdict (eager wall / compiled wall) that agrees with the rows it is
    made of: too noisy if any is; within noise if both rows are; else its own verdict only
    where a row points the same way (a faster eager lowers the speedup, a faster compiled
    raises it)."""
    if TOO_NOISY in (own, eager, compiled):
        return TOO_NOISY
    implied = {_opposite(eager), compiled} - {"within noise"}
    if not implied or own == "within noise":
        return "within noise"
    return own if own in implied else TOO_NOISY


def _opposite(found: Verdict) -> Verdict:
    if found == "better":
        return "worse"
    return "better" if found == "worse" else found
