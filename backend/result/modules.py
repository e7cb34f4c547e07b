"""The ledger by module (GET /api/runs/{id}/modules): the snippet's module tree, each node
with what ran inside it, summed over its subtree, repeated blocks folded into one entry."""

from __future__ import annotations

from pydantic import BaseModel, Field


class SideNumbers(BaseModel):
    """One variant's kernels inside a module (its subtree)."""

    kernels: int = 0
    bytes: int = Field(default=0, description="logical bytes read and written")
    kernel_time_us: float = Field(default=0.0, description="summed kernel durations")


class TripNumbers(BaseModel):
    """The round trips whose intermediate a module (its subtree) wrote."""

    eliminated: int = 0
    kept: int = 0
    unknown: int = 0
    bytes_saved: int = Field(default=0, description="bytes of the eliminated ones")


class Spread(BaseModel):
    """One number over the blocks folded into an entry."""

    mean: float
    min: float
    max: float


class ModuleNode(BaseModel):
    """One module, or several repeated blocks folded into one entry (`count` > 1)."""

    path: str = Field(
        description="named_modules() path (\"\" for the top); a folded entry's first block's"
    )
    name: str = Field(description="its attribute name (`attn`, `0`), or `12 x GPT2Block`")
    type: str | None = Field(description="class name; null for the top of a function snippet")
    count: int = Field(default=1, description="blocks folded into this entry")
    members: list[str] = Field(
        default_factory=list, description="a folded entry's block paths, in order"
    )
    eager: SideNumbers = Field(default_factory=SideNumbers)
    compiled: SideNumbers = Field(default_factory=SideNumbers)
    round_trips: TripNumbers = Field(default_factory=TripNumbers)
    per_block: dict[str, Spread] = Field(
        default_factory=dict,
        description="a folded entry's numbers per block: eager_bytes, eager_kernel_time_us, "
        "compiled_bytes, compiled_kernel_time_us, bytes_saved (mean, min, max)",
    )
    children: list[ModuleNode] = Field(
        default_factory=list,
        description="its child modules (a folded entry lists none: unfold its parent)",
    )


class KeptGroup(BaseModel):
    """Kept round trips of one reason, tensor name and module pattern (indices as `*`)."""

    label: str = Field(
        default="",
        description="one line for a person: `addmm output in model.transformer.h.*.mlp.c_fc "
        "· 12 x 48 MiB · library call (a BLAS)`",
    )
    kind: str = Field(description="the reason's kind (FusionWhy.kind; `unknown` without one)")
    reason: str = Field(description="the kind for a person: `library call (a BLAS)`")
    message: str = Field(description="the first one's reason, in the user's terms")
    hint: str | None = Field(default=None, description="the first one's hint, if any")
    tensor: str = Field(description="the tensor's name without its snippet line: `addmm output`")
    pattern: str | None = Field(
        description="the writer's module path with indices as `*` (`model.transformer.h.*.mlp."
        "c_fc`); null for the snippet's own code"
    )
    count: int
    bytes: int = Field(description="their bytes in all (eager: each write plus its reads)")
    min_bytes: int
    max_bytes: int
    modules: list[str] = Field(
        default_factory=list, description="their module paths (the first 64), in order"
    )


class ModuleLedger(BaseModel):
    run_id: str
    root: ModuleNode
    unfolded: list[str] = Field(
        default_factory=list, description="parent paths whose repeated children were not folded"
    )
    kept_groups: list[KeptGroup] = Field(
        default_factory=list,
        description="the kept round trips grouped by reason, tensor and module pattern, most "
        "bytes first (of the first 20,000 kept; `kept_total` says how many there are)",
    )
    kept_total: int = Field(default=0, description="kept round trips in all")
