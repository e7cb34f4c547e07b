"""Kernel matching, per variant, of two runs' launch sequences.

The two launch sequences are aligned with `difflib`'s SequenceMatcher on a key of (kind,
short name without its trailing `_<digits>` counter, op), so `triton_poi_fused_add_0` in A
matches `triton_poi_fused_add_1` in B. Kernels in an equal block pair up in order. A
replace block (A's kernels there share no key with B's) pairs up in order only when both
sides have the same length, as a 1:1 substitution, and such a pair is always "changed"; of
a replace block of unequal lengths every A kernel is "removed" and every B kernel "added",
since which of them took whose place is a guess.

A pair with equal keys is "changed" when its bytes (read + written) differ, or when the one
rule for timings (`backend.analysis.spread.verdict`) calls its duration better or worse:
their 10th-90th percentiles apart, neither spread past the noise warning's, and neither
variant's kernel times inflated by the profiler. Otherwise it is "same", and its
`time_verdict` says why (within noise, too noisy to tell); swapping A and B never changes
a row's status.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence

from backend.analysis.spread import Verdict, calls, verdict
from backend.compare.alignment import align
from backend.compare.document import DIGITS, KernelDiff, KernelDiffRow, RowStatus
from backend.result import Kernel, VariantName

KernelKey = tuple[str, str, str | None]
_COUNTER = re.compile(r"_\d+$")


def normalise_name(short_name: str) -> str:
    """`triton_poi_fused_add_relu_0` -> `triton_poi_fused_add_relu`: drop the counter."""
    return _COUNTER.sub("", short_name)


def kernel_key(kernel: Kernel) -> KernelKey:
    return (kernel.kind, normalise_name(kernel.short_name), kernel.op)


def diff_kernels(
    variant: VariantName,
    a: Sequence[Kernel],
    b: Sequence[Kernel],
    inflated: tuple[bool, bool] = (False, False),
) -> KernelDiff:
    """`inflated`: whether A's and B's kernel times of this variant are inflated (their
    timings then never make a row "changed")."""
    rows = list(_aligned_rows(a, b, inflated))
    counts = Counter(row.status for row in rows)
    return KernelDiff(
        variant=variant,
        rows=rows,
        added=counts["added"],
        removed=counts["removed"],
        changed=counts["changed"],
        same=counts["same"],
    )


def _aligned_rows(
    a: Sequence[Kernel], b: Sequence[Kernel], inflated: tuple[bool, bool]
) -> Iterator[KernelDiffRow]:
    ids: dict[KernelKey, int] = {}  # small ints hash and compare faster than tuples
    keys_a = [ids.setdefault(kernel_key(k), len(ids)) for k in a]
    keys_b = [ids.setdefault(kernel_key(k), len(ids)) for k in b]
    for i1, i2, j1, j2 in align(keys_a, keys_b):
        yield from _block_rows(a[i1:i2], b[j1:j2], inflated)


def _block_rows(
    a: Sequence[Kernel], b: Sequence[Kernel], inflated: tuple[bool, bool]
) -> Iterator[KernelDiffRow]:
    """Equal blocks, and replace blocks of equal lengths, pair up; anything else is one-sided."""
    if len(a) == len(b):
        yield from (_paired_row(x, y, inflated) for x, y in zip(a, b, strict=True))
        return
    yield from (_one_sided_row("removed", x, a_side=True) for x in a)
    yield from (_one_sided_row("added", y, a_side=False) for y in b)


def time_verdict(x: Kernel, y: Kernel, inflated: tuple[bool, bool] = (False, False)) -> Verdict:
    """B's duration against A's, by the one rule, over each kernel's profiled calls."""
    a = calls(x.dur_us, x.duration_p10_us, x.duration_p90_us, inflated[0])
    return verdict(a, calls(y.dur_us, y.duration_p10_us, y.duration_p90_us, inflated[1]))


def pair_status(x: Kernel, y: Kernel, timing: Verdict) -> RowStatus:
    if kernel_key(x) != kernel_key(y) or _bytes(x) != _bytes(y):
        return "changed"
    return "changed" if timing in ("better", "worse") else "same"


def _paired_row(x: Kernel, y: Kernel, inflated: tuple[bool, bool]) -> KernelDiffRow:
    timing = time_verdict(x, y, inflated)
    return KernelDiffRow(
        status=pair_status(x, y, timing),
        time_verdict=timing,
        a_index=x.index,
        b_index=y.index,
        name=x.short_name,
        b_name=y.short_name if y.short_name != x.short_name else None,
        op=x.op,
        kind=x.kind,
        a_dur_us=x.dur_us,
        b_dur_us=y.dur_us,
        dur_delta_us=round(y.dur_us - x.dur_us, DIGITS),
        a_bytes=_bytes(x),
        b_bytes=_bytes(y),
        bytes_delta=_bytes(y) - _bytes(x),
    )


def _one_sided_row(status: RowStatus, kernel: Kernel, *, a_side: bool) -> KernelDiffRow:
    return KernelDiffRow(
        status=status,
        a_index=kernel.index if a_side else None,
        b_index=None if a_side else kernel.index,
        name=kernel.short_name,
        op=kernel.op,
        kind=kernel.kind,
        a_dur_us=kernel.dur_us if a_side else None,
        b_dur_us=None if a_side else kernel.dur_us,
        dur_delta_us=None,
        a_bytes=_bytes(kernel) if a_side else None,
        b_bytes=None if a_side else _bytes(kernel),
        bytes_delta=None,
    )


def _bytes(kernel: Kernel) -> int:
    return kernel.bytes_read + kernel.bytes_written
