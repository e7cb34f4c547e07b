"""Comparing two runs for the compare page: what changed from run A to run B.

Pure: two result documents in, one `Comparison` out (`GET /api/compare?a=ID&b=ID` returns it
as JSON). Typical pairs: one snippet on two devices or torch versions, two versions of a
snippet, before and after a change.

One module per part: document (the comparison's shape), runs (comparing two runs), kernels
(matching their kernels), alignment (the bounded-time sequence alignment under it).
"""

from __future__ import annotations

from backend.compare.alignment import MAX_MATCH_WORK, Block, align
from backend.compare.document import (
    MAX_DIFF_LINES,
    Comparison,
    KernelDiff,
    KernelDiffRow,
    MetricDelta,
    RoundTripChange,
    RowStatus,
    VariantDelta,
)
from backend.compare.kernels import (
    diff_kernels,
    kernel_key,
    normalise_name,
    pair_status,
    time_verdict,
)
from backend.compare.runs import (
    VARIANTS,
    code_diff,
    compare_runs,
    differences,
    metric,
    round_trip_changes,
    variant_delta,
)

__all__ = [
    "MAX_DIFF_LINES",
    "MAX_MATCH_WORK",
    "VARIANTS",
    "Block",
    "Comparison",
    "KernelDiff",
    "KernelDiffRow",
    "MetricDelta",
    "RoundTripChange",
    "RowStatus",
    "VariantDelta",
    "align",
    "code_diff",
    "compare_runs",
    "diff_kernels",
    "differences",
    "kernel_key",
    "metric",
    "normalise_name",
    "pair_status",
    "round_trip_changes",
    "time_verdict",
    "variant_delta",
]
