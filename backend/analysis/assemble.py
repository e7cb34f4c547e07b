"""From a harness bundle (and its two traces) to the analysed parts of the result document.

Pure: the caller reads the files; nothing here touches disk, the store or torch.
"""

from __future__ import annotations

import contextlib
import gc
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from backend.analysis.calls import Calls, combine_calls
from backend.analysis.compiled_names import name_compiled_values
from backend.analysis.compiled_side import count_compiled_side, decide_inside_kernel
from backend.analysis.fusion_reasons import break_in_words, check_hints, run_hints
from backend.analysis.kernel_matching import Source
from backend.analysis.module_places import ModuleRoots
from backend.analysis.noise import noise_warnings
from backend.analysis.provenance import kernel_provenance
from backend.analysis.round_trips import Evidence, eager_round_trips, gather_evidence, totals
from backend.analysis.spread import percentile, ratio_interval
from backend.analysis.trace import parse_trace
from backend.analysis.variants import (
    CompiledKernels,
    compiled_kernels,
    eager_kernel_sources,
    eager_kernels,
    eager_sources,
    outside_graphs_note,
)
from backend.analysis.window import measured_calls
from backend.result import (
    CompiledMode,
    CompileInfo,
    Correctness,
    DeviceInfo,
    GpuProcess,
    GradMode,
    GraphBreak,
    Hint,
    Kernel,
    MachineLoad,
    NamedModule,
    Noise,
    RoundTrip,
    Totals,
    TripInMode,
    Variant,
    Versions,
    mode_variant,
)

Json = Mapping[str, Any]

# The analysis's time: past it, what is optional is left out, and the run's notes say what
# (a 20,000-op bundle took 10.5 s on a loaded 2-core host, 35 s with three compile modes).
# The first profiled call of each variant and the first compile mode are never left out.
ANALYSIS_BUDGET_S = 20.0


class Deadline:
    """When the analysis's budget runs out, and what was left out for it."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._ends = time.monotonic() + seconds
        self.notes: list[str] = []

    def passed(self) -> bool:
        return time.monotonic() >= self._ends

    def left_out(self, what: str) -> None:
        self.notes.append(
            f"the analysis's {self.seconds:g} s budget ran out: {what} (the run is stored "
            "with less detail rather than analysed past its budget)"
        )


@dataclass
class Analysis:
    """Everything of the result document that is computed from what ran."""

    device: DeviceInfo | None = None
    versions: Versions = field(default_factory=Versions)
    entry_point: str | None = None
    notes: list[str] = field(default_factory=list)
    variants: dict[str, Variant] = field(default_factory=dict)
    round_trips: list[RoundTrip] = field(default_factory=list)
    totals: Totals | None = None
    speedup: float | None = None
    speedup_interval: list[float] | None = None
    kernel_speedup: float | None = None
    correctness: Correctness | None = None
    compile: CompileInfo | None = None
    harness_peak_memory_bytes: int | None = None
    hints: list[Hint] = field(default_factory=list)
    grad_mode: GradMode | None = None
    machine_load: MachineLoad | None = None
    noise: list[Noise] = field(default_factory=list)
    compiled_modes: list[CompiledMode] = field(default_factory=list)
    modules: list[NamedModule] = field(default_factory=list)

    def add_gpu_processes(self, processes: list[GpuProcess] | None) -> None:
        """The worker's view of the GPU (nvidia-smi), and the warning it may bring."""
        if self.machine_load is None or processes is None:
            return
        self.machine_load.gpu_processes = processes
        self.noise = noise_warnings(self.variants, self.machine_load)


def analyse(
    bundle: Json,
    eager_trace: Json | None,
    compiled_trace: Json | None,
    further_traces: Sequence[Json | None] = (),
    budget_s: float = ANALYSIS_BUDGET_S,
) -> Analysis:
    """Analyse a bundle; a failed bundle still yields its device, versions and notes.
    `further_traces`: the compiled trace of each of the bundle's `further_modes`. Past
    `budget_s` seconds, further profiled calls and compile modes are left out, with a note."""
    deadline = Deadline(budget_s)
    with collector_paused():
        analysis = _analyse(bundle, eager_trace, compiled_trace, further_traces, deadline)
    analysis.notes += deadline.notes
    return analysis


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector off while the analysis runs. Each of its full passes walks
    every object alive, the bundle's millions of parsed JSON values included, and the
    analysis allocates enough to start dozens of them: 60% of a 20,000-op bundle's analysis
    (4.4 s of CPU against 1.6 s without), growing faster than the bundle. The analysis
    makes no reference cycles; the collector is back on, if it was on, when it ends."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _analyse(
    bundle: Json,
    eager_trace: Json | None,
    compiled_trace: Json | None,
    further_traces: Sequence[Json | None],
    deadline: Deadline,
) -> Analysis:
    analysis = Analysis(
        device=DeviceInfo(**bundle["device"]) if bundle.get("device") else None,
        versions=_versions(bundle, eager_trace),
        entry_point=bundle.get("entry_point"),
        notes=list(bundle.get("notes", [])),
        grad_mode=GradMode(**bundle["grad_mode"]) if bundle.get("grad_mode") else None,
        modules=[NamedModule(**m) for m in bundle.get("modules") or []],
    )
    if bundle.get("status") != "succeeded" or eager_trace is None or compiled_trace is None:
        return analysis
    device_type = bundle["device"]["type"]
    sources = eager_kernel_sources(bundle["eager"], device_type)
    eager = combine_calls(
        _within(
            deadline,
            "eager",
            measured_calls(eager_trace),
            lambda call: eager_kernels(bundle["eager"], parse_trace(call), device_type, sources),
        )
    )
    evidence = gather_evidence(bundle)
    first_log = _launch_log(bundle, evidence)
    islands = eager_sources(bundle["eager"])  # the same for every call and mode
    compiled, last = _compiled_calls(bundle, compiled_trace, first_log, islands, deadline)
    evidence.island_ops = last.island_ops
    analysis.notes += outside_graphs_note(last.left_out)
    analysis.variants = {
        "eager": _variant(eager, bundle["eager"]),
        "compiled": _variant(compiled, bundle["compiled"]),
    }
    analysis.round_trips = eager_round_trips(bundle, evidence)
    analysis.totals = totals(analysis.round_trips)
    count_compiled_side(analysis.round_trips, compiled.kernels, analysis.totals)
    decide_inside_kernel(analysis.round_trips, compiled.kernels)
    analysis.speedup = _ratio(
        analysis.variants["eager"].wall_time_us, analysis.variants["compiled"].wall_time_us
    )
    interval = ratio_interval(_samples(bundle["eager"]), _samples(bundle["compiled"]))
    analysis.speedup_interval = list(interval) if interval is not None else None
    analysis.kernel_speedup = _ratio(
        analysis.variants["eager"].kernel_time_us, analysis.variants["compiled"].kernel_time_us
    )
    analysis.correctness = Correctness(**bundle["correctness"])
    analysis.compile = _compile_info(bundle["compile"])
    analysis.harness_peak_memory_bytes = (bundle.get("memory") or {}).get("harness_peak_bytes")
    eager_variant, compiled_variant = analysis.variants["eager"], analysis.variants["compiled"]
    analysis.hints = run_hints(
        bundle,
        eager_variant.wall_time_us,
        compiled_variant.wall_time_us,
        compiled_variant.kernel_time_us,
    )
    if bundle.get("load"):
        analysis.machine_load = MachineLoad(**bundle["load"])
    _further_modes(analysis, bundle, further_traces, first_log, islands, deadline)
    _root_kernel_modules(analysis)
    analysis.noise = noise_warnings(analysis.variants, analysis.machine_load)
    return analysis


def _root_kernel_modules(analysis: Analysis) -> None:
    """Compiled kernels of a graph traced from a submodule's frame, under the snippet's
    own module paths (module_places.ModuleRoots)."""
    roots = ModuleRoots([module.path for module in analysis.modules])
    for variant in analysis.variants.values():
        for kernel in variant.kernels:
            kernel.module = roots.rooted(kernel.module)


@dataclass(frozen=True)
class _LaunchLog:
    """What a compiled variant's trace kernels are matched against: its compiled part with
    the values named (the launch log and the values it reads and writes), and the kernels'
    snippet lines."""

    compiled: Json
    provenance: Json


def _launch_log(bundle: Json, evidence: Evidence) -> _LaunchLog:
    compiled = {**bundle["compiled"], "values": name_compiled_values(bundle, evidence)}
    provenance = kernel_provenance(
        bundle["compiled"].get("provenance", {}), bundle.get("snippet_file")
    )
    return _LaunchLog(compiled, provenance)


def _within(
    deadline: Deadline, variant: str, calls: Sequence[Json], analyse_call: Callable[[Json], Any]
) -> list[Any]:
    """Each measured call analysed, the first always, the others while the budget lasts
    (a kernel's duration is then a median over fewer calls: `profiled_calls` says how many)."""
    done = [analyse_call(calls[0])] if calls else []
    for call in calls[1:]:
        if deadline.passed():
            deadline.left_out(
                f"{variant}'s kernel durations are medians over {len(done)} of its "
                f"{len(calls)} profiled calls"
            )
            break
        done.append(analyse_call(call))
    return done


def _compiled_calls(
    bundle: Json,
    compiled_trace: Json,
    log: _LaunchLog,
    islands: Sequence[Source],
    deadline: Deadline,
    variant: str = "compiled",
) -> tuple[Calls, CompiledKernels]:
    """The bundle's compiled variant from its trace's measured calls, matched against `log`
    (its own, or the first mode's for a replayed CUDA graph: see `_replays_graphs`), and
    its last call's kernels (the eager ops that ran as eager code between its graphs, the
    kernels left out as outside the graphs: every call runs the same)."""
    device_type = bundle["device"]["type"]
    found = _within(
        deadline,
        variant,
        measured_calls(compiled_trace),
        lambda call: compiled_kernels(
            log.compiled, bundle["eager"], parse_trace(call), device_type, log.provenance, islands
        ),
    )
    return combine_calls([f.kernels for f in found]), found[-1]


def _further_modes(
    analysis: Analysis,
    bundle: Json,
    traces: Sequence[Json | None],
    first_log: _LaunchLog,
    islands: Sequence[Source],
    deadline: Deadline,
) -> None:
    """Each further compile mode analysed exactly as the first: its own variant
    `compiled:<mode>`, speedups, output check and the round trips it eliminates. The run's
    `round_trips` (and their `why`) stay the first mode's."""
    further = bundle.get("further_modes") or []
    if not further:
        return
    eager = analysis.variants["eager"]
    first = analysis.variants["compiled"]
    assert analysis.compile is not None and analysis.totals is not None
    analysis.compiled_modes = [
        _mode_summary(
            analysis.compile.mode,
            "compiled",
            eager,
            first,
            ratio_interval(_samples(bundle["eager"]), _samples(bundle["compiled"])),
            analysis.totals,
            analysis.correctness,
            analysis.compile,
            [],
        )
    ]
    tried: dict[str, CompiledMode] = {}
    for mode, trace in zip(further, traces, strict=True):
        if trace is None:
            continue
        if deadline.passed():
            deadline.left_out(f"compile mode {mode['mode']} was not analysed")
            continue
        alone = {**bundle, **{k: mode[k] for k in ("compiled", "compile", "correctness")}}
        notes = list(mode.get("notes", []))
        if _replays_graphs(mode, bundle):
            # its kernels are the first mode's, and so are the fates (its own launch log is
            # empty: it has no evidence of what its kernels wrote)
            calls, _ = _compiled_calls(alone, trace, first_log, islands, deadline, mode["mode"])
            trips = analysis.round_trips
            notes.append(REPLAY_NOTE.format(mode=mode["mode"], first=analysis.compile.mode))
        else:
            evidence = gather_evidence(alone)
            log = _launch_log(alone, evidence)
            calls, last = _compiled_calls(alone, trace, log, islands, deadline, mode["mode"])
            evidence.island_ops = last.island_ops
            trips = eager_round_trips(alone, evidence)
        name = mode_variant(mode["mode"], first=False)
        variant = _variant(calls, mode["compiled"])
        analysis.variants[name] = variant
        summary = _mode_summary(
            mode["mode"],
            name,
            eager,
            variant,
            ratio_interval(_samples(bundle["eager"]), _samples(mode["compiled"])),
            totals(trips),
            Correctness(**mode["correctness"]),
            _compile_info(mode["compile"]),
            notes,
        )
        analysis.compiled_modes.append(summary)
        tried[summary.mode] = summary
        _record_fates(analysis.round_trips, summary.mode, trips)
    check_hints(analysis.round_trips, analysis.hints, tried, analysis.compiled_modes[0])


def _record_fates(first: Sequence[RoundTrip], mode: str, trips: Sequence[RoundTrip]) -> None:
    """Each of the run's round trips keeps what `mode` did to it: both lists are the same
    eager round trips, in the same order (eager's ops decide them). In place."""
    for trip, other in zip(first, trips, strict=True):
        assert (trip.tensor, trip.producer) == (other.tensor, other.producer)
        trip.modes[mode] = TripInMode(
            eliminated=other.eliminated,
            fused_into=other.fused_into,
            why=other.why,
            decided_by=other.decided_by,
            unknown_reason=other.unknown_reason,
        )


REPLAY_NOTE = (
    "{mode} replays a CUDA graph (no launch from Python): its kernels' reads and writes are "
    "those of the same kernels in {first}; foreach_copy first copies the inputs into the "
    "graph's buffers."
)


def _replays_graphs(mode: Json, bundle: Json) -> bool:
    """Does this further mode replay CUDA graphs, so that no launch was logged, while the
    first mode, `default`, logged its launches? reduce-overhead compiles what default does
    and adds the graphs, so its kernels are then the first's (another first mode, e.g.
    max-autotune's templates, would not match)."""
    own, first = mode["compiled"].get("launches"), bundle["compiled"].get("launches")
    first_default = str(bundle["compile"].get("mode", "")) == "default"
    return mode["mode"] == "reduce-overhead" and not own and bool(first) and first_default


def _mode_summary(
    mode: str,
    name: str,
    eager: Variant,
    variant: Variant,
    interval: tuple[float, float] | None,
    saved: Totals,
    correctness: Correctness | None,
    compile_info: CompileInfo,
    notes: list[str],
) -> CompiledMode:
    return CompiledMode(
        mode=mode,
        variant=name,
        kernel_count=variant.kernel_count,
        transfer_count=variant.transfer_count,
        bytes_moved=variant.bytes_read + variant.bytes_written,
        wall_time_us=variant.wall_time_us,
        kernel_time_us=variant.kernel_time_us,
        speedup=_ratio(eager.wall_time_us, variant.wall_time_us),
        speedup_interval=list(interval) if interval is not None else None,
        kernel_speedup=_ratio(eager.kernel_time_us, variant.kernel_time_us),
        round_trips_eliminated=saved.round_trips_eliminated,
        bytes_saved=saved.bytes_saved,
        correctness=correctness,
        compile=compile_info,
        notes=notes,
    )


def _samples(raw: Json) -> list[float]:
    return [float(s) for s in raw["timing"].get("samples_us", [])]


def _variant(calls: Calls, raw: Json) -> Variant:
    timing = raw["timing"]
    samples = _samples(raw)
    p10, p90 = percentile(samples, 10), percentile(samples, 90)
    kernels = calls.kernels
    several = calls.count > 1
    return Variant(
        kernel_count=len(kernels),
        transfer_count=sum(len(k.transfers) for k in kernels),
        bytes_read=sum(k.bytes_read for k in kernels),
        bytes_written=sum(k.bytes_written for k in kernels),
        kernel_time_us=round(sum(k.dur_us for k in kernels), 3),
        wall_time_us=round(float(timing["median_us"]), 3),
        timing_repeats=int(timing["repeats"]),
        timing_method=str(timing["method"]),
        wall_time_p10_us=round(p10, 3) if p10 is not None else None,
        wall_time_p90_us=round(p90, 3) if p90 is not None else None,
        peak_memory_bytes=raw.get("peak_memory_bytes"),
        kernels=kernels,
        traffic_coverage=traffic_coverage(kernels),
        profiled_calls=calls.count,
        kernel_time_p10_us=_round(percentile(calls.call_kernel_times_us, 10)) if several else None,
        kernel_time_p90_us=_round(percentile(calls.call_kernel_times_us, 90)) if several else None,
    )


def traffic_coverage(kernels: Sequence[Kernel]) -> float:
    """The share of kernel time on kernels whose traffic is accounted (1.0 for a variant
    without kernel time: nothing is unaccounted)."""
    total = sum(k.dur_us for k in kernels)
    if total <= 0:
        return 1.0 if all(k.transfers for k in kernels) else 0.0
    return round(sum(k.dur_us for k in kernels if k.transfers) / total, 4)


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def _compile_info(raw: Json) -> CompileInfo:
    return CompileInfo(
        seconds=raw.get("seconds"),
        mode=raw.get("mode", "default"),
        graph_count=raw.get("graph_count"),
        graph_breaks=[
            GraphBreak(**b, plain=break_in_words(b)) for b in raw.get("graph_breaks", [])
        ],
        recompiles=raw.get("recompiles"),
        log=raw.get("log"),
    )


def _versions(bundle: Json, eager_trace: Json | None) -> Versions:
    raw = dict(bundle.get("versions") or {})
    if eager_trace is not None and eager_trace.get("cuda_driver_version"):
        raw["driver"] = str(eager_trace["cuda_driver_version"])
    return Versions(**{k: v for k, v in raw.items() if k in Versions.model_fields})


def _ratio(numerator: float, denominator: float) -> float | None:
    return round(numerator / denominator, 4) if denominator > 0 else None
