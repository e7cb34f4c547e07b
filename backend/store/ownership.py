"""A run's author and visibility: read them, change them, delete the run.

Kept apart from `Store` so the visibility rules (`visibility.py`) and the API's checks
have one small storage surface; the run row stays the only truth.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from sqlalchemy import delete, update
from sqlalchemy.orm import QueryableAttribute, load_only
from sqlmodel import col, select

from backend.result import RunStatus
from backend.store.db import read_session, write_session
from backend.store.models import Artifact, Run, User
from backend.store.repository import Store
from backend.store.visibility import Visibility


class RunAccess(BaseModel):
    """What deciding who may see or change a run needs, and what the API shows of it."""

    id: str
    title: str | None
    owner_id: int | None
    owner: str | None  # the author's user name
    visibility: Visibility
    status: RunStatus
    sweep_id: str | None


_ACCESS_COLUMNS: list[QueryableAttribute[Any]] = [
    getattr(Run, name) for name in RunAccess.model_fields if name != "owner"
]


def run_access(store: Store, run_id: str) -> RunAccess | None:
    query = (
        select(Run, User.name)
        .options(load_only(*_ACCESS_COLUMNS))
        .outerjoin(User, col(Run.owner_id) == col(User.id))
        .where(Run.id == run_id)
    )
    with read_session(store.engine) as session:
        row = session.exec(query).first()
        if row is None:
            return None
        run, owner = row
        fields = {name: getattr(run, name) for name in RunAccess.model_fields if name != "owner"}
    return RunAccess.model_validate({**fields, "owner": owner})


def update_run(
    store: Store,
    access: RunAccess,
    *,
    set_title: bool = False,
    title: str | None = None,
    visibility: Visibility | None = None,
) -> None:
    """Set the title of one run (when `set_title`; None clears it) and the visibility of
    its whole sweep: a sweep is one submission, and each run's document shows every
    sibling's numbers."""
    with write_session(store.engine) as session:
        if set_title:
            session.exec(update(Run).where(col(Run.id) == access.id).values(title=title))
        if visibility is not None:
            same_submission = (
                col(Run.sweep_id) == access.sweep_id
                if access.sweep_id is not None
                else col(Run.id) == access.id
            )
            session.exec(update(Run).where(same_submission).values(visibility=visibility))


def delete_unless_running(store: Store, run_id: str) -> bool:
    """Delete the run unless a worker is executing it (its result would bring the row
    back); one statement, so a worker claiming it meanwhile cannot slip in between. Its
    blobs that no other run shares are freed at once, not at the next prune."""
    statement = delete(Run).where(col(Run.id) == run_id, col(Run.status) != "running")
    with write_session(store.engine) as session:
        shas = session.exec(select(Artifact.sha256).where(Artifact.run_id == run_id)).all()
        deleted: bool = session.exec(statement).rowcount > 0
    if deleted:
        store.release_blobs(set(shas))
    return deleted
