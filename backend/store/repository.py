"""`Store`: the main module of the store's face (the others: `FACE` in store/__init__.py).

Runs and their children live in SQLite (`kernelscope.db`), artifact bytes in a
content-addressed `BlobStore` (`blobs/`), both under one data directory. Here: a run's
lifecycle (create, status, requeue) and its document (save, load; how a save goes is
`saving`). `Store` is also the facade over the paged reads (`pages`), the history list
(`history`) and the files (`artifacts`); the types those return, and the run views of
`run_views`, are re-exported here, so callers need only this module.
"""

import hashlib
import logging
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Self, get_args

from sqlalchemy import Engine, delete
from sqlalchemy.orm import QueryableAttribute, load_only
from sqlmodel import Session, col, select

from backend import result as doc
from backend.run_head import RunHead, VariantTotals
from backend.store import (
    artifacts,
    children,
    history,
    mapping,
    modules,
    pages,
    round_trips,
    saving,
)
from backend.store.artifacts import ArtifactInfo as ArtifactInfo
from backend.store.artifacts import artifact_shas
from backend.store.blobs import BlobStore
from backend.store.db import gc_paused, init_db, make_engine, read_session, write_session
from backend.store.history import RunSummary as RunSummary
from backend.store.holders import CLI_HOLDER_PREFIX, UNFINISHED
from backend.store.ids import RunNotFound as RunNotFound
from backend.store.ids import new_run_id
from backend.store.models import Run
from backend.store.pages import KernelPage as KernelPage
from backend.store.pages import RoundTripPage as RoundTripPage
from backend.store.quota import BlobQuota, QuotaExceeded
from backend.store.run_views import ClaimedRun as ClaimedRun
from backend.store.run_views import ModuleSums as ModuleSums
from backend.store.run_views import RunRecipe as RunRecipe
from backend.store.run_views import RunState as RunState
from backend.store.saving import ArtifactInput as ArtifactInput
from backend.store.visibility import DEFAULT_VISIBILITY, Viewer, Visibility

log = logging.getLogger(__name__)
DB_FILENAME = "kernelscope.db"
BLOBS_DIRNAME = "blobs"
_STATUSES = frozenset(get_args(doc.RunStatus))
_STATE_COLUMNS: list[QueryableAttribute[Any]] = [
    getattr(Run, name)
    for name in RunState.model_fields  # each field is the column's name
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

    def save_result(
        self,
        result: doc.RunResult,
        code: str,
        artifacts: list[ArtifactInput],
        *,
        within_quota: bool = True,
    ) -> None:
        """Store a finished document in one transaction, replacing the run's previous children.

        `result.sweep` is not stored: `load_result` derives it from the sibling runs.
        QuotaExceeded, storing nothing, when the artifacts and the result's rows would take
        the run's owner or the instance past `self.quota` (`save_within_quota` stores the
        run as failed then); `within_quota=False` skips that check."""
        saving.save_result(
            self.engine, self.blobs, self.quota, result, code, artifacts, within_quota
        )
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
            refused = saving.quota_failure(result, exc)
            # Stored past the quota all the same: a run must end, and this document is
            # small (no analysis; its output within the run's output caps).
            self.save_result(refused, code, [], within_quota=False)
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

    def load_result(self, run_id: str) -> doc.RunResult | None:
        """The whole document as saved (sweep points recomputed), or None for an unknown id.

        A large run's document is large (a 200,000-kernel run holds 1.15 million rows):
        what a page shows comes from `load_head` and the paged reads below instead."""
        # one snapshot for every query below
        with gc_paused(), read_session(self.engine) as session:
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
                round_trips.round_trips(connection, run_id),
                history.sweep_points(session, run.sweep_id),
            )

    def load_head(self, run_id: str) -> RunHead | None:
        """The document without kernel lists and round trips (`backend.run_head`): what a
        page needs first, in milliseconds at any size. None for an unknown id."""
        with read_session(self.engine) as session:
            run = session.get(Run, run_id)
            if run is None:
                return None
            variants = children.variant_totals(session.connection(), run_id)
            return mapping.head_from_rows(
                run, variants, history.sweep_points(session, run.sweep_id)
            )

    def load_sweep(self, sweep_id: str) -> list[doc.SweepPoint]:
        """A sweep's points as they stand now, smallest size first."""
        with read_session(self.engine) as session:
            return history.sweep_points(session, sweep_id)

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

    def delete_run(self, run_id: str) -> bool:
        """Delete a run and, by cascade, all its rows, and free the blobs no other run
        shares; True if it existed."""
        with write_session(self.engine) as session:
            shas = artifact_shas(session, [run_id])
            deleted: bool = session.exec(delete(Run).where(col(Run.id) == run_id)).rowcount > 0
        self.release_blobs(set(shas))
        return deleted

    # ---- paged reads (`pages`) ----------------------------------------------------------

    def kernel_page(
        self,
        run_id: str,
        variant: doc.VariantName,
        offset: int,
        limit: int,
        line: int | None = None,
        module: str | None = None,
    ) -> KernelPage | None:
        return pages.kernel_page(self.engine, run_id, variant, offset, limit, line, module)

    def kernels_at(
        self, run_id: str, variant: str, positions: Sequence[int]
    ) -> dict[int, doc.Kernel]:
        return pages.kernels_at(self.engine, run_id, variant, positions)

    def kernel_times(self, run_id: str) -> dict[str, children.KernelTimes]:
        return pages.kernel_times(self.engine, run_id)

    def longest_kernels(
        self, run_id: str, limit: int
    ) -> dict[str, tuple[int, list[children.KernelRate]]]:
        return pages.longest_kernels(self.engine, run_id, limit)

    def round_trip_page(
        self,
        run_id: str,
        offset: int,
        limit: int,
        fate: round_trips.Fate | None = None,
        module: str | None = None,
    ) -> RoundTripPage:
        return pages.round_trip_page(self.engine, run_id, offset, limit, fate, module)

    def module_sums(self, run_id: str) -> ModuleSums | None:
        """The run's modules and its kernels and round trips summed per module (one
        snapshot), or None for an unknown id."""
        with read_session(self.engine) as session:
            run = session.get(Run, run_id)
            if run is None:
                return None
            connection = session.connection()
            return ModuleSums(
                [(str(m["path"]), str(m["type"])) for m in run.modules],
                modules.kernel_sums(connection, run_id),
                modules.trip_sums(connection, run_id),
            )

    def round_trip_fates(
        self, run_id: str, named: int
    ) -> dict[bool | str | None, round_trips.RoundTripFate]:
        return pages.round_trip_fates(self.engine, run_id, named)

    def picture_trips(
        self, run_id: str, tensors: Sequence[str], kernels: Sequence[str], first: int
    ) -> round_trips.PictureTrips:
        return pages.picture_trips(self.engine, run_id, tensors, kernels, first)

    # ---- the history list (`history`) -----------------------------------------------------

    def list_runs(
        self,
        *,
        limit: int = 50,
        before: str | None = None,
        status: doc.RunStatus | None = None,
        device: str | None = None,
        text: str | None = None,
        in_suite: bool = False,
        viewer: Viewer | None = None,
    ) -> list[RunSummary]:
        return history.list_runs(
            self.engine,
            limit=limit,
            before=before,
            status=status,
            device=device,
            text=text,
            in_suite=in_suite,
            viewer=viewer,
        )

    def timed_variants(self, run_ids: list[str]) -> dict[str, dict[str, VariantTotals]]:
        return history.timed_variants(self.engine, run_ids)

    def device_names(self, viewer: Viewer | None = None) -> list[str]:
        return history.device_names(self.engine, viewer)

    def previous_run(self, run_id: str, viewer: Viewer | None = None) -> str | None:
        return history.previous_run(self.engine, run_id, viewer)

    def parent_run(self, run_id: str, viewer: Viewer | None = None) -> str | None:
        return history.parent_run(self.engine, run_id, viewer)

    # ---- files (`artifacts`) --------------------------------------------------------------

    def list_artifacts(self, run_id: str) -> list[ArtifactInfo]:
        return artifacts.list_artifacts(self.engine, run_id)

    def artifact_bytes(self, run_id: str, kind: str, name: str) -> bytes | None:
        return artifacts.artifact_bytes(self.engine, self.blobs, run_id, kind, name)

    def release_blobs(self, shas: set[str]) -> int:
        return artifacts.release_blobs(self.engine, self.blobs, shas)


def _get_run(session: Session, run_id: str) -> Run:
    run = session.get(Run, run_id)
    if run is None:
        raise RunNotFound(run_id)
    return run


def _format_optional(value: datetime | None) -> str | None:
    return None if value is None else mapping.format_utc(value)
