"""How much a timing varies: percentiles of the timed calls, and an interval for speedups.

A speedup is a ratio of two medians of noisy samples. Its 90% interval comes from a
bootstrap: resample each variant's calls with replacement, take the ratio of the medians,
and keep the 5th and 95th percentiles of those ratios (seeded: the same samples give the
same interval). Two runs whose intervals overlap are within noise of each other.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence

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
