"""Pick the queue backend a server runs with (`queue` setting: local or redis)."""

from __future__ import annotations

from backend.queue.base import RunQueue
from backend.queue.local import LocalQueue
from backend.settings import Settings
from backend.store.repository import Store
from backend.worker.local import LocalWorkers
from backend.worker.process import WorkerSetup
from backend.worker.spares import spare_options


def make_queue(settings: Settings, store: Store) -> RunQueue:
    if settings.queue == "redis":
        from backend.queue.redis_queue import RedisQueue  # redis and rq load only when used

        return RedisQueue(store, settings)
    return LocalQueue(store, local_workers(settings, store), settings.default_device_kind)


def local_workers(settings: Settings, store: Store) -> LocalWorkers:
    """The server's own worker slots, as its settings say."""
    setup = WorkerSetup(settings.data_dir, settings.device, settings.run_limits())
    return LocalWorkers(store, setup, settings.local_workers, spare_options(settings))
