"""The distributed queue: runs wait in SQLite, the API hands them to RQ a few at a time.

Fairness and cancellation of waiting runs stay ours: a run is given to RQ (queue named
after its device kind, e.g. `h100`) only when a worker of that kind is about to be free,
picking the next run in the fair order (`backend.store.fair`). RQ does delivery, hard job
timeouts and worker liveness; remote workers (`kernelscope worker`) claim each run over
HTTP, heartbeat, and report back, so the API stays the only writer of the database. Jobs
are data, not code: JSON naming one run, the only job workers run (`backend.queue.payload`).

One dispatcher thread in the API process, every `DISPATCH_POLL_S` or when woken:
1. gives up runs whose worker has been silent for `lease_s` (`jobs.expire_leases`);
2. every `RECONCILE_S`, takes back runs that were handed over `lease_s` ago by the API's
   clock and are still not claimed, whatever Redis says of their job (anyone with the
   Redis worker password can move a job off its queue while RQ still calls it queued),
   and, sooner, runs whose RQ job vanished or ended unclaimed; each waits again and is
   handed over as a new job, and its worker is idle again;
3. hands one run to each idle live worker, on that worker's own RQ queue
   (`payload.worker_queue`): only that worker may claim it (`jobs.start_run`).
Redis being down only pauses 2 and 3: the waiting runs are safe in SQLite.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from datetime import UTC, datetime, timedelta

from redis import Redis
from redis.exceptions import RedisError
from rq import Queue
from rq.job import Job, JobStatus
from rq.utils import utcparse

from backend.queue.base import DeviceKindRefused
from backend.queue.payload import JOB_FUNCTION, SERIALIZER, worker_queue
from backend.settings import Settings
from backend.store import jobs
from backend.store.jobs import CancelOutcome, QueueLoad
from backend.store.repository import Store

log = logging.getLogger(__name__)
DISPATCH_POLL_S = 0.5
RECONCILE_S = 5.0
CPU_KIND = "cpu"  # the one device kind that names no GPU (docs/queue.md)
JOB_TIMEOUT_MARGIN_S = 600  # RQ's hard limit sits above ours: import, analysis, reporting
RESULT_TTL_S = 600  # RQ's own job records are bookkeeping; the run row is what counts
FAILURE_TTL_S = 24 * 3600
_GONE = {
    s.value for s in (JobStatus.FINISHED, JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED)
}


def job_timeout_s(run_timeout_s: float) -> int:
    """RQ's hard limit for one job: the run, then the DRAM pass a run may ask for (bounded
    by the run's own limit), then the margin. A job RQ kills loses a finished result."""
    return 2 * int(run_timeout_s) + JOB_TIMEOUT_MARGIN_S


class RedisQueue:
    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.redis = Redis.from_url(settings.redis_url, socket_connect_timeout=2, socket_timeout=5)
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._redis_down = False
        self._reconciled_at = 0.0

    def start(self) -> None:
        logging.getLogger("uvicorn.access").addFilter(_QUIET_HEARTBEATS)
        refreshed = jobs.refresh_leases(self.store)
        if refreshed:
            log.info("%d run(s) running on workers: each has a full lease to report in", refreshed)
        self._thread = threading.Thread(target=self._loop, name="kernelscope-dispatcher")
        self._thread.start()

    def stop(self, timeout_s: float = 10.0) -> None:
        """Stop dispatching; runs on workers go on and report to the next API process."""
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout_s)
        self.redis.close()

    def notify(self) -> None:
        self._wake.set()

    def position(self, run_id: str) -> int | None:
        return jobs.queue_position(self.store, run_id, by_kind=True)

    def cancel(self, run_id: str) -> CancelOutcome:
        # a worker may never act on a cancel (its report never lands): ask twice, it ends
        outcome = jobs.request_cancel(self.store, run_id, end_when_repeated=True)
        if outcome.job_id is not None:  # a worker that got it anyway is refused the run
            queue = None
            if outcome.device_kind is not None and outcome.worker is not None:
                queue = worker_queue(outcome.device_kind, outcome.worker)
            self._delete_job(outcome.job_id, queue)
        return outcome

    def check_device_kind(self, kind: str) -> None:
        if kind == self.settings.default_device_kind:
            return
        known = jobs.known_device_kinds(self.store)
        if kind not in known:
            served = ", ".join(sorted(known | {self.settings.default_device_kind}))
            raise DeviceKindRefused(
                f"No worker has ever served device kind {kind!r}, so a run there would wait "
                f"forever. Kinds served here: {served}. A host joins a kind with "
                f"`kernelscope worker --device-kind {kind} ...`."
            )

    def loads(self) -> dict[str, QueueLoad]:
        loads = jobs.queue_loads(self.store, self.settings.lease_s)
        for kind, load in loads.items():
            load.gpu = kind != CPU_KIND  # remote kinds are named for their GPUs: h100, a100
        return loads

    # ---- the dispatcher -----------------------------------------------------------------

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                self._tick()
            except RedisError as exc:
                self._note_redis_down(exc)
            except Exception:  # a bug of ours must not stop dispatching for good
                log.exception("dispatcher: unexpected error; going on")
            self._wake.wait(DISPATCH_POLL_S)
            self._wake.clear()

    def _tick(self) -> None:
        for run_id, outcome in jobs.expire_leases(self.store, self.settings.lease_s).items():
            lease = self.settings.lease_s
            log.warning("run %s: its worker went silent for %g s: %s", run_id, lease, outcome)
        if time.monotonic() - self._reconciled_at >= RECONCILE_S:
            self._reconcile()
            self._reconciled_at = time.monotonic()
        for kind, load in self.loads().items():
            self._top_up(kind, load)
        if self._redis_down:
            log.info("dispatcher: Redis is reachable again")
            self._redis_down = False

    def _top_up(self, kind: str, load: QueueLoad) -> None:
        """Give each idle live worker of `kind` the next run in the fair order, on its own
        RQ queue: a worker that reports is handed its next run at once (`notify`)."""
        if not load.waiting:
            return
        for worker in jobs.idle_workers(self.store, kind, self.settings.lease_s):
            run = jobs.dispatch_next(self.store, kind, worker, _new_job_id)
            if run is None or run.job_id is None:
                return
            queue = worker_queue(kind, worker)
            try:
                self._enqueue(queue, run.id, run.job_id)
            except Exception:
                jobs.undispatch(self.store, run.id, run.job_id)  # it waits on in SQLite
                raise
            log.info("run %s: handed to worker %s as RQ job %s", run.id, worker, run.job_id)

    def _enqueue(self, queue: str, run_id: str, job_id: str) -> None:
        Queue(queue, connection=self.redis, serializer=SERIALIZER).enqueue(
            JOB_FUNCTION,
            run_id,
            job_id=job_id,
            job_timeout=job_timeout_s(self.settings.run_timeout_s),
            result_ttl=RESULT_TTL_S,
            failure_ttl=FAILURE_TTL_S,
            description=f"kernelscope run {run_id}",
        )

    def _reconcile(self) -> None:
        """Take back runs whose job will never reach a worker that claims them."""
        lease = self.settings.lease_s
        for run_id, job_id, kind, worker in jobs.handed_to_lost_workers(self.store, lease):
            self._hand_on(run_id, job_id, kind, worker, f"worker {worker} went silent")
        for run_id, job_id, kind, worker in jobs.unclaimed_dispatches(self.store, lease):
            why = f"worker {worker} has not claimed it within {lease:g} s of its hand-over"
            self._hand_on(run_id, job_id, kind, worker, why)
        self._check_jobs_in_redis()

    def _hand_on(self, run_id: str, job_id: str, kind: str, worker: str, why: str) -> None:
        """The run waits again (and its worker is idle again): both are handed on."""
        if jobs.undispatch(self.store, run_id, job_id):
            log.warning("run %s: %s; handing the run on", run_id, why)
            self._delete_job(job_id, worker_queue(kind, worker) if worker else None)
            self._wake.set()

    def _check_jobs_in_redis(self) -> None:
        """Sooner than a lease: jobs Redis lost or RQ ended without a claim."""
        handed = jobs.dispatched_jobs(self.store)
        if not handed:
            return
        for job_id, state in zip(handed, self._job_states(list(handed)), strict=True):
            why = _lost_job(state, self.settings.lease_s)
            if why is not None and jobs.undispatch(self.store, handed[job_id], job_id):
                run_id = handed[job_id]
                log.warning("run %s: RQ job %s %s; handing it over again", run_id, job_id, why)
                self._wake.set()

    def _job_states(self, job_ids: list[str]) -> list[tuple[str, str] | None]:
        """(status, started_at) of each job, or None where the job is gone. Only these two
        fields are read: a job's record is writable by workers, and RQ's own loading of it
        would inflate its compressed payload fields unbounded."""
        pipe = self.redis.pipeline(transaction=False)
        for job_id in job_ids:
            pipe.hmget(Job.key_for(job_id), ["status", "started_at"])
        states: list[tuple[str, str] | None] = []
        for status, started in pipe.execute():
            if status is None:
                states.append(None)
            else:
                states.append((_text(status)[:32], _text(started or b"")[:64]))
        return states

    def _delete_job(self, job_id: str, queue: str | None) -> None:
        """Take the job off its queue and drop its record, without loading it (see
        `_job_states`); a worker that had it already is refused the run."""
        try:
            if queue is not None:
                self.redis.lrem(Queue(queue, connection=self.redis).key, 0, job_id)
            self.redis.delete(Job.key_for(job_id))
        except RedisError as exc:  # the worker that gets it will be refused the run
            log.warning("could not delete RQ job %s (%s)", job_id, exc)

    def _note_redis_down(self, exc: RedisError) -> None:
        if not self._redis_down:
            log.warning("dispatcher: Redis unreachable (%s); runs wait in the database", exc)
        self._redis_down = True


class _QuietHeartbeats(logging.Filter):
    """Every worker heartbeats every second: not worth an access-log line each."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "/api/worker/heartbeat" not in record.getMessage()


_QUIET_HEARTBEATS = _QuietHeartbeats()


def _text(value: bytes | str) -> str:
    return value.decode(errors="replace") if isinstance(value, bytes) else str(value)


def _lost_job(state: tuple[str, str] | None, lease_s: float) -> str | None:
    """Why a job handed over will never start its run, or None while it still may."""
    if state is None:
        return "vanished from Redis"
    status, started_text = state
    if status in _GONE:
        return f"ended as {status} without starting the run"
    # A worker takes a job and claims the run within milliseconds; one that has held it
    # for a whole lease without claiming died (or cannot reach us: its claim is refused).
    started = _parsed_time(started_text)
    if status == JobStatus.STARTED.value and started is not None:
        held = datetime.now(UTC) - started
        if held > timedelta(seconds=lease_s):
            return f"was taken by a worker that has not claimed the run in {lease_s:g} s"
    return None


def _parsed_time(text: str) -> datetime | None:
    try:
        return utcparse(text).replace(tzinfo=UTC) if text else None
    except ValueError:
        return None


def _new_job_id(run_id: str) -> str:
    return f"{run_id}-{secrets.token_hex(4)}"  # a new job each time the run is handed over
