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


class ModuleLedger(BaseModel):
    run_id: str
    root: ModuleNode
    unfolded: list[str] = Field(
        default_factory=list, description="parent paths whose repeated children were not folded"
    )
