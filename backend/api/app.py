"""The FastAPI application: `create_app(settings)` wires the store, the local queue, the JSON
API and the pages. `kernelscope serve` runs it under uvicorn."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from backend import __version__
from backend.api import (
    account_routes,
    auth,
    compare,
    figures,
    pages,
    queue_routes,
    run_access,
    runs,
    submit,
    suites,
    worker_routes,
)
from backend.api.context import AppContext
from backend.api.errors import BodyLimit, install_error_handlers
from backend.api.operations import install as install_ops
from backend.api.web_security import KernelscopeApp
from backend.queue.base import RunQueue
from backend.settings import Settings
from backend.store.quota import BlobQuota, MiB
from backend.store.repository import Store
from backend.worker.local_queue import LocalQueue, local_workers
from backend.worker.sandbox_policy import check_server as check_sandbox

log = logging.getLogger(__name__)
# JSON escaping can grow a snippet (quotes, newlines, non-ASCII): leave room before the
# raw body limit, so an oversized snippet gets the specific 413 from the route.
_BODY_HEADROOM = 6
SUITE_BODY_MAX_BYTES = 32 * 1024 * 1024  # a suite: many snippets in one body


def make_queue(settings: Settings, store: Store) -> RunQueue:
    """The queue backend this server runs with (`queue` setting: local or redis)."""
    if settings.queue == "redis":
        from backend.queue.redis_queue import RedisQueue  # redis and rq load only when used

        return RedisQueue(store, settings)
    return LocalQueue(store, local_workers(settings, store), settings.default_device_kind)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    pages.check_frontend()  # no blank pages: a server without its browser files does not start
    check_sandbox(settings)  # accounts on: strangers' code never runs unsandboxed by default
    store = Store.open(settings.data_dir)
    store.quota = BlobQuota(
        per_user_bytes=settings.max_stored_mib_per_user * MiB,
        instance_bytes=settings.max_stored_mib * MiB,
    )
    queue = make_queue(settings, store)  # local (threads here) or redis (remote workers)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        queue.start()
        operations.start()
        log.info("kernelscope %s: data in %s", __version__, settings.data_dir)
        try:
            yield
        finally:
            operations.stop()
            queue.stop()
            store.close()

    app = KernelscopeApp(  # security headers, HEAD as GET, slash redirects without Host
        title="Kernelscope",
        version=__version__,
        summary="What torch.compile did: kernels, memory traffic, eliminated round trips.",
        lifespan=lifespan,
        docs_url=None,  # served by pages.api_docs from our own Swagger UI build: no CDN
        redoc_url=None,
    )
    app.add_middleware(
        BodyLimit,
        max_bytes=settings.max_snippet_bytes * _BODY_HEADROOM + 64 * 1024,
        exempt_prefix=worker_routes.router.prefix + "/",  # results: traces, own limit
        larger={
            suites.router.prefix: max(
                settings.max_snippet_bytes * _BODY_HEADROOM, SUITE_BODY_MAX_BYTES
            )
        },
    )
    app.state.context = AppContext(settings, store, queue)
    install_error_handlers(app)
    auth.install(app, app.state.context)  # with auth=accounts: the gate in front of every route
    for router in (submit.router, runs.router, figures.router, compare.router):
        app.include_router(router)
    app.include_router(pages.examples_router)
    for router in (run_access.router, account_routes.router, account_routes.pages_router):
        app.include_router(router)
    for router in (queue_routes.router, worker_routes.router, suites.router):
        app.include_router(router)
    app.include_router(pages.router)
    pages.mount_static(app)
    operations = install_ops(app, settings, store)  # /healthz, /metrics, retention, log run ids

    return app
