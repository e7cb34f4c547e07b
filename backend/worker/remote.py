"""`kernelscope worker`: run snippets for a Kernelscope API, from RQ, on one GPU or the CPU.

    kernelscope worker --api URL --token TOKEN [--device-kind K] [--gpu N] [--redis URL]

A worker needs only outbound HTTP to the API and access to Redis. It is an RQ worker on
the queue named after its device kind that executes one job at a time in its own process
(no fork per job: the snippet already runs in a child process of its own), pinned to one
GPU with CUDA_VISIBLE_DEVICES. For each job it claims the run from the API, executes it
with `run_job` (the same harness process, limits and sandbox as a local run, and a spare
kept ready beside it), analyses the bundle here (pure code, no torch) and reports the
document and artifacts over HTTP.

Two threads keep it honest while it works:
- the heartbeat (every `HEARTBEAT_S`) tells the API which runs it holds and their step, and
  learns which to cancel (the child's process group is killed at once) or drop;
- the courier delivers reports. Each report is written to the spool directory first and
  removed only once the API has answered it, so a result finished while the API is away
  (restarting, unreachable) is delivered when it is back, with backoff, even after the
  worker itself restarts.
"""

from __future__ import annotations

import logging
import socket
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from backend.limits import RunLimits, default_cache_dir
from backend.logs import run_context
from backend.result import ErrorInfo, RunResult
from backend.store.repository import ArtifactInput
from backend.worker import device, peaks
from backend.worker.api_client import (
    HTTP_TIMEOUT_S,
    ApiClient,
    ApiRefused,
    ApiServerError,
    ApiUnreachable,
)
from backend.worker.child import ChildStopped
from backend.worker.device import worker_device_name
from backend.worker.execute import result_from_outcome, run_job
from backend.worker.process import Job, WorkerSetup
from backend.worker.spares import SpareKeeper, SpareOptions, clear_spares_left, keeper_for
from backend.worker.spool import Spool
from backend.worker_protocol import (
    BeatReply,
    Heartbeat,
    Report,
    RunBeat,
    StartedRun,
    StartRequest,
    WorkerInfo,
)

log = logging.getLogger("kernelscope.worker")
HEARTBEAT_S = 1.0
START_PATIENCE_S = 120.0  # a job keeps trying to claim its run this long while the API is away
BACKOFF_FIRST_S, BACKOFF_MAX_S = 0.5, 10.0
# Tries of one report that the API answers with a server error (5xx) before it is dropped:
# with the backoff, 4 to 5 minutes, past an API's restart behind a proxy; a bug that
# fails the same report every time must not hold the worker (and its run) forever.
REPORT_SERVER_ERRORS = 30


# ---- the worker -----------------------------------------------------------------------


@dataclass
class WorkerConfig:
    api_url: str
    token: str | None
    device_kind: str
    redis_url: str
    work_dir: Path
    name: str
    device: str = "auto"  # auto | cpu | cuda, for the harness
    gpu: str | None = None  # pinned with CUDA_VISIBLE_DEVICES
    limits: RunLimits = field(default_factory=RunLimits)  # the API gives each run's timeout
    spares: SpareOptions = field(default_factory=SpareOptions)
    report_server_errors: int = REPORT_SERVER_ERRORS
    host_cache: Path = field(default_factory=default_cache_dir)  # the cache_dir setting

    @property
    def setup(self) -> WorkerSetup:
        return WorkerSetup(self.work_dir, self.device, self.limits, self.host_cache)


@dataclass
class Holding:
    """The run this worker is executing."""

    run_id: str
    attempt: int
    step: str = "starting"
    stop: threading.Event = field(default_factory=threading.Event)
    why_stopped: str | None = None  # "cancel" or "gone"


class Agent:
    def __init__(self, config: WorkerConfig) -> None:
        self.config = config
        self.client = ApiClient(config.api_url, config.token)
        self.spool = Spool(config.work_dir / "spool")
        self.info = WorkerInfo(
            id=config.name,
            device_kind=config.device_kind,
            host=socket.gethostname(),
            device_name=worker_device_name(config.gpu),  # nvidia-smi's or /proc/cpuinfo's
        )
        self.current: Holding | None = None
        self.spares: SpareKeeper | None = None  # started with the worker
        self._lock = threading.Lock()
        self._beat_now = threading.Event()
        self._deliver_now = threading.Event()
        self._stopping = threading.Event()
        self._threads: list[threading.Thread] = []
        self._server_errors: dict[str, int] = {}  # spooled report -> 5xx answers so far

    def start(self) -> None:
        clear_spares_left(self.config.setup)
        self.spares = keeper_for(self.config.setup, self.config.spares, self.config.name)
        for target, name in ((self._heartbeats, "heartbeat"), (self._courier, "courier")):
            thread = threading.Thread(target=target, name=f"kernelscope-{name}", daemon=True)
            thread.start()
            self._threads.append(thread)

    def stop(self) -> None:
        """Stop the threads; one last try to deliver what is kept (the rest waits on disk
        for the next start)."""
        self._stopping.set()
        self._beat_now.set()
        self._deliver_now.set()
        for thread in self._threads:
            thread.join(HTTP_TIMEOUT_S)
        if self.spares is not None:
            self.spares.close()
        if not self.deliver_pending():
            log.warning(
                "API unreachable: %d report(s) kept in %s for the next start",
                len(self.spool.pending()),
                self.spool.directory,
            )

    # ---- one job --------------------------------------------------------------------

    def perform(self, run_id: str, job_id: str) -> str:
        """The RQ job: claim the run, execute it, keep its report until delivered."""
        with run_context(run_id):  # every log line of this job names the run (JSON logs)
            return self._perform(run_id, job_id)

    def _perform(self, run_id: str, job_id: str) -> str:
        # the device's peaks, measured before the first run here is timed (then cached)
        peaks.peaks_for(self.config.host_cache, *device.this_device(self.config.device))
        started = self._claim(run_id, job_id)
        if started is None:
            return "not started"
        log.info("run %s: started attempt %d (job %s)", run_id, started.attempt, job_id)
        path = self._execute(started)
        self._deliver_now.set()
        return f"reported in {path.name}" if path is not None else "dropped"

    def _claim(self, run_id: str, job_id: str) -> StartedRun | None:
        request = StartRequest(worker_id=self.info.id, job_id=job_id)
        deadline = time.monotonic() + START_PATIENCE_S
        for delay in backoff():
            try:
                return self.client.start(run_id, request)
            except ApiRefused as exc:
                log.info("run %s: not started (%s)", run_id, exc)
                return None
            except ApiUnreachable as exc:
                if time.monotonic() + delay > deadline:  # the API will hand it over again
                    raise RuntimeError(f"could not claim run {run_id}: {exc}") from None
                log.warning("run %s: API unreachable (%s); retrying in %.1f s", run_id, exc, delay)
                time.sleep(delay)
        return None  # not reached: the backoff never ends

    def _execute(self, started: StartedRun) -> Path | None:
        holding = Holding(started.id, started.attempt)
        with self._lock:
            self.current = holding
        report = Report(kind="result", worker_id=self.info.id, attempt=started.attempt)
        try:
            result, artifacts = self._run(started, holding)
            path = self.spool.put(report, started.id, result, artifacts)
            log.info("run %s: %s; report kept in %s", started.id, result.status, path.name)
            return path
        except ChildStopped:
            return self._stopped(holding, report)
        finally:
            with self._lock:
                self.current = None

    def _run(self, started: StartedRun, holding: Holding) -> tuple[RunResult, list[ArtifactInput]]:
        def on_progress(step: str, _elapsed_s: float) -> None:
            holding.step = step
            self._beat_now.set()  # progress shows at once, not at the next beat

        job = Job(started.code, started.size, started.compile_mode, tuple(started.measure))
        setup = self.config.setup.with_timeout(started.timeout_s)
        try:
            outcome = run_job(
                job,
                setup,
                name=started.id,
                spares=self.spares,
                stop=holding.stop,
                on_progress=on_progress,
            )
            return result_from_outcome(
                started.document, outcome, self.info.id, host_cache=self.config.host_cache
            )
        except ChildStopped:
            raise
        except Exception as exc:  # a bug of ours: report it, never strand the run
            log.exception("run %s: internal error", started.id)
            return _internal_error(started.document, exc), []

    def _stopped(self, holding: Holding, report: Report) -> Path | None:
        if holding.why_stopped == "cancel":
            cancelled = report.model_copy(update={"kind": "cancelled", "step": holding.step})
            log.info("run %s: cancelled at '%s'", holding.run_id, holding.step)
            return self.spool.put(cancelled, holding.run_id)
        log.warning("run %s: no longer ours (given up by the API); dropped", holding.run_id)
        return None

    # ---- heartbeat ------------------------------------------------------------------

    def _heartbeats(self) -> None:
        reachable = True
        while not self._stopping.is_set():
            try:
                reply = self.client.heartbeat(Heartbeat(worker=self.info, runs=self._beats()))
                self._obey(reply)
                if not reachable:
                    log.info("heartbeat: the API answers again")
                reachable = True
            except (ApiUnreachable, ApiRefused) as exc:
                if reachable:
                    log.warning("heartbeat: %s; the run goes on, retrying", exc)
                reachable = False
            self._beat_now.wait(HEARTBEAT_S)
            self._beat_now.clear()

    def _beats(self) -> list[RunBeat]:
        with self._lock:
            holding = self.current
        beats = self.spool.beats()
        if holding is not None:
            beats.append(RunBeat(run_id=holding.run_id, attempt=holding.attempt, step=holding.step))
        return beats

    def _obey(self, reply: BeatReply) -> None:
        with self._lock:
            holding = self.current
        if holding is None or holding.stop.is_set():
            return
        if holding.run_id in reply.cancel:
            holding.why_stopped = "cancel"
        elif holding.run_id in reply.gone:
            holding.why_stopped = "gone"
        else:
            return
        holding.stop.set()  # run_child kills the snippet's process group within 0.5 s

    # ---- courier --------------------------------------------------------------------

    def _courier(self) -> None:
        delays = backoff()
        wait = HEARTBEAT_S
        while not self._stopping.is_set():
            if self.deliver_pending():
                delays, wait = backoff(), HEARTBEAT_S
            else:
                wait = next(delays)
                kept = len(self.spool.pending())
                log.warning(
                    "courier: API unreachable or failing; %d report(s) kept in %s, retrying "
                    "in %.1f s",
                    *(kept, self.spool.directory, wait),
                )
            self._deliver_now.wait(wait)
            self._deliver_now.clear()

    def deliver_pending(self) -> bool:
        """Send every kept report; False when one must be tried again later (the API could
        not be reached, or answered a server error)."""
        delivered = True
        for path in self.spool.pending():
            run_id, _, attempt = path.stem.rpartition(".")
            if not attempt.isdigit():  # not a name the spool gives: not a report of ours
                continue
            try:
                reply = self.client.report(run_id, path, self.info.id, int(attempt))
                log.info("run %s: report delivered (%s)", run_id, reply.get("message"))
            except ApiRefused as exc:  # definitive: keeping it would change nothing
                log.warning("run %s: report refused and dropped (%s)", run_id, exc)
            except ApiServerError as exc:
                if not self._gives_up(path, run_id, exc):
                    delivered = False
                    continue  # the others may still go through
            except ApiUnreachable:
                return False  # keep them all: the API is away, not refusing
            self._drop(path)
        return delivered

    def _gives_up(self, path: Path, run_id: str, exc: ApiServerError) -> bool:
        """Count a server error for this report; True once it has had its tries."""
        errors = self._server_errors.get(path.name, 0) + 1
        self._server_errors[path.name] = errors
        limit = self.config.report_server_errors
        if errors < limit:
            log.warning("run %s: report not taken (%s, %d of %d tries)", run_id, exc, errors, limit)
            return False
        log.error(
            "run %s: report dropped after %d server errors from the API (last: %s); the API "
            "ends the run when its lease runs out. The server log says why it failed.",
            *(run_id, errors, exc),
        )
        return True

    def _drop(self, path: Path) -> None:
        path.unlink(missing_ok=True)
        self._server_errors.pop(path.name, None)
        self._beat_now.set()  # the run is no longer held here: the API may hand another


def backoff() -> Any:
    delay = BACKOFF_FIRST_S
    while True:
        yield delay
        delay = min(delay * 2, BACKOFF_MAX_S)


def _internal_error(queued: RunResult, exc: Exception) -> RunResult:
    message = (
        f"Kernelscope failed while handling this run on its worker ({type(exc).__name__}: "
        f"{exc}). This is a bug in Kernelscope, not in your code; the worker log has details."
    )
    return queued.model_copy(
        update={
            "status": "crashed",
            "error": ErrorInfo(kind="internal_error", message=message),
            "finished_at": datetime.now(UTC).isoformat(),
        }
    )


# ---- RQ -------------------------------------------------------------------------------

_AGENT: Agent | None = None  # the worker process's agent, for the job function below


def install(agent: Agent) -> None:
    global _AGENT
    _AGENT = agent


def perform(run_id: str) -> str:
    """What the API enqueues (`JOB_FUNCTION`): execute one run in this worker process."""
    from rq import get_current_job

    if _AGENT is None:
        raise RuntimeError("backend.worker.remote.perform runs inside `kernelscope worker`")
    job = get_current_job()
    return _AGENT.perform(run_id, job.id if job is not None else run_id)
