"""The run row as a job: the order runs start in, claims and hand-overs to workers.

A run waits as `queued`; with queue=redis it is handed to RQ a few at a time (`job_id`,
`dispatched_at` set, still `queued` to its author; `worker_id` names the worker it was
handed to), then that worker claims it (`running`, `attempts` + 1, `run_leases`). With
queue=local the server's own worker slots claim the next run themselves (`claim_next`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import datetime, timedelta

from pydantic import BaseModel, Field
from sqlalchemy import ColumnElement, and_, func, or_
from sqlmodel import Session, col, select

from backend.store import mapping
from backend.store.db import read_session, write_session
from backend.store.fair import Owner, Waiting, fair_order, suite_lane
from backend.store.models import Run, Worker
from backend.store.repository import ClaimedRun, Store
from backend.store.run_endings import (
    STATUS_LOCK,
    cancelled_error,
    end_abandoned_cli_runs,
    finish_run,
)

_IN_FLIGHT: ColumnElement[bool] = or_(
    col(Run.status) == "running",
    and_(col(Run.status) == "queued", col(Run.job_id).is_not(None)),
)


class QueueLoad(BaseModel):
    """One device kind's queue: runs waiting in SQLite, handed to RQ, running; workers."""

    device_kind: str
    waiting: int = 0
    dispatched: int = 0
    running: int = 0
    workers: int = 0
    gpu: bool = Field(
        default=False,
        description="its runs go to a GPU, so measuring DRAM bytes (Nsight Compute) can "
        "run there; the new-run page offers that measurement only when some kind is one",
    )


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
        mark_started(run)
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
            finish_run(store, run_id, "cancelled", cancelled_error(None))
        return requeued


def _cancel_requested_queued(store: Store) -> list[str]:
    query = select(Run.id).where(Run.status == "queued", col(Run.cancel_requested).is_(True))
    with read_session(store.engine) as session:
        return list(session.exec(query))


def mark_started(run: Run) -> None:
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
        now = mapping.utc_now()
        run.job_id, run.dispatched_at, run.worker_id = job_id_for(run.id), now, worker
        session.add(run)
        handed = session.get(Worker, worker)
        if handed is not None:  # its turn is taken (`idle_workers`)
            handed.last_handed_at = now
            session.add(handed)
        return run


def idle_workers(store: Store, kind: str, lease_s: float) -> list[str]:
    """Live workers of `kind` (a heartbeat within `lease_s`) holding no run and no run
    handed to them: each may be given one, in turns. The turn is the API's own clock of
    when it last handed the worker a run (never: when it first reported in), not the
    last heartbeat: a worker chooses when it beats, and one that beat rarely was handed
    every run ahead of the workers beating every second."""
    since = mapping.utc_now() - timedelta(seconds=lease_s)
    busy = select(Run.worker_id).where(_IN_FLIGHT, col(Run.worker_id).is_not(None))
    turn = func.coalesce(col(Worker.last_handed_at), col(Worker.started_at))
    query = (
        select(Worker.id)
        .where(Worker.device_kind == kind, col(Worker.last_seen_at) >= since)
        .where(col(Worker.id).not_in(busy))
        .order_by(turn, col(Worker.id))
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


def unclaimed_dispatches(store: Store, lease_s: float) -> list[tuple[str, str, str, str]]:
    """(run id, job id, device kind, worker) of runs handed to a worker more than `lease_s`
    ago, by the API's clock, and still not claimed. A worker claims its job within
    milliseconds of taking it; one that has not in a whole lease never will: its job was
    lost, or moved off its queue by anyone holding the Redis worker password (RQ still
    says `queued` then), so Redis cannot be asked."""
    cutoff = mapping.utc_now() - timedelta(seconds=lease_s)
    query = select(Run.id, Run.job_id, Run.device_kind, Run.worker_id).where(
        Run.status == "queued",
        col(Run.job_id).is_not(None),
        col(Run.dispatched_at) < cutoff,
    )
    with read_session(store.engine) as session:
        return [(r, j, k, w or "") for r, j, k, w in session.exec(query) if j]


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
