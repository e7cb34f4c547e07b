"""Kernel durations from several profiled calls: the median per kernel, with its spread.

One profiled call is one sample: on a loaded machine any kernel of it can take ten times
its usual time (one run saw 558.6 µs and 8,578 µs for the same kernel in two calls). The
harness profiles several calls; each gives the same kernels in the same launch order, so a
kernel's duration is the median over the calls of the kernel at its position, and its 10th
and 90th percentiles are kept beside it. Calls whose kernels differ from the most common
sequence (a recompile, say) are left out rather than mixed in.

The timeline draws one real call: the one whose summed kernel time is nearest the median
call's. Its kernels keep their own start times; their durations are the medians.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from backend.analysis.spread import percentile
from backend.result import Kernel


@dataclass
class Calls:
    kernels: list[Kernel]  # the drawn call's kernels, durations the medians over calls
    call_kernel_times_us: list[float] = field(default_factory=list)  # each used call's sum

    @property
    def count(self) -> int:
        return len(self.call_kernel_times_us)


def combine_calls(calls: Sequence[list[Kernel]]) -> Calls:
    """The kernels of several profiled calls of one variant, as one call with medians."""
    if not calls:
        return Calls([])
    shapes = [tuple(k.name for k in call) for call in calls]
    common = Counter(shapes).most_common(1)[0][0]
    kept = [call for call, shape in zip(calls, shapes, strict=True) if shape == common]
    totals = [sum(k.dur_us for k in call) for call in kept]
    middle = statistics.median(totals)
    drawn = min(range(len(kept)), key=lambda i: (abs(totals[i] - middle), i))
    kernels = [k.model_copy() for k in kept[drawn]]
    if len(kept) > 1:
        for position, kernel in enumerate(kernels):
            durations = [call[position].dur_us for call in kept]
            kernel.dur_us = round(statistics.median(durations), 3)
            kernel.duration_p10_us = _rounded(percentile(durations, 10))
            kernel.duration_p90_us = _rounded(percentile(durations, 90))
    return Calls(kernels, [round(t, 3) for t in totals])


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 3)
