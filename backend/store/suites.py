"""Suites in the store: the `suites` row, and its problems (runs naming it by `suite_id`).

Each problem is an ordinary run, queued, executed and stored like any other; the suite
only groups them under a name. Kept apart from `Store` (one idea per module): the run
row stays the only truth about each problem.
"""

from __future__ import annotations

from pydantic import BaseModel
from sqlmodel import col, select

from backend.run_head import RunHead
from backend.store import mapping
from backend.store.db import read_session, write_session
from backend.store.ids import new_run_id
from backend.store.models import Run, Suite, User
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
