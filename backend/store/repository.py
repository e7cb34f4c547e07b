"""`Store`: the only storage API the rest of the app uses.

Runs and their children live in SQLite (`kernelscope.db`), artifact bytes in a
content-addressed `BlobStore` (`blobs/`), both under one data directory.
"""

import gc
import hashlib
import logging
import os
import socket
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Self, get_args

from pydantic import BaseModel, Field
from sqlalchemy import Engine, and_, delete, or_
from sqlalchemy.orm import QueryableAttribute, load_only
from sqlmodel import Session, col, select

from backend import result as doc
from backend.run_head import RunHead
from backend.store import children, mapping
from backend.store.blobs import BlobStore
from backend.store.db import init_db, make_engine, read_session, write_session
from backend.store.ids import new_run_id
from backend.store.models import Artifact, RoundTrip, Run, User, Variant
from backend.store.quota import BlobQuota, QuotaExceeded
from backend.store.visibility import DEFAULT_VISIBILITY, Viewer, Visibility

log = logging.getLogger(__name__)
DB_FILENAME = "kernelscope.db"
BLOBS_DIRNAME = "blobs"
PAGE_OF_POSITIONS = 500  # kernels fetched by position per query
# (kind, name, data, content_type), e.g. ("eager_trace", "eager.json", b"...", "application/json")
ArtifactInput = tuple[str, str, bytes, str]


class RunNotFound(LookupError):
    """No run has this id."""


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


class KernelPage(BaseModel):
    """A slice of one variant's kernels, in launch order."""

    variant: doc.VariantName
    offset: int = Field(description="the `offset` asked for (with `line`: among the matches)")
    total: int = Field(description="kernels in all (with `line`: those from that line)")
    positions: list[int] = Field(description="each kernel's position in launch order")
    kernels: list[doc.Kernel] = Field(description="each with its transfers")


class RunRecipe(BaseModel):
    """What a run was asked to do, for a rerun of it."""

    code: str
    title: str | None
    size: int | None
    device_kind: str
    measure: list[str]


class RoundTripPage(BaseModel):
    """A slice of the run's round trips (of one fate, if asked), in the document's order."""

    offset: int
    total: int = Field(description="how many there are (of the fate asked for)")
    round_trips: list[doc.RoundTrip]


class ArtifactInfo(BaseModel):
    kind: str
    name: str
    sha256: str
    size_bytes: int
    content_type: str


_STATUSES = frozenset(get_args(doc.RunStatus))
# Listings load only these columns: never the code or the JSON parts of the document.
_SUMMARY_COLUMNS: list[QueryableAttribute[Any]] = [
    getattr(Run, name) for name in RunSummary.model_fields if name != "owner"
]
_STATE_COLUMNS: list[QueryableAttribute[Any]] = [
    getattr(Run, name)
    for name in RunState.model_fields  # each field is the column's name
]
_SWEEP_COLUMNS: list[QueryableAttribute[Any]] = [
    getattr(Run, name)
    for name in ("id", "status", "size", "speedup", "kernel_speedup", "speedup_interval")
]


class Store:
    def __init__(self, engine: Engine, blobs: BlobStore) -> None:
        self.engine = engine
        self.blobs = blobs
        # Called with each document save_result stored, after it committed (e.g. metrics).
        self.result_listeners: list[Callable[[doc.RunResult], None]] = []
        # The server sets its limits (create_app, from Settings); none for `kernelscope run`.
        self.quota = BlobQuota()

    @classmethod
    def open(cls, data_dir: Path) -> Self:
        """Open (creating if needed) the store in `data_dir` and migrate it to the latest schema."""
        data_dir.mkdir(parents=True, exist_ok=True)
        engine = make_engine(data_dir / DB_FILENAME)
        init_db(engine)
        return cls(engine, BlobStore(data_dir / BLOBS_DIRNAME))

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def create_run(
        self,
        code: str,
        *,
        title: str | None = None,
        size: int | None = None,
        sweep_id: str | None = None,
        compile_mode: str = "default",
        status: doc.RunStatus = "queued",
        owner_id: int | None = None,
        visibility: Visibility = DEFAULT_VISIBILITY,
        device_kind: str = "cpu",
        worker_id: str | None = None,
        forked_from: str | None = None,
        measure: Sequence[str] = (),
        suite_id: str | None = None,
        problem: str | None = None,
    ) -> str:
        """Record a new run and return its id (`forked_from`: the run it was edited from;
        `suite_id`, `problem`: the suite it is a problem of, and its name there).

        Runs wait as 'queued' for a worker; a caller that executes the run itself (the CLI)
        creates it 'running' so that a server on the same data directory never claims it.
        """
        now = mapping.utc_now()
        run = Run(
            id=new_run_id(),
            status=status,
            title=title,
            code=code,
            code_sha256=hashlib.sha256(code.encode()).hexdigest(),
            created_at=now,
            started_at=now if status == "running" else None,
            size=size,
            sweep_id=sweep_id,
            compile_mode=compile_mode,
            owner_id=owner_id,
            visibility=visibility,
            device_kind=device_kind,
            worker_id=worker_id,
            forked_from=forked_from,
            measure=list(measure),
            suite_id=suite_id,
            problem=problem,
        )
        with write_session(self.engine) as session:
            session.add(run)
        return run.id

    def set_status(
        self, run_id: str, status: doc.RunStatus, *, progress_step: str | None = None
    ) -> None:
        """Move a run to `status`; entering 'running' or a finished status stamps the time."""
        if status not in _STATUSES:  # callers may pass any str; a bad one would break loads
            raise ValueError(f"unknown run status {status!r}")
        with write_session(self.engine) as session:
            run = _get_run(session, run_id)
            entering_running = status == "running" and run.status != "running"
            run.status, run.progress_step = status, progress_step
            if entering_running:  # a retried run starts over; progress steps keep the time
                run.started_at, run.finished_at = mapping.utc_now(), None
            elif status in doc.FINISHED_STATUSES:  # keep the time a saved result gave
                run.finished_at = run.finished_at or mapping.utc_now()
            session.add(run)

    def requeue_running(self) -> list[str]:
        """Local queue start: runs left 'running' by a stopped server go back to the queue,
        and every run forgets the worker or RQ job it had (a server switched from
        queue=redis runs them itself now). A run a `kernelscope run` process holds is left
        alone: never re-executed (`run_endings.end_abandoned_cli_runs` ends those whose
        process died). The ids requeued."""
        with write_session(self.engine) as session:
            unfinished = session.exec(select(Run).where(col(Run.status).in_(UNFINISHED))).all()
            requeued = []
            for run in unfinished:
                if run.worker_id is not None and run.worker_id.startswith(CLI_HOLDER_PREFIX):
                    continue
                if run.status == "running":
                    run.status, run.progress_step, run.started_at = "queued", None, None
                    requeued.append(run.id)
                run.worker_id, run.job_id, run.dispatched_at = None, None, None
                session.add(run)
            return requeued

    def run_state(self, run_id: str) -> RunState | None:
        query = select(Run).options(load_only(*_STATE_COLUMNS)).where(Run.id == run_id)
        with read_session(self.engine) as session:
            run = session.exec(query).first()
            if run is None:
                return None
            return RunState(
                id=run.id,
                status=run.status,  # type: ignore[arg-type]  # checked on every write
                progress_step=run.progress_step,
                created_at=mapping.format_utc(run.created_at),
                started_at=_format_optional(run.started_at),
                finished_at=_format_optional(run.finished_at),
                compile_mode=run.compile_mode,
                measure=list(run.measure or []),
            )

    def device_names(self, viewer: Viewer | None = None) -> list[str]:
        """Device names of the runs `viewer` may see (a snippet can name any device: a
        private run's must not reach other people's history filter)."""
        query = select(Run.device_name).where(col(Run.device_name).is_not(None)).distinct()
        visible = viewer.clause() if viewer is not None else None
        query = query if visible is None else query.where(visible)
        with read_session(self.engine) as session:
            return sorted(name for name in session.exec(query) if name)

    def previous_run(self, run_id: str, viewer: Viewer | None = None) -> str | None:
        """The latest earlier run of exactly the same code (that `viewer` may see), for
        "compare with previous"."""
        with read_session(self.engine) as session:
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

    def parent_run(self, run_id: str, viewer: Viewer | None = None) -> str | None:
        """The run this one was forked from, while it exists and `viewer` may see it."""
        with read_session(self.engine) as session:
            parent_id = session.exec(select(Run.forked_from).where(Run.id == run_id)).first()
            if parent_id is None:
                return None
            query = select(Run.id).where(Run.id == parent_id)
            visible = viewer.clause() if viewer is not None else None
            return session.exec(query if visible is None else query.where(visible)).first()

    def save_result(self, result: doc.RunResult, code: str, artifacts: list[ArtifactInput]) -> None:
        """Store a finished document in one transaction, replacing the run's previous children.

        `result.sweep` is not stored: `load_result` derives it from the sibling runs.
        QuotaExceeded, storing nothing, when the artifacts would take the run's owner or
        the instance past `self.quota` (`save_within_quota` stores the run as failed then).
        """
        keys = [(kind, name) for kind, name, _, _ in artifacts]
        if len(set(keys)) != len(keys):
            raise ValueError(f"duplicate artifact (kind, name) in {keys}")
        put: set[str] = set()
        try:
            with self.blobs.keeping():
                # Blobs first and outside the transaction: a row never points at a missing
                # file, and the write lock is not held while megabytes are hashed and fsynced.
                artifact_rows = [
                    Artifact(
                        run_id=result.id,
                        kind=kind,
                        name=name,
                        sha256=_note(put, self.blobs.put(data)),
                        size_bytes=len(data),
                        content_type=content_type,
                    )
                    for kind, name, data, content_type in artifacts
                ]
                with _gc_paused(), write_session(self.engine) as session:
                    self._check_quota(session, result.id, artifact_rows)
                    replaced = set(_artifact_shas(session, [result.id]))
                    _upsert_run(session, result, code)
                    for table in (Variant, RoundTrip, Artifact):  # kernels, transfers cascade
                        session.exec(delete(table).where(col(table.run_id) == result.id))
                    children.insert_children(session.connection(), result)
                    session.add_all(artifact_rows)
        except BaseException:
            self.release_blobs(put)  # a save that failed leaves no file behind
            raise
        self.release_blobs(replaced - put)  # a run saved again (a retry) drops its old files
        for listener in self.result_listeners:
            listener(result)

    def save_within_quota(
        self, result: doc.RunResult, code: str, artifacts: list[ArtifactInput]
    ) -> doc.RunResult:
        """`save_result`, or, when the artifacts would pass a storage quota, the run as
        failed with the quota's message (what it printed kept, nothing of its analysis or
        files): a worker's result always ends the run. The document stored."""
        try:
            self.save_result(result, code, artifacts)
        except QuotaExceeded as exc:
            log.warning("run %s: files refused: %s", result.id, exc)
            refused = _quota_failure(result, exc)
            self.save_result(refused, code, [])
            return refused
        return result

    def storage_room(self, owner_id: int | None) -> None:
        """QuotaExceeded (counted as a refusal at submission) while the owner's or the
        instance's stored files are at their limit."""
        with read_session(self.engine) as session:
            try:
                self.quota.check_room(session, owner_id)
            except QuotaExceeded as exc:
                raise self.quota.refused(exc, "submit") from None

    def _check_quota(self, session: Session, run_id: str, rows: list[Artifact]) -> None:
        run = session.get(Run, run_id)
        owner_id = run.owner_id if run is not None else None
        try:
            files = [(row.sha256, row.size_bytes) for row in rows]
            self.quota.check_save(session, run_id, owner_id, files)
        except QuotaExceeded as exc:
            raise self.quota.refused(exc, "store") from None

    def load_result(self, run_id: str) -> doc.RunResult | None:
        """The whole document as saved (sweep points recomputed), or None for an unknown id.

        A large run's document is large (a 200,000-kernel run holds 1.15 million rows):
        what a page shows comes from `load_head` and the paged reads below instead."""
        # one snapshot for every query below
        with _gc_paused(), read_session(self.engine) as session:
            run = session.get(Run, run_id)
            if run is None:
                return None
            connection = session.connection()
            kernels = children.all_kernels(connection, run_id)
            variants = {
                name: {**totals.model_dump(), "kernels": kernels.get(name, [])}
                for name, totals in children.variant_totals(connection, run_id).items()
            }
            return mapping.result_from_rows(
                run,
                variants,
                children.round_trips(connection, run_id),
                _load_sweep(session, run.sweep_id),
            )

    def load_head(self, run_id: str) -> RunHead | None:
        """The document without kernel lists and round trips (`backend.run_head`): what a
        page needs first, in milliseconds at any size. None for an unknown id."""
        with read_session(self.engine) as session:
            run = session.get(Run, run_id)
            if run is None:
                return None
            variants = children.variant_totals(session.connection(), run_id)
            return mapping.head_from_rows(run, variants, _load_sweep(session, run.sweep_id))

    def kernel_page(
        self,
        run_id: str,
        variant: doc.VariantName,
        offset: int,
        limit: int,
        line: int | None = None,
    ) -> KernelPage | None:
        """A slice of one variant's kernels (with their transfers) in launch order, and how
        many there are in all; with `line`, only those that came from that snippet line.
        None when the run has no such variant."""
        where = [] if line is None else [children.from_line(line)]
        with _gc_paused(), read_session(self.engine) as session:
            connection = session.connection()
            found = children.variant_ids(connection, run_id).get(variant)
            if found is None:
                return None
            total = children.count_kernels(connection, found, where)
            kernels = children.kernels(connection, found, where, offset, limit)
        return KernelPage(
            variant=variant,
            offset=offset,
            total=total,
            positions=[position for position, _ in kernels],
            kernels=[kernel for _, kernel in kernels],
        )

    def kernels_at(
        self, run_id: str, variant: str, positions: Sequence[int]
    ) -> dict[int, doc.Kernel]:
        """The kernels of one variant at these positions in launch order (a figure's few)."""
        found: dict[int, doc.Kernel] = {}
        wanted = sorted(set(positions))
        with read_session(self.engine) as session:
            connection = session.connection()
            variant_id = children.variant_ids(connection, run_id).get(variant)
            if variant_id is None:
                return found
            for start in range(0, len(wanted), PAGE_OF_POSITIONS):
                chunk = wanted[start : start + PAGE_OF_POSITIONS]
                found.update(
                    children.kernels(connection, variant_id, [children.at_positions(chunk)])
                )
        return found

    def kernel_times(self, run_id: str) -> dict[str, children.KernelTimes]:
        """Each variant's kernel start times, durations and indexes, as columns."""
        with _gc_paused(), read_session(self.engine) as session:
            connection = session.connection()
            return {
                name: children.kernel_times(connection, variant_id)
                for name, variant_id in children.variant_ids(connection, run_id).items()
            }

    def longest_kernels(
        self, run_id: str, limit: int
    ) -> dict[str, tuple[int, list[children.KernelRate]]]:
        """Per variant: how many kernels it has, and its `limit` longest (the roofline's)."""
        with read_session(self.engine) as session:
            connection = session.connection()
            return {
                name: (
                    children.count_kernels(connection, variant_id, []),
                    children.longest_kernels(connection, variant_id, limit),
                )
                for name, variant_id in children.variant_ids(connection, run_id).items()
            }

    def round_trip_page(
        self, run_id: str, offset: int, limit: int, fate: children.Fate | None = None
    ) -> RoundTripPage:
        with _gc_paused(), read_session(self.engine) as session:
            connection = session.connection()
            total = children.count_round_trips(connection, run_id, fate)
            rows = children.round_trips(connection, run_id, offset, limit, fate)
        trips = [doc.RoundTrip.model_validate(row) for row in rows]
        return RoundTripPage(offset=offset, total=total, round_trips=trips)

    def round_trip_fates(
        self, run_id: str, named: int
    ) -> dict[bool | None, children.RoundTripFate]:
        """The run's round trips by fate (eliminated, kept, unknown): their totals, and
        their tensor names when there are at most `named`."""
        with read_session(self.engine) as session:
            return children.round_trip_fates(session.connection(), run_id, named)

    def picture_trips(
        self, run_id: str, tensors: Sequence[str], kernels: Sequence[str], first: int
    ) -> children.PictureTrips:
        """The round trips a traffic picture shows: every one of these tensors, the
        eliminated ones fused into these kernels, and the first `first` and totals of the
        other eliminated ones."""
        with read_session(self.engine) as session:
            return children.picture_trips(session.connection(), run_id, tensors, kernels, first)

    def load_sweep(self, sweep_id: str) -> list[doc.SweepPoint]:
        """A sweep's points as they stand now, smallest size first."""
        with read_session(self.engine) as session:
            return _load_sweep(session, sweep_id)

    def get_title(self, run_id: str) -> str | None:
        with read_session(self.engine) as session:
            return session.exec(select(Run.title).where(Run.id == run_id)).first()

    def recipe(self, run_id: str) -> RunRecipe | None:
        """What a rerun copies: the code, title, size, device kind and measurements."""
        with read_session(self.engine) as session:
            run = session.get(Run, run_id)
            if run is None:
                return None
            return RunRecipe(
                code=run.code,
                title=run.title,
                size=run.size,
                device_kind=run.device_kind,
                measure=list(run.measure or []),
            )

    def get_code(self, run_id: str) -> str | None:
        with read_session(self.engine) as session:
            return session.exec(select(Run.code).where(Run.id == run_id)).first()

    def list_artifacts(self, run_id: str) -> list[ArtifactInfo]:
        query = select(Artifact).where(Artifact.run_id == run_id).order_by(col(Artifact.id))
        with read_session(self.engine) as session:
            return [ArtifactInfo.model_validate(row.model_dump()) for row in session.exec(query)]

    def artifact_bytes(self, run_id: str, kind: str, name: str) -> bytes | None:
        """An artifact's bytes, or None when the run has no such artifact."""
        query = select(Artifact.sha256).where(
            Artifact.run_id == run_id, Artifact.kind == kind, Artifact.name == name
        )
        with read_session(self.engine) as session:
            sha = session.exec(query).first()
        return None if sha is None else self.blobs.get(sha)

    def delete_run(self, run_id: str) -> bool:
        """Delete a run and, by cascade, all its rows, and free the blobs no other run
        shares; True if it existed."""
        with write_session(self.engine) as session:
            shas = _artifact_shas(session, [run_id])
            deleted: bool = session.exec(delete(Run).where(col(Run.id) == run_id)).rowcount > 0
        self.release_blobs(set(shas))
        return deleted

    def release_blobs(self, shas: set[str]) -> int:
        """Delete the blob files of `shas` that no artifact references (any more): those of
        a deleted run, of a failed save, of replaced artifacts. The bytes freed.

        Exclusive against `BlobStore.keeping()`: a save of the same content that has put its
        blob but not committed its row yet is waited for, so its row is seen; a save that
        starts later writes the blob afresh (`put` finds it gone)."""
        if not shas:
            return 0
        with self.blobs.releasing() as locked:
            if not locked:  # a long backup: `kernelscope prune` collects them later
                log.warning("blobs of a deleted run kept for the next prune: the lock is busy")
                return 0
            query = select(Artifact.sha256).where(col(Artifact.sha256).in_(shas))
            with read_session(self.engine) as session:
                kept = set(session.exec(query))
            return sum(self.blobs.delete(sha) for sha in sorted(shas - kept))

    def list_runs(
        self,
        *,
        limit: int = 50,
        before: str | None = None,
        status: doc.RunStatus | None = None,
        device: str | None = None,
        text: str | None = None,
        viewer: Viewer | None = None,
    ) -> list[RunSummary]:
        """Runs newest first. Page with `before`: the id of the last run of the previous page.

        Keyset paging on (created_at, id): pages stay exact while runs are added, and
        deep pages cost the same as the first. `device` matches the device name exactly;
        `text` is a case-insensitive substring of the title or the code, or an exact id.
        With a `viewer`, only the runs it may see (the cursor too).
        """
        if limit < 1:
            raise ValueError("limit must be at least 1")
        query = (
            select(Run, User.name)
            .outerjoin(User, col(Run.owner_id) == col(User.id))
            .options(load_only(*_SUMMARY_COLUMNS))
        )
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
        with read_session(self.engine) as session:
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
            return [_summary(run, owner) for run, owner in session.exec(query).all()]


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Loading (or saving) a large run allocates millions of objects that all survive, and
    CPython's collector rescans them over and over: 70 s instead of 18 s to load 200,000
    kernels the old way; 0.5 s instead of 0.19 s for their time columns."""
    enabled = gc.isenabled()  # False when another thread's load has it paused: leave it to that
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


UNFINISHED = ("queued", "running")
CLI_HOLDER_PREFIX = "cli:"


def cli_holder() -> str:
    """The `worker_id` of a run `kernelscope run` executes itself: host and process."""
    return f"{CLI_HOLDER_PREFIX}{socket.gethostname()}:{os.getpid()}"


def held_by_live_cli(worker_id: str | None) -> bool:
    """True while the `kernelscope run` process executing this run may still be alive (on
    another host we cannot tell, so we assume it is); a server must not take such a run."""
    if not worker_id or not worker_id.startswith(CLI_HOLDER_PREFIX):
        return False
    host, _, pid = worker_id.removeprefix(CLI_HOLDER_PREFIX).rpartition(":")
    if host != socket.gethostname():
        return True
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except (PermissionError, ValueError):
        return True
    return True


def _quota_failure(result: doc.RunResult, exc: QuotaExceeded) -> doc.RunResult:
    message = f"The run finished; its traces and code were not stored. {exc}"
    error = doc.ErrorInfo(kind="storage_quota", message=message)
    return doc.RunResult(
        id=result.id,
        status="failed",
        error=error,
        title=result.title,
        created_at=result.created_at,
        finished_at=result.finished_at,
        code_sha256=result.code_sha256,
        size=result.size,
        sweep_id=result.sweep_id,
        notes=result.notes,
        device=result.device,
        versions=result.versions,
        output=result.output,
        duration_s=result.duration_s,
        step_seconds=result.step_seconds,
    )


def _note(found: set[str], sha: str) -> str:
    found.add(sha)
    return sha


def _artifact_shas(session: Session, run_ids: list[str]) -> list[str]:
    query = select(Artifact.sha256).where(col(Artifact.run_id).in_(run_ids))
    return list(session.exec(query))


def _get_run(session: Session, run_id: str) -> Run:
    run = session.get(Run, run_id)
    if run is None:
        raise RunNotFound(run_id)
    return run


def _format_optional(value: datetime | None) -> str | None:
    return None if value is None else mapping.format_utc(value)


def _summary(run: Run, owner: str | None = None) -> RunSummary:
    fields = {name: getattr(run, name) for name in RunSummary.model_fields if name != "owner"}
    created_at = mapping.format_utc(run.created_at)
    message = _first_line(run.error_message)
    return RunSummary.model_validate(
        {**fields, "created_at": created_at, "owner": owner, "error_message": message}
    )


def _first_line(message: str | None) -> str | None:
    """A history row has room for a line: the message's first, cut short with an ellipsis."""
    if not message:
        return None
    line = message.strip().splitlines()[0] if message.strip() else ""
    return line if len(line) <= ERROR_SHOWN_CHARS else line[: ERROR_SHOWN_CHARS - 1] + "…"


def _upsert_run(session: Session, result: doc.RunResult, code: str) -> None:
    columns = {**mapping.run_columns(result), "code": code}
    run = session.get(Run, result.id)
    if run is None:
        # A result for a run this store never queued (e.g. imported): take its compile mode.
        mode = result.compile.mode if result.compile is not None else "default"
        run = Run(id=result.id, compile_mode=mode, **columns)
    else:
        run.sqlmodel_update(columns)
    session.add(run)
    session.flush()  # the run row must exist before children reference it


def _load_sweep(session: Session, sweep_id: str | None) -> list[doc.SweepPoint]:
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
