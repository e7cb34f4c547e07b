"""The history list and the links between runs: listings, filters, previous and parent.

Listings load only the summary columns, never the code or the JSON parts of a document.
"""

from collections import defaultdict
from typing import Any

from pydantic import BaseModel, Field
from sqlalchemy import Engine, and_, or_
from sqlalchemy.orm import QueryableAttribute, load_only
from sqlmodel import Session, col, select

from backend import result as doc
from backend.run_head import VariantTotals
from backend.store import mapping
from backend.store.db import read_session
from backend.store.ids import RunNotFound
from backend.store.models import Run, Suite, User, Variant
from backend.store.visibility import DEFAULT_VISIBILITY, Viewer, Visibility

ERROR_SHOWN_CHARS = 160  # of a failed run's message in the history list


class RunSummary(BaseModel):
    """One line of the history list: what a listing shows without loading the document."""

    id: str
    title: str | None
    status: doc.RunStatus
    created_at: str
    device_name: str | None
    torch_version: str | None
    eager_kernel_count: int | None
    compiled_kernel_count: int | None
    speedup: float | None
    kernel_speedup: float | None
    speedup_interval: list[float] | None = Field(
        default=None, description="90% interval of the wall-time speedup, [low, high]"
    )
    size: int | None
    sweep_id: str | None = Field(default=None, description="the sweep this run is a size of")
    visibility: Visibility = DEFAULT_VISIBILITY
    owner: str | None = Field(default=None, description="the author's user name")
    error_kind: str | None = Field(default=None, description="why it failed, in one word")
    error_message: str | None = Field(
        default=None, description=f"the error's first line, cut at {ERROR_SHOWN_CHARS} characters"
    )
    suite_id: str | None = Field(default=None, description="the suite this run is a problem of")
    suite_title: str | None = None
    problem: str | None = Field(default=None, description="its problem name in that suite")
    speedup_verdict: str | None = Field(
        default=None,
        description="the speedup against no change by the one rule for timings, as the run "
        "page says it (better, worse, within noise, too noisy to tell); null without a speedup",
    )


# from the users and suites tables; the verdict is the API's (the rule is analysis's)
_JOINED = ("owner", "suite_title", "speedup_verdict")
_SUMMARY_COLUMNS: list[QueryableAttribute[Any]] = [
    getattr(Run, name) for name in RunSummary.model_fields if name not in _JOINED
]


def device_names(engine: Engine, viewer: Viewer | None = None) -> list[str]:
    """Device names of the runs `viewer` may see (a snippet can name any device: a
    private run's must not reach other people's history filter)."""
    query = select(Run.device_name).where(col(Run.device_name).is_not(None)).distinct()
    visible = viewer.clause() if viewer is not None else None
    query = query if visible is None else query.where(visible)
    with read_session(engine) as session:
        return sorted(name for name in session.exec(query) if name)


def previous_run(engine: Engine, run_id: str, viewer: Viewer | None = None) -> str | None:
    """The latest earlier run of exactly the same code (that `viewer` may see), for
    "compare with previous"."""
    with read_session(engine) as session:
        run = session.get(Run, run_id)
        if run is None:
            return None
        query = (
            select(Run.id)
            .where(
                Run.code_sha256 == run.code_sha256,
                Run.id != run.id,
                col(Run.created_at) <= run.created_at,
            )
            .order_by(col(Run.created_at).desc(), col(Run.id).desc())
            .limit(1)
        )
        visible = viewer.clause() if viewer is not None else None
        return session.exec(query if visible is None else query.where(visible)).first()


def parent_run(engine: Engine, run_id: str, viewer: Viewer | None = None) -> str | None:
    """The run this one was forked from, while it exists and `viewer` may see it."""
    with read_session(engine) as session:
        parent_id = session.exec(select(Run.forked_from).where(Run.id == run_id)).first()
        if parent_id is None:
            return None
        query = select(Run.id).where(Run.id == parent_id)
        visible = viewer.clause() if viewer is not None else None
        return session.exec(query if visible is None else query.where(visible)).first()


def list_runs(
    engine: Engine,
    *,
    limit: int = 50,
    before: str | None = None,
    status: doc.RunStatus | None = None,
    device: str | None = None,
    text: str | None = None,
    in_suite: bool = False,
    viewer: Viewer | None = None,
) -> list[RunSummary]:
    """Runs newest first. Page with `before`: the id of the last run of the previous page.

    Keyset paging on (created_at, id): pages stay exact while runs are added, and
    deep pages cost the same as the first. `device` matches the device name exactly;
    `text` is a case-insensitive substring of the title or the code, or an exact id;
    `in_suite`: only the problems of suites. With a `viewer`, only the runs it may see
    (the cursor too).
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    query = (
        select(Run, User.name, Suite.title)
        .outerjoin(User, col(Run.owner_id) == col(User.id))
        .outerjoin(Suite, col(Run.suite_id) == col(Suite.id))
        .options(load_only(*_SUMMARY_COLUMNS))
    )
    if in_suite:
        query = query.where(col(Run.suite_id).is_not(None))
    visible = viewer.clause() if viewer is not None else None
    if visible is not None:
        query = query.where(visible)
    if status is not None:
        query = query.where(Run.status == status)
    if device is not None:
        query = query.where(Run.device_name == device)
    if text:
        query = query.where(
            or_(
                col(Run.title).contains(text, autoescape=True),
                col(Run.code).contains(text, autoescape=True),
                col(Run.id) == text,
            )
        )
    with read_session(engine) as session:
        if before is not None:
            cursor_query = select(Run.created_at).where(Run.id == before)
            if visible is not None:
                cursor_query = cursor_query.where(visible)
            cursor = session.exec(cursor_query).first()
            if cursor is None:
                raise RunNotFound(before)
            query = query.where(
                or_(
                    col(Run.created_at) < cursor,
                    and_(col(Run.created_at) == cursor, col(Run.id) < before),
                )
            )
        query = query.order_by(col(Run.created_at).desc(), col(Run.id).desc()).limit(limit)
        return [_summary(run, *joined) for run, *joined in session.exec(query).all()]


def timed_variants(engine: Engine, run_ids: list[str]) -> dict[str, dict[str, VariantTotals]]:
    """The variants' totals of these runs (their timed calls' spread is what a speedup's
    verdict reads), in one query for a page of history."""
    query = select(Variant).where(col(Variant.run_id).in_(run_ids))
    found: defaultdict[str, dict[str, VariantTotals]] = defaultdict(dict)
    with read_session(engine) as session:
        for row in session.exec(query):
            found[row.run_id][row.name] = VariantTotals.model_validate(row, from_attributes=True)
    return dict(found)


def _summary(run: Run, owner: str | None = None, suite_title: str | None = None) -> RunSummary:
    fields = {name: getattr(run, name) for name in RunSummary.model_fields if name not in _JOINED}
    created_at = mapping.format_utc(run.created_at)
    message = _first_line(run.error_message)
    return RunSummary.model_validate(
        {
            **fields,
            "created_at": created_at,
            "owner": owner,
            "suite_title": suite_title,
            "error_message": message,
        }
    )


def _first_line(message: str | None) -> str | None:
    """A history row has room for a line: the message's first, cut short with an ellipsis."""
    if not message:
        return None
    line = message.strip().splitlines()[0] if message.strip() else ""
    return line if len(line) <= ERROR_SHOWN_CHARS else line[: ERROR_SHOWN_CHARS - 1] + "…"


_SWEEP_COLUMNS: list[QueryableAttribute[Any]] = [
    getattr(Run, name)
    for name in ("id", "status", "size", "speedup", "kernel_speedup", "speedup_interval")
]


def sweep_points(session: Session, sweep_id: str | None) -> list[doc.SweepPoint]:
    """The sweep as it stands now, from every sized run sharing `sweep_id`, smallest first."""
    if sweep_id is None:
        return []
    runs_query = (
        select(Run)
        .options(load_only(*_SWEEP_COLUMNS))
        .where(Run.sweep_id == sweep_id, col(Run.size).is_not(None))
        .order_by(col(Run.size), col(Run.created_at), col(Run.id))
    )
    variants_query = select(Variant).join(Run, col(Variant.run_id) == col(Run.id))
    variants: defaultdict[str, dict[str, Variant]] = defaultdict(dict)
    for row in session.exec(variants_query.where(Run.sweep_id == sweep_id)):
        variants[row.run_id][row.name] = row
    return [mapping.sweep_point(run, variants[run.id]) for run in session.exec(runs_query)]
