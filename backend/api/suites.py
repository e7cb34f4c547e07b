"""/api/suites: several snippets in one submission, each problem a run of its own.

A suite's problems are queued like single runs (each visible at /r/<id>), all at once, so
on a team server they spread over every worker of the suite's device kind; the fair order
(`backend.store.fair`) keeps other users' runs taking turns with them. The suite itself
is a name for the group: its page (/s/<id>) and `GET /api/suites/{id}` list the problems
with their headline numbers and totals, and `GET /api/suites/compare` lines two suites up
problem by problem.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field, field_validator

from backend.analysis.kept_groups import kept_groups, model_rollup
from backend.analysis.module_tree import module_ledger
from backend.api.auth import Caller, Reader, current_viewer
from backend.api.context import AppContext, Context
from backend.api.errors import EMPTY_SNIPPET, ERROR_RESPONSES, ApiError, not_found
from backend.api.queue_routes import admission
from backend.api.schemas import TITLE_MAX_CHARS, CompileMode
from backend.store.suites import (
    SuiteListing,
    SuiteRecord,
    create_suite,
    delete_suite_unless_running,
    get_suite,
    list_suites,
    problem_heads,
    problem_ids,
    update_suite,
)
from backend.store.visibility import DEFAULT_VISIBILITY, Viewer, Visibility
from backend.suites.table import ProblemPair, SuiteProblem, SuiteTotals, compare, problem_row
from backend.suites.table import totals as sum_up
from backend.worker_protocol import KIND_PATTERN

router = APIRouter(prefix="/api/suites", tags=["suites"], responses=ERROR_RESPONSES)
MAX_PROBLEMS = 1_000  # in one submission (each user's waiting problems have a setting too)
PROBLEM_NAME = r"^[^\x00-\x1f\x7f/\\]+$"
SuiteId = Annotated[str, Query(min_length=1, max_length=64)]


def permalink(suite_id: str) -> str:
    return f"/s/{suite_id}"


class ProblemIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(
        min_length=1,
        max_length=100,
        pattern=PROBLEM_NAME,
        description="the problem's name, unique in the suite: what a compare matches on",
    )
    code: str = Field(description="the snippet (see the snippet contract)")


class SuiteRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    problems: list[ProblemIn] = Field(min_length=1, max_length=MAX_PROBLEMS)
    title: str | None = Field(default=None, max_length=TITLE_MAX_CHARS)
    compile_mode: CompileMode = "default"
    visibility: Visibility = DEFAULT_VISIBILITY
    device_kind: str | None = Field(default=None, pattern=KIND_PATTERN)

    @field_validator("problems")
    @classmethod
    def _names_once(cls, problems: list[ProblemIn]) -> list[ProblemIn]:
        seen: set[str] = set()
        for problem in problems:
            if problem.name in seen:
                raise ValueError(f"two problems named {problem.name!r}: each name once")
            seen.add(problem.name)
        return problems


class ProblemCreated(BaseModel):
    name: str
    run_id: str


class SuiteUpdate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: str | None = Field(
        default=None, max_length=TITLE_MAX_CHARS, description="null or '' clears it"
    )
    visibility: Visibility | None = Field(
        default=None, description="private, team or public; applies to every problem too"
    )


class SuiteCreated(BaseModel):
    id: str
    url: str = Field(description="the suite's permalink")
    problems: list[ProblemCreated] = Field(description="each problem's run, in order")


class SuiteDocument(SuiteRecord):
    url: str
    problems: list[SuiteProblem]
    totals: SuiteTotals


class SuiteComparison(BaseModel):
    a: SuiteDocument
    b: SuiteDocument
    pairs: list[ProblemPair] = Field(description="each problem name once: A's order first")
    verdicts: dict[str, int] = Field(description="how many pairs got each verdict")


@router.post("", status_code=202, response_model=SuiteCreated)
def submit_suite(body: SuiteRequest, context: Context, caller: Caller) -> SuiteCreated:
    """Queue every problem as a run of its own; answers at once with the suite's permalink.
    A problem that fails (a syntax error, an exception, out of memory, its time limit)
    fails alone: the others run."""
    limit = context.settings.max_snippet_bytes
    for index, problem in enumerate(body.problems):
        _check_problem(index, problem, limit)
    kind = body.device_kind or context.settings.default_device_kind
    owner_id = caller.user_id if caller is not None else None
    created = _create(context, body, kind, owner_id)
    context.queue.notify()
    return created


def _create(
    context: AppContext, body: SuiteRequest, kind: str, owner_id: int | None
) -> SuiteCreated:
    store = context.store
    with admission(context, owner_id, kind, len(body.problems), suite=True):
        suite_id = create_suite(
            store,
            title=body.title,
            compile_mode=body.compile_mode,
            device_kind=kind,
            owner_id=owner_id,
            visibility=body.visibility,
        )
        problems = [
            ProblemCreated(
                name=problem.name,
                run_id=store.create_run(
                    problem.code,
                    title=problem.name,
                    compile_mode=body.compile_mode,
                    owner_id=owner_id,
                    visibility=body.visibility,
                    device_kind=kind,
                    suite_id=suite_id,
                    problem=problem.name,
                ),
            )
            for problem in body.problems
        ]
    return SuiteCreated(id=suite_id, url=permalink(suite_id), problems=problems)


def _check_problem(index: int, problem: ProblemIn, limit: int) -> None:
    field = f"body.problems[{index}].code"
    if not problem.code.strip():
        message = f"{field} (problem {problem.name!r}): {EMPTY_SNIPPET}"
        raise ApiError(422, "invalid_request", message, field=field)
    size = len(problem.code.encode())
    if size > limit:
        raise ApiError(
            413,
            "snippet_too_large",
            f"Problem {problem.name!r} is {size:,} bytes; the limit is {limit:,} bytes per "
            "snippet (setting KERNELSCOPE_MAX_SNIPPET_BYTES). Trim it to the code that matters.",
            field=field,
        )


class SuiteList(BaseModel):
    suites: list[SuiteListing] = Field(description="newest first")


@router.get("", response_model=SuiteList)
def read_suites(
    context: Context, viewer: Reader, limit: Annotated[int, Query(ge=1, le=500)] = 200
) -> SuiteList:
    """The suites you may read, newest first: each with its problems' statuses and the
    devices they ran on."""
    return SuiteList(suites=list_suites(context.store, viewer, limit))


@router.get("/compare", response_model=SuiteComparison)
def compare_suites(a: SuiteId, b: SuiteId, context: Context, request: Request) -> SuiteComparison:
    """Two suites problem by problem, matched by name: B's speedup over A's, and its
    verdict by the one rule for noise (faster, slower, within noise: the two 90% intervals
    overlap, too noisy to tell: a run's timed calls varied past 1.5x)."""
    viewer = current_viewer(request)
    first, second = _document(context, a, viewer), _document(context, b, viewer)
    pairs = compare(first.problems, second.problems)
    verdicts: dict[str, int] = {}
    for pair in pairs:
        verdicts[pair.verdict] = verdicts.get(pair.verdict, 0) + 1
    return SuiteComparison(a=first, b=second, pairs=pairs, verdicts=verdicts)


@router.get("/{suite_id}", response_model=SuiteDocument)
def read_suite(suite_id: str, context: Context, viewer: Reader) -> SuiteDocument:
    """The suite's problems, each with its run's headline numbers, and the totals."""
    return _document(context, suite_id, viewer)


def _document(context: AppContext, suite_id: str, viewer: Viewer) -> SuiteDocument:
    suite = get_suite(context.store, suite_id)
    if suite is None or not viewer.may_read(suite.owner_id, suite.visibility):
        raise not_found("suite", suite_id)  # a suite you may not see does not exist for you
    rows = [
        problem_row(name, head) for name, head in problem_heads(context.store, suite_id, viewer)
    ]
    for row in rows:
        if row.status == "succeeded":  # finished: its line is kept, built once
            row.model = _model_line(context, row.run_id) or None
    return SuiteDocument(
        **suite.model_dump(), url=permalink(suite_id), problems=rows, totals=sum_up(rows)
    )


MAX_KEPT_GROUPED = 20_000  # as GET /api/runs/{id}/modules


def _model_line(context: AppContext, run_id: str) -> str:
    """A finished problem's model line ("" without modules), kept with the run's parts."""

    def build() -> str:
        sums = context.store.module_sums(run_id)
        if sums is None or not sums.modules:
            return ""
        root = module_ledger(sums.modules, sums.kernels, sums.trips)
        kept = context.store.round_trip_page(run_id, 0, MAX_KEPT_GROUPED, "kept")
        return model_rollup(root, kept_groups(kept.round_trips), kept.total)

    line: str = context.results.part(run_id, "model_rollup", build)
    return line


@router.patch("/{suite_id}", response_model=SuiteRecord)
def change_suite(suite_id: str, body: SuiteUpdate, context: Context, viewer: Reader) -> SuiteRecord:
    """Change a suite's title and/or visibility (its author or an admin). Visibility is
    set on every problem's run too: the suite is one submission."""
    if not body.model_fields_set:
        raise ApiError(422, "invalid_request", "body: give title and/or visibility to change")
    _changeable(context, suite_id, viewer)
    title = (body.title or "").strip() or None
    set_title = "title" in body.model_fields_set
    update_suite(
        context.store, suite_id, set_title=set_title, title=title, visibility=body.visibility
    )
    for run_id in problem_ids(context.store, suite_id):
        context.results.forget(run_id)  # a finished document is cached with its visibility
    changed = get_suite(context.store, suite_id)
    if changed is None:  # deleted meanwhile
        raise not_found("suite", suite_id)
    return changed


@router.delete("/{suite_id}", status_code=204, response_class=Response)
def delete_suite(suite_id: str, context: Context, viewer: Reader) -> Response:
    """Delete a suite and every problem's run with what is stored for it (its author or an
    admin). While a problem runs, nothing is deleted: cancel it, or wait."""
    _changeable(context, suite_id, viewer)
    run_ids = problem_ids(context.store, suite_id)
    running = delete_suite_unless_running(context.store, suite_id)
    if running:
        raise ApiError(
            409,
            "suite_running",
            f"{running} problem(s) of suite {suite_id} are running: cancel them or wait for "
            "them to finish, then delete the suite.",
        )
    for run_id in run_ids:
        context.results.forget(run_id)
    return Response(status_code=204)


def _changeable(context: AppContext, suite_id: str, viewer: Viewer) -> SuiteRecord:
    """The suite, when the caller may change it; 404 when they may not even read it (as
    for runs), 403 when it is someone else's."""
    suite = get_suite(context.store, suite_id)
    if suite is None or not viewer.may_read(suite.owner_id, suite.visibility):
        raise not_found("suite", suite_id)
    if not viewer.may_change(suite.owner_id):
        owner = suite.owner or "nobody (made without accounts)"
        raise ApiError(
            403,
            "not_suite_author",
            f"Suite {suite_id} belongs to {owner}: only its author or an admin may change it.",
        )
    return suite
