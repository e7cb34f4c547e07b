"""The single-host queue: the runs table is the job table; the server's own workers take
from it. It lives beside those workers (`backend.worker.local`): the queue package knows
no worker.

A run is submitted by inserting it as 'queued'; the server's worker slots
(`backend.worker.local.LocalWorkers`) claim the next one in the fair order and execute it.
Nothing is kept only in memory, so a server restart loses no run: queued runs stay queued,
and runs that were running when the server stopped are put back in the queue when it
starts again. A cancelled run's child is killed at once (no heartbeat to wait for).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from backend.queue.base import DeviceKindRefused
from backend.store import jobs
from backend.store.jobs import CancelOutcome, QueueLoad
from backend.store.repository import Store
from backend.worker.local import LocalWorkers
from backend.worker.process import WorkerSetup
from backend.worker.spares import on_gpu, spare_options

if TYPE_CHECKING:
    from backend.settings import Settings  # handed in, never made here

log = logging.getLogger(__name__)


def local_workers(settings: Settings, store: Store) -> LocalWorkers:
    """The server's own worker slots, as its settings say."""
    limits = settings.run_limits()
    setup = WorkerSetup(settings.data_dir, settings.device, limits, settings.cache_dir)
    return LocalWorkers(store, setup, settings.local_workers, spare_options(settings))


class LocalQueue:
    def __init__(self, store: Store, workers: LocalWorkers, device_kind: str = "cpu") -> None:
        self.store = store
        self.workers = workers
        self.device_kind = device_kind  # the only kind this host serves

    def start(self) -> None:
        requeued = jobs.requeue_unfinished(self.store)
        if requeued:
            log.warning("requeued %d run(s) left running by a stopped server: %s", *_ids(requeued))
        self.workers.start()

    def stop(self, timeout_s: float = 10.0) -> None:
        """Stop the workers; a run in progress is killed and goes back to the queue."""
        self.workers.stop(timeout_s)

    def notify(self) -> None:
        self.workers.notify()

    def position(self, run_id: str) -> int | None:
        return jobs.queue_position(self.store, run_id, by_kind=False)

    def cancel(self, run_id: str) -> CancelOutcome:
        outcome = jobs.request_cancel(self.store, run_id)
        self.workers.stop_run(run_id)  # the child is killed now; the worker records the cancel
        return outcome

    def check_device_kind(self, kind: str) -> None:
        if kind != self.device_kind:
            raise DeviceKindRefused(
                f"This server runs snippets itself, on one device of kind "
                f"{self.device_kind!r} (KERNELSCOPE_QUEUE=local); it cannot run "
                f"them on {kind!r}. Leave the device kind out, or ask for a server with "
                "remote workers (KERNELSCOPE_QUEUE=redis)."
            )

    def loads(self) -> dict[str, QueueLoad]:
        found = jobs.queue_loads(self.store, lease_s=0)
        load = found.get(self.device_kind) or QueueLoad(device_kind=self.device_kind)
        load.workers = self.workers.slots
        load.gpu = on_gpu(self.workers.setup.device)  # the kind's name says nothing here
        return {**found, self.device_kind: load}


def _ids(ids: list[str]) -> tuple[int, str]:
    return len(ids), ", ".join(ids)
