"""The result document: Kernelscope's public contract.

`kernelscope run --json`, `kernelscope show --json` and `GET /api/runs/{id}` (its head) all
return this shape. Field names are part of the contract; add fields, never rename.
docs/result-document.md describes each field for users; keep the two in step.

Units are in the names: `_us` is microseconds, `bytes` are logical bytes (computed from
tensor sizes, what the program asks for), never DRAM counters.

One module per part: names (the vocabulary), steps (what a run passes while it runs),
environment (where it ran), kernels (what a variant measured), round_trips (what fusion
removed and kept), compiled (what compile did), measuring (how the numbers were taken),
document (the run, whole or as its head). Import from here: `from backend.result import
RunResult`.
"""

from __future__ import annotations

from backend.result.compiled import CompiledMode, CompileInfo, Correctness, GraphBreak
from backend.result.document import (
    NamedModule,
    RunFields,
    RunFindings,
    RunOpening,
    RunResult,
    SweepPoint,
)
from backend.result.environment import DeviceInfo, ErrorInfo, Output, Versions
from backend.result.kernels import Kernel, Transfer, Variant, VariantTotals
from backend.result.measuring import (
    GpuProcess,
    GradMode,
    MachineLoad,
    Measurement,
    Noise,
    believed_time_scale,
    kernel_time_inflation,
    profiler_inflated,
)
from backend.result.names import (
    COMPILE_MODES,
    FINISHED_STATUSES,
    MAX_COMPILE_MODES,
    MEASURE_KINDS,
    CompileModeName,
    Direction,
    KernelKind,
    MeasureKind,
    RunStatus,
    TensorRole,
    VariantName,
    mode_variant,
)
from backend.result.round_trips import FusionWhy, Hint, RoundTrip, Totals, TripInMode
from backend.result.steps import ANALYSING_STEP, DRAM_STEP, RUN_STEPS, run_steps

__all__ = [
    "ANALYSING_STEP",
    "COMPILE_MODES",
    "DRAM_STEP",
    "FINISHED_STATUSES",
    "MAX_COMPILE_MODES",
    "MEASURE_KINDS",
    "RUN_STEPS",
    "CompileInfo",
    "CompileModeName",
    "CompiledMode",
    "Correctness",
    "DeviceInfo",
    "Direction",
    "ErrorInfo",
    "FusionWhy",
    "GpuProcess",
    "GradMode",
    "GraphBreak",
    "Hint",
    "Kernel",
    "KernelKind",
    "MachineLoad",
    "MeasureKind",
    "Measurement",
    "NamedModule",
    "Noise",
    "Output",
    "RoundTrip",
    "RunFields",
    "RunFindings",
    "RunOpening",
    "RunResult",
    "RunStatus",
    "SweepPoint",
    "TensorRole",
    "Totals",
    "Transfer",
    "TripInMode",
    "Variant",
    "VariantName",
    "VariantTotals",
    "Versions",
    "believed_time_scale",
    "kernel_time_inflation",
    "mode_variant",
    "profiler_inflated",
    "run_steps",
]
