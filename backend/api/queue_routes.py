"""Cancelling a run, the queues at a glance, and who may submit how much (admission).

`POST /api/runs/{id}/cancel`: a queued run ends `cancelled` at once (and leaves RQ); a
running one is flagged, its worker learns it on its next heartbeat (local workers at once)
and kills the snippet's process group, and the run ends `cancelled` within seconds.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from fastapi import APIRouter
from pydantic import BaseModel, Field

from backend.api.context import AppContext, Context
from backend.api.errors import ERROR_RESPONSES, ApiError, not_found
from backend.api.run_access import ChangeableRun
from backend.queue.base import DeviceKindRefused
from backend.store import jobs
from backend.store.jobs import QueueLoad
from backend.store.quota import QuotaExceeded
from backend.store.repository import RunNotFound

router = APIRouter(tags=["queue"], responses={**ERROR_RESPONSES, 409: ERROR_RESPONSES[404]})
_ADMISSION = threading.Lock()  # one process: count and insert as one step per submission


class Cancelled(BaseModel):
    id: str
    status: str = Field(description="cancelled, or running until the worker has stopped it")
    cancel_requested: bool
    message: str


@router.post("/api/runs/{run_id}/cancel", response_model=Cancelled)
def cancel_run(access: ChangeableRun, context: Context) -> Cancelled:
    """Stop a queued or running run (its author or an admin; anyone without accounts)."""
    try:
        outcome = context.queue.cancel(access.id)
    except RunNotFound:
        raise not_found("run", access.id) from None
    except jobs.Refused as exc:
        raise ApiError(409, "run_finished", str(exc)) from None
    if outcome.forced:
        message = f"Run {access.id} was cancelled now, without waiting for its worker."
    elif outcome.status == "cancelled":
        message = f"Run {access.id} was cancelled before it started."
    else:
        message = f"Run {access.id} is being stopped; it ends cancelled within seconds."
    return Cancelled(
        id=access.id,
        status=outcome.status,
        cancel_requested=outcome.cancel_requested,
        message=message,
    )


@router.get("/api/queue", response_model=list[QueueLoad])
def queue_loads(context: Context) -> list[QueueLoad]:
    """Each device kind: runs waiting, handed to workers' queue and running; live workers."""
    return sorted(context.queue.loads().values(), key=lambda load: load.device_kind)


@contextmanager
def admission(
    context: AppContext, owner_id: int | None, kind: str, count: int, *, suite: bool = False
) -> Iterator[None]:
    """Admit `count` new runs of `kind` for `owner_id`, or refuse with the reason; the runs
    are created inside the block, so two submissions cannot both slip under the limit.
    A suite's problems count against a limit of their own (a benchmark has hundreds).
    Runs made without accounts have no owner and no per-user limit. Refused too (403
    `storage_quota`) while the caller's or the server's stored files are at their limit."""
    try:
        context.queue.check_device_kind(kind)
    except DeviceKindRefused as exc:
        raise ApiError(422, "unknown_device_kind", str(exc), field="body.device_kind") from None
    try:
        context.store.storage_room(owner_id)
    except QuotaExceeded as exc:
        raise ApiError(403, "storage_quota", str(exc)) from None
    settings = context.settings
    limit = settings.max_suite_problems if suite else settings.max_queued_per_user
    with _ADMISSION:
        waiting = 0
        if owner_id is not None:
            waiting = jobs.queued_count(context.store, owner_id, in_suites=suite)
        if waiting + count > limit:
            what, setting = (
                ("suite problems", "KERNELSCOPE_MAX_SUITE_PROBLEMS")
                if suite
                else ("runs", "KERNELSCOPE_MAX_QUEUED_PER_USER")
            )
            raise ApiError(
                429,
                "queue_limit",
                f"You have {waiting} {what} waiting and asked for {count} more; the limit is "
                f"{limit} queued {what} per user (setting {setting}). Wait "
                "for some to start, or cancel some.",
            )
        yield
