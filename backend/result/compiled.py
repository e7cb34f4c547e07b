"""What compile did: its graphs and graph breaks, whether the compiled outputs match eager's,
and each compile mode's own numbers when a run asked for several."""

from __future__ import annotations

from pydantic import BaseModel, Field

from backend.result.bounds import Bytes, Count, Number


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
    line: Number | None = None
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
    graph_count: Count | None
    graph_breaks: list[GraphBreak] = Field(default_factory=list)
    recompiles: Count | None = None
    log: str | None = Field(
        default=None, description="what the compiler printed (autotuning, warnings), capped"
    )


class CompiledMode(BaseModel):
    """One compile mode of a run that asked for several: its variant and its
    own numbers, each measured in the same process as eager's."""

    mode: str = Field(description="the torch.compile mode, e.g. max-autotune-no-cudagraphs")
    variant: str = Field(description="its key in `variants`: `compiled` for the first mode")
    kernel_count: Count
    transfer_count: Count
    bytes_moved: Bytes = Field(description="bytes read plus written by its kernels")
    wall_time_us: float = Field(description="its median wall time of one call")
    kernel_time_us: float = Field(description="its summed kernel time")
    speedup: float | None = Field(default=None, description="eager wall / this mode's wall")
    speedup_interval: list[float] | None = Field(
        default=None, description="[low, high]: 90% bootstrap interval of `speedup`"
    )
    kernel_speedup: float | None = Field(
        default=None, description="eager summed kernel time / this mode's"
    )
    round_trips_eliminated: Count | None = Field(
        default=None,
        description="eager round trips this mode never writes (the run's `round_trips` and "
        "their `why` are against the first mode)",
    )
    bytes_saved: Bytes | None = Field(
        default=None, description="eager round-trip bytes this mode never moves"
    )
    correctness: Correctness | None = Field(
        default=None, description="this mode's outputs checked against eager's"
    )
    compile: CompileInfo | None = Field(default=None, description="this mode's compile")
    notes: list[str] = Field(
        default_factory=list, description="what this mode did or could not do here"
    )
