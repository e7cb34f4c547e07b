"""The run document, whole (`RunResult`) or as its head (`backend.run_head.RunHead`): one
definition of their fields, `RunFields[V]`, over a variant's type.

The head's variants are `VariantTotals`, the whole document's `Variant` (the totals and the
kernel list); the whole document also has the round trips, right after the variants, where
result.json has always had them. So the head cannot drift from the document: a field added
to `RunOpening` or `RunFindings` is in both.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Generic, TypeVar

from pydantic import BaseModel, Field, model_validator

from backend.result.bounds import Bytes, Count, Number, check_sum
from backend.result.compiled import CompiledMode, CompileInfo, Correctness
from backend.result.environment import DeviceInfo, ErrorInfo, Output, Versions
from backend.result.kernels import Variant, VariantTotals
from backend.result.measuring import GradMode, MachineLoad, Measurement, Noise
from backend.result.names import RunStatus, VariantName
from backend.result.round_trips import Hint, RoundTrip, Totals

V = TypeVar("V", bound=VariantTotals)


class SweepPoint(BaseModel):
    size: Number
    run_id: str
    status: RunStatus
    speedup: float | None
    kernel_speedup: float | None
    eager_bytes: Bytes | None
    compiled_bytes: Bytes | None
    eager_kernels: Count | None
    compiled_kernels: Count | None
    speedup_interval: list[float] | None = Field(
        default=None, description="90% interval of the wall-time speedup, [low, high]"
    )


class RunOpening(BaseModel, Generic[V]):
    """The fields that open a run's document: what ran, where, and each variant's numbers."""

    id: str
    status: RunStatus
    error: ErrorInfo | None = None
    title: str | None = None
    created_at: str = Field(description="ISO 8601, UTC")
    finished_at: str | None = None
    code_sha256: str
    size: Number | None = Field(default=None, description="the size passed to inputs(size), if any")
    sweep_id: str | None = None
    sweep: list[SweepPoint] = Field(default_factory=list)
    entry_point: str | None = Field(default=None, description="function or Model that was run")
    notes: list[str] = Field(default_factory=list, description="what the runner did for you")
    device: DeviceInfo | None = None
    versions: Versions = Field(default_factory=Versions)
    variants: dict[VariantName, V] = Field(default_factory=dict)


class NamedModule(BaseModel):
    """One module of the snippet's model, by its path (Kernel.module) and class."""

    path: str = Field(description='as named_modules() spells it; "" for the top Model')
    type: str = Field(description="its class name: `GPT2Block`")


class RunFindings(BaseModel):
    """The fields after the variants (in the whole document, after the round trips)."""

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
    harness_peak_memory_bytes: Bytes | None = Field(
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
        "in runs made before noise was recorded",
    )
    machine_load: MachineLoad | None = Field(
        default=None, description="how busy the machine was while the run measured"
    )
    noise: list[Noise] = Field(
        default_factory=list,
        description="why the timings may be noisy (wide spread, a loaded CPU, another "
        "process on the GPU); empty when nothing was seen",
    )
    modules: list[NamedModule] = Field(
        default_factory=list,
        description="the snippet's nn.Modules (path and class): the tree that kernels' and "
        "round trips' `module` paths hang in (GET /api/runs/{id}/modules); empty for a "
        "snippet without modules",
    )
    measurements: list[Measurement] = Field(
        default_factory=list,
        description="the hardware measurements the run asked for (`measure`), each with "
        "what was measured or why not, and its cost; empty when none was asked for",
    )


class RunFields(RunFindings, RunOpening[V], Generic[V]):
    """Every field a run's head and its whole document share, in the document's order.
    Pydantic lays out the fields of the last base first: the opening, then the findings."""


class _RoundTripsAfterVariants(RunOpening[Variant]):
    round_trips: list[RoundTrip] = Field(default_factory=list)


# The whole document: `RunFields` over full variants, with the round trips between the
# opening and the findings (no docstring: it would become the JSON schema's description).
class RunResult(RunFields[Variant], _RoundTripsAfterVariants):
    @model_validator(mode="after")
    def _sums_fit(self) -> RunResult:
        # the store sums these in SQL (backend/store/round_trips.py): bounded, they fit
        trips = self.round_trips
        check_sum("round_trips' bytes", map(attrgetter("bytes"), trips))
        check_sum("round_trips' compiled_bytes", map(attrgetter("compiled_bytes"), trips))
        return self
