"""What the store hands back about runs besides their documents: plain values, no rows.

A run's state for a progress poll (`RunState`), a queued run as a worker claims it
(`ClaimedRun`), what a rerun copies (`RunRecipe`) and the sums the ledger by module is built
from (`ModuleSums`). `backend.store.repository` re-exports them: callers import them there.
"""

from dataclasses import dataclass

from pydantic import BaseModel, Field

from backend import result as doc
from backend.analysis.module_tree import KernelSum, TripSum


@dataclass(frozen=True)
class ModuleSums:
    """What the ledger by module is built from (`backend.analysis.module_tree`)."""

    modules: list[tuple[str, str]]
    kernels: list[KernelSum]
    trips: list[TripSum]


class RunState(BaseModel):
    """Where a run is now: what a progress poll or event stream needs, nothing more."""

    id: str
    status: doc.RunStatus
    progress_step: str | None
    created_at: str
    started_at: str | None
    finished_at: str | None
    compile_mode: str = "default"  # with `measure`: which steps the run will pass
    measure: list[str] = []


class ClaimedRun(BaseModel):
    """A queued run a worker has just taken, with what it needs to execute it."""

    id: str
    size: int | None
    compile_mode: str
    title: str | None
    measure: list[str] = Field(default_factory=list, description="e.g. ['dram']")


class RunRecipe(BaseModel):
    """What a run was asked to do, for a rerun of it."""

    code: str
    title: str | None
    size: int | None
    device_kind: str
    measure: list[str]
