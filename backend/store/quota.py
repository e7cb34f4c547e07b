"""How many bytes of runs (their files: traces, generated code, the blobs; and their rows in
the database) the store keeps, per user and in all, and the limits on both.

One run may bring up to `BundleLimits.run_mb` of files, and a large run's rows take about
10 MB of the database, so without a limit a few users fill the disk. Two measures:

- a user's usage is the size of every file their runs reference, each reference counted
  (deleting a run frees exactly what it counted), plus their runs' row bytes;
- the instance's usage is the size of the distinct files, what the blob directory holds,
  plus every run's row bytes.

A run's row bytes (`runs.row_bytes`) are an estimate made when its result is stored
(`row_bytes_of`): its result document as JSON and its code, what its rows hold. Runs
stored before migration 0014 count 0 until they are stored again.

Runs without an owner (a server without accounts) count towards the instance only.
A save whose files would take either past its limit is refused inside the save's write
transaction (`QuotaExceeded`), so two saves cannot both slip under it; a submission is
refused while either is already at its limit (the API's 403 `storage_quota`).
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from sqlalchemy import func
from sqlmodel import Session, col, select

from backend import result as doc
from backend.store.models import Artifact, Run

MiB = 1024**2
Scope = Literal["user", "instance"]
Stage = Literal["submit", "store"]
SCOPES: tuple[Scope, ...] = ("user", "instance")
STAGES: tuple[Stage, ...] = ("submit", "store")
SETTINGS: dict[Scope, str] = {
    "user": "KERNELSCOPE_MAX_STORED_MIB_PER_USER",
    "instance": "KERNELSCOPE_MAX_STORED_MIB",
}


class QuotaExceeded(Exception):
    """Storing (or queuing) more would take a quota past its limit; the message says which,
    how much is used and how to free space."""

    def __init__(self, scope: Scope, used: int, adding: int, limit: int) -> None:
        self.scope, self.used, self.adding, self.limit = scope, used, adding, limit
        super().__init__(_message(scope, used, adding, limit))


@dataclass
class BlobQuota:
    """The limits (None: none) and how many times each refused, in this process."""

    per_user_bytes: int | None = None
    instance_bytes: int | None = None
    _refusals: Counter[tuple[Scope, Stage]] = field(default_factory=Counter, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def limit(self, scope: Scope) -> int | None:
        return self.per_user_bytes if scope == "user" else self.instance_bytes

    def refused(self, exc: QuotaExceeded, stage: Stage) -> QuotaExceeded:
        with self._lock:
            self._refusals[(exc.scope, stage)] += 1
        return exc

    def refusals(self) -> dict[tuple[Scope, Stage], int]:
        with self._lock:
            return dict(self._refusals)

    def check_room(self, session: Session, owner_id: int | None) -> None:
        """QuotaExceeded while the owner's or the instance's usage is at its limit: a new
        run could store nothing."""
        for scope, used in _usages(session, owner_id, self):
            limit = self.limit(scope)
            if limit is not None and used >= limit:
                raise QuotaExceeded(scope, used, 0, limit)

    def check_save(
        self,
        session: Session,
        run_id: str,
        owner_id: int | None,
        files: list[tuple[str, int]],
        rows: int = 0,
    ) -> None:
        """QuotaExceeded when the run's files (sha256, size) and its `rows` bytes, replacing
        what it has now, would take the owner's or the instance's usage past its limit."""
        if owner_id is not None and self.per_user_bytes is not None:
            used = user_usage(session, owner_id, except_run=run_id)
            adding = sum(size for _, size in files) + rows
            if used + adding > self.per_user_bytes:
                raise QuotaExceeded("user", used, adding, self.per_user_bytes)
        if self.instance_bytes is not None:
            used = instance_usage(session, except_run=run_id)
            distinct = dict(files)
            kept = _referenced(session, distinct, except_run=run_id)
            adding = sum(size for sha, size in distinct.items() if sha not in kept) + rows
            if used + adding > self.instance_bytes:
                raise QuotaExceeded("instance", used, adding, self.instance_bytes)


def row_bytes_of(result: doc.RunResult, code: str) -> int:
    """An estimate of what a stored result's rows take: its document as JSON (the run row,
    its kernels, round trips and transfers hold those values) and its code. pydantic
    writes JSON in Rust: about 50 ms for a 10 MB document."""
    return len(result.model_dump_json(exclude={"sweep"})) + len(code.encode())


def user_bytes(session: Session, owner_id: int, except_run: str | None = None) -> int:
    """The files the owner's runs reference, each reference counted."""
    query = (
        select(func.coalesce(func.sum(Artifact.size_bytes), 0))
        .join(Run, col(Run.id) == col(Artifact.run_id))
        .where(Run.owner_id == owner_id)
    )
    if except_run is not None:
        query = query.where(col(Artifact.run_id) != except_run)
    return int(session.exec(query).one())


def instance_bytes(session: Session, except_run: str | None = None) -> int:
    """The distinct files the runs reference: what the blob directory keeps."""
    files = select(func.max(Artifact.size_bytes).label("size")).group_by(col(Artifact.sha256))
    if except_run is not None:
        files = files.where(col(Artifact.run_id) != except_run)
    distinct = files.subquery()
    return int(session.exec(select(func.coalesce(func.sum(distinct.c.size), 0))).one())


def user_usage(session: Session, owner_id: int, except_run: str | None = None) -> int:
    """What the user's quota counts: their runs' files and rows."""
    files = user_bytes(session, owner_id, except_run)
    return files + rows_bytes(session, owner_id, except_run)


def instance_usage(session: Session, except_run: str | None = None) -> int:
    """What the instance's quota counts: the distinct files and every run's rows."""
    return instance_bytes(session, except_run) + rows_bytes(session, None, except_run)


def rows_bytes(session: Session, owner_id: int | None, except_run: str | None = None) -> int:
    """The row bytes of the owner's runs (None: every run's)."""
    query = select(func.coalesce(func.sum(Run.row_bytes), 0))
    if owner_id is not None:
        query = query.where(Run.owner_id == owner_id)
    if except_run is not None:
        query = query.where(col(Run.id) != except_run)
    return int(session.exec(query).one())


def _referenced(session: Session, files: Iterable[str], except_run: str) -> set[str]:
    query = select(Artifact.sha256).where(
        col(Artifact.sha256).in_(list(files)), col(Artifact.run_id) != except_run
    )
    return set(session.exec(query))


def _usages(
    session: Session, owner_id: int | None, quota: BlobQuota
) -> Iterable[tuple[Scope, int]]:
    if owner_id is not None and quota.per_user_bytes is not None:
        yield "user", user_usage(session, owner_id)
    if quota.instance_bytes is not None:
        yield "instance", instance_usage(session)


def _mib(count: int) -> str:
    return f"{count / MiB:,.1f} MiB"


def _message(scope: Scope, used: int, adding: int, limit: int) -> str:
    setting = SETTINGS[scope]
    more = f" and this run's {_mib(adding)} would pass it" if adding else ""
    if scope == "user":
        return (
            f"Your runs keep {_mib(used)} of traces, generated code and results; each user "
            f"may keep "
            f"{_mib(limit)} (setting {setting}){more}. Delete runs you no longer need (Delete "
            "on the run's page, or DELETE /api/runs/{id}), or ask the administrator to raise "
            "the setting."
        )
    return (
        f"This server keeps {_mib(used)} of run traces, generated code and results; its "
        "limit is "
        f"{_mib(limit)} (setting {setting}){more}. An administrator can free space "
        "(`kernelscope prune --older-than DAYS`, or KERNELSCOPE_RETENTION_DAYS) or raise "
        "the setting."
    )
