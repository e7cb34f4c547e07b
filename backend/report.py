"""The result document as text, for the terminal."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from backend.analysis.dram import measured_totals
from backend.analysis.kept_groups import kept_groups
from backend.analysis.module_tree import (
    UNFOLD_ALL,
    KernelSum,
    TripSum,
    folded_entries,
    module_ledger,
    top_modules_by_saving,
)
from backend.figures.summary import (
    compiled_bandwidth_sentence,
    coverage_sentence,
    mode_sentences,
    traffic_reconciled,
    trip_size,
)
from backend.figures.units import human_bytes
from backend.result import Hint, RoundTrip, RunResult, Variant, profiler_inflated
from backend.result.modules import Spread

RUN_REPORTED = "reported by the run"
WORKER_RECORDED = "recorded by the worker"


def megabytes(count: int) -> str:
    """Bytes in the binary units the pages use (`19.1 MiB`): one unit family everywhere."""
    return human_bytes(count)


def duration(us: float) -> str:
    return f"{us / 1000:,.2f} ms" if us >= 1000 else f"{us:,.1f} µs"


def render(result: RunResult) -> str:
    lines = [_header(result)]
    if result.status != "succeeded":
        lines += _failure(result)
    else:
        trips = _model_round_trips(result) if result.modules else _round_trips(result)
        lines += _variants(result) + _blocks(result) + trips + _modules(result)
        lines += _compile(result) + _correctness(result)
        lines += _cache_note(result) + _measured(result)
    if result.output.stdout.strip() or result.output.stderr.strip():
        lines.append("snippet output: " + _output_summary(result))
    lines.append(f"saved as run {result.id}  (kernelscope show {result.id})")
    return printable("\n".join(lines))


# Names and messages come from the run, which the snippet controls: control characters
# (escape sequences that clear the screen or plant links) are shown, not obeyed.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def _header(result: RunResult) -> str:
    device = result.device
    where = f"{device.type} {device.name}" if device else "unknown device"
    if device and device.note:
        where += f" ({device.note})"
    if device and device.host:
        where += f" on {device.host}"
    size = f"   size {result.size:,}" if result.size is not None else ""
    return f"device: {where}   torch {result.versions.torch or '?'}{size}"


def _failure(result: RunResult) -> list[str]:
    error = result.error
    if error is None:
        return [f"status: {result.status}"]
    lines = [f"{result.status} ({error.kind}): {error.message}"]
    lines += [f"    {frame}" for frame in error.traceback]
    return lines


def _variants(result: RunResult) -> list[str]:
    peaks = any(v.peak_memory_bytes is not None for v in result.variants.values())
    rows = [
        f"{'':9} {'kernels':>8} {'transfers':>10} {'moved':>11} "
        f"{'kernel time':>12} {'wall time':>11}" + (f" {'peak memory':>12}" if peaks else "")
    ]
    width = max((len(name) for name in result.variants), default=9)
    rows[0] = " " * (width - 9) + rows[0]
    for name, variant in result.variants.items():
        peak = f" {_peak(variant.peak_memory_bytes):>12}" if peaks else ""
        rows.append(f"{name:{width}} {_variant_row(variant)}{peak}")
    spread = result.speedup_interval
    interval = f" (90% interval {spread[0]:.2f}-{spread[1]:.2f}x)" if spread else ""
    rows.append(
        f"speedup: {_times(result.speedup)} wall time{interval}, "
        f"{_times(result.kernel_speedup)} kernel time"
        + (
            " (inflated by the profiler: believe the wall time)"
            if profiler_inflated(result.noise)
            else ""
        )
        + (
            "  (small work: per-call overhead outweighs the kernels)"
            if _overhead_bound(result)
            else ""
        )
    )
    if result.compiled_modes:  # several modes: the first is `compiled`, a line per other
        rows[-1] = f"{result.compiled_modes[0].mode}: {rows[-1]}"
        rows += mode_sentences(result.compiled_modes)
        rows += [f"  {m.mode}: {note}" for m in result.compiled_modes for note in m.notes]
    compiled = result.variants.get("compiled")
    eager = result.variants.get("eager")
    coverage = coverage_sentence(eager, compiled) if eager and compiled else None
    if coverage:
        rows.append(f"coverage: {coverage}")
    bandwidth = compiled_bandwidth_sentence(compiled, result.device) if compiled else None
    if bandwidth:
        rows.append(f"bandwidth: {bandwidth}")
    if result.grad_mode is not None:
        how = "autograd on" if result.grad_mode.mode == "training" else "torch.no_grad()"
        rows.append(f"{result.grad_mode.mode} ({how}): {result.grad_mode.reason}")
    rows += [f"NOISY TIMINGS ({noise.kind}): {noise.message}" for noise in result.noise]
    # The snippet runs in the harness's process: it could have written any of these numbers.
    rows.append(
        f"  (times, bytes and speedups are {RUN_REPORTED}; the device is {WORKER_RECORDED})"
    )
    return rows


def _variant_row(variant: Variant) -> str:
    moved = megabytes(variant.bytes_read + variant.bytes_written)
    return (
        f"{variant.kernel_count:>8} {variant.transfer_count:>10} {moved:>11} "
        f"{duration(variant.kernel_time_us):>12} {duration(variant.wall_time_us):>11}"
    )


def _peak(count: int | None) -> str:
    return "n/a" if count is None else f"{count / 1024**3:,.2f} GiB"


def _times(ratio: float | None) -> str:
    return f"{ratio:.2f}x" if ratio is not None else "n/a"


def _overhead_bound(result: RunResult) -> bool:
    if profiler_inflated(result.noise):  # the kernel-time speedup is not to be believed
        return False
    return (result.speedup or 0) < 1 <= (result.kernel_speedup or 0)


def _round_trips(result: RunResult) -> list[str]:
    gone = [t for t in result.round_trips if t.eliminated]
    kept = [t for t in result.round_trips if t.eliminated is False]
    unknown = [t for t in result.round_trips if t.eliminated is None]
    lines = []
    for trip in gone:
        size = megabytes(trip.bytes // (1 + len(trip.consumers)))
        into = f"; fused into {trip.fused_into}" if trip.fused_into else ""
        lines.append(
            f"eliminated: ({trip.tensor}) -> {size} written by {trip.producer}{_in(trip)} and "
            f"read back by {', '.join(trip.consumers)}{into}"
        )
    if result.totals and gone:
        lines.append(
            f"  {len(gone)} round trip(s) eliminated, "
            f"{megabytes(result.totals.bytes_saved)} not moved"
        )
    if (reconciled := traffic_reconciled(result)) is not None and (gone or kept):
        lines.append(f"  {reconciled}")
    for trip in kept:
        lines.append(f"still through memory: ({trip.tensor}) {trip_size(trip)}{_in(trip)}")
        if trip.why is not None:
            lines.append(f"  why ({trip.why.kind}): {trip.why.message}")
            if trip.why.hint is not None:
                lines += _hint(trip.why.hint, "  ")
    for trip in unknown:
        lines.append(f"unknown: ({trip.tensor}) {trip.unknown_reason}")
    for hint in result.hints:
        lines += _hint(hint, "")
    return lines


def _model_round_trips(result: RunResult) -> list[str]:
    """A model's round trips, as its page shows them: every block repeats the same ones, so
    the eliminated are counted, not listed, and the kept are grouped by reason, tensor and
    module pattern (one line per group, `h.*` for every block)."""
    fates = [t.eliminated for t in result.round_trips]
    gone, unknown = fates.count(True), fates.count(None)
    lines = []
    if gone:
        saved = result.totals.bytes_saved if result.totals else 0
        lines.append(f"eliminated: {gone} round trip(s), {megabytes(saved)} not moved per call")
    if (reconciled := traffic_reconciled(result)) is not None and len(fates) > unknown:
        lines.append(f"  {reconciled}")
    groups = kept_groups(result.round_trips)
    if groups:
        kept = sum(g.count for g in groups)
        lines.append(f"still through memory: {kept} round trip(s) in {len(groups)} group(s)")
    for group in groups:
        lines.append(f"  {group.label}")
        if group.message:
            lines.append(f"    why: {group.message}")
        if group.hint:
            lines.append(f"    hint: {group.hint}")
    if unknown:
        lines.append(f"unknown: {unknown} round trip(s) (result.json says why for each)")
    for hint in result.hints:
        lines += _hint(hint, "")
    return lines


def _in(trip: RoundTrip) -> str:
    """Where in the model its writer ran, when it ran in a module."""
    return f" in {trip.module}" if trip.module else ""


TOP_MODULES = 5


def _ledger_parts(
    result: RunResult,
) -> tuple[list[tuple[str, str]], list[KernelSum], list[TripSum]]:
    """The ledger's inputs from the document: its modules, kernels and round trips."""
    kernels = [
        KernelSum(name, k.module, 1, k.bytes_read + k.bytes_written, k.dur_us)
        for name, variant in result.variants.items()
        for k in variant.kernels
    ]
    trips = [TripSum(t.module, t.eliminated, 1, t.bytes) for t in result.round_trips]
    return [(m.path, m.type) for m in result.modules], kernels, trips


def _modules(result: RunResult) -> list[str]:
    """The modules whose own round trips saved the most bytes (GET .../modules has all)."""
    if not result.modules:
        return []
    root = module_ledger(*_ledger_parts(result), unfold={UNFOLD_ALL})
    ranked = top_modules_by_saving(root, TOP_MODULES)
    lines = ["top modules by bytes saved:"] if ranked else []
    for node, own in ranked:
        lines.append(
            f"  {node.path} ({node.type or 'module'}): {megabytes(own.bytes_saved)} saved, "
            f"{own.eliminated} round trip(s) eliminated, {own.kept} kept"
        )
    return lines


def _blocks(result: RunResult) -> list[str]:
    """The repeated blocks, folded as the page folds them, with their numbers per block."""
    if not result.modules:
        return []
    lines = []
    for entry in folded_entries(module_ledger(*_ledger_parts(result))):
        spread = entry.per_block
        parent = entry.path.rpartition(".")[0]
        lines.append(
            f"blocks: {entry.name} ({parent}.*), per block: "
            f"{_spread(spread['bytes_saved'], _bytes)} saved, "
            f"{_spread(spread['eager_kernel_time_us'], duration)} eager -> "
            f"{_spread(spread['compiled_kernel_time_us'], duration)} compiled kernel time"
        )
    return lines


def _spread(spread: Spread, say: Callable[[float], str]) -> str:
    """A number per block: its mean, and its range where the blocks differ."""
    if spread.min == spread.max:
        return say(spread.mean)
    return f"{say(spread.mean)} ({say(spread.min)}-{say(spread.max)})"


def _bytes(count: float) -> str:
    return megabytes(round(count))


def _hint(hint: Hint, indent: str) -> list[str]:
    checked = [f"{indent}  {hint.checked}"] if hint.checked else []
    return [f"{indent}hint: {hint.message}", *checked]


def _compile(result: RunResult) -> list[str]:
    info = result.compile
    if info is None:
        return []
    line = f"compile: {info.seconds or 0:.1f} s, {info.graph_count} graph(s), mode {info.mode}"
    lines = [line]
    for brk in info.graph_breaks:
        at = f"line {brk.line}: " if brk.line else ""
        lines.append(f"  graph break at {at}{brk.reason}")
    return lines


def _correctness(result: RunResult) -> list[str]:
    check = result.correctness
    if check is None or check.match is None:
        return ["outputs not compared" + (f" ({check.note})" if check and check.note else "")]
    verdict = "outputs match" if check.match else "OUTPUTS DIFFER"
    errors = (
        f"max abs error {check.max_abs_error or 0:.3g}, "
        f"max rel error {check.max_rel_error or 0:.3g}"
    )
    if check.rel_l2_error is not None:
        errors += f", rel L2 error {check.rel_l2_error:.3g}"
    note = f"; {check.note}" if check.note else ""
    return [f"{verdict} ({errors}{note})"]


def _cache_note(result: RunResult) -> list[str]:
    device, eager = result.device, result.variants.get("eager")
    if device is None or eager is None or not device.l2_cache_bytes:
        return []
    working_set = eager.bytes_read + eager.bytes_written
    if working_set >= 4 * device.l2_cache_bytes:
        return []
    return [
        f"note: bytes are logical. This run's traffic ({megabytes(working_set)}) is under 4x the "
        f"{megabytes(device.l2_cache_bytes)} cache, so much of it may never reach DRAM."
    ]


def _measured(result: RunResult) -> list[str]:
    """Measured DRAM bytes (`measure: ["dram"]`) beside the logical bytes, or why not."""
    lines = []
    for measurement in result.measurements:
        if measurement.kind != "dram":
            continue
        cost = f" (ncu pass: {measurement.seconds:.1f} s)" if measurement.seconds else ""
        if not measurement.measured:
            lines.append(f"DRAM bytes: {measurement.reason or 'not measured'}{cost}")
            continue
        lines.append(f"DRAM bytes, measured by Nsight Compute{cost}:")
        for name, variant in result.variants.items():
            totals = measured_totals(variant)
            if totals is None:
                lines.append(f"  {name:<9} not measured")
                continue
            ratio = f"{totals.ratio:.2f}x logical" if totals.ratio is not None else "-"
            part = (
                f" ({totals.kernels} of {totals.of_kernels} kernels)"
                if totals.kernels < totals.of_kernels
                else ""
            )
            lines.append(
                f"  {name:<9} {megabytes(totals.dram_bytes)} measured vs "
                f"{megabytes(totals.logical_bytes)} logical: {ratio}{part}"
            )
        if measurement.reason:
            lines.append(f"  {measurement.reason}")
    return lines


def _output_summary(result: RunResult) -> str:
    text = (result.output.stdout + result.output.stderr).strip().splitlines()
    cut = " [truncated]" if result.output.truncated else ""
    return f"{len(text)} line(s){cut}; first: {text[0][:80]!r}" if text else ""


def render_sweep(results: Sequence[RunResult]) -> str:
    header = (
        f"{'size':>12} {'status':>10} {'eager k':>8} {'comp k':>7} {'eager moved':>11} "
        f"{'comp moved':>11} {'speedup':>8} {'kernel sp':>10}"
    )
    rows = [header]
    for result in results:
        eager, compiled = result.variants.get("eager"), result.variants.get("compiled")
        rows.append(
            f"{result.size or 0:>12,} {result.status:>10} "
            f"{_count(eager):>8} {_count(compiled):>7} {_mb(eager):>11} {_mb(compiled):>11} "
            f"{_times(result.speedup):>8} {_times(result.kernel_speedup):>10}   {result.id}"
        )
    return "\n".join(rows)


def _count(variant: Variant | None) -> str:
    return str(variant.kernel_count) if variant else "-"


def _mb(variant: Variant | None) -> str:
    return megabytes(variant.bytes_read + variant.bytes_written) if variant else "-"
