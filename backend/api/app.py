"""The FastAPI application: `create_app(settings)` wires the store, the local queue, the JSON
API and the pages. `kernelscope serve` runs it under uvicorn."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from backend import __version__
from backend.api import compare, figures, pages, runs
from backend.api.context import AppContext
from backend.api.errors import BodyLimit, install_error_handlers
from backend.queue.local import LocalQueue, WorkerSettings
from backend.settings import Settings
from backend.store.repository import Store

log = logging.getLogger(__name__)
# JSON escaping can grow a snippet (quotes, newlines, non-ASCII): leave room before the
# raw body limit, so an oversized snippet gets the specific 413 from the route.
_BODY_HEADROOM = 6


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    store = Store.open(settings.data_dir)
    queue = LocalQueue(
        store,
        settings.data_dir,
        WorkerSettings(settings.local_workers, settings.device, settings.run_timeout_s),
    )

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        queue.start()
        log.info("kernelscope %s: data in %s", __version__, settings.data_dir)
        try:
            yield
        finally:
            queue.stop()
            store.close()

    app = FastAPI(
        title="Kernelscope",
        version=__version__,
        summary="What torch.compile did: kernels, memory traffic, eliminated round trips.",
        lifespan=lifespan,
        docs_url=None,  # served by pages.api_docs from our own Swagger UI build: no CDN
        redoc_url=None,
    )
    app.add_middleware(BodyLimit, max_bytes=settings.max_snippet_bytes * _BODY_HEADROOM + 64 * 1024)
    app.state.context = AppContext(settings, store, queue)
    install_error_handlers(app)
    for router in (runs.router, figures.router, compare.router, pages.examples_router):
        app.include_router(router)
    app.include_router(pages.router)
    pages.mount_static(app)

    @app.get("/healthz", tags=["ops"])
    def healthz() -> dict[str, str]:
        return {"status": "ok", "version": __version__}

    return app
