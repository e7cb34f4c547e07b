"""Comparing two runs for the compare page: what changed from run A to run B.

Pure: two result documents in, one `Comparison` out (`GET /api/compare?a=ID&b=ID` returns it
as JSON). Typical pairs: one snippet on two devices or torch versions, two versions of a
snippet, before and after a change.

Kernel matching, per variant: the two launch sequences are aligned with `difflib`'s
SequenceMatcher on a key of (kind, short name without its trailing `_<digits>` counter, op),
so `triton_poi_fused_add_0` in A matches `triton_poi_fused_add_1` in B. Kernels in an
equal block pair up in order. A replace block (A's kernels there share no key with B's)
pairs up in order only when both sides have the same length, as a 1:1 substitution, and
such a pair is always "changed"; of a replace block of unequal lengths every A kernel is
"removed" and every B kernel "added", since which of them took whose place is a guess.

A pair with equal keys is "changed" when its bytes (read + written) differ, or when its
durations differ by more than DUR_ABS_THRESHOLD_US *and* by more than DUR_REL_THRESHOLD of
the longer of the two; otherwise it is "same", so timing noise reads as "same" and swapping
A and B never changes a row's status.

SequenceMatcher is cubic on long runs of a few repeated keys (every layer of a deep model
changed one kernel), so `align` first splits off the common head and tail, and cuts a
stretch that is still too repetitive (MAX_MATCH_WORK) in two at corresponding points, each
half aligned on its own: a few thousand kernels align in well under a second, always.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Literal

from pydantic import BaseModel, Field

from backend.analysis.dram import measured_totals
from backend.analysis.spread import overlap
from backend.result import (
    Kernel,
    KernelKind,
    RoundTrip,
    RunResult,
    Variant,
    VariantName,
    Versions,
)

DUR_REL_THRESHOLD = 0.10
"""A matched kernel's duration must differ by more than this fraction of the longer one..."""
DUR_ABS_THRESHOLD_US = 0.5
"""...and by more than this many microseconds, for the row to be "changed"."""
VARIANTS: tuple[VariantName, ...] = ("eager", "compiled")
RowStatus = Literal["same", "changed", "added", "removed"]
KernelKey = tuple[str, str, str | None]

MAX_MATCH_WORK = 5_000
"""Σ over keys of (count in A's stretch x count in B's): above it a stretch is cut in two."""

_CUT_CONTEXT = 16  # keys that must agree after the cut points for a cut to snap to them
_DIGITS = 6  # deltas and ratios are rounded to this many decimals: no float noise in the JSON
_COUNTER = re.compile(r"_\d+$")


class MetricDelta(BaseModel):
    """One number in run A and run B."""

    a: float | None = Field(description="the value in run A; None when A does not have it")
    b: float | None = Field(description="the value in run B; None when B does not have it")
    delta: float | None = Field(description="b - a; None when either side is missing")
    ratio: float | None = Field(description="b / a; None when either side is missing or a is 0")


class VariantDelta(BaseModel):
    """One variant's totals in run A and run B (None sides where a run has no such variant)."""

    kernel_count: MetricDelta
    transfer_count: MetricDelta
    bytes_moved: MetricDelta = Field(description="bytes_read + bytes_written")
    kernel_time_us: MetricDelta = Field(description="sum of kernel durations in the profiled call")
    wall_time_us: MetricDelta = Field(description="median wall time of one call")
    wall_time_within_noise: bool | None = Field(
        default=None,
        description="the runs' timed calls overlap between their 10th and 90th percentiles: "
        "the difference may be noise (None when either run has no spread)",
    )
    kernel_time_within_noise: bool | None = Field(
        default=None,
        description="the same for the profiled calls' summed kernel time",
    )
    dram_bytes: MetricDelta = Field(
        default_factory=lambda: MetricDelta(a=None, b=None, delta=None, ratio=None),
        description="DRAM bytes read plus written, measured by Nsight Compute over the "
        'measured kernels (run option measure: ["dram"]); None on a side not measured',
    )


class KernelDiffRow(BaseModel):
    """One kernel of A matched to one of B ("same" / "changed"), or on one side only."""

    status: RowStatus = Field(
        description="same or changed: matched (see backend/compare.py for the rule); "
        "added: only in B; removed: only in A"
    )
    a_index: int | None = Field(description="the kernel's index in A's variant; None if added")
    b_index: int | None = Field(description="the kernel's index in B's variant; None if removed")
    name: str = Field(description="short name of A's kernel, or of B's when the row is added")
    b_name: str | None = Field(
        default=None,
        description="short name of B's kernel when it differs from `name` (another counter "
        "suffix, or a kernel that replaced A's); None otherwise",
    )
    op: str | None = Field(description="user-level ATen op, of the same kernel as `name`")
    kind: KernelKind = Field(description="of the same kernel as `name`")
    a_dur_us: float | None
    b_dur_us: float | None
    dur_delta_us: float | None = Field(description="b_dur_us - a_dur_us; None unless matched")
    a_bytes: int | None = Field(description="A's bytes read + written")
    b_bytes: int | None = Field(description="B's bytes read + written")
    bytes_delta: int | None = Field(description="b_bytes - a_bytes; None unless matched")


class KernelDiff(BaseModel):
    """The aligned kernel lists of one variant, in launch order, with counts per status."""

    variant: VariantName
    rows: list[KernelDiffRow]
    added: int
    removed: int
    changed: int
    same: int


class RoundTripChange(BaseModel):
    """A round trip whose fate differs between the runs (matched by tensor and producer)."""

    tensor: str
    producer: str
    a: str | None = Field(description="eliminated, kept (why: its kind), unknown; None: absent")
    b: str | None
    b_why: str | None = Field(default=None, description="why it stays in run B, if it does")


def _no_intervals() -> list[list[float] | None]:
    return [None, None]


MAX_DIFF_LINES = 400  # a snippet is at most 256 KiB; the page shows the start of a long diff


class Comparison(BaseModel):
    """Run B against run A: deltas are b - a, ratios b / a."""

    a_id: str
    b_id: str
    same_code: bool = Field(description="both ran the same snippet (equal code_sha256)")
    differences: list[str] = Field(
        description="what differs in the runs' setups, for a person, e.g. "
        "'device: NVIDIA H200 → CPU', 'torch: 2.11.0 → 2.13.0'; only where both runs know it"
    )
    variants: dict[VariantName, VariantDelta] = Field(description="eager and compiled, always")
    speedup: MetricDelta = Field(description="each run's eager wall / compiled wall")
    speedup_within_noise: bool | None = Field(
        default=None,
        description="the runs' speedup intervals overlap: the difference may be noise "
        "(None when either run has no interval)",
    )
    speedup_intervals: list[list[float] | None] = Field(
        default_factory=_no_intervals,
        description="[A's, B's] 90% interval of the speedup, [low, high] or None",
    )
    kernel_speedup: MetricDelta = Field(
        description="each run's eager summed kernel time / compiled summed kernel time"
    )
    round_trips_eliminated: MetricDelta
    bytes_saved: MetricDelta = Field(description="eager round-trip bytes compiled never moves")
    kernels: list[KernelDiff] = Field(description="eager, then compiled; empty rows if neither ran")
    round_trips: list[RoundTripChange] = Field(
        default_factory=list, description="round trips eliminated in one run and not the other"
    )
    code_diff: list[str] = Field(
        default_factory=list,
        description="A's snippet against B's as unified diff lines ('-' A only, '+' B only, "
        f"' ' context, '@@' hunks), at most {MAX_DIFF_LINES}; empty when the code is the same",
    )


def code_diff(a_code: str, b_code: str) -> list[str]:
    """What "code: changed" changed, as unified diff lines (difflib), two lines of context."""
    lines = list(
        difflib.unified_diff(a_code.splitlines(), b_code.splitlines(), "A", "B", n=2, lineterm="")
    )[2:]  # the "--- A" and "+++ B" headers: the page says which is which
    if len(lines) > MAX_DIFF_LINES:
        cut = len(lines) - MAX_DIFF_LINES
        lines = [*lines[:MAX_DIFF_LINES], f"@@ ... {cut:,} more diff lines @@"]
    return lines


def compare_runs(a: RunResult, b: RunResult) -> Comparison:
    """Compare run B with run A; runs that did not succeed compare with None metrics."""
    return Comparison(
        a_id=a.id,
        b_id=b.id,
        same_code=a.code_sha256 == b.code_sha256,
        differences=differences(a, b),
        variants={v: variant_delta(a.variants.get(v), b.variants.get(v)) for v in VARIANTS},
        speedup=metric(a.speedup, b.speedup),
        speedup_within_noise=overlap(_interval(a), _interval(b)),
        speedup_intervals=[a.speedup_interval, b.speedup_interval],
        kernel_speedup=metric(a.kernel_speedup, b.kernel_speedup),
        round_trips_eliminated=metric(
            a.totals.round_trips_eliminated if a.totals else None,
            b.totals.round_trips_eliminated if b.totals else None,
        ),
        bytes_saved=metric(
            a.totals.bytes_saved if a.totals else None, b.totals.bytes_saved if b.totals else None
        ),
        kernels=[diff_kernels(v, _kernels(a, v), _kernels(b, v)) for v in VARIANTS],
        round_trips=round_trip_changes(a.round_trips, b.round_trips),
    )


def _interval(run: RunResult) -> tuple[float, float] | None:
    found = run.speedup_interval
    return (found[0], found[1]) if found is not None and len(found) == 2 else None


def round_trip_changes(a: Sequence[RoundTrip], b: Sequence[RoundTrip]) -> list[RoundTripChange]:
    """Round trips whose fate differs: the n-th (tensor, producer) of A against B's n-th."""
    mine, theirs = _by_key(a), _by_key(b)
    changes = []
    for key in dict.fromkeys([*mine, *theirs]):
        before, after = mine.get(key), theirs.get(key)
        if _fate(before) == _fate(after):
            continue
        why = after.why.message if after is not None and after.why is not None else None
        tensor, producer, _ = key
        changes.append(
            RoundTripChange(
                tensor=tensor, producer=producer, a=_fate(before), b=_fate(after), b_why=why
            )
        )
    return changes


def _by_key(trips: Sequence[RoundTrip]) -> dict[tuple[str, str, int], RoundTrip]:
    seen: Counter[tuple[str, str]] = Counter()
    keyed = {}
    for trip in trips:
        seen[(trip.tensor, trip.producer)] += 1
        keyed[(trip.tensor, trip.producer, seen[(trip.tensor, trip.producer)])] = trip
    return keyed


def _fate(trip: RoundTrip | None) -> str | None:
    if trip is None:
        return None
    if trip.eliminated is None:
        return "unknown"
    if trip.eliminated:
        return "eliminated"
    return f"kept ({trip.why.kind})" if trip.why is not None else "kept"


def metric(a: float | None, b: float | None) -> MetricDelta:
    if a is None or b is None:
        return MetricDelta(a=a, b=b, delta=None, ratio=None)
    ratio = round(b / a, _DIGITS) if a != 0 else None
    return MetricDelta(a=a, b=b, delta=round(b - a, _DIGITS), ratio=ratio)


def variant_delta(a: Variant | None, b: Variant | None) -> VariantDelta:
    def pair(value: Callable[[Variant], float]) -> MetricDelta:
        return metric(value(a) if a else None, value(b) if b else None)

    return VariantDelta(
        kernel_count=pair(lambda v: v.kernel_count),
        transfer_count=pair(lambda v: v.transfer_count),
        bytes_moved=pair(lambda v: v.bytes_read + v.bytes_written),
        kernel_time_us=pair(lambda v: v.kernel_time_us),
        wall_time_us=pair(lambda v: v.wall_time_us),
        wall_time_within_noise=overlap(_wall_spread(a), _wall_spread(b)),
        kernel_time_within_noise=overlap(_kernel_spread(a), _kernel_spread(b)),
        dram_bytes=metric(_dram_bytes(a), _dram_bytes(b)),
    )


def _wall_spread(variant: Variant | None) -> tuple[float, float] | None:
    if variant is None or variant.wall_time_p10_us is None or variant.wall_time_p90_us is None:
        return None
    return variant.wall_time_p10_us, variant.wall_time_p90_us


def _kernel_spread(variant: Variant | None) -> tuple[float, float] | None:
    if variant is None or variant.kernel_time_p10_us is None or variant.kernel_time_p90_us is None:
        return None
    return variant.kernel_time_p10_us, variant.kernel_time_p90_us


def _dram_bytes(variant: Variant | None) -> float | None:
    totals = measured_totals(variant)
    return None if totals is None else float(totals.dram_bytes)


# ---- kernels ------------------------------------------------------------------------------


def normalise_name(short_name: str) -> str:
    """`triton_poi_fused_add_relu_0` -> `triton_poi_fused_add_relu`: drop the counter."""
    return _COUNTER.sub("", short_name)


def kernel_key(kernel: Kernel) -> KernelKey:
    return (kernel.kind, normalise_name(kernel.short_name), kernel.op)


def diff_kernels(variant: VariantName, a: Sequence[Kernel], b: Sequence[Kernel]) -> KernelDiff:
    rows = list(_aligned_rows(a, b))
    counts = Counter(row.status for row in rows)
    return KernelDiff(
        variant=variant,
        rows=rows,
        added=counts["added"],
        removed=counts["removed"],
        changed=counts["changed"],
        same=counts["same"],
    )


def _aligned_rows(a: Sequence[Kernel], b: Sequence[Kernel]) -> Iterator[KernelDiffRow]:
    ids: dict[KernelKey, int] = {}  # small ints hash and compare faster than tuples
    keys_a = [ids.setdefault(kernel_key(k), len(ids)) for k in a]
    keys_b = [ids.setdefault(kernel_key(k), len(ids)) for k in b]
    for i1, i2, j1, j2 in align(keys_a, keys_b):
        yield from _block_rows(a[i1:i2], b[j1:j2])


def _block_rows(a: Sequence[Kernel], b: Sequence[Kernel]) -> Iterator[KernelDiffRow]:
    """Equal blocks, and replace blocks of equal lengths, pair up; anything else is one-sided."""
    if len(a) == len(b):
        yield from (_paired_row(x, y) for x, y in zip(a, b, strict=True))
        return
    yield from (_one_sided_row("removed", x, a_side=True) for x in a)
    yield from (_one_sided_row("added", y, a_side=False) for y in b)


def pair_status(x: Kernel, y: Kernel) -> RowStatus:
    if kernel_key(x) != kernel_key(y) or _bytes(x) != _bytes(y):
        return "changed"
    return "changed" if durations_differ(x.dur_us, y.dur_us) else "same"


def durations_differ(a_us: float, b_us: float) -> bool:
    """Beyond timing noise: more than DUR_ABS_THRESHOLD_US and DUR_REL_THRESHOLD apart."""
    diff = abs(b_us - a_us)
    return diff > DUR_ABS_THRESHOLD_US and diff > DUR_REL_THRESHOLD * max(a_us, b_us)


def _paired_row(x: Kernel, y: Kernel) -> KernelDiffRow:
    return KernelDiffRow(
        status=pair_status(x, y),
        a_index=x.index,
        b_index=y.index,
        name=x.short_name,
        b_name=y.short_name if y.short_name != x.short_name else None,
        op=x.op,
        kind=x.kind,
        a_dur_us=x.dur_us,
        b_dur_us=y.dur_us,
        dur_delta_us=round(y.dur_us - x.dur_us, _DIGITS),
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


def _kernels(run: RunResult, variant: VariantName) -> list[Kernel]:
    found = run.variants.get(variant)
    return found.kernels if found is not None else []


# ---- setup differences --------------------------------------------------------------------


def differences(a: RunResult, b: RunResult) -> list[str]:
    """`label: A → B` for each setting known in both runs that differs, code first."""
    settings: list[tuple[str, object, object]] = [
        ("status", a.status, b.status),
        ("entry point", a.entry_point, b.entry_point),
        ("size", _size(a), _size(b)),
        ("compile mode", _mode(a), _mode(b)),
        ("device", _device(a), _device(b)),
        *((name, getattr(a.versions, name), getattr(b.versions, name)) for name in _VERSIONS),
    ]
    notes = [] if a.code_sha256 == b.code_sha256 else ["code: changed"]
    return notes + [
        f"{label}: {x} → {y}" for label, x, y in settings if None not in (x, y) and x != y
    ]


_VERSIONS: tuple[str, ...] = tuple(Versions.model_fields)


def _size(run: RunResult) -> str:
    return "default" if run.size is None else f"{run.size:,}"


def _mode(run: RunResult) -> str | None:
    return run.compile.mode if run.compile is not None else None


def _device(run: RunResult) -> str | None:
    return run.device.name if run.device is not None else None


# ---- alignment ----------------------------------------------------------------------------

Block = tuple[int, int, int, int]
"""a[i1:i2] against b[j1:j2]: an equal block, a replace, an insert or a delete."""


def align(a: Sequence[int], b: Sequence[int]) -> list[Block]:
    """SequenceMatcher's opcodes (tags dropped) for two key sequences, in bounded time.

    Plain SequenceMatcher takes 40 s on 3,000 kernels of three keys with every third one
    changed; here a stretch whose matching work exceeds MAX_MATCH_WORK is cut in two first.
    """
    return _merge_edits(list(_align(a, b, (0, len(a), 0, len(b)))))


_TAG_EQUAL = "equal"


def _align(a: Sequence[int], b: Sequence[int], span: Block) -> Iterator[tuple[str, Block]]:
    alo, ahi, blo, bhi = span
    head = _common_run(a, b, alo, ahi, blo, bhi, step=1)
    tail = _common_run(a, b, ahi - 1, alo + head - 1, bhi - 1, blo + head - 1, step=-1)
    if head:
        yield _TAG_EQUAL, (alo, alo + head, blo, blo + head)
    middle = (alo + head, ahi - tail, blo + head, bhi - tail)
    if _should_cut(a, b, middle):
        ca, cb = _cut(a, b, middle)
        yield from _align(a, b, (middle[0], ca, middle[2], cb))
        yield from _align(a, b, (ca, middle[1], cb, middle[3]))
    else:
        yield from _matched(a, b, middle)
    if tail:
        yield _TAG_EQUAL, (ahi - tail, ahi, bhi - tail, bhi)


def _common_run(
    a: Sequence[int], b: Sequence[int], i: int, i_end: int, j: int, j_end: int, step: int
) -> int:
    """How many keys agree walking from a[i] and b[j] in direction `step` (ends exclusive)."""
    run = 0
    while i != i_end and j != j_end and a[i] == b[j]:
        i, j, run = i + step, j + step, run + 1
    return run


def _should_cut(a: Sequence[int], b: Sequence[int], span: Block) -> bool:
    alo, ahi, blo, bhi = span
    if ahi - alo < 2 or bhi - blo < 2:
        return False
    in_b = Counter(b[blo:bhi])
    return sum(in_b[key] for key in a[alo:ahi]) > MAX_MATCH_WORK


def _cut(a: Sequence[int], b: Sequence[int], span: Block) -> tuple[int, int]:
    """Cut a in the middle and b at the corresponding point, on a run of equal keys if near."""
    alo, ahi, blo, bhi = span
    ca = (alo + ahi) // 2
    guess = blo + round((ca - alo) * (bhi - blo) / (ahi - alo))
    window = abs((ahi - alo) - (bhi - blo)) + _CUT_CONTEXT
    for offset in sorted(range(-window, window + 1), key=abs):
        cb = guess + offset
        if blo < cb < bhi and a[ca : ca + _CUT_CONTEXT] == b[cb : cb + _CUT_CONTEXT]:
            return ca, cb
    return ca, min(max(guess, blo + 1), bhi - 1)


def _matched(a: Sequence[int], b: Sequence[int], span: Block) -> Iterator[tuple[str, Block]]:
    alo, ahi, blo, bhi = span
    matcher = difflib.SequenceMatcher(None, a[alo:ahi], b[blo:bhi], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        yield tag, (alo + i1, alo + i2, blo + j1, blo + j2)


def _merge_edits(opcodes: list[tuple[str, Block]]) -> list[Block]:
    """Adjacent non-equal blocks (either side of a cut) become one replace block."""
    merged: list[tuple[str, Block]] = []
    for tag, block in opcodes:
        if merged and tag != _TAG_EQUAL and merged[-1][0] != _TAG_EQUAL:
            i1, _, j1, _ = merged[-1][1]
            merged[-1] = ("replace", (i1, block[1], j1, block[3]))
        else:
            merged.append((tag, block))
    return [block for _, block in merged]
