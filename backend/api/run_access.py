"""Who may read or change a run, for the routes; and the author's own routes on a run:
PATCH (title, visibility) and DELETE.

A run the caller may not read answers 404, exactly like a run that does not exist, so
ids of private runs cannot be probed. A run the caller may read but not change answers 403.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from backend.api.auth import Reader, current_viewer
from backend.api.context import Context, get_context
from backend.api.errors import ERROR_RESPONSES, ApiError, not_found
from backend.store.ownership import RunAccess, delete_unless_running, run_access, update_run
from backend.store.visibility import Visibility

router = APIRouter(prefix="/api/runs", tags=["runs"], responses=ERROR_RESPONSES)
CompareId = Annotated[str, Query(min_length=1, max_length=64)]


def readable_run(run_id: str, request: Request) -> RunAccess:
    """The run's author and visibility, when the caller may read it; else 404."""
    access = run_access(get_context(request).store, run_id)
    if access is None or not current_viewer(request).may_read(access.owner_id, access.visibility):
        raise not_found("run", run_id)
    return access


def readable_pair(a: CompareId, b: CompareId, request: Request) -> None:
    """Both runs of a comparison must be readable."""
    readable_run(a, request)
    readable_run(b, request)


def changeable_run(
    access: Annotated[RunAccess, Depends(readable_run)], viewer: Reader
) -> RunAccess:
    """A run the caller may change (title, visibility, delete, cancel): the author's, or
    any for an admin. Readable but someone else's: 403."""
    if not viewer.may_change(access.owner_id):
        owner = access.owner or "nobody (made without accounts)"
        raise ApiError(
            403,
            "not_run_author",
            f"Run {access.id} belongs to {owner}: only its author or an admin may change it.",
        )
    return access


ReadableRun = Annotated[RunAccess, Depends(readable_run)]
ChangeableRun = Annotated[RunAccess, Depends(changeable_run)]
READ_RUN = Depends(readable_run)  # for `dependencies=[...]` where the route needs no value
READ_PAIR = Depends(readable_pair)


class RunUpdate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: str | None = Field(default=None, max_length=200, description="null or '' clears it")
    visibility: Visibility | None = Field(
        default=None, description="private, team or public; applies to the whole sweep"
    )


class RunOwnership(BaseModel):
    id: str
    title: str | None
    owner: str | None = Field(description="the author's user name (null: made without accounts)")
    visibility: Visibility


@router.patch("/{run_id}", response_model=RunOwnership)
def update(body: RunUpdate, access: ChangeableRun, context: Context) -> RunOwnership:
    """Change a run's title and/or visibility (author or admin). Visibility is shared by
    every run of a sweep: it is one submission."""
    if not body.model_fields_set:
        raise ApiError(422, "invalid_request", "body: give title and/or visibility to change")
    title = (body.title or "").strip() or None
    set_title = "title" in body.model_fields_set
    update_run(context.store, access, set_title=set_title, title=title, visibility=body.visibility)
    context.results.forget(access.id)  # a finished result is cached with its title
    changed = run_access(context.store, access.id)
    if changed is None:  # deleted meanwhile
        raise not_found("run", access.id)
    return RunOwnership.model_validate(changed.model_dump())


@router.delete("/{run_id}", status_code=204, response_class=Response)
def delete(access: ChangeableRun, context: Context) -> Response:
    """Delete a run and everything stored with it (author or admin). A running run must
    be cancelled (or finish) first."""
    if not delete_unless_running(context.store, access.id):
        if run_access(context.store, access.id) is None:
            raise not_found("run", access.id)
        raise ApiError(
            409,
            "run_running",
            f"Run {access.id} is running: cancel it or wait for it to finish, then delete it.",
        )
    context.results.forget(access.id)
    return Response(status_code=204)
