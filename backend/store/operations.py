"""What operations (`backend.ops`) ask of the store: the database probe behind /healthz,
the gauges behind /metrics and the rows retention deletes. Operations open no session of
their own: every query on the store's tables is here.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import ColumnElement, delete, func
from sqlalchemy.orm import Mapped
from sqlmodel import Session, col, select

from backend.result import FINISHED_STATUSES
from backend.store.db import read_session, write_session
from backend.store.models import Artifact, Run, Worker
from backend.store.quota import instance_bytes
from backend.store.repository import Store

# ---- /healthz ---------------------------------------------------------------------------


def read_one_run(store: Store) -> None:
    """Read the runs table: proves the file opens, is migrated, and is not locked solid
    (raises whatever the database raises)."""
    with read_session(store.engine) as session:
        session.exec(select(Run.id).limit(1)).all()


# ---- /metrics ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Gauges:
    queued_by_kind: dict[str, int]  # runs waiting, per device kind
    runs_by_status: dict[str, int]
    live_workers_by_kind: dict[str, int]  # workers seen within the lease


def gauges(store: Store, lease_s: float) -> Gauges:
    """The queue, runs and workers gauges, counted at once."""
    seen_since = datetime.now(UTC) - timedelta(seconds=lease_s)
    with read_session(store.engine) as session:
        depth = _counts(session, col(Run.device_kind), col(Run.status) == "queued")
        statuses = _counts(session, col(Run.status))
        recent = col(Worker.last_seen_at) >= seen_since
        alive = _counts(session, col(Worker.device_kind), recent)
    return Gauges(depth, statuses, alive)


def stored_bytes(store: Store) -> int:
    """Bytes of the distinct run files the server keeps (what the instance quota counts)."""
    with read_session(store.engine) as session:
        return instance_bytes(session)


def _counts(session: Session, column: Mapped[str], *where: ColumnElement[bool]) -> dict[str, int]:
    """SELECT column, count(*) WHERE ... GROUP BY column, as a dict."""
    query = select(column, func.count()).where(*where).group_by(column)
    return {str(key): int(count) for key, count in session.exec(query)}


# ---- retention --------------------------------------------------------------------------


def expired_runs(store: Store, cutoff: datetime) -> list[str]:
    """Finished runs whose end (or, lacking one, creation) is before `cutoff`: queued and
    running runs are never expired, however old."""
    finished_at = func.coalesce(col(Run.finished_at), col(Run.created_at))
    query = select(Run.id).where(col(Run.status).in_(FINISHED_STATUSES), finished_at < cutoff)
    with read_session(store.engine) as session:
        return list(session.exec(query.order_by(finished_at)))


def delete_runs(store: Store, run_ids: list[str]) -> int:
    """Delete these runs in one write transaction (their kernels and transfers cascade)."""
    with write_session(store.engine) as session:
        return session.exec(delete(Run).where(col(Run.id).in_(run_ids))).rowcount


def referenced_blobs(store: Store, ignoring_runs: set[str] | None = None) -> set[str]:
    """The blob hashes some artifact row points at (of runs other than `ignoring_runs`)."""
    query = select(Artifact.run_id, Artifact.sha256)
    with read_session(store.engine) as session:
        rows = session.exec(query).all()
    ignored = ignoring_runs or set()
    return {sha for run_id, sha in rows if run_id not in ignored}
