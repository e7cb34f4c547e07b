"""The round trips: eager intermediates written to memory and read back, what compile did
to each, why it kept the ones it kept, and what to try."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from backend.result.bounds import Bytes, Count, Number


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
        "inside_kernel",
        "unknown",
    ]
    message: str = Field(description="the reason in the user's terms")
    lines: list[Number] = Field(default_factory=list, description="snippet lines it concerns")
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
    bytes: Bytes = Field(description="the write plus every read back")
    shape: list[Number]
    dtype: str
    producer: str = Field(description="kernel that wrote it (short name)")
    consumers: list[str] = Field(description="kernels that read it back (short names)")
    lines: list[Number] = Field(default_factory=list)
    module: str | None = Field(
        default=None, description="nn.Module path of the op that wrote it (Kernel.module)"
    )
    frame: str | None = Field(
        default=None, description="library line of the op that wrote it (Kernel.frame)"
    )
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
    compiled_bytes: Bytes | None = Field(
        default=None,
        description="a kept round trip's bytes in the compiled variant (the first compile "
        "mode's): its write there plus "
        "every read back by another compiled kernel (`bytes` is eager's); null when "
        "eliminated, unknown, or not found in the compiled kernels",
    )
    compiled_reads: Count | None = Field(
        default=None,
        description="how many compiled kernels read a kept value back; 0: the compiled "
        "variant writes it but never reads it back (no round trip there); null as above",
    )


class Totals(BaseModel):
    round_trips_eliminated: Count
    bytes_saved: Bytes = Field(
        description="eager round-trip bytes the compiled variant never moves"
    )
    round_trips_unknown: Count = Field(
        default=0, description="round trips whose fate Kernelscope could not decide"
    )
    compiled_only_round_trips: Count = Field(
        default=0,
        description="intermediates only the compiled variant writes and reads back (a layout "
        "copy Inductor made for a library call): traffic it adds",
    )
    compiled_only_bytes: Bytes = Field(default=0, description="their writes plus reads back")
    compiled_only_names: list[str] = Field(
        default_factory=list, description="the first few of their names, in launch order"
    )
