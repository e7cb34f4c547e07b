"""Comparing two runs: their totals, speedups, setups, code and round trips (the kernels are
matched in backend/compare/kernels.py)."""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Callable, Sequence

from backend.analysis.dram import measured_totals
from backend.analysis.spread import (
    TOO_NOISY,
    Reading,
    calls,
    overlap,
    speedup_reading,
    speedup_verdict,
    verdict,
)
from backend.compare.document import (
    DIGITS,
    MAX_DIFF_LINES,
    Comparison,
    MetricDelta,
    RoundTripChange,
    VariantDelta,
)
from backend.compare.kernels import diff_kernels
from backend.compare.rerun import rerun_outcome
from backend.result import (
    Kernel,
    RoundTrip,
    RunResult,
    Variant,
    VariantName,
    Versions,
    kernel_time_inflation,
)

VARIANTS: tuple[VariantName, ...] = ("eager", "compiled")


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
    variants = {v: variant_delta(a.variants.get(v), b.variants.get(v)) for v in VARIANTS}
    changes = round_trip_changes(a.round_trips, b.round_trips)
    return Comparison(
        a_id=a.id,
        b_id=b.id,
        same_code=a.code_sha256 == b.code_sha256,
        differences=differences(a, b),
        variants=variants,
        speedup=_speedup(a, b, variants),
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
        kernels=[
            diff_kernels(v, _kernels(a, v), _kernels(b, v), (_inflated(a, v), _inflated(b, v)))
            for v in VARIANTS
        ],
        round_trips=changes,
        rerun=rerun_outcome(a, b, changes),
    )


def _interval(run: RunResult) -> tuple[float, float] | None:
    found = run.speedup_interval
    return (found[0], found[1]) if found is not None and len(found) == 2 else None


def _speedup(a: RunResult, b: RunResult, variants: dict[VariantName, VariantDelta]) -> MetricDelta:
    """The speedups' delta, with a verdict that agrees with the wall-time rows."""
    found = metric(a.speedup, b.speedup)
    if found.delta is None:
        return found
    own = verdict(_speedup_reading(a), _speedup_reading(b), higher_is_better=True)
    rows = [variants[v].wall_time_us.verdict or TOO_NOISY for v in VARIANTS]
    found.verdict = speedup_verdict(own, *rows)
    return found


def _speedup_reading(run: RunResult) -> Reading:
    return speedup_reading(run.speedup, run.speedup_interval, run.variants.values())


def _inflated(run: RunResult, variant: VariantName) -> bool:
    found = run.variants.get(variant)
    return found is not None and kernel_time_inflation(found) is not None


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
    ratio = round(b / a, DIGITS) if a != 0 else None
    return MetricDelta(a=a, b=b, delta=round(b - a, DIGITS), ratio=ratio)


def variant_delta(a: Variant | None, b: Variant | None) -> VariantDelta:
    def pair(value: Callable[[Variant], float]) -> MetricDelta:
        return metric(value(a) if a else None, value(b) if b else None)

    return VariantDelta(
        kernel_count=pair(lambda v: v.kernel_count),
        transfer_count=pair(lambda v: v.transfer_count),
        bytes_moved=pair(lambda v: v.bytes_read + v.bytes_written),
        kernel_time_us=_judged(pair(lambda v: v.kernel_time_us), a, b, _kernel_calls),
        wall_time_us=_judged(pair(lambda v: v.wall_time_us), a, b, _wall_calls),
        wall_time_within_noise=overlap(_wall_spread(a), _wall_spread(b)),
        kernel_time_within_noise=overlap(_kernel_spread(a), _kernel_spread(b)),
        dram_bytes=metric(_dram_bytes(a), _dram_bytes(b)),
    )


def _judged(
    found: MetricDelta,
    a: Variant | None,
    b: Variant | None,
    reading: Callable[[Variant], Reading],
) -> MetricDelta:
    if a is not None and b is not None and found.delta is not None:
        found.verdict = verdict(reading(a), reading(b))
    return found


def _wall_calls(variant: Variant) -> Reading:
    return calls(variant.wall_time_us, variant.wall_time_p10_us, variant.wall_time_p90_us)


def _kernel_calls(variant: Variant) -> Reading:
    inflated = kernel_time_inflation(variant) is not None
    p10, p90 = variant.kernel_time_p10_us, variant.kernel_time_p90_us
    return calls(variant.kernel_time_us, p10, p90, inflated)


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


def _kernels(run: RunResult, variant: VariantName) -> list[Kernel]:
    found = run.variants.get(variant)
    return found.kernels if found is not None else []


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
