"""`install(app, settings, store)` adds operations to the API app: /healthz, /metrics, run
ids in request logs, the run-duration histogram and the retention task. `create_app`
calls it once (after the context is set) and starts/stops what it returns with the app."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import Depends, FastAPI

from backend.api.auth import require_user
from backend.api.ops_routes import ops_router
from backend.logs import RunIdFromPath
from backend.ops.metrics import OpsMetrics
from backend.ops.retention import RetentionTask
from backend.settings import Settings
from backend.store.repository import Store
from backend.worker.local import LocalWorkers
from backend.worker.local_queue import LocalQueue


class Operations:
    """What runs alongside the API: the retention task, when retention_days is set."""

    def __init__(
        self,
        settings: Settings,
        store: Store,
        forget: Callable[[str], None] | None = None,
        workers: LocalWorkers | None = None,
    ) -> None:
        self.metrics = OpsMetrics(store, settings, workers)
        days = settings.retention_days
        self.retention = RetentionTask(store, days, forget) if days is not None else None

    def start(self) -> None:
        if self.retention is not None:
            self.retention.start()

    def stop(self) -> None:
        if self.retention is not None:
            self.retention.stop()


def install(app: FastAPI, settings: Settings, store: Store) -> Operations:
    """Mount /healthz (open) and /metrics (signed-in users and user tokens when accounts
    are on), tag request logs with run ids, observe saved results."""
    # Deleted runs must leave the app's cache of finished results too.
    queue = app.state.context.queue
    workers = queue.workers if isinstance(queue, LocalQueue) else None  # its slots' spares
    operations = Operations(settings, store, app.state.context.results.forget, workers)
    store.result_listeners.append(operations.metrics.observe)
    app.add_middleware(RunIdFromPath)
    app.include_router(ops_router(operations.metrics, [Depends(require_user)]))
    return operations
