"""The result document without its long lists: what `GET /api/runs/{id}` serves.

A run of 200,000 kernels is a 236 MB document, and a page needs only its totals to start.
`RunHead` is `RunResult` with each variant's `kernels` and the run's `round_trips` left
out; those are paged from their own endpoints (`/api/runs/{id}/kernels/{variant}`,
`/api/runs/{id}/round-trips`). Every other field is `RunResult`'s, with the same type,
default and description, in the same order: tests/store/test_head.py holds the two in step,
so a field added to the document must be added here too.

The whole document stays the contract of `kernelscope run --json`, `kernelscope show
--json` and the `result.json` download.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from backend.result import (
    CompiledMode,
    CompileInfo,
    Correctness,
    DeviceInfo,
    ErrorInfo,
    GradMode,
    Hint,
    MachineLoad,
    Measurement,
    Noise,
    Output,
    RunResult,
    RunStatus,
    SweepPoint,
    Totals,
    VariantName,
    Versions,
)

# What a head leaves out, per model: tests compare the rest field by field.
LEFT_OUT_OF_VARIANT = frozenset({"kernels"})
LEFT_OUT_OF_RUN = frozenset({"round_trips"})


class VariantTotals(BaseModel):
    """A variant's totals: `Variant` without its kernel list."""

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


class RunHead(BaseModel):
    """`RunResult` without kernel lists and round trips (see the module's docstring)."""

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
    variants: dict[VariantName, VariantTotals] = Field(default_factory=dict)
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


def head_of(result: RunResult) -> RunHead:
    """The head of a whole document (the lists are not copied, only left behind)."""
    fields = {name: value for name, value in result if name not in LEFT_OUT_OF_RUN}
    fields["variants"] = {
        name: VariantTotals.model_validate(variant.model_dump(exclude=set(LEFT_OUT_OF_VARIANT)))
        for name, variant in result.variants.items()
    }
    return RunHead.model_validate(fields)
