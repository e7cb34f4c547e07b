"""The run row as a job: every queue operation on SQLite, shared by both backends.

The run row is the single source of truth. A run waits as `queued`; with queue=redis it
is handed to RQ a few at a time (`job_id`, `dispatched_at` set, still `queued` to its
author; `worker_id` names the worker it was handed to), then that worker claims it
(`running`, `attempts` + 1) and heartbeats
(`heartbeat_at`) until it reports. Every change of status goes through `STATUS_LOCK`: the
API is one process, and this makes "check the state, then finish the run" atomic against
heartbeats, lease expiry, cancellation and reports arriving at the same moment.
"""

from __future__ import annotations

import secrets
import threading
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import BaseModel
from sqlalchemy import ColumnElement, and_, func, or_
from sqlmodel import Session, col, select

from backend import result as doc
from backend.queue.fair import Owner, Waiting, fair_order, suite_lane
from backend.queue.protocol import BeatReply, RunBeat, StartedRun, WorkerInfo
from backend.store import mapping
from backend.store.db import read_session, write_session
from backend.store.models import Run, Worker
from backend.store.repository import (
    CLI_HOLDER_PREFIX,
    UNFINISHED,
    ArtifactInput,
    ClaimedRun,
    RunNotFound,
    Store,
    held_by_live_cli,
)

STATUS_LOCK = threading.RLock()
MAX_ATTEMPTS = 2  # a run whose worker died before the snippet started is retried once
NOT_STARTED_STEPS = (None, "starting")  # the harness has not loaded the snippet yet

_IN_FLIGHT: ColumnElement[bool] = or_(
    col(Run.status) == "running",
    and_(col(Run.status) == "queued", col(Run.job_id).is_not(None)),
)


class Refused(Exception):
    """The run is not in a state that allows this (e.g. a second claim): a 409 for the API."""


class HeldByAnother(Exception):
    """The run is running on another worker: this worker may not claim, report or stop it
    (a 403 for the API, whatever the request says)."""


class NotHandedToYou(Exception):
    """The run was handed to another worker, or waits for another device kind: a 403."""


class QueueLoad(BaseModel):
    """One device kind's queue: runs waiting in SQLite, handed to RQ, running; workers."""

    device_kind: str
    waiting: int = 0
    dispatched: int = 0
    running: int = 0
    workers: int = 0


# ---- order and positions --------------------------------------------------------------


def _waiting(session: Session, kind: str | None) -> list[Waiting]:
    query = select(Run.id, Run.owner_id, Run.suite_id, Run.created_at).where(
        Run.status == "queued", col(Run.job_id).is_(None)
    )
    if kind is not None:
        query = query.where(Run.device_kind == kind)
    return [
        Waiting(run_id, suite_lane(owner, suite), created)
        for run_id, owner, suite, created in session.exec(query)
    ]


def _in_flight(session: Session, kind: str | None) -> Counter[Owner]:
    query = (
        select(Run.owner_id, Run.suite_id, func.count())
        .where(_IN_FLIGHT)
        .group_by(col(Run.owner_id), col(Run.suite_id))
    )
    if kind is not None:
        query = query.where(Run.device_kind == kind)
    counted: Counter[Owner] = Counter()
    for owner, suite, count in session.exec(query):
        counted[suite_lane(owner, suite)] += int(count)
    return counted


def _last_picked(session: Session, owners: set[Owner]) -> dict[Owner, datetime]:
    """When each owner's latest run was picked (any kind): one index lookup per owner.
    For anonymous single runs that is any anonymous run's (a suite's too): a tie-break
    only, kept to one index lookup."""
    found: dict[Owner, datetime] = {}
    for owner in owners:
        mine: ColumnElement[bool]
        if isinstance(owner, str):  # an anonymous suite's problems
            mine = col(Run.suite_id) == owner.removeprefix("suite:")
        elif owner is None:
            mine = col(Run.owner_id).is_(None)
        else:
            mine = col(Run.owner_id) == owner
        latest = session.exec(select(func.max(Run.dispatched_at)).where(mine)).one()
        if latest is not None:
            found[owner] = latest
    return found


def _fair_order(session: Session, kind: str | None) -> list[str]:
    waiting = _waiting(session, kind)
    owners = {run.owner_id for run in waiting}
    return fair_order(waiting, _in_flight(session, kind), _last_picked(session, owners))


def _next_waiting(session: Session, kind: str | None) -> Run | None:
    order = _fair_order(session, kind)
    return session.get(Run, order[0]) if order else None


def queue_position(store: Store, run_id: str, *, by_kind: bool) -> int | None:
    """1 for the run that starts next; None unless queued. Runs already handed to RQ come
    first (in the order they were handed over), then the waiting ones in the fair order."""
    with read_session(store.engine) as session:
        run = session.get(Run, run_id)
        if run is None or run.status != "queued":
            return None
        kind = run.device_kind if by_kind else None
        handed = select(Run.id).where(Run.status == "queued", col(Run.job_id).is_not(None))
        if kind is not None:
            handed = handed.where(Run.device_kind == kind)
        dispatched = list(session.exec(handed.order_by(col(Run.dispatched_at), col(Run.id))))
        if run.job_id is not None:
            return dispatched.index(run_id) + 1
        return len(dispatched) + _fair_order(session, kind).index(run_id) + 1


def queued_count(store: Store, owner_id: int, *, in_suites: bool = False) -> int:
    """Runs of one user still waiting (handed to RQ or not): what the per-user limit counts;
    `in_suites`: problems of suites instead, which have a limit of their own."""
    in_suite = col(Run.suite_id).is_not(None) if in_suites else col(Run.suite_id).is_(None)
    query = select(func.count()).where(Run.owner_id == owner_id, Run.status == "queued", in_suite)
    with read_session(store.engine) as session:
        return int(session.exec(query).one())


# ---- the local queue ------------------------------------------------------------------


def claim_next(store: Store) -> ClaimedRun | None:
    """Take the next run in the fair order (any device kind) and mark it running."""
    with STATUS_LOCK, write_session(store.engine) as session:
        run = _next_waiting(session, None)
        if run is None:
            return None
        _mark_started(run)
        session.add(run)
        return ClaimedRun.model_validate(run, from_attributes=True)


def requeue_unfinished(store: Store) -> list[str]:
    """Local queue start: runs left running by a stopped server go back to the queue, and a
    cancel asked for while it was down is carried out. Their ids. Runs a `kernelscope run`
    process left behind are never re-executed (`end_abandoned_cli_runs`)."""
    with STATUS_LOCK:
        end_abandoned_cli_runs(store)
        requeued = store.requeue_running()
        for run_id in _cancel_requested_queued(store):
            _finish(store, run_id, "cancelled", cancelled_error(None))
        return requeued


def _cancel_requested_queued(store: Store) -> list[str]:
    query = select(Run.id).where(Run.status == "queued", col(Run.cancel_requested).is_(True))
    with read_session(store.engine) as session:
        return list(session.exec(query))


def _mark_started(run: Run) -> None:
    now = mapping.utc_now()
    run.dispatched_at = run.dispatched_at or now  # picked now, unless handed to RQ before
    run.status, run.progress_step = "running", "starting"
    run.started_at, run.finished_at, run.heartbeat_at = now, None, now
    run.attempts += 1


# ---- the redis queue: dispatch and reconciliation -------------------------------------


def queue_loads(store: Store, lease_s: float) -> dict[str, QueueLoad]:
    """Per device kind: waiting, dispatched, running runs and live workers."""
    loads: dict[str, QueueLoad] = {}
    dispatched = col(Run.job_id).is_not(None)
    query = (
        select(Run.device_kind, Run.status, dispatched, func.count())
        .where(col(Run.status).in_(("queued", "running")))
        .group_by(col(Run.device_kind), col(Run.status), dispatched)
    )
    with read_session(store.engine) as session:
        for kind, status, handed, count in session.exec(query):
            load = loads.setdefault(kind, QueueLoad(device_kind=kind))
            if status == "running":
                load.running += count
            elif handed:
                load.dispatched += count
            else:
                load.waiting += count
        for kind, count in _live_workers(session, lease_s).items():
            loads.setdefault(kind, QueueLoad(device_kind=kind)).workers = count
    return loads


def _live_workers(session: Session, lease_s: float) -> Counter[str]:
    since = mapping.utc_now() - timedelta(seconds=lease_s)
    query = (
        select(Worker.device_kind, func.count())
        .where(col(Worker.last_seen_at) >= since)
        .group_by(col(Worker.device_kind))
    )
    return Counter({kind: int(count) for kind, count in session.exec(query)})


def known_device_kinds(store: Store) -> set[str]:
    """Every device kind a worker has ever served."""
    with read_session(store.engine) as session:
        return set(session.exec(select(Worker.device_kind).distinct()))


def dispatch_next(
    store: Store, kind: str, worker: str, job_id_for: Callable[[str], str]
) -> Run | None:
    """Mark the next waiting run of `kind` (fair order) as handed to `worker` through RQ;
    None when none. Recorded before the job is enqueued: a crash in between leaves a run
    whose job does not exist, which `reconcile` finds and hands over again. Only `worker`
    may claim it (`start_run`): the job is on that worker's own RQ queue, but every worker
    can read and move RQ's keys, so the binding is the API's, not Redis's."""
    with STATUS_LOCK, write_session(store.engine) as session:
        run = _next_waiting(session, kind)
        if run is None:
            return None
        run.job_id, run.dispatched_at = job_id_for(run.id), mapping.utc_now()
        run.worker_id = worker
        session.add(run)
        return run


def idle_workers(store: Store, kind: str, lease_s: float) -> list[str]:
    """Live workers of `kind` (a heartbeat within `lease_s`) holding no run and no run
    handed to them: each may be given one, oldest seen first."""
    since = mapping.utc_now() - timedelta(seconds=lease_s)
    busy = select(Run.worker_id).where(_IN_FLIGHT, col(Run.worker_id).is_not(None))
    query = (
        select(Worker.id)
        .where(Worker.device_kind == kind, col(Worker.last_seen_at) >= since)
        .where(col(Worker.id).not_in(busy))
        .order_by(col(Worker.last_seen_at))
    )
    with read_session(store.engine) as session:
        return list(session.exec(query))


def handed_to_lost_workers(store: Store, lease_s: float) -> list[tuple[str, str, str, str]]:
    """(run id, job id, device kind, worker) of runs handed to a worker that has since
    been silent for `lease_s`: its RQ queue has no taker, so the run goes to another."""
    since = mapping.utc_now() - timedelta(seconds=lease_s)
    live = select(Worker.id).where(col(Worker.last_seen_at) >= since)
    query = select(Run.id, Run.job_id, Run.device_kind, Run.worker_id).where(
        Run.status == "queued",
        col(Run.job_id).is_not(None),
        col(Run.worker_id).is_not(None),
        col(Run.worker_id).not_in(live),
    )
    with read_session(store.engine) as session:
        return [(r, j, k, w) for r, j, k, w in session.exec(query) if j and w]


def dispatched_jobs(store: Store) -> dict[str, str]:
    """job id -> run id for every queued run handed to RQ."""
    query = select(Run.id, Run.job_id).where(Run.status == "queued", col(Run.job_id).is_not(None))
    with read_session(store.engine) as session:
        return {job_id: run_id for run_id, job_id in session.exec(query) if job_id}


def undispatch(store: Store, run_id: str, job_id: str) -> bool:
    """Take a run back from RQ (its job vanished or failed): it waits again, in fair order."""
    with STATUS_LOCK, write_session(store.engine) as session:
        run = session.get(Run, run_id)
        if run is None or run.status != "queued" or run.job_id != job_id:
            return False
        run.job_id, run.dispatched_at, run.worker_id = None, None, None
        session.add(run)
        return True


# ---- remote workers: claim, heartbeat, report, leases ---------------------------------


def start_run(
    store: Store, run_id: str, job_id: str, worker_id: str, timeout_s: float
) -> StartedRun:
    """A worker claims the run RQ handed it: only the worker it was handed to, serving its
    device kind, with the run's current job. Refusals never name a job id: a job id is
    what a claim proves, so it is said only to the worker it was handed to."""
    with STATUS_LOCK:
        with write_session(store.engine) as session:
            run = session.get(Run, run_id)
            if run is None:
                raise RunNotFound(run_id)
            _check_not_held_by_another(run, worker_id)
            _check_claimable(session, run, job_id, worker_id)
            _mark_started(run)
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
    with STATUS_LOCK, write_session(store.engine) as session:
        _upsert_worker(session, worker, now, beats)
        for beat in beats:
            run = session.get(Run, beat.run_id)
            if run is None or not _held_by(run, worker.id, beat.attempt):
                gone.append(beat.run_id)
                continue
            run.heartbeat_at = now
            run.progress_step = beat.step or run.progress_step
            session.add(run)
            if run.cancel_requested:
                cancel.append(run.id)
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


def finish_cancelled(store: Store, run_id: str, holder: tuple[str, int], step: str | None) -> None:
    """The worker stopped the run because its author cancelled it."""
    with STATUS_LOCK:
        _held_code(store, run_id, holder)
        _finish(store, run_id, "cancelled", cancelled_error(step))


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
                _finish(store, run_id, *ending)
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


def end_abandoned_cli_runs(store: Store) -> list[str]:
    """Runs a `kernelscope run` process was executing when it died (SIGKILL, a crash, its
    host restarted) end as crashed: the snippet ran once already, possibly for minutes, and
    a server must not run it again ahead of everyone's new runs. Their ids."""
    query = select(Run.id, Run.worker_id, Run.progress_step).where(
        col(Run.status).in_(UNFINISHED), col(Run.worker_id).startswith(CLI_HOLDER_PREFIX)
    )
    with STATUS_LOCK:
        with read_session(store.engine) as session:
            held = list(session.exec(query))
        ended = []
        for run_id, holder, step in held:
            if held_by_live_cli(holder):
                continue
            _finish(store, run_id, "crashed", cli_exited_error(holder, step))
            ended.append(run_id)
        return ended


def cli_exited_error(holder: str | None, step: str | None) -> doc.ErrorInfo:
    process = (holder or "").removeprefix(CLI_HOLDER_PREFIX)
    message = (
        f"the kernelscope run process exited (process {process}) while the run was at "
        f"'{step or 'starting'}', before it could record how the run ended. It was not run "
        "again; run the snippet again to get a result."
    )
    return doc.ErrorInfo(kind="cli_exited", message=message)


# ---- cancellation ---------------------------------------------------------------------


class CancelOutcome(BaseModel):
    status: doc.RunStatus = "cancelled"
    cancel_requested: bool = False
    job_id: str | None = None  # the RQ job to delete, for a queued run handed over
    device_kind: str | None = None  # the device kind of that job's RQ queue ...
    worker: str | None = None  # ... and the worker whose queue it is


def request_cancel(store: Store, run_id: str) -> CancelOutcome:
    """A queued run is cancelled at once; a running one is flagged for its worker."""
    with STATUS_LOCK:
        with write_session(store.engine) as session:
            run = session.get(Run, run_id)
            if run is None:
                raise RunNotFound(run_id)
            if run.status in doc.FINISHED_STATUSES:
                raise Refused(f"Run {run_id} already finished ({run.status}); nothing to stop.")
            run.cancel_requested = True
            session.add(run)
            status, job_id, kind, worker = run.status, run.job_id, run.device_kind, run.worker_id
        if status == "running":
            return CancelOutcome(status="running", cancel_requested=True)
        _finish(store, run_id, "cancelled", cancelled_error(None))
        return CancelOutcome(job_id=job_id, device_kind=kind, worker=worker)


def cancel_requested(store: Store, run_id: str) -> bool:
    with read_session(store.engine) as session:
        flag = session.exec(select(Run.cancel_requested).where(Run.id == run_id)).first()
    return bool(flag)


def cancelled_error(step: str | None) -> doc.ErrorInfo:
    where = f" while it was at '{step}'; the snippet was stopped" if step else " before it started"
    return doc.ErrorInfo(kind="cancelled", message=f"Cancelled by request{where}.")


# ---- finishing without a worker's result ----------------------------------------------


def finish_with_error(store: Store, run_id: str, status: doc.RunStatus, error: Any) -> None:
    """End a run with `error` and no result (cancelled, worker lost, our own bug)."""
    with STATUS_LOCK:
        _finish(store, run_id, status, doc.ErrorInfo.model_validate(error))


def _finish(store: Store, run_id: str, status: doc.RunStatus, error: doc.ErrorInfo) -> None:
    queued = store.load_result(run_id)
    code = store.get_code(run_id)
    if queued is None or code is None:
        return  # deleted meanwhile
    done = queued.model_copy(
        update={"status": status, "error": error, "finished_at": datetime.now(UTC).isoformat()}
    )
    store.save_result(done, code, [])
