"""The words of the result document: run states, variant and compile-mode names, the kinds
of kernels, tensors and measurements."""

from __future__ import annotations

from typing import Literal

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
# The compile modes a run may ask for (several, side by side).
CompileModeName = Literal["default", "max-autotune-no-cudagraphs", "reduce-overhead"]
COMPILE_MODES: tuple[str, ...] = ("default", "max-autotune-no-cudagraphs", "reduce-overhead")
MAX_COMPILE_MODES = 3
# `compiled` is the first compile mode a run asked for; each further mode is
# `compiled:<mode>`.
VariantName = Literal[
    "eager",
    "compiled",
    "compiled:default",
    "compiled:max-autotune-no-cudagraphs",
    "compiled:reduce-overhead",
]
MeasureKind = Literal["dram"]
MEASURE_KINDS: tuple[MeasureKind, ...] = ("dram",)


def mode_variant(mode: str, first: bool) -> str:
    """The variant name of a compile mode: `compiled` for the run's first, else
    `compiled:<mode>`."""
    return "compiled" if first else f"compiled:{mode}"
