"""How a run ends without a worker's result, and the lock every change of status takes.

The run row is the single source of truth. Every change of status goes through
`STATUS_LOCK`: the API is one process, and this makes "check the state, then finish the
run" atomic against heartbeats, lease expiry, cancellation and reports arriving at the
same moment. Cancelling, a `kernelscope run` process that died, our own bug: each ends the
run here, as its queued document with an error.
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel
from sqlmodel import col, select

from backend import result as doc
from backend.store.db import read_session, write_session
from backend.store.holders import CLI_HOLDER_PREFIX, UNFINISHED, held_by_live_cli
from backend.store.models import Run
from backend.store.repository import RunNotFound, Store

STATUS_LOCK = threading.RLock()


class Refused(Exception):
    """The run is not in a state that allows this (e.g. a second claim): a 409 for the API."""


class HeldByAnother(Exception):
    """The run is running on another worker: this worker may not claim, report or stop it
    (a 403 for the API, whatever the request says)."""


class NotHandedToYou(Exception):
    """The run was handed to another worker, or waits for another device kind: a 403."""


# ---- cancellation ---------------------------------------------------------------------


class CancelOutcome(BaseModel):
    status: doc.RunStatus = "cancelled"
    cancel_requested: bool = False
    job_id: str | None = None  # the RQ job to delete, for a queued run handed over
    device_kind: str | None = None  # the device kind of that job's RQ queue ...
    worker: str | None = None  # ... and the worker whose queue it is
    forced: bool = False  # a running run ended without waiting for its worker


def request_cancel(store: Store, run_id: str, *, end_when_repeated: bool = False) -> CancelOutcome:
    """A queued run is cancelled at once; a running one is flagged for its worker. With
    `end_when_repeated` (remote workers), a cancel of a running run that was asked to stop
    before ends it at once: its worker keeps heartbeating but did not stop it (a report
    that never lands), and a cancel must end a run whatever its worker does."""
    with STATUS_LOCK:
        with write_session(store.engine) as session:
            run = session.get(Run, run_id)
            if run is None:
                raise RunNotFound(run_id)
            if run.status in doc.FINISHED_STATUSES:
                raise Refused(f"Run {run_id} already finished ({run.status}); nothing to stop.")
            repeated = run.cancel_requested
            run.cancel_requested = True
            session.add(run)
            status, job_id, kind, worker = run.status, run.job_id, run.device_kind, run.worker_id
            step = run.progress_step
        if status == "running" and end_when_repeated and repeated:
            finish_run(store, run_id, "cancelled", _ended_without_worker(step))
            return CancelOutcome(status="cancelled", forced=True)
        if status == "running":
            return CancelOutcome(status="running", cancel_requested=True)
        finish_run(store, run_id, "cancelled", cancelled_error(None))
        return CancelOutcome(job_id=job_id, device_kind=kind, worker=worker)


def _ended_without_worker(step: str | None) -> doc.ErrorInfo:
    message = (
        f"Cancelled by request while it was at '{step or 'starting'}'. Its worker had not "
        "stopped it after the first request, so the second ended it without waiting for "
        "the worker (which is told the run is no longer its own)."
    )
    return doc.ErrorInfo(kind="cancelled", message=message)


def cancel_requested(store: Store, run_id: str) -> bool:
    with read_session(store.engine) as session:
        flag = session.exec(select(Run.cancel_requested).where(Run.id == run_id)).first()
    return bool(flag)


def cancelled_error(step: str | None) -> doc.ErrorInfo:
    where = f" while it was at '{step}'; the snippet was stopped" if step else " before it started"
    return doc.ErrorInfo(kind="cancelled", message=f"Cancelled by request{where}.")


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
            finish_run(store, run_id, "crashed", cli_exited_error(holder, step))
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


# ---- finishing without a worker's result ----------------------------------------------


def finish_with_error(store: Store, run_id: str, status: doc.RunStatus, error: Any) -> None:
    """End a run with `error` and no result (cancelled, worker lost, our own bug)."""
    with STATUS_LOCK:
        finish_run(store, run_id, status, doc.ErrorInfo.model_validate(error))


def finish_run(store: Store, run_id: str, status: doc.RunStatus, error: doc.ErrorInfo) -> None:
    """Store the run's queued document as finished with `error`; the caller holds
    `STATUS_LOCK` (the other modules of the job table call this, never the API)."""
    queued = store.load_result(run_id)
    code = store.get_code(run_id)
    if queued is None or code is None:
        return  # deleted meanwhile
    done = queued.model_copy(
        update={"status": status, "error": error, "finished_at": datetime.now(UTC).isoformat()}
    )
    store.save_result(done, code, [], within_quota=False)  # a run must end: a small document
