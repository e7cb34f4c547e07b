"""The result document: Kernelscope's public contract.

`kernelscope run --json`, `kernelscope show --json` and (later) `GET /api/runs/{id}` all
return exactly this shape. Field names are part of the contract; add fields, never rename.
docs/result-document.md describes each field for users; keep the two in step.

Units are in the names: `_us` is microseconds, `bytes` are logical bytes (computed from
tensor sizes, what the program asks for), never DRAM counters.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

RunStatus = Literal["queued", "running", "succeeded", "failed", "timed_out", "crashed", "cancelled"]
FINISHED_STATUSES: tuple[RunStatus, ...] = (
    "succeeded",
    "failed",
    "timed_out",
    "crashed",
    "cancelled",
)
Direction = Literal["read", "write"]
TensorRole = Literal["input", "output", "intermediate", "parameter", "scratch"]
KernelKind = Literal["elementwise", "reduction", "matmul", "copy", "fused", "other"]
# The compile modes a run may ask for (issue 11: several, side by side).
CompileModeName = Literal["default", "max-autotune-no-cudagraphs", "reduce-overhead"]
COMPILE_MODES: tuple[str, ...] = ("default", "max-autotune-no-cudagraphs", "reduce-overhead")
MAX_COMPILE_MODES = 3
# `compiled` is the first compile mode a run asked for; each further mode is
# `compiled:<mode>` (issue 11).
VariantName = Literal[
    "eager",
    "compiled",
    "compiled:default",
    "compiled:max-autotune-no-cudagraphs",
    "compiled:reduce-overhead",
]


def mode_variant(mode: str, first: bool) -> str:
    """The variant name of a compile mode: `compiled` for the run's first, else
    `compiled:<mode>`."""
    return "compiled" if first else f"compiled:{mode}"


class ErrorInfo(BaseModel):
    """Why a run did not succeed. `line` is set when the user's code is at fault."""

    kind: str = Field(description="machine-readable cause, e.g. syntax_error, exception, timeout")
    message: str = Field(description="what went wrong and how to fix it, for a person")
    line: int | None = Field(default=None, description="1-based line in the snippet at fault")
    traceback: list[str] = Field(
        default_factory=list, description="the user's own frames only, innermost last"
    )


class DeviceInfo(BaseModel):
    """Where the run ran. `name`, `memory_bytes`, `host` and `worker` are recorded by the
    worker (nvidia-smi, /proc/cpuinfo), never taken from the run; `type`, `l2_cache_bytes`
    and `note` are what the run reported."""

    type: Literal["cuda", "cpu"] = Field(description="the kind of device the run reported using")
    name: str = Field(description="recorded by the worker: nvidia-smi's GPU name, or the CPU's")
    l2_cache_bytes: int | None = Field(
        default=None,
        description="last-level cache size (reported by the run); data smaller than this may "
        "never reach DRAM",
    )
    note: str | None = Field(default=None, description="e.g. why a CPU was used (from the run)")
    memory_bytes: int | None = Field(
        default=None, description="the GPU's memory, recorded by the worker (nvidia-smi)"
    )
    host: str | None = Field(default=None, description="host name of the worker's machine")
    worker: str | None = Field(
        default=None,
        description="the worker that ran it: its name, or `local` (the server's "
        "own worker or `kernelscope run`)",
    )
    peak_bandwidth_bytes_per_s: float | None = Field(
        default=None,
        description="measured by the worker once per device (the best of a copy, an add and "
        "a sum over buffers of 8x the last-level cache, bytes read plus written per second): "
        "the roof kernels are measured against",
    )
    peak_flops: dict[str, float] | None = Field(
        default=None,
        description="measured by the worker once per device: matmul FLOP/s per dtype "
        "(`float32` with TF32 off; `bfloat16` on a GPU)",
    )


class Versions(BaseModel):
    torch: str | None = None
    triton: str | None = None
    cuda: str | None = None
    driver: str | None = Field(default=None, description="recorded by the worker (nvidia-smi)")
    python: str | None = None
    kernelscope: str | None = None


class Transfer(BaseModel):
    """One tensor read from, or written to, device memory by one kernel."""

    tensor: str = Field(description="snippet-level name: `a`, `a + b`, `relu(a + b)`, `buf3`")
    direction: Direction
    bytes: int = Field(description="logical bytes moved (broadcast dims counted once)")
    shape: list[int]
    dtype: str
    role: TensorRole
    partial: bool = Field(
        default=False,
        description="a gather or lookup reads only some elements: bytes count those touched",
    )


class Kernel(BaseModel):
    """One launch on the device (CPU: one ATen op in eager, one fused C++ kernel compiled)."""

    index: int = Field(description="position in launch order within the variant")
    name: str = Field(description="full name as the profiler reports it")
    short_name: str = Field(description="readable name for charts")
    op: str | None = Field(description="outermost user-level ATen op that launched it")
    kind: KernelKind
    start_us: float = Field(
        description="start, relative to the variant's first kernel, in the drawn call (the "
        "profiled call whose summed kernel time is nearest the median)"
    )
    dur_us: float = Field(
        description="median duration over the profiled calls (Variant.profiled_calls) of the "
        "kernel at this position"
    )
    stream: int | None = None
    grid: list[int] | None = None
    block: list[int] | None = None
    registers_per_thread: int | None = None
    shared_memory_bytes: int | None = None
    occupancy_pct: float | None = Field(default=None, description="theoretical, from launch config")
    lines: list[int] = Field(default_factory=list, description="snippet lines that produced it")
    source_ops: list[str] = Field(
        default_factory=list, description="ATen ops fused into this kernel (compiled only)"
    )
    graph: int | None = Field(
        default=None, description="compiled graph index; None for eager kernels of either variant"
    )
    bytes_read: int
    bytes_written: int
    estimated_bytes: int | None = Field(
        default=None, description="Inductor's own estimate (kernel_num_gb), for cross-checking"
    )
    flops: int | None = Field(
        default=None,
        description="floating-point operations: a GEMM's or convolution's from its operands' "
        "shapes, else Inductor's estimate where it makes one; None for element-wise work",
    )
    achieved_bandwidth_pct: float | None = Field(
        default=None,
        description="logical bytes over the kernel's time, as a % of the device's measured "
        "peak bandwidth; None where the peak is unknown or the data was cache-resident",
    )
    cache_resident: bool = Field(
        default=False,
        description="logical bytes over time exceed the device's measured peak: the data "
        "was (largely) in the last-level cache, so no DRAM bandwidth can be claimed",
    )
    transfers: list[Transfer]
    traffic_note: str | None = Field(
        default=None,
        description="why this kernel has no transfers (its traffic is not accounted); null "
        "when it has them",
    )
    launches: int | None = Field(
        default=None,
        description="its op's kernel ran as this many launches (a tensor past 2 GiB of "
        "offsets splits one op into several); each carries its share of the op's bytes, "
        "by the elements it covered; null for an op launched once",
    )
    helper: str | None = Field(
        default=None,
        description="a helper kernel of its op (memset, copy, layout transform, helper "
        "kernel): its traffic follows from the op's tensors; null for the op's own kernel",
    )
    duration_p10_us: float | None = Field(
        default=None, description="10th percentile of its duration over the profiled calls"
    )
    duration_p90_us: float | None = Field(
        default=None, description="90th percentile of its duration over the profiled calls"
    )
    dram_bytes_read: int | None = Field(
        default=None,
        ge=0,
        description="bytes read from DRAM, measured by Nsight Compute (`dram__bytes_read.sum`) "
        'in a separate pass (run option `measure: ["dram"]`); None when not measured',
    )
    dram_bytes_written: int | None = Field(
        default=None,
        ge=0,
        description="bytes written to DRAM, measured by Nsight Compute "
        "(`dram__bytes_write.sum`); None when not measured",
    )


class Variant(BaseModel):
    kernel_count: int
    transfer_count: int
    bytes_read: int
    bytes_written: int
    kernel_time_us: float = Field(
        description="sum of the kernels' durations (each the median over the profiled calls)"
    )
    wall_time_us: float = Field(description="median wall time of one call, NOT kernel time")
    timing_repeats: int = Field(description="calls measured for wall_time_us (warm-up excluded)")
    timing_method: str = Field(description="cuda_events or perf_counter")
    wall_time_p10_us: float | None = Field(default=None, description="10th percentile of calls")
    wall_time_p90_us: float | None = Field(default=None, description="90th percentile of calls")
    peak_memory_bytes: int | None = Field(
        default=None,
        description="device memory peak of one call, inputs included (GPU only; None on CPU)",
    )
    bandwidth_pct: float | None = Field(
        default=None,
        description="the variant's logical bytes over its kernel time, as a % of the device's "
        "measured peak bandwidth (None where unknown; may exceed 100 when data is cached)",
    )
    profiled_calls: int | None = Field(
        default=None,
        description="profiled calls the kernel durations are medians of (one in bundles "
        "made before issue 14; None in runs stored before it)",
    )
    kernel_time_p10_us: float | None = Field(
        default=None, description="10th percentile of the profiled calls' summed kernel time"
    )
    kernel_time_p90_us: float | None = Field(
        default=None, description="90th percentile of the profiled calls' summed kernel time"
    )
    traffic_coverage: float | None = Field(
        default=None,
        ge=0,
        le=1,
        description="share of the kernel time spent in kernels whose traffic is accounted "
        "(those with transfers), 0..1; null in runs stored before it was computed",
    )
    kernels: list[Kernel]


class Hint(BaseModel):
    """A change that would remove a round trip, or speed the compiled run up."""

    message: str
    compile_mode: str | None = Field(
        default=None, description="the compile mode to try: 'Try it' reruns with it"
    )
    checked: str | None = Field(
        default=None,
        description="what the run showed when it also ran that compile mode (a further mode "
        "of the same run); null when it did not",
    )


class FusionWhy(BaseModel):
    """Why a round trip still goes through memory when compiled."""

    kind: Literal[
        "graph_break",
        "library_call",
        "template_epilogue",
        "inductor_declined",
        "needed_later",
        "unknown",
    ]
    message: str = Field(description="the reason in the user's terms")
    lines: list[int] = Field(default_factory=list, description="snippet lines it concerns")
    hint: Hint | None = None


class TripInMode(BaseModel):
    """What one further compile mode did to an eager round trip."""

    eliminated: bool | None = Field(description="as RoundTrip.eliminated, in this mode")
    fused_into: str | None = Field(default=None, description="this mode's kernel that absorbed it")
    why: FusionWhy | None = Field(default=None, description="why this mode still writes it")
    decided_by: str | None = Field(default=None, description="as RoundTrip.decided_by")
    unknown_reason: str | None = Field(default=None, description="why eliminated is None")


class RoundTrip(BaseModel):
    """An eager intermediate written to memory and read back, and what compile did to it."""

    tensor: str
    bytes: int = Field(description="the write plus every read back")
    shape: list[int]
    dtype: str
    producer: str = Field(description="kernel that wrote it (short name)")
    consumers: list[str] = Field(description="kernels that read it back (short names)")
    lines: list[int] = Field(default_factory=list)
    eliminated: bool | None = Field(
        description="True when the compiled variant never writes it; None when Kernelscope "
        "could not tell (see unknown_reason)"
    )
    fused_into: str | None = Field(
        default=None, description="compiled kernel that absorbed its producer and consumers"
    )
    decided_by: str | None = Field(
        default=None,
        description="inductor (its plan gave the value no buffer, or one), values (whether a "
        "compiled kernel wrote the same numbers), inductor+values (both, agreeing), or "
        "eager_island (its op ran as eager code between compiled graphs)",
    )
    unknown_reason: str | None = Field(default=None, description="why eliminated is None")
    why: FusionWhy | None = Field(
        default=None, description="why it still goes through memory (eliminated is False)"
    )
    modes: dict[str, TripInMode] = Field(
        default_factory=dict,
        description="what each further compile mode of the run did to it, by mode (the "
        "fields above are the first mode's); empty for a run of one mode",
    )
    compiled_bytes: int | None = Field(
        default=None,
        description="a kept round trip's bytes in the compiled variant (the first compile "
        "mode's): its write there plus "
        "every read back by another compiled kernel (`bytes` is eager's); null when "
        "eliminated, unknown, or not found in the compiled kernels",
    )
    compiled_reads: int | None = Field(
        default=None,
        description="how many compiled kernels read a kept value back; 0: the compiled "
        "variant writes it but never reads it back (no round trip there); null as above",
    )


class Correctness(BaseModel):
    """Do the compiled outputs agree with eager's beyond floating-point noise?"""

    method: str = Field(
        default="allclose",
        description="relative_error (the limits below), float64_reference (over the limits, "
        "so both variants were checked against eager run in float64), or allclose (older runs)",
    )
    match: bool | None = Field(description="None when outputs could not be compared")
    max_abs_error: float | None
    max_rel_error: float | None = Field(description="max |compiled - eager| / max |eager|")
    rel_l2_error: float | None = Field(
        default=None, description="||compiled - eager|| / ||eager|| (L2 norms)"
    )
    limits: dict[str, float] | None = Field(
        default=None, description="rel_l2 and rel_inf limits for the outputs' dtype"
    )
    eager_rmse_vs_float64: float | None = None
    compiled_rmse_vs_float64: float | None = None
    atol: float | None = Field(default=None, description="older runs only (allclose)")
    rtol: float | None = Field(default=None, description="older runs only (allclose)")
    note: str | None = None


class GraphBreak(BaseModel):
    reason: str = Field(description="Dynamo's own words, e.g. 'generic_jump TensorVariable()'")
    line: int | None = None
    explanation: str | None = Field(
        default=None, description="Dynamo's explanation line, where it gives one (torch 2.13+)"
    )
    plain: str | None = Field(
        default=None,
        description="what split the graph, in plain words (e.g. 'a call to print()'), "
        "where Kernelscope recognises it; `reason` keeps Dynamo's text",
    )


class CompileInfo(BaseModel):
    seconds: float | None
    mode: str
    graph_count: int | None
    graph_breaks: list[GraphBreak] = Field(default_factory=list)
    recompiles: int | None = None
    log: str | None = Field(
        default=None, description="what the compiler printed (autotuning, warnings), capped"
    )


class GradMode(BaseModel):
    """Whether the run kept autograd on, and why (reported by the run)."""

    mode: Literal["inference", "training"] = Field(
        description="inference: both variants ran under torch.no_grad(); training: autograd "
        "on, because the snippet computes gradients itself"
    )
    reason: str = Field(description="why, e.g. `it calls loss.backward() on line 9`")


class GpuProcess(BaseModel):
    """Another process holding the run's GPU (nvidia-smi, recorded by the worker)."""

    pid: int
    name: str
    used_memory_bytes: int | None = None


class MachineLoad(BaseModel):
    """How busy the machine was while the run measured. CPU figures are reported by the
    run; `gpu_processes` is recorded by the worker."""

    cpu_count: int = Field(description="CPUs of the machine (os.cpu_count())")
    usable_cpus: int = Field(description="CPUs the run's process may use (its affinity)")
    run_threads: int = Field(
        description="cores the run itself wants: torch's threads on the CPU, 1 on a GPU"
    )
    loadavg_before: list[float] | None = Field(
        default=None, description="1, 5 and 15-minute load averages before the run"
    )
    loadavg_after: list[float] | None = Field(
        default=None, description="1, 5 and 15-minute load averages after the timing"
    )
    measured_s: float = Field(description="seconds of the measuring steps (profile, timing)")
    run_cpu_cores: float | None = Field(
        default=None, description="cores the run's own process kept busy while it measured"
    )
    other_cpu_cores: float | None = Field(
        default=None,
        description="cores other processes kept busy while it measured (/proc/stat less the "
        "run's own); None where /proc/stat could not be read",
    )
    gpu_processes: list[GpuProcess] | None = Field(
        default=None,
        description="other processes on the run's GPU, seen by nvidia-smi while it ran; None "
        "on a CPU or where nvidia-smi could not tell",
    )


class Noise(BaseModel):
    """A reason the timings may be noisy."""

    kind: Literal["wide_spread", "loaded_cpu", "busy_gpu", "profiler_overhead"]
    message: str = Field(description="what was seen, with its numbers, for a person")


def profiler_inflated(noise: list[Noise]) -> bool:
    """Are some kernel times slower than the timed calls allow (believe wall time)?"""
    return any(n.kind == "profiler_overhead" for n in noise)


MeasureKind = Literal["dram"]
MEASURE_KINDS: tuple[MeasureKind, ...] = ("dram",)


class Measurement(BaseModel):
    """A hardware measurement the run asked for (`measure`), and what came of it."""

    kind: MeasureKind = Field(description="dram: DRAM bytes per kernel, by Nsight Compute")
    measured: bool = Field(description="True when the numbers are in the kernels")
    reason: str | None = Field(
        default=None,
        description="why not (or what was partial), for a person: a CPU device, ncu not "
        "installed, counters not permitted, the sandbox, a timeout, a failed pass",
    )
    cause: str | None = Field(
        default=None,
        description="why not, for a program: run_failed, cpu_device, ncu_missing, "
        "counters_not_permitted, sandbox, timeout, output_limit, pass_failed, no_kernels",
    )
    seconds: float | None = Field(
        default=None, description="wall-clock cost of the extra pass (None: not started)"
    )
    kernels_matched: dict[VariantName, int] | None = Field(
        default=None, description="per variant, the run's kernels that got measured numbers"
    )
    kernels_profiled: dict[VariantName, int] | None = Field(
        default=None,
        description="per variant, the kernels the profiler saw in the variant's NVTX range "
        "(more than matched when it saw extra fills or copies)",
    )


class CompiledMode(BaseModel):
    """One compile mode of a run that asked for several (issue 11): its variant and its
    own numbers, each measured in the same process as eager's."""

    mode: str = Field(description="the torch.compile mode, e.g. max-autotune-no-cudagraphs")
    variant: str = Field(description="its key in `variants`: `compiled` for the first mode")
    kernel_count: int
    transfer_count: int
    bytes_moved: int = Field(description="bytes read plus written by its kernels")
    wall_time_us: float = Field(description="its median wall time of one call")
    kernel_time_us: float = Field(description="its summed kernel time")
    speedup: float | None = Field(default=None, description="eager wall / this mode's wall")
    speedup_interval: list[float] | None = Field(
        default=None, description="[low, high]: 90% bootstrap interval of `speedup`"
    )
    kernel_speedup: float | None = Field(
        default=None, description="eager summed kernel time / this mode's"
    )
    round_trips_eliminated: int | None = Field(
        default=None,
        description="eager round trips this mode never writes (the run's `round_trips` and "
        "their `why` are against the first mode)",
    )
    bytes_saved: int | None = Field(
        default=None, description="eager round-trip bytes this mode never moves"
    )
    correctness: Correctness | None = Field(
        default=None, description="this mode's outputs checked against eager's"
    )
    compile: CompileInfo | None = Field(default=None, description="this mode's compile")
    notes: list[str] = Field(
        default_factory=list, description="what this mode did or could not do here"
    )


class Output(BaseModel):
    stdout: str = ""
    stderr: str = ""
    truncated: bool = Field(default=False, description="True when output was cut at the cap")


class SweepPoint(BaseModel):
    size: int
    run_id: str
    status: RunStatus
    speedup: float | None
    kernel_speedup: float | None
    eager_bytes: int | None
    compiled_bytes: int | None
    eager_kernels: int | None
    compiled_kernels: int | None
    speedup_interval: list[float] | None = Field(
        default=None, description="90% interval of the wall-time speedup, [low, high]"
    )


class Totals(BaseModel):
    round_trips_eliminated: int
    bytes_saved: int = Field(description="eager round-trip bytes the compiled variant never moves")
    round_trips_unknown: int = Field(
        default=0, description="round trips whose fate Kernelscope could not decide"
    )
    compiled_only_round_trips: int = Field(
        default=0,
        description="intermediates only the compiled variant writes and reads back (part of "
        "a library op Inductor split, e.g. the mm part of an addmm): traffic it adds",
    )
    compiled_only_bytes: int = Field(default=0, description="their writes plus reads back")
    compiled_only_names: list[str] = Field(
        default_factory=list, description="the first few of their names, in launch order"
    )


class RunResult(BaseModel):
    id: str
    status: RunStatus
    error: ErrorInfo | None = None
    title: str | None = None
    created_at: str = Field(description="ISO 8601, UTC")
    finished_at: str | None = None
    code_sha256: str
    size: int | None = Field(default=None, description="the size passed to inputs(size), if any")
    sweep_id: str | None = None
    sweep: list[SweepPoint] = Field(default_factory=list)
    entry_point: str | None = Field(default=None, description="function or Model that was run")
    notes: list[str] = Field(default_factory=list, description="what the runner did for you")
    device: DeviceInfo | None = None
    versions: Versions = Field(default_factory=Versions)
    variants: dict[VariantName, Variant] = Field(default_factory=dict)
    round_trips: list[RoundTrip] = Field(default_factory=list)
    totals: Totals | None = None
    speedup: float | None = Field(default=None, description="eager wall / compiled wall")
    speedup_interval: list[float] | None = Field(
        default=None,
        description="[low, high]: 90% bootstrap interval of the speedup from the timed calls",
    )
    kernel_speedup: float | None = Field(
        default=None, description="eager summed kernel time / compiled summed kernel time"
    )
    correctness: Correctness | None = None
    compile: CompileInfo | None = None
    hints: list[Hint] = Field(
        default_factory=list, description="changes worth trying for the whole run"
    )
    compiled_modes: list[CompiledMode] = Field(
        default_factory=list,
        description="one entry per compile mode when the run asked for several, the first "
        "mode first (`variants.compiled`); empty for a run of one mode",
    )
    harness_peak_memory_bytes: int | None = Field(
        default=None,
        description="Kernelscope's own device memory peak over the whole run (GPU only)",
    )
    output: Output = Field(default_factory=Output)
    duration_s: float | None = Field(default=None, description="whole run, start to finish")
    step_seconds: dict[str, float] | None = Field(
        default=None,
        description="seconds the run spent in each step, in order, on the worker's clock: "
        "from the snippet's arrival (`starting`) to the analysed result (`analysing`)",
    )
    prewarm_s: float | None = Field(
        default=None,
        description="seconds the run's process spent getting ready before the snippet "
        "arrived (torch, the device, a throwaway compile and profile), paid ahead of need; "
        "None when the process started with the run",
    )
    grad_mode: GradMode | None = Field(
        default=None,
        description="inference (torch.no_grad()) or training (autograd on), and why; None "
        "in runs made before issue 14",
    )
    machine_load: MachineLoad | None = Field(
        default=None, description="how busy the machine was while the run measured"
    )
    noise: list[Noise] = Field(
        default_factory=list,
        description="why the timings may be noisy (wide spread, a loaded CPU, another "
        "process on the GPU); empty when nothing was seen",
    )
    measurements: list[Measurement] = Field(
        default_factory=list,
        description="the hardware measurements the run asked for (`measure`), each with "
        "what was measured or why not, and its cost; empty when none was asked for",
    )
