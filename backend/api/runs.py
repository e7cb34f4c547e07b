"""/api/runs: read, list, follow and download runs (submitting them: `backend.api.submit`).
Thin: parse, call the store."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime
from typing import Annotated

from anyio import to_thread
from fastapi import APIRouter, Depends, Path, Query, Request, Response
from fastapi.sse import EventSourceResponse, ServerSentEvent
from pydantic import BaseModel, Field

from backend.analysis.kept_groups import kept_groups
from backend.analysis.kernel_source import kernel_source
from backend.analysis.module_tree import module_ledger
from backend.api.auth import Caller, Reader, current_viewer, fresh_viewer
from backend.api.client_address import client_address
from backend.api.conditional import NOT_MODIFIED, Tagged, conditional, uncached
from backend.api.context import (
    AppContext,
    Context,
    get_context,
    head_of_run,
    head_with_kernels,
    result_of,
    result_with_kernels,
)
from backend.api.errors import ERROR_RESPONSES, not_found
from backend.api.run_access import READ_RUN, ReadableRun, readable_run
from backend.api.run_timing import inflations, speedup_against_no_change, with_verdicts
from backend.api.schemas import (
    KernelSource,
    Links,
    Progress,
    RunDocument,
    RunExport,
    RunExtras,
    RunPage,
)
from backend.api.submit import permalink
from backend.exports import kernels_csv
from backend.figures import NAMED, saved_versus_moved, summary_sentences
from backend.result import (
    FINISHED_STATUSES,
    RunStatus,
    VariantName,
    run_steps,
)
from backend.result.modules import ModuleLedger
from backend.run_head import RunHead
from backend.store.ownership import RunAccess, run_access
from backend.store.repository import KernelPage, RoundTripPage, RunNotFound, RunState, Store
from backend.store.round_trips import Fate
from backend.store.suites import suite_of
from backend.store.visibility import Viewer

router = APIRouter(prefix="/api/runs", tags=["runs"], responses=ERROR_RESPONSES)
EVENT_POLL_S = 0.25  # how often the event stream looks at the run row
ACCESS_RECHECK_S = 1.0  # and at whether its reader may still read the run, at least
TRACE_DOWNLOADS = {"eager_trace.json.gz": "eager_trace", "compiled_trace.json.gz": "compiled_trace"}
DOCUMENT_TTL_S = 5.0  # a finished document is served from memory this long per reader
MAX_KERNEL_PAGE = 5_000  # kernels (or round trips) in one page
MAX_OFFSET = 1_000_000_000  # far past any run, and within SQLite's integers


@router.get("", response_model=RunPage)
def list_runs(
    context: Context,
    viewer: Reader,
    status: RunStatus | None = None,
    device: Annotated[str | None, Query(max_length=200)] = None,
    q: Annotated[str | None, Query(max_length=200, description="text in title or code")] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    before: Annotated[str | None, Query(description="next_before of the previous page")] = None,
    suites: Annotated[bool, Query(description="only the problems of suites")] = False,
) -> RunPage:
    """History, newest first, with keyset paging (stays fast at any depth)."""
    try:
        runs = context.store.list_runs(
            limit=limit + 1,
            before=before,
            status=status,
            device=device,
            text=q,
            in_suite=suites,
            viewer=viewer,
        )
    except RunNotFound:
        raise not_found("run", before or "") from None
    has_more = len(runs) > limit
    runs = with_verdicts(context.store, runs[:limit])
    return RunPage(runs=runs, next_before=runs[-1].id if has_more else None)


@router.get("/devices", response_model=list[str])
def list_devices(context: Context, viewer: Reader) -> list[str]:
    """The device names of the runs you may see, for the history filter."""
    return context.store.device_names(viewer)


@router.get("/{run_id}", response_model=RunDocument, responses=NOT_MODIFIED)
async def get_run(run_id: str, request: Request, context: Context) -> Response:
    """The result document without kernel lists and round trips (paged from
    `links.kernels` and `links.round_trips`; `result.json` has them all); while queued or
    running, `progress` says where it is. Finished: conditional (ETag, If-None-Match)."""
    # The API's hottest path, answered on the event loop when the document is kept: who
    # may read the run is one indexed SQLite row (0.1 ms; in WAL a reader never waits for
    # the writer) and the document a dict lookup. A hop to a worker thread costs more than
    # both, and it made the tail: the thread waits for the busy loop to let go of the GIL
    # (p99 68 ms against 20 ms, 20 clients). Anything else is built in a worker thread.
    access, viewer = readable_run(run_id, request), current_viewer(request)
    tagged = context.results.kept(run_id, _document_key(access, viewer))
    if tagged is None:
        return await to_thread.run_sync(_read_run, run_id, request, context, access, viewer)
    return conditional(request, tagged)


def _document_key(access: RunAccess, viewer: Viewer) -> tuple[object, ...]:
    """What a reader is allowed and shown: documents are kept per reader."""
    return ("document", viewer, access.owner, access.visibility)


def _read_run(
    run_id: str, request: Request, context: AppContext, access: RunAccess, viewer: Viewer
) -> Response:
    head = head_of_run(context, run_id)
    if head.status not in FINISHED_STATUSES:
        return uncached(_json(_document(context, head, access, viewer)))
    # Only links (previous run) and the author's name can change without `forget`: kept a
    # few seconds.
    tagged = context.results.part(
        run_id,
        _document_key(access, viewer),
        lambda: Tagged.of(_json(_document(context, head, access, viewer))),
        ttl_s=DOCUMENT_TTL_S,
    )
    return conditional(request, tagged)


ModuleFilter = Annotated[
    str | None,
    Query(
        max_length=512,
        description="only those of this module and the modules inside it "
        "(`model.transformer.h.0`: its attn, mlp, ...)",
    ),
]


@router.get(
    "/{run_id}/kernels/{variant}",
    response_model=KernelPage,
    responses=NOT_MODIFIED,
    dependencies=[READ_RUN],
)
def list_kernels(
    run_id: str,
    variant: VariantName,
    request: Request,
    context: Context,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
    limit: Annotated[int, Query(ge=1, le=MAX_KERNEL_PAGE)] = 100,
    line: Annotated[
        int | None, Query(ge=1, le=MAX_OFFSET, description="only kernels from this snippet line")
    ] = None,
    module: ModuleFilter = None,
) -> Response:
    """One variant's kernels, each with its transfers, `limit` at a time from `offset` in
    launch order; `total` says how many there are (with `line` or `module`: how many
    came from it)."""
    head_with_kernels(context, run_id)
    page = context.store.kernel_page(run_id, variant, offset, limit, line, module)
    if page is None:
        raise not_found("variant", f"{run_id}/{variant}")
    return conditional(request, Tagged.of(_json(page)))  # a run with kernels is finished


@router.get(
    "/{run_id}/round-trips",
    response_model=RoundTripPage,
    responses=NOT_MODIFIED,
    dependencies=[READ_RUN],
)
def list_round_trips(
    run_id: str,
    request: Request,
    context: Context,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
    limit: Annotated[int, Query(ge=1, le=MAX_KERNEL_PAGE)] = 100,
    fate: Annotated[
        Fate | None,
        Query(description="only those eliminated, kept (still through memory) or unknown"),
    ] = None,
    module: ModuleFilter = None,
) -> Response:
    """The run's round trips (eager intermediates written and read back, and what compile
    did to each), `limit` at a time from `offset`, in the document's order. A kept one
    carries `why` it still goes through memory."""
    head = head_of_run(context, run_id)
    page = _json(context.store.round_trip_page(run_id, offset, limit, fate, module))
    return (
        conditional(request, Tagged.of(page))
        if head.status in FINISHED_STATUSES
        else uncached(page)
    )


MAX_KEPT_GROUPED = 20_000  # kept round trips read for the groups; a model keeps far fewer
MAX_UNFOLD = 64  # parent paths one request may unfold
UnfoldPath = Annotated[str, Field(max_length=512)]


@router.get(
    "/{run_id}/modules",
    response_model=ModuleLedger,
    responses=NOT_MODIFIED,
    dependencies=[READ_RUN],
)
def module_ledger_of_run(
    run_id: str,
    request: Request,
    context: Context,
    unfold: Annotated[
        list[UnfoldPath] | None,
        Query(
            max_length=MAX_UNFOLD,
            description="a parent's path (`model.transformer.h`) whose repeated children "
            "are listed one by one, not folded; repeat it for several; `*` for all",
        ),
    ] = None,
) -> Response:
    """The ledger by module: the snippet's module tree, each node with its eager and
    compiled kernels, bytes, kernel time and round trips (eliminated, kept, unknown, bytes
    saved), summed over its subtree; repeated blocks folded ("2 x GPT2Block")."""
    head = head_of_run(context, run_id)
    sums = context.store.module_sums(run_id)
    if sums is None:
        raise not_found("run", run_id)
    root = module_ledger(sums.modules, sums.kernels, sums.trips, unfold or ())
    root.name = head.entry_point or ""
    kept = context.store.round_trip_page(run_id, 0, MAX_KEPT_GROUPED, "kept")
    ledger = ModuleLedger(
        run_id=run_id,
        root=root,
        unfolded=sorted(set(unfold or ())),
        kept_groups=kept_groups(kept.round_trips),
        kept_total=kept.total,
    )
    body = _json(ledger)
    finished = head.status in FINISHED_STATUSES
    return conditional(request, Tagged.of(body)) if finished else uncached(body)


def _existing_run(run_id: str, _access: ReadableRun) -> str:
    """Checked before a stream starts: once it has, the status code can no longer change."""
    return run_id


def _stream_slot(request: Request, context: Context, caller: Caller) -> Iterator[None]:
    """A slot of the caller's stream cap (their address's when nobody is signed in), held
    while the stream is open (429 before it starts when it is full)."""
    user = caller.name if caller is not None else None
    address = client_address(request, context.settings.proxy_networks())
    with context.streams.held(user, address):
        yield


@router.get(
    "/{run_id}/events",
    response_class=EventSourceResponse,
    responses={200: {"description": "`progress` events, then one `finished` event"}},
)
async def run_events(
    run_id: Annotated[str, Depends(_existing_run)],
    request: Request,
    context: Context,
    _slot: Annotated[None, Depends(_stream_slot)],
) -> AsyncIterator[ServerSentEvent]:
    """Server-sent progress: an event whenever the status, step or queue position changes.
    The stream ends when the run is deleted or the caller may no longer read it."""
    last: tuple[object, ...] | None = None
    checked_at = time.monotonic()
    while True:
        progress = await to_thread.run_sync(_progress_now, context, run_id)
        if progress is None:  # deleted while followed
            return
        key = (progress.status, progress.step, progress.queue_position)
        finished = progress.status in FINISHED_STATUSES
        # Before every event, and every ACCESS_RECHECK_S: made private, or the reader's
        # session or token ended, since the stream was opened.
        if key != last or finished or time.monotonic() - checked_at >= ACCESS_RECHECK_S:
            if not await to_thread.run_sync(_still_readable, request, run_id):
                return
            checked_at = time.monotonic()
        if finished:
            yield ServerSentEvent(event="finished", data=progress)
            return
        if key != last:
            last = key
            yield ServerSentEvent(event="progress", data=progress)
        await asyncio.sleep(EVENT_POLL_S)


def _still_readable(request: Request, run_id: str) -> bool:
    access = run_access(get_context(request).store, run_id)
    return access is not None and fresh_viewer(request).may_read(access.owner_id, access.visibility)


@router.get(
    "/{run_id}/kernels/{variant}/{index}/source",
    response_model=KernelSource,
    dependencies=[READ_RUN],
)
def get_kernel_source(
    run_id: str,
    variant: VariantName,
    index: Annotated[int, Path(ge=0, le=MAX_OFFSET, description="position in launch order")],
    context: Context,
) -> KernelSource:
    """One kernel's original ATen ops and, for generated kernels, its generated code."""
    head_with_kernels(context, run_id)
    page = context.store.kernel_page(run_id, variant, index, 1)
    if page is None or not page.kernels:
        raise not_found("kernel", f"{variant}/{index}")
    kernel = page.kernels[0]
    return KernelSource(
        variant=variant,
        index=index,
        name=kernel.name,
        source_ops=kernel.source_ops,
        lines=kernel.lines,
        source=_generated_source(context.store, run_id, kernel.name, variant),
    )


def _generated_source(store: Store, run_id: str, kernel_name: str, variant: str) -> str | None:
    """The kernel's code from its own variant's generated files: two compile modes may
    name different kernels alike (output_code_N.py is the first mode's,
    output_code_<mode>_N.py a further mode's)."""
    further = variant.removeprefix("compiled:") if variant.startswith("compiled:") else None
    for artifact in store.list_artifacts(run_id):
        if artifact.kind != "output_code" or _code_mode(artifact.name) != further:
            continue
        data = store.artifact_bytes(run_id, artifact.kind, artifact.name)
        source = kernel_source((data or b"").decode(errors="replace"), kernel_name)
        if source is not None:
            return source
    return None


def _code_mode(name: str) -> str | None:
    """The further compile mode a generated-code file belongs to; None for the first's."""
    stem = name.removeprefix("output_code_").removesuffix(".py")
    mode, _, number = stem.rpartition("_")
    return mode if mode and number.isdigit() else None


def _trace_kind(name: str) -> str:
    """The artifact kind of a download name: a trace (a further mode's
    compiled_<mode>_trace.json.gz included) or generated code."""
    if name in TRACE_DOWNLOADS:
        return TRACE_DOWNLOADS[name]
    mode = name.removeprefix("compiled_").removesuffix("_trace.json.gz")
    if name.startswith("compiled_") and name.endswith("_trace.json.gz") and mode:
        return f"compiled:{mode}_trace"
    return "output_code"


@router.get(
    "/{run_id}/downloads/{name}",
    responses={200: {"description": "the file", "content": {"application/octet-stream": {}}}},
)
def download(
    run_id: str, name: str, context: Context, access: ReadableRun, viewer: Reader
) -> Response:
    """result.json, kernels.csv, eager_trace.json.gz, compiled_trace.json.gz (Chrome traces
    exactly as torch.profiler wrote them: Perfetto and HolisticTraceAnalysis read them),
    or output_code_N.py (Inductor's generated code)."""
    store = context.store
    if name == "result.json":
        return _attachment(_export(context, run_id, access, viewer), name, run_id)
    if name == "kernels.csv":
        return _attachment(
            kernels_csv(result_with_kernels(context, run_id)), name, run_id, "text/csv"
        )
    kind = _trace_kind(name)
    data = store.artifact_bytes(run_id, kind, name)
    if data is None:
        raise not_found("download", f"{run_id}/{name}")
    return _attachment(data, name, run_id, "application/gzip" if kind != "output_code" else None)


def _attachment(
    content: str | bytes, name: str, run_id: str, media_type: str | None = None
) -> Response:
    media_type = media_type or ("application/json" if name.endswith(".json") else "text/plain")
    disposition = f'attachment; filename="kernelscope-{run_id}-{name}"'
    return Response(content, media_type=media_type, headers={"Content-Disposition": disposition})


def _document(context: AppContext, head: RunHead, access: RunAccess, viewer: Viewer) -> RunDocument:
    store = context.store
    finished = head.status in FINISHED_STATUSES
    return RunDocument(
        **dict(head),  # the validated parts as they are: no dump and re-validation
        code=store.get_code(head.id) or "",
        summary=_summary(context, head) if finished else [],
        saved_versus_moved=_saved_versus_moved(context, head) if finished else None,
        kernel_time_inflation=inflations(head),
        speedup_verdict=speedup_against_no_change(head),
        progress=None if finished else _progress_now(context, head.id),
        links=_links(store, head, viewer),
        suite=suite_of(store, head.id),
        owner=access.owner,
        visibility=access.visibility,
    )


def _summary(context: AppContext, head: RunHead) -> list[str]:
    """The lesson in words, from the round trips' totals by fate (counted by SQLite: a
    large run's round trips are never loaded for it)."""
    eager, compiled = head.variants.get("eager"), head.variants.get("compiled")
    if eager is None or compiled is None:
        return []

    def sentences() -> list[str]:
        fates = context.store.round_trip_fates(head.id, NAMED)
        return summary_sentences(
            eager, compiled, head.totals, fates, head.device, head.compiled_modes
        )

    return context.results.part(head.id, "summary", sentences)


def _saved_versus_moved(context: AppContext, head: RunHead) -> str | None:
    eager, compiled = head.variants.get("eager"), head.variants.get("compiled")
    if eager is None or compiled is None:
        return None

    def sentence() -> str | None:
        fates = context.store.round_trip_fates(head.id, NAMED)
        return saved_versus_moved(eager, compiled, head.totals, fates)

    return context.results.part(head.id, "saved_versus_moved", sentence)


def _export(context: AppContext, run_id: str, access: RunAccess, viewer: Viewer) -> str:
    """result.json: the whole document with the run document's additions."""
    result = result_of(context, run_id)
    document = _document(context, head_of_run(context, run_id), access, viewer)
    extras = document.model_dump(include=set(RunExtras.model_fields))
    return RunExport.model_validate({**dict(result), **extras}).model_dump_json(indent=2)


def _json(model: BaseModel) -> bytes:
    return model.model_dump_json().encode()


def _links(store: Store, head: RunHead, viewer: Viewer) -> Links:
    base = f"/api/runs/{head.id}"
    names = ["result.json"]
    if head.variants:
        names.append("kernels.csv")
    names += [artifact.name for artifact in store.list_artifacts(head.id)]
    return Links(
        permalink=permalink(head.id),
        previous_run=store.previous_run(head.id, viewer),
        forked_from=store.parent_run(head.id, viewer),
        suite=suite.url if (suite := suite_of(store, head.id)) else None,
        downloads={name: f"{base}/downloads/{name}" for name in names},
        kernels={variant: f"{base}/kernels/{variant}" for variant in head.variants},
        round_trips=f"{base}/round-trips",
        modules=f"{base}/modules" if head.modules else None,
    )


def _progress_now(context: AppContext, run_id: str) -> Progress | None:
    state = context.store.run_state(run_id)
    if state is None:
        return None
    return Progress(
        status=state.status,
        step=state.progress_step,
        queue_position=context.queue.position(run_id) if state.status == "queued" else None,
        created_at=state.created_at,
        started_at=state.started_at,
        elapsed_s=_elapsed(state),
        steps=run_steps(state.compile_mode, state.measure),
    )


def _elapsed(state: RunState) -> float | None:
    if state.started_at is None:
        return None
    end = datetime.fromisoformat(state.finished_at) if state.finished_at else datetime.now(UTC)
    return round((end - datetime.fromisoformat(state.started_at)).total_seconds(), 2)
