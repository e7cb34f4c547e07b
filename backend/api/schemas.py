"""Request and response bodies of the JSON API (the result document lives in backend.result)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from backend.analysis.spread import Verdict
from backend.limits import MAX_SIZE
from backend.result import (
    MAX_COMPILE_MODES,
    RUN_STEPS,
    CompileModeName,
    MeasureKind,
    RunResult,
    RunStatus,
    VariantName,
)
from backend.run_head import RunHead
from backend.store.repository import RunSummary
from backend.store.suites import SuiteRef
from backend.store.visibility import DEFAULT_VISIBILITY, Visibility
from backend.worker_protocol import KIND_PATTERN

CompileMode = CompileModeName
TITLE_MAX_CHARS = 200


class RunRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: str = Field(min_length=1, description="the snippet (see the snippet contract)")
    title: str | None = Field(default=None, max_length=TITLE_MAX_CHARS)
    # strict: "1" and true are not sizes (lax mode would take them as 1)
    sizes: list[Annotated[StrictInt, Field(gt=0, le=MAX_SIZE)]] | None = Field(
        default=None,
        min_length=1,
        description="sweep: one run per size (whole numbers), each calling inputs(size)",
    )
    compile_mode: CompileMode = "default"
    measure: list[MeasureKind] = Field(
        default_factory=list,
        max_length=1,
        description='hardware measurements to add: ["dram"] profiles both variants once '
        "more under Nsight Compute for each kernel's measured DRAM bytes (GPU workers with "
        "ncu only; the run's `measurements` says what was measured, or why not)",
    )
    compile_modes: list[str] | None = Field(
        default=None,
        description="several compile modes side by side (at most "
        f"{MAX_COMPILE_MODES}, no repeats): the first is `variants.compiled`, each further "
        "one adds `variants['compiled:<mode>']`; instead of compile_mode",
    )
    visibility: Visibility = Field(
        default=DEFAULT_VISIBILITY,
        description="team: every signed-in user; private: only you; public: anyone with the link",
    )
    device_kind: str | None = Field(
        default=None,
        pattern=KIND_PATTERN,
        description="the queue (kind of GPU) to run on, e.g. h100; default: the server's",
    )
    forked_from: str | None = Field(
        default=None,
        min_length=1,
        max_length=64,
        description="the run this snippet was edited from (a run you can see): the new "
        "run's page links to it and offers to compare with it",
    )


class RerunRequest(BaseModel):
    """Run a run's snippet again in another compile mode ("Try it" on a hint)."""

    model_config = ConfigDict(extra="forbid")

    compile_mode: CompileMode


class RunCreated(BaseModel):
    id: str = Field(description="the run to open (the smallest size of a sweep)")
    url: str = Field(description="the run's permalink")
    ids: list[str] = Field(description="every run created: one per size")
    sweep_id: str | None
    queue_position: int | None


class Progress(BaseModel):
    """Where an unfinished run is; what the progress view and its event stream show."""

    status: RunStatus
    step: str | None = Field(description="starting, eager warm-up, ..., analysing")
    queue_position: int | None = Field(description="1 = next to run; None unless queued")
    created_at: str
    started_at: str | None
    elapsed_s: float | None = Field(description="seconds since it started running")
    steps: list[str] = Field(
        default_factory=lambda: list(RUN_STEPS),
        description="the steps this run is planned to pass, in order (its compile modes and "
        "measurements decide whether 'further compile modes' and 'measuring DRAM bytes' are "
        "among them; a DRAM pass that cannot run on its worker is skipped, and the result's "
        "`measurements` say why)",
    )


class Links(BaseModel):
    permalink: str
    previous_run: str | None = Field(description="the latest earlier run of the same code")
    forked_from: str | None = Field(
        default=None,
        description="the run this one was edited from (Edit as new run, Try it), if you can see it",
    )
    suite: str | None = Field(
        default=None, description="the permalink of the suite this run is a problem of, if any"
    )
    downloads: dict[str, str]
    kernels: dict[VariantName, str] = Field(
        default_factory=dict,
        description="each variant's kernels with their transfers, paged (?offset=&limit=)",
    )
    round_trips: str | None = Field(
        default=None,
        description="the run's round trips, paged (?offset=&limit=&fate=kept|eliminated|unknown)",
    )
    modules: str | None = Field(
        default=None,
        description="the ledger by module (?unfold=<parent path>), for a run with nn.Modules",
    )


class RunExtras(BaseModel):
    """What the API adds to the document: the code, the lesson in words, progress, links."""

    code: str = Field(description="the snippet as submitted")
    summary: list[str] = Field(
        default_factory=list,
        description="what compile changed, in words: kernels, transfers, eliminated intermediates",
    )
    saved_versus_moved: str | None = Field(
        default=None,
        description="how bytes saved relate to the drop in bytes moved, in words: the round "
        "trips eliminated, what kept ones move less, what only the compiled variant moves",
    )
    kernel_time_inflation: dict[str, float] = Field(
        default_factory=dict,
        description="variants whose kernel times the profiler inflated past their timed call "
        "(by a real margin), each with how many times the call its profiled kernels add up "
        "to; their rates and roofline points are over their kernel times fitted to the call",
    )
    speedup_verdict: Verdict | None = Field(
        default=None,
        description="the speedup against no change (1x), by the one rule for timings: "
        "better (its 90% interval above 1x), worse (below), within noise (across 1x), or "
        "too noisy to tell (a variant's timed calls spread past 1.5x, or no interval)",
    )
    progress: Progress | None = None
    links: Links | None = None
    suite: SuiteRef | None = Field(default=None, description="the suite this run is a problem of")
    owner: str | None = Field(default=None, description="the author (null: made without accounts)")
    visibility: Visibility = DEFAULT_VISIBILITY


class RunDocument(RunExtras, RunHead):
    """What `GET /api/runs/{id}` serves: the result document without each variant's
    `kernels` and without `round_trips` (both paged from `links.kernels` and
    `links.round_trips`), plus where the run is while unfinished and related links.
    Opens at once at any size; `result.json` under `links.downloads` has everything."""


class RunExport(RunExtras, RunResult):
    """The `result.json` download: the whole result document, every kernel and transfer
    and round trip, plus the same additions as the run document."""


class RunPage(BaseModel):
    runs: list[RunSummary]
    next_before: str | None = Field(description="pass as `before` for the next page")


class Example(BaseModel):
    name: str
    description: str
    code: str


class KernelSource(BaseModel):
    variant: str
    index: int
    name: str
    source_ops: list[str]
    lines: list[int]
    source: str | None = Field(description="generated code, when Inductor wrote it")
