"""How the numbers were taken: inference or training, how busy the machine was, why the
timings may be noisy, and the hardware measurements a run asked for."""

from __future__ import annotations

from typing import Literal, Protocol

from pydantic import BaseModel, Field

from backend.result.bounds import Bytes, Count, Number
from backend.result.names import MeasureKind, VariantName


class GradMode(BaseModel):
    """Whether the run kept autograd on, and why (reported by the run)."""

    mode: Literal["inference", "training"] = Field(
        description="inference: both variants ran under torch.no_grad(); training: autograd "
        "on, because the snippet computes gradients itself"
    )
    reason: str = Field(description="why, e.g. `it calls loss.backward() on line 9`")


class GpuProcess(BaseModel):
    """Another process holding the run's GPU (nvidia-smi, recorded by the worker)."""

    pid: Number
    name: str
    used_memory_bytes: Bytes | None = None


class MachineLoad(BaseModel):
    """How busy the machine was while the run measured. CPU figures are reported by the
    run; `gpu_processes` is recorded by the worker."""

    cpu_count: Count = Field(description="CPUs of the machine (os.cpu_count())")
    usable_cpus: Count = Field(description="CPUs the run's process may use (its affinity)")
    run_threads: Count = Field(
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


INFLATION_MARGIN = 1.25
"""Profiled kernels must add up to more than this many times the timed call before their
times are called inflated: the profiled and the timed calls are different calls, and a few
per cent either way is their own noise, not the profiler's."""


class TimedVariant(Protocol):
    """What the inflation rule reads of a variant (`VariantTotals` and the figures' inputs)."""

    @property
    def kernel_time_us(self) -> float: ...
    @property
    def wall_time_us(self) -> float: ...


def kernel_time_inflation(variant: TimedVariant) -> float | None:
    """How many times its timed call a variant's profiled kernels add up to, when that is
    past INFLATION_MARGIN: the profiler inflated them. None when they can be believed."""
    kernel, wall = variant.kernel_time_us, variant.wall_time_us
    if not wall or wall <= 0 or kernel <= INFLATION_MARGIN * wall:
        return None
    return kernel / wall


def believed_time_scale(variant: TimedVariant) -> float:
    """What a kernel's profiled time is multiplied by for the time the page believes: 1,
    or (inflated) the timed call over the profiled kernels, so that they fit the call; the
    timeline draws inflated lanes to the same scale."""
    inflation = kernel_time_inflation(variant)
    return 1.0 if inflation is None else 1 / inflation


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
    kernels_matched: dict[VariantName, Count] | None = Field(
        default=None, description="per variant, the run's kernels that got measured numbers"
    )
    kernels_profiled: dict[VariantName, Count] | None = Field(
        default=None,
        description="per variant, the kernels the profiler saw in the variant's NVTX range "
        "(more than matched when it saw extra fills or copies)",
    )
