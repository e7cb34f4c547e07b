"""Pick the queue backend a server runs with (`queue` setting: local or redis)."""

from __future__ import annotations

from backend.queue.base import RunQueue
from backend.queue.local import LocalQueue, WorkerSettings
from backend.settings import Settings
from backend.store.repository import Store


def make_queue(settings: Settings, store: Store) -> RunQueue:
    if settings.queue == "redis":
        from backend.queue.redis_queue import RedisQueue  # redis and rq load only when used

        return RedisQueue(store, settings)
    local = WorkerSettings(
        workers=settings.local_workers,
        device=settings.device,
        timeout_s=settings.run_timeout_s,
        device_kind=settings.default_device_kind,
        sandbox=settings.sandbox,
        memory_mb=settings.run_memory_mb,
    )
    return LocalQueue(store, settings.data_dir, local)
