"""The single-host queue: the runs table is the job table, threads are the workers.

A run is submitted by inserting it as 'queued'; a worker thread claims the next one in the
fair order (`jobs.claim_next`, atomic under BEGIN IMMEDIATE) and executes it in a child
process. Nothing is kept only in memory, so a server restart loses no run: queued runs
stay queued, and runs that were running when the server stopped are put back in the queue
when it starts again. A cancelled run's child is killed at once (no heartbeat to wait for).
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from pathlib import Path

from backend.ops.logs import run_context
from backend.queue import jobs
from backend.queue.base import DeviceKindRefused
from backend.queue.jobs import CancelOutcome, QueueLoad
from backend.store.repository import ClaimedRun, Store
from backend.worker.child import ChildStopped
from backend.worker.execute import DEFAULT_TIMEOUT_S, RunOptions, execute_run

log = logging.getLogger(__name__)
IDLE_POLL_S = 1.0  # a worker with nothing to do looks again this often (submit wakes it sooner)


@dataclass
class WorkerSettings:
    workers: int = 1
    device: str = "auto"
    timeout_s: float = DEFAULT_TIMEOUT_S
    device_kind: str = "cpu"  # the only kind this host serves
    sandbox: str = "auto"  # auto | bwrap | none: see backend.worker.sandbox
    memory_mb: int | None = None  # a sandboxed run's memory cap (cgroup)


class LocalQueue:
    def __init__(self, store: Store, data_dir: Path, settings: WorkerSettings) -> None:
        self.store = store
        self.data_dir = data_dir
        self.settings = settings
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._running: dict[str, threading.Event] = {}  # run id -> its child's stop switch
        self._lock = threading.Lock()

    def start(self) -> None:
        requeued = jobs.requeue_unfinished(self.store)
        if requeued:
            log.warning("requeued %d run(s) left running by a stopped server: %s", *_ids(requeued))
        for number in range(self.settings.workers):
            thread = threading.Thread(target=self._work, name=f"kernelscope-worker-{number}")
            thread.start()
            self._threads.append(thread)

    def stop(self, timeout_s: float = 10.0) -> None:
        """Stop the workers; a run in progress is killed and goes back to the queue."""
        with self._lock:
            self._stop.set()
            for switch in self._running.values():
                switch.set()
        self._wake.set()
        for thread in self._threads:
            thread.join(timeout_s)
        self._threads.clear()

    def notify(self) -> None:
        """A run was just queued: wake an idle worker now instead of at its next poll."""
        self._wake.set()

    def position(self, run_id: str) -> int | None:
        return jobs.queue_position(self.store, run_id, by_kind=False)

    def cancel(self, run_id: str) -> CancelOutcome:
        outcome = jobs.request_cancel(self.store, run_id)
        with self._lock:
            switch = self._running.get(run_id)
        if switch is not None:
            switch.set()  # the child is killed now; _execute records the cancel
        return outcome

    def check_device_kind(self, kind: str) -> None:
        if kind != self.settings.device_kind:
            raise DeviceKindRefused(
                f"This server runs snippets itself, on one device of kind "
                f"{self.settings.device_kind!r} (KERNELSCOPE_QUEUE=local); it cannot run "
                f"them on {kind!r}. Leave the device kind out, or ask for a server with "
                "remote workers (KERNELSCOPE_QUEUE=redis)."
            )

    def loads(self) -> dict[str, QueueLoad]:
        found = jobs.queue_loads(self.store, lease_s=0)
        kind = self.settings.device_kind
        load = found.get(kind) or QueueLoad(device_kind=kind)
        load.workers = self.settings.workers
        return {**found, kind: load}

    def _work(self) -> None:
        while not self._stop.is_set():
            claimed = jobs.claim_next(self.store)
            if claimed is None:
                self._wake.wait(IDLE_POLL_S)
                self._wake.clear()
                continue
            with run_context(claimed.id):  # every log line of this run names it
                self._execute(claimed)

    def _execute(self, claimed: ClaimedRun) -> None:
        switch = threading.Event()
        with self._lock:
            self._running[claimed.id] = switch
            # a cancel that came between the claim and this registration only set the flag
            if self._stop.is_set() or jobs.cancel_requested(self.store, claimed.id):
                switch.set()
        options = RunOptions(
            size=claimed.size,
            compile_mode=claimed.compile_mode,
            device=self.settings.device,
            timeout_s=self.settings.timeout_s,
            title=claimed.title,
            stop=switch,
            sandbox=self.settings.sandbox,
            memory_mb=self.settings.memory_mb,
        )
        log.info("run %s: started", claimed.id)
        try:
            result = execute_run(self.store, self.data_dir, claimed.id, options)
            log.info("run %s: %s in %.1f s", claimed.id, result.status, result.duration_s or 0)
        except ChildStopped:
            self._stopped(claimed.id)
        except Exception as exc:  # a bug of ours must not kill the worker or strand the run
            log.exception("run %s: internal error", claimed.id)
            self._record_internal_error(claimed.id, exc)
        finally:
            with self._lock:
                self._running.pop(claimed.id, None)

    def _stopped(self, run_id: str) -> None:
        """The child was killed on purpose: for a cancel, or because the server stops."""
        if jobs.cancel_requested(self.store, run_id):
            state = self.store.run_state(run_id)
            step = state.progress_step if state is not None else None
            jobs.finish_with_error(self.store, run_id, "cancelled", jobs.cancelled_error(step))
            log.info("run %s: cancelled", run_id)
            return
        self.store.set_status(run_id, "queued")
        log.info("run %s: stopped with the server; back in the queue", run_id)

    def _record_internal_error(self, run_id: str, exc: Exception) -> None:
        message = (
            f"Kernelscope failed while handling this run ({type(exc).__name__}: {exc}). "
            "This is a bug in Kernelscope, not in your code; the server log has details."
        )
        error = {"kind": "internal_error", "message": message}
        jobs.finish_with_error(self.store, run_id, "crashed", error)


def _ids(ids: list[str]) -> tuple[int, str]:
    return len(ids), ", ".join(ids)
