"""The single-host queue: the runs table is the job table, threads are the workers.

A run is submitted by inserting it as 'queued'; a worker thread claims the oldest one
atomically (`Store.claim_next`) and executes it in a child process. Nothing is kept only
in memory, so a server restart loses no run: queued runs stay queued, and runs that were
running when the server stopped are put back in the queue when it starts again.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from backend.result import ErrorInfo
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


class LocalQueue:
    def __init__(self, store: Store, data_dir: Path, settings: WorkerSettings) -> None:
        self.store = store
        self.data_dir = data_dir
        self.settings = settings
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    def start(self) -> None:
        requeued = self.store.requeue_running()
        if requeued:
            log.warning("requeued %d run(s) left running by a stopped server: %s", *_ids(requeued))
        for number in range(self.settings.workers):
            thread = threading.Thread(target=self._work, name=f"kernelscope-worker-{number}")
            thread.start()
            self._threads.append(thread)

    def stop(self, timeout_s: float = 10.0) -> None:
        """Stop the workers; a run in progress is killed and goes back to the queue."""
        self._stop.set()
        self._wake.set()
        for thread in self._threads:
            thread.join(timeout_s)
        self._threads.clear()

    def notify(self) -> None:
        """A run was just queued: wake an idle worker now instead of at its next poll."""
        self._wake.set()

    def _work(self) -> None:
        while not self._stop.is_set():
            claimed = self.store.claim_next()
            if claimed is None:
                self._wake.wait(IDLE_POLL_S)
                self._wake.clear()
                continue
            self._execute(claimed)

    def _execute(self, claimed: ClaimedRun) -> None:
        options = RunOptions(
            size=claimed.size,
            compile_mode=claimed.compile_mode,
            device=self.settings.device,
            timeout_s=self.settings.timeout_s,
            title=claimed.title,
            stop=self._stop,
        )
        log.info("run %s: started", claimed.id)
        try:
            result = execute_run(self.store, self.data_dir, claimed.id, options)
            log.info("run %s: %s in %.1f s", claimed.id, result.status, result.duration_s or 0)
        except ChildStopped:
            self.store.set_status(claimed.id, "queued")
            log.info("run %s: stopped with the server; back in the queue", claimed.id)
        except Exception as exc:  # a bug of ours must not kill the worker or strand the run
            log.exception("run %s: internal error", claimed.id)
            self._record_internal_error(claimed.id, exc)

    def _record_internal_error(self, run_id: str, exc: Exception) -> None:
        queued = self.store.load_result(run_id)
        code = self.store.get_code(run_id)
        if queued is None or code is None:
            return
        message = (
            f"Kernelscope failed while handling this run ({type(exc).__name__}: {exc}). "
            "This is a bug in Kernelscope, not in your code; the server log has details."
        )
        failed = queued.model_copy(
            update={
                "status": "crashed",
                "error": ErrorInfo(kind="internal_error", message=message),
                "finished_at": datetime.now(UTC).isoformat(),
            }
        )
        self.store.save_result(failed, code, [])


def _ids(ids: list[str]) -> tuple[int, str]:
    return len(ids), ", ".join(ids)
