"""Suites in the store: the `suites` row, and its problems (runs naming it by `suite_id`).

Each problem is an ordinary run, queued, executed and stored like any other; the suite
only groups them under a name. Kept apart from `Store` (one idea per module): the run
row stays the only truth about each problem.
"""

from __future__ import annotations

from pydantic import BaseModel
from sqlalchemy import delete, func, update
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


def get_suite(store: Store, suite_id: str) -> SuiteRecord | None:
    with read_session(store.engine) as session:
        suite = session.get(Suite, suite_id)
        if suite is None:
            return None
        owner = session.get(User, suite.owner_id) if suite.owner_id is not None else None
        return SuiteRecord(
            id=suite.id,
            title=suite.title,
            created_at=suite.created_at.isoformat(),
            compile_mode=suite.compile_mode,
            device_kind=suite.device_kind,
            owner_id=suite.owner_id,
            owner=owner.name if owner is not None else None,
            visibility=suite.visibility,  # type: ignore[arg-type]  # checked on every write
        )


def suite_of(store: Store, run_id: str) -> str | None:
    """The suite `run_id` is a problem of, if any."""
    with read_session(store.engine) as session:
        return session.exec(select(Run.suite_id).where(Run.id == run_id)).first()


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
