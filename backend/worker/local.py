"""The server's own workers: threads that claim queued runs and execute them.

Each thread is a worker slot with spare harness processes kept ready beside it (a
`spares.SpareKeeper`, made by `spares.keeper_for`). A slot claims the next run in the fair
order (`jobs.claim_next`, atomic under BEGIN IMMEDIATE), executes it in a spare (or a
process of its own when none fits) and stores the result. A run whose stop switch is set
(a cancel, the server's shutdown) is killed at once: a cancelled run is stored as
cancelled, one stopped by the shutdown goes back to the queue.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass

from backend.logs import run_context
from backend.store import jobs
from backend.store.repository import ClaimedRun, Store
from backend.worker import device, peaks
from backend.worker.child import ChildStopped
from backend.worker.execute import execute_run
from backend.worker.process import WorkerSetup
from backend.worker.spares import (
    SpareCounts,
    SpareKeeper,
    SpareOptions,
    clear_spares_left,
    keeper_for,
)

log = logging.getLogger(__name__)
IDLE_POLL_S = 1.0  # a slot with nothing to do looks again this often (submit wakes it sooner)


@dataclass
class _Slot:
    number: int
    spares: SpareKeeper | None
    thread: threading.Thread | None = None


class LocalWorkers:
    def __init__(
        self,
        store: Store,
        setup: WorkerSetup,
        slots: int = 1,
        spares: SpareOptions | None = None,
    ) -> None:
        self.store = store
        self.setup = setup
        self.slots = slots
        self.spare_options = spares or SpareOptions()
        self._slots: list[_Slot] = []
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._running: dict[str, threading.Event] = {}  # run id -> its child's stop switch
        self._lock = threading.Lock()

    def start(self) -> None:
        if self.slots:
            device.prefetch()
            clear_spares_left(self.setup)
        for number in range(self.slots):
            slot = _Slot(number, keeper_for(self.setup, self.spare_options, str(number)))
            slot.thread = threading.Thread(
                target=self._work, args=(slot,), name=f"kernelscope-worker-{number}"
            )
            slot.thread.start()
            self._slots.append(slot)

    def stop(self, timeout_s: float = 10.0) -> None:
        """Stop every slot: a run in progress is killed (and goes back to the queue), the
        spares are killed and cleaned up."""
        with self._lock:
            self._stop.set()
            for switch in self._running.values():
                switch.set()
        self._wake.set()
        for slot in self._slots:
            if slot.thread is not None:
                slot.thread.join(timeout_s)
        for slot in self._slots:
            if slot.spares is not None:
                slot.spares.close()
        self._slots.clear()

    def spare_counts(self) -> SpareCounts:
        """Every slot's spares together: held now, and how runs have found them."""
        total = SpareCounts()
        for slot in list(self._slots):
            if slot.spares is not None:
                total.add(slot.spares.counts())
        return total

    def spare_processes(self) -> list[int]:
        """The processes of every slot's idle spares."""
        return [pid for slot in list(self._slots) if slot.spares for pid in slot.spares.processes()]

    def notify(self) -> None:
        """A run was just queued: wake an idle slot now instead of at its next poll."""
        self._wake.set()

    def stop_run(self, run_id: str) -> bool:
        """Kill the run's child now, if a slot here runs it (a cancel)."""
        with self._lock:
            switch = self._running.get(run_id)
        if switch is not None:
            switch.set()  # _execute records the cancel
        return switch is not None

    def _work(self, slot: _Slot) -> None:
        # the device's peaks, measured before any run here is timed (once per host: cached)
        peaks.peaks_for(self.setup.host_cache, *device.this_device(self.setup.device))
        while not self._stop.is_set():
            claimed = jobs.claim_next(self.store)
            if claimed is None:
                self._wake.wait(IDLE_POLL_S)
                self._wake.clear()
                continue
            with run_context(claimed.id):  # every log line of this run names it
                self._execute(claimed, slot.spares)

    def _execute(self, claimed: ClaimedRun, spares: SpareKeeper | None) -> None:
        switch = threading.Event()
        with self._lock:
            self._running[claimed.id] = switch
            # a cancel that came between the claim and this registration only set the flag
            if self._stop.is_set() or jobs.cancel_requested(self.store, claimed.id):
                switch.set()
        log.info("run %s: started", claimed.id)
        try:
            result = execute_run(
                self.store,
                claimed.id,
                self.setup,
                size=claimed.size,
                compile_mode=claimed.compile_mode,
                measure=tuple(claimed.measure),
                spares=spares,
                stop=switch,
            )
            log.info(
                "run %s: %s in %.1f s (steps: %s)",
                *(claimed.id, result.status, result.duration_s or 0, _steps(result.step_seconds)),
            )
        except ChildStopped:
            self._stopped(claimed.id)
        except Exception as exc:  # a bug of ours must not kill the slot or strand the run
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


def _steps(seconds: dict[str, float] | None) -> str:
    return ", ".join(f"{step} {s:.2f}" for step, s in (seconds or {}).items())
