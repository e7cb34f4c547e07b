"""/healthz (liveness and readiness) and /metrics (Prometheus text format)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from fastapi import APIRouter, Request, Response
from fastapi.params import Depends as DependsParam
from prometheus_client import CONTENT_TYPE_LATEST
from pydantic import BaseModel, Field

from backend import __version__
from backend.api.errors import ApiError, ErrorResponse
from backend.ops.health import NotReady, readiness
from backend.ops.metrics import OpsMetrics


class Health(BaseModel):
    status: Literal["ok"]
    version: str
    checks: dict[str, str] = Field(
        description="database: ok; queue: ok (Redis answered) or local (the job table)"
    )


def ops_router(metrics: OpsMetrics, metrics_auth: Sequence[DependsParam] = ()) -> APIRouter:
    """The routes; `metrics_auth` guards /metrics when accounts are on (health stays open:
    load balancers and orchestrators probe it without credentials)."""
    router = APIRouter(tags=["ops"])

    @router.get(
        "/healthz",
        response_model=Health,
        responses={503: {"model": ErrorResponse, "description": "a dependency is unreachable"}},
    )
    def healthz(request: Request) -> Health:
        """Liveness and readiness: 200 when the database (and Redis, with queue=redis) answer."""
        context = request.app.state.context
        try:
            checks = readiness(context.store, context.settings)
        except NotReady as exc:
            raise ApiError(503, "not_ready", f"Kernelscope is not ready: {exc}.") from None
        return Health(status="ok", version=__version__, checks=checks)

    @router.get(
        "/metrics",
        dependencies=list(metrics_auth),
        response_class=Response,
        responses={200: {"content": {CONTENT_TYPE_LATEST: {}}, "description": "metrics"}},
    )
    def prometheus_metrics() -> Response:
        """Prometheus text format: queue depth per device kind, runs by status, run
        durations, live workers."""
        return Response(metrics.exposition(), media_type=CONTENT_TYPE_LATEST)

    return router
