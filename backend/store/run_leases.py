"""Remote workers and the runs they hold: claim, heartbeat, report, leases.

A worker claims the run RQ handed it (`start_run`), then heartbeats (`heartbeat_at`)
until it reports; a run whose worker has been silent for a lease is retried once if the
snippet had not started, else given up (`expire_leases`). Every change of status takes
`STATUS_LOCK` (`run_endings`).
"""

from __future__ import annotations

import secrets
from collections.abc import Collection
from datetime import datetime, timedelta

from sqlmodel import Session, col, select

from backend import result as doc
from backend.store import mapping
from backend.store.db import read_session, write_session
from backend.store.holders import CLI_HOLDER_PREFIX
from backend.store.models import Run, Worker
from backend.store.repository import ArtifactInput, RunNotFound, Store
from backend.store.run_endings import (
    STATUS_LOCK,
    HeldByAnother,
    NotHandedToYou,
    Refused,
    cancelled_error,
    end_abandoned_cli_runs,
    finish_run,
)
from backend.store.run_queue import mark_started
from backend.worker_protocol import BeatReply, RunBeat, StartedRun, WorkerInfo

MAX_ATTEMPTS = 2  # a run whose worker died before the snippet started is retried once
NOT_STARTED_STEPS = (None, "starting")  # the harness has not loaded the snippet yet


def start_run(
    store: Store,
    run_id: str,
    job_id: str,
    worker_id: str,
    timeout_s: float,
    kinds: Collection[str] | None = None,
) -> StartedRun:
    """A worker claims the run RQ handed it: only the worker it was handed to, serving its
    device kind (one of `kinds`, its token's, unless None), with the run's current job.
    Refusals never name a job id: a job id is what a claim proves, so it is said only to
    the worker it was handed to."""
    with STATUS_LOCK:
        with write_session(store.engine) as session:
            run = session.get(Run, run_id)
            if run is None:
                raise RunNotFound(run_id)
            _check_not_held_by_another(run, worker_id)
            _check_claimable(session, run, job_id, worker_id)
            _check_kind_bound(run, kinds)
            mark_started(run)
            session.add(run)
            attempt, code = run.attempts, run.code
            size, mode, title = run.size, run.compile_mode, run.title
            measure = list(run.measure)
        document = store.load_result(run_id)
    assert document is not None
    return StartedRun(
        id=run_id,
        attempt=attempt,
        code=code,
        size=size,
        compile_mode=mode,
        title=title,
        measure=measure,
        timeout_s=timeout_s,
        document=document,
    )


def _check_claimable(session: Session, run: Run, job_id: str, worker_id: str) -> None:
    if run.status != "queued":
        raise Refused(f"Run {run.id} is {run.status}; only a queued run can start.")
    if run.job_id is None or run.worker_id != worker_id:
        raise NotHandedToYou(
            f"Run {run.id} was not handed to worker {worker_id!r}: a worker claims only the "
            "runs the API put on its own RQ queue. Drop this job."
        )
    registered = session.get(Worker, worker_id)
    if registered is None or registered.device_kind != run.device_kind:
        serves = registered.device_kind if registered is not None else "no kind yet"
        raise NotHandedToYou(
            f"Run {run.id} waits for a worker of device kind {run.device_kind!r}; worker "
            f"{worker_id!r} serves {serves!r} (as its heartbeats say). Drop this job."
        )
    if not secrets.compare_digest(run.job_id, job_id):
        raise Refused(
            f"Run {run.id} now waits for a newer job than the one this worker holds (it was "
            "handed over again); drop this one."
        )


def _check_kind_bound(run: Run, kinds: Collection[str] | None) -> None:
    """A worker registered under a kind its token has since been unbound from."""
    if kinds is not None and run.device_kind not in kinds:
        raise NotHandedToYou(
            f"Run {run.id} waits for device kind {run.device_kind!r}; this worker's token "
            f"may serve only {', '.join(sorted(kinds))}. Drop this job."
        )


def _check_not_held_by_another(run: Run, worker_id: str) -> None:
    if run.status == "running" and run.worker_id != worker_id:
        raise HeldByAnother(
            f"Run {run.id} is running on another worker, not {worker_id!r}: only the worker "
            "holding a run may claim, report or stop it."
        )


def heartbeat(store: Store, worker: WorkerInfo, beats: list[RunBeat]) -> BeatReply:
    """Record that `worker` is alive and still holds `beats`; say what to cancel or drop."""
    now = mapping.utc_now()
    cancel: list[str] = []
    gone: list[str] = []
    ended: list[tuple[str, str | None]] = []
    with STATUS_LOCK:
        with write_session(store.engine) as session:
            _upsert_worker(session, worker, now, beats)
            for beat in beats:
                run = session.get(Run, beat.run_id)
                if run is None or not _held_by(run, worker.id, beat.attempt):
                    gone.append(beat.run_id)
                    continue
                run.heartbeat_at = now
                run.progress_step = beat.step or run.progress_step
                session.add(run)
                if run.cancel_requested and beat.step is None:
                    ended.append((run.id, run.progress_step))
                elif run.cancel_requested:
                    cancel.append(run.id)
        # A beat without a step is a report waiting in the worker's spool: nothing runs
        # there to stop, and that report may never land, so the cancel ends the run here.
        for run_id, step in ended:
            finish_run(store, run_id, "cancelled", cancelled_error(step))
    return BeatReply(cancel=cancel, gone=gone)


def _held_by(run: Run, worker_id: str, attempt: int) -> bool:
    return run.status == "running" and run.worker_id == worker_id and run.attempts == attempt


def _upsert_worker(session: Session, info: WorkerInfo, now: datetime, beats: list[RunBeat]) -> None:
    row = session.get(Worker, info.id) or Worker(
        id=info.id, device_kind=info.device_kind, host=info.host, started_at=now, last_seen_at=now
    )
    row.device_kind, row.host, row.device_name = info.device_kind, info.host, info.device_name
    row.last_seen_at = now
    row.current_run_id = next((b.run_id for b in beats if b.step is not None), None)
    session.add(row)


def save_report(
    store: Store,
    run_id: str,
    holder: tuple[str, int],
    result: doc.RunResult,
    artifacts: list[ArtifactInput],
) -> None:
    """Store a worker's result: only the worker and attempt holding the run may, once (as a
    failed run when its files would pass a storage quota: `Store.save_within_quota`)."""
    with STATUS_LOCK:
        code = _held_code(store, run_id, holder)
        store.save_within_quota(result, code, artifacts)


def refuse_report(store: Store, run_id: str, holder: tuple[str, int], error: doc.ErrorInfo) -> None:
    """The holder's report cannot be stored (malformed, numbers past any run's): the run
    ends failed with `error`, so neither a resent report nor a cancel finds it running."""
    with STATUS_LOCK:
        _held_code(store, run_id, holder)
        finish_run(store, run_id, "failed", error)


def finish_cancelled(store: Store, run_id: str, holder: tuple[str, int], step: str | None) -> None:
    """The worker stopped the run because its author cancelled it."""
    with STATUS_LOCK:
        _held_code(store, run_id, holder)
        finish_run(store, run_id, "cancelled", cancelled_error(step))


def check_holder(store: Store, run_id: str, holder: tuple[str, int]) -> None:
    """Refuse a report before it is read: only the worker and attempt holding the run may
    send one (RunNotFound, HeldByAnother or Refused, as `save_report` would)."""
    _held_code(store, run_id, holder)


def _held_code(store: Store, run_id: str, holder: tuple[str, int]) -> str:
    with read_session(store.engine) as session:
        run = session.get(Run, run_id)
        if run is None:
            raise RunNotFound(run_id)
        _check_not_held_by_another(run, holder[0])
        if not _held_by(run, *holder):
            raise Refused(
                f"Run {run_id} is {run.status} (attempt {run.attempts}, worker "
                f"{run.worker_id}); the report of attempt {holder[1]} from {holder[0]} is "
                "not stored."
            )
        return run.code


def expire_leases(store: Store, lease_s: float) -> dict[str, str]:
    """Runs whose worker has been silent for `lease_s`: retried once if the snippet had not
    started, cancelled if that was asked for, else failed as "worker lost". id -> outcome."""
    cutoff = mapping.utc_now() - timedelta(seconds=lease_s)
    query = select(Run).where(
        Run.status == "running", col(Run.worker_id).is_not(None), col(Run.heartbeat_at) < cutoff
    )
    with read_session(store.engine) as session:  # the usual answer, without the write lock
        if session.exec(query.limit(1)).first() is None:
            return {}
    endings: dict[str, tuple[doc.RunStatus, doc.ErrorInfo] | None] = {}
    with STATUS_LOCK:
        with write_session(store.engine) as session:
            for run in session.exec(query).all():
                endings[run.id] = _lapse(run, lease_s)
                session.add(run)
        for run_id, ending in endings.items():
            if ending is not None:
                finish_run(store, run_id, *ending)
    return {
        run_id: "requeued" if ending is None else ending[1].kind
        for run_id, ending in endings.items()
    }


def _lapse(run: Run, lease_s: float) -> tuple[doc.RunStatus, doc.ErrorInfo] | None:
    """How a run whose lease ran out ends; None: it was put back in the queue (a retry)."""
    if run.cancel_requested:
        return "cancelled", cancelled_error(run.progress_step)
    if run.progress_step in NOT_STARTED_STEPS and run.attempts < MAX_ATTEMPTS:
        run.status, run.progress_step, run.started_at = "queued", None, None
        run.worker_id, run.heartbeat_at, run.job_id, run.dispatched_at = None, None, None, None
        return None
    message = (
        f"worker lost: {run.worker_id} stopped reporting while the run was at "
        f"'{run.progress_step}' and it was given up after {lease_s:g} s without a heartbeat "
        "(setting KERNELSCOPE_LEASE_S). Its host may have died or lost its network; submit "
        "the run again."
    )
    return "failed", doc.ErrorInfo(kind="worker_lost", message=message)


def refresh_leases(store: Store) -> int:
    """API start: every run running on a worker gets a full lease to reach the new process
    (it could not heartbeat while the API was down); runs left running by this server's own
    threads (queue=local before) go back to the queue. How many runs are on workers."""
    with STATUS_LOCK:
        end_abandoned_cli_runs(store)
        return _refresh_leases(store)


def _refresh_leases(store: Store) -> int:
    with write_session(store.engine) as session:
        runs = session.exec(select(Run).where(Run.status == "running")).all()
        on_workers = 0
        for run in runs:
            if run.worker_id is not None and run.worker_id.startswith(CLI_HOLDER_PREFIX):
                continue  # a live `kernelscope run` is executing it (dead ones ended above)
            if run.worker_id is None:
                run.status, run.progress_step, run.started_at = "queued", None, None
                run.worker_id = None
            else:
                run.heartbeat_at = mapping.utc_now()
                on_workers += 1
            session.add(run)
        return on_workers
