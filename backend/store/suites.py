"""Suites in the store: the `suites` row, and its problems (runs naming it by `suite_id`).

Each problem is an ordinary run, queued, executed and stored like any other; the suite
only groups them under a name. Kept apart from `Store` (one idea per module): the run
row stays the only truth about each problem.
"""

from __future__ import annotations

from collections import defaultdict

from pydantic import BaseModel, Field
from sqlalchemy import ColumnElement, and_, delete, func, update
from sqlmodel import col, select

from backend.run_head import RunHead
from backend.store import mapping
from backend.store.db import read_session, write_session
from backend.store.ids import new_run_id
from backend.store.models import Artifact, Run, Suite, User
from backend.store.repository import Store
from backend.store.visibility import DEFAULT_VISIBILITY, Viewer, Visibility


class SuiteRecord(BaseModel):
    id: str
    title: str | None
    created_at: str
    compile_mode: str
    device_kind: str
    owner_id: int | None
    owner: str | None
    visibility: Visibility


def create_suite(
    store: Store,
    *,
    title: str | None,
    compile_mode: str,
    device_kind: str,
    owner_id: int | None = None,
    visibility: Visibility = DEFAULT_VISIBILITY,
) -> str:
    """A new, empty suite; its problems are runs created with `suite_id` set to its id."""
    suite = Suite(
        id=new_run_id(),
        title=title,
        created_at=mapping.utc_now(),
        compile_mode=compile_mode,
        device_kind=device_kind,
        owner_id=owner_id,
        visibility=visibility,
    )
    with write_session(store.engine) as session:
        session.add(suite)
    return suite.id


class SuiteListing(SuiteRecord):
    """A line of the suites list: the suite and where its problems stand."""

    problems: int = Field(description="problems you may read")
    statuses: dict[str, int] = Field(description="how many problems are in each status")
    devices: list[str] = Field(description="the devices its problems ran on, by name")


def get_suite(store: Store, suite_id: str) -> SuiteRecord | None:
    with read_session(store.engine) as session:
        suite = session.get(Suite, suite_id)
        if suite is None:
            return None
        owner = session.get(User, suite.owner_id) if suite.owner_id is not None else None
        return _record(suite, owner.name if owner is not None else None)


def _record(suite: Suite, owner: str | None) -> SuiteRecord:
    return SuiteRecord(
        id=suite.id,
        title=suite.title,
        created_at=suite.created_at.isoformat(),
        compile_mode=suite.compile_mode,
        device_kind=suite.device_kind,
        owner_id=suite.owner_id,
        owner=owner,
        visibility=suite.visibility,  # type: ignore[arg-type]  # checked on every write
    )


def list_suites(store: Store, viewer: Viewer, limit: int) -> list[SuiteListing]:
    """The newest `limit` suites `viewer` may read, each with its problems' statuses and
    devices (counting only the problems `viewer` may read, as the suite's page does)."""
    query = select(Suite, User.name).outerjoin(User, col(Suite.owner_id) == col(User.id))
    visible = viewer.clause(Suite)
    query = query if visible is None else query.where(visible)
    query = query.order_by(col(Suite.created_at).desc(), col(Suite.id).desc()).limit(limit)
    with read_session(store.engine) as session:
        suites = session.exec(query).all()
        in_these: ColumnElement[bool] = col(Run.suite_id).in_([suite.id for suite, _ in suites])
        runs_visible = viewer.clause()
        if runs_visible is not None:
            in_these = and_(in_these, runs_visible)
        by_status = select(Run.suite_id, Run.status, func.count()).where(in_these)
        statuses: defaultdict[str | None, dict[str, int]] = defaultdict(dict)
        for suite_id, status, count in session.exec(by_status.group_by(Run.suite_id, Run.status)):
            statuses[suite_id][status] = count
        ran_on = select(Run.suite_id, Run.device_name).where(in_these).distinct()
        devices: defaultdict[str | None, list[str]] = defaultdict(list)
        for suite_id, name in session.exec(ran_on.where(col(Run.device_name).is_not(None))):
            devices[suite_id].append(name or "")
    return [
        SuiteListing(
            **_record(suite, owner).model_dump(),
            problems=sum(statuses[suite.id].values()),
            statuses=statuses[suite.id],
            devices=sorted(devices[suite.id]),
        )
        for suite, owner in suites
    ]


class SuiteRef(BaseModel):
    """The suite a run is a problem of: what its page names."""

    id: str
    title: str | None
    problem: str = Field(description="the run's problem name in the suite")
    url: str = Field(description="the suite's permalink")


def suite_of(store: Store, run_id: str) -> SuiteRef | None:
    """The suite `run_id` is a problem of, if any."""
    query = select(Suite.id, Suite.title, Run.problem).join(Run, col(Run.suite_id) == Suite.id)
    with read_session(store.engine) as session:
        found = session.exec(query.where(Run.id == run_id)).first()
    if found is None:
        return None
    suite_id, title, problem = found
    return SuiteRef(id=suite_id, title=title, problem=problem or run_id, url=f"/s/{suite_id}")


def problem_runs(store: Store, suite_id: str, viewer: Viewer) -> list[tuple[str, str]]:
    """(problem name, run id) of each problem `viewer` may read, in the order submitted.
    A problem whose run was made private since is left out for everyone else."""
    query = select(Run.problem, Run.id).where(Run.suite_id == suite_id)
    clause = viewer.clause()
    if clause is not None:
        query = query.where(clause)
    query = query.order_by(col(Run.created_at), col(Run.problem))
    with read_session(store.engine) as session:
        return [(problem or run_id, run_id) for problem, run_id in session.exec(query)]


def problem_heads(store: Store, suite_id: str, viewer: Viewer) -> list[tuple[str, RunHead]]:
    """Each readable problem's name and run head (a run deleted meanwhile is left out)."""
    found = []
    for name, run_id in problem_runs(store, suite_id, viewer):
        head = store.load_head(run_id)
        if head is not None:
            found.append((name, head))
    return found


def problem_ids(store: Store, suite_id: str) -> list[str]:
    """Every problem's run id, whoever may read it (for the suite's author)."""
    with read_session(store.engine) as session:
        return list(session.exec(select(Run.id).where(Run.suite_id == suite_id)))


def update_suite(
    store: Store,
    suite_id: str,
    *,
    set_title: bool = False,
    title: str | None = None,
    visibility: Visibility | None = None,
) -> None:
    """Set the suite's title (when `set_title`; None clears it) and the visibility of the
    suite and every problem: like a sweep, a suite is one submission, and its page shows
    each problem's numbers."""
    changes: dict[str, object] = {"title": title} if set_title else {}
    if visibility is not None:
        changes["visibility"] = visibility
    with write_session(store.engine) as session:
        if changes:
            session.exec(update(Suite).where(col(Suite.id) == suite_id).values(**changes))
        if visibility is not None:
            same_suite = col(Run.suite_id) == suite_id
            session.exec(update(Run).where(same_suite).values(visibility=visibility))


def delete_suite_unless_running(store: Store, suite_id: str) -> int:
    """Delete the suite and every problem's run, in one transaction (a worker cannot claim
    a problem in between), unless a problem is running: then nothing is deleted and the
    answer is how many are (0: deleted). Blobs no other run shares are freed at once."""
    problems = col(Run.suite_id) == suite_id
    with write_session(store.engine) as session:
        running_query = select(func.count()).where(problems, col(Run.status) == "running")
        running = session.exec(running_query).one()
        if running:
            return running
        in_suite = select(Run.id).where(problems)
        shas = session.exec(select(Artifact.sha256).where(col(Artifact.run_id).in_(in_suite)))
        freed = set(shas)
        session.exec(delete(Run).where(problems))
        session.exec(delete(Suite).where(col(Suite.id) == suite_id))
    store.release_blobs(freed)
    return 0
