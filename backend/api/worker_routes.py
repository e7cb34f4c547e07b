"""/api/worker/*: what remote workers call (a worker-scope token, `Authorization: Bearer`).

The API stays the only writer of the database: workers claim runs, heartbeat and report
results here (the protocol is in `backend.worker_protocol`). With accounts on, the auth gate
admits only worker tokens here; with accounts off these routes are open like every other,
but a token that is sent must still be a valid worker token, so a misconfigured worker
fails at once instead of silently running without one.

Who the worker is comes from its token, never from the request: a worker token names one
worker, and a body naming another is refused (403 `not_this_worker`), as are claims and
reports for a run another worker holds (403 `run_held_by_another_worker`), and claims of a
run the API handed to another worker or that waits for another device kind (403
`run_not_handed_to_this_worker`). A report's sender and attempt travel in its query string
and are checked before its body is read. Only a worker that sends no token (accounts off,
where every route is open anyway) is who its body says.
"""

from __future__ import annotations

import logging
import tarfile
import tempfile
from typing import IO, Annotated, Any

from anyio import to_thread
from fastapi import APIRouter, Depends, Query, Request
from pydantic import ValidationError

from backend.api.auth import accounts_on, require_worker
from backend.api.context import AppContext, Context, get_context
from backend.api.errors import ERROR_RESPONSES, ApiError, not_found
from backend.result import FINISHED_STATUSES, ErrorInfo, RunResult
from backend.store import accounts, jobs
from backend.store.accounts import Principal
from backend.store.repository import ArtifactInput, RunNotFound, Store
from backend.worker.bundle import BundleLimits
from backend.worker_protocol import (
    REPORT_CONTENT_TYPE,
    REPORT_FILE,
    RESULT_FILE,
    ArtifactEntry,
    BeatReply,
    Heartbeat,
    Report,
    ReportReply,
    StartedRun,
    StartRequest,
    WorkerIdentity,
)

log = logging.getLogger(__name__)
DOCUMENT_BYTES = 64 * 1024**2  # report.json, result.json: parsed in memory
IN_MEMORY_BYTES = 8 * 1024**2  # larger reports are spooled to a temporary file
# A report's files are what its worker read from the run's bundle, so the bundle's limits
# bound them here too: an honest report always fits, and a token holder's costs the API
# no more than a real run's. Tests lower them.
REPORT_LIMITS = BundleLimits()
TAR_SLACK_BYTES = 16 * 1024**2  # tar headers and padding: 1 KiB at most per member


def max_report_bytes(limits: BundleLimits) -> int:
    """The whole report: both documents, the run's files, the tar around them."""
    return 2 * DOCUMENT_BYTES + limits.run_bytes + TAR_SLACK_BYTES


MAX_ATTEMPT = 2**31  # far past jobs.MAX_ATTEMPTS; a larger number is no attempt of ours


_WORKER_RESULT_STATUSES = frozenset(FINISHED_STATUSES) - {"cancelled"}


def worker_caller(request: Request) -> Principal | None:
    """The worker token's holder (accounts on: checked by the gate as well)."""
    principal = require_worker(request)
    if principal is not None or accounts_on(request):
        return principal
    header = request.headers.get("authorization")
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    found = accounts.verify_token(get_context(request).store, token.strip())
    if scheme.lower() != "bearer" or found is None:
        raise ApiError(401, "not_authenticated", "The worker token is unknown or revoked.")
    if found.scope != "worker":
        raise ApiError(403, "wrong_token_scope", "This route needs a worker token.")
    return found


CallerPrincipal = Annotated[Principal | None, Depends(worker_caller)]


def token_worker(principal: CallerPrincipal) -> str | None:
    """The worker the caller's token names; None only without a token (accounts off)."""
    if principal is None:
        return None
    if principal.worker_name is None:
        raise ApiError(
            403,
            "worker_token_unnamed",
            f"This worker token of {principal.name!r} names no worker (it was made before "
            "worker names existed). Give each worker a token of its own with `kernelscope "
            f"token create {principal.name} --worker-name NAME`, then revoke this one.",
        )
    return principal.worker_name


TokenWorker = Annotated[str | None, Depends(token_worker)]


def bound_kinds(principal: Principal | None) -> list[str] | None:
    """The device kinds the caller's token may serve (an admin binds them); None only
    without a token (accounts off). An unbound worker token serves none: the kinds a
    worker declares are its own say, and a stolen token must not pick the runs it gets."""
    if principal is None:
        return None
    if principal.device_kinds is None:
        raise ApiError(
            403,
            "worker_token_unbound",
            f"This worker token of {principal.name!r} is bound to no device kind, so it "
            "may not serve any. An admin binds it with `kernelscope token kinds "
            f"{principal.name} ID KINDS` (e.g. h100,cpu; the ID is in `kernelscope token "
            f"list {principal.name}`).",
        )
    return principal.device_kinds


def check_kind(principal: Principal | None, kind: str) -> None:
    """Refuse a heartbeat declaring a device kind the worker's token is not bound to."""
    kinds = bound_kinds(principal)
    if kinds is None or kind in kinds:
        return
    assert principal is not None
    raise ApiError(
        403,
        "device_kind_not_bound",
        f"This worker token may serve device kind(s) {', '.join(kinds)}, not {kind!r}. "
        f"Start the worker with --device-kind {kinds[0]}, or have an admin bind the token "
        f"to {kind!r} too: `kernelscope token kinds {principal.name} ID "
        f"{','.join([*kinds, kind])}`.",
    )


def acting_as(token_name: str | None, claimed: str) -> str:
    """The worker a request acts as: its token's. A body naming another worker is refused;
    the body names the worker only when no token was sent (accounts off)."""
    if token_name is None or claimed == token_name:
        return claimed
    raise ApiError(
        403,
        "not_this_worker",
        f"This worker token acts as worker {token_name!r}, but the request names "
        f"{claimed!r}. A worker token acts only as its own worker: run `kernelscope worker` "
        "with the token made for it (it takes its name from the token).",
    )


router = APIRouter(
    prefix="/api/worker",
    tags=["workers"],
    responses={**ERROR_RESPONSES, 403: ERROR_RESPONSES[404], 409: ERROR_RESPONSES[404]},
    dependencies=[Depends(token_worker)],
)


@router.get("/me", response_model=WorkerIdentity)
def me(principal: CallerPrincipal, worker: TokenWorker, request: Request) -> WorkerIdentity:
    """Who the API takes this worker to be: `kernelscope worker` names itself from this."""
    user = principal.name if principal is not None else None
    kinds = principal.device_kinds if principal is not None else None
    return WorkerIdentity(
        worker=worker, user=user, accounts=accounts_on(request), device_kinds=kinds
    )


@router.post("/heartbeat", response_model=BeatReply)
def heartbeat(
    body: Heartbeat, principal: CallerPrincipal, worker: TokenWorker, context: Context
) -> BeatReply:
    """A worker is alive and holds these runs (steps update progress); the reply names
    runs to cancel and runs that are no longer this worker's (another worker's runs are
    answered the same way, and their leases are left alone). 403 for a device kind its
    token is not bound to: nothing of it is recorded."""
    acting_as(worker, body.worker.id)
    check_kind(principal, body.worker.device_kind)
    reply = jobs.heartbeat(context.store, body.worker, body.runs)
    if not body.runs:
        context.queue.notify()  # an idle worker: hand it a run now
    return reply


@router.post("/runs/{run_id}/start", response_model=StartedRun)
def start(
    run_id: str,
    body: StartRequest,
    principal: CallerPrincipal,
    worker: TokenWorker,
    context: Context,
) -> StartedRun:
    """Claim the run that RQ job `job_id` names; 403 unless it was handed to this worker
    and waits for its device kind (one its token is bound to), or when another worker
    holds it; 409 unless it still waits for that job (cancelled meanwhile, already
    claimed, or handed over again)."""
    worker_id = acting_as(worker, body.worker_id)
    kinds = bound_kinds(principal)
    timeout_s = context.settings.run_timeout_s
    try:
        started = jobs.start_run(context.store, run_id, body.job_id, worker_id, timeout_s, kinds)
    except RunNotFound:
        raise not_found("run", run_id) from None
    except jobs.HeldByAnother as exc:
        raise _held_by_another(exc) from None
    except jobs.NotHandedToYou as exc:
        raise ApiError(403, "run_not_handed_to_this_worker", str(exc)) from None
    except jobs.Refused as exc:
        raise ApiError(409, "run_not_startable", str(exc)) from None
    context.queue.notify()  # a job left RQ: top the queue up
    return started


@router.post(
    "/runs/{run_id}/report",
    response_model=ReportReply,
    openapi_extra={
        "requestBody": {
            "required": True,
            "description": "a tar: report.json, result.json and the artifacts it lists",
            "content": {REPORT_CONTENT_TYPE: {"schema": {"type": "string", "format": "binary"}}},
        }
    },
)
async def report(
    run_id: str,
    request: Request,
    worker: TokenWorker,
    context: Context,
    worker_id: Annotated[str, Query(min_length=1, max_length=200)],
    attempt: Annotated[int, Query(ge=1, le=MAX_ATTEMPT)],
) -> ReportReply:
    """Store how the run ended (once: a repeated or stale report is refused with 409, a
    report for a run another worker holds with 403). `worker_id` and `attempt` say who
    sends it, and are checked before the body is read: a report that could not be stored
    costs nothing to refuse, whatever its size."""
    holder = (acting_as(worker, worker_id), attempt)
    _check_holder(context, run_id, holder)
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > max_report_bytes(REPORT_LIMITS):
        raise _report_too_large()
    body = await _read_body(request)
    try:
        reply: ReportReply = await to_thread.run_sync(_ingest, context, run_id, holder, body)
    finally:
        body.close()
    context.queue.notify()  # a worker is free
    return reply


async def _read_body(request: Request) -> IO[bytes]:
    body = tempfile.SpooledTemporaryFile(max_size=IN_MEMORY_BYTES)  # noqa: SIM115
    size, limit = 0, max_report_bytes(REPORT_LIMITS)
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:  # a body that lied about its length, or sent none
            body.close()
            raise _report_too_large()
        body.write(chunk)
    body.seek(0)
    return body


def _report_too_large(why: str | None = None) -> ApiError:
    limits = REPORT_LIMITS
    limit = max_report_bytes(limits) // 1024**2
    message = why or f"A report may be at most {limit:,} MiB."
    return ApiError(
        413,
        "report_too_large",
        f"{message} A run's files are bounded as its bundle is (each trace "
        f"{limits.trace_mb} MiB, each generated-code file {limits.code_mb} MiB, "
        f"{limits.run_mb} MiB in all), so a worker's honest report always fits. Nothing "
        "of it was stored.",
    )


def _check_holder(context: AppContext, run_id: str, holder: tuple[str, int]) -> None:
    try:
        jobs.check_holder(context.store, run_id, holder)
    except RunNotFound:
        raise not_found("run", run_id) from None
    except jobs.HeldByAnother as exc:
        raise _held_by_another(exc) from None
    except jobs.Refused as exc:
        raise ApiError(409, "report_refused", str(exc)) from None


def _ingest(
    context: AppContext, run_id: str, sender: tuple[str, int], body: IO[bytes]
) -> ReportReply:
    store = context.store
    try:
        _store_report(store, run_id, sender, body)
    except (tarfile.TarError, ValidationError, ValueError, OverflowError) as exc:
        # ValueError and OverflowError: a report that the models let through but SQLite
        # cannot hold is refused as well, never a 500 the worker would resend forever
        raise _refused_for_good(store, run_id, sender, exc) from None
    except RunNotFound:
        raise not_found("run", run_id) from None
    except jobs.HeldByAnother as exc:
        raise _held_by_another(exc) from None
    except jobs.Refused as exc:
        raise ApiError(409, "report_refused", str(exc)) from None
    state = store.run_state(run_id)
    status = state.status if state is not None else "cancelled"
    return ReportReply(stored=True, status=status, message=f"Run {run_id} is {status}.")


def _artifacts(
    tar: tarfile.TarFile, entries: list[ArtifactEntry], limits: BundleLimits
) -> list[ArtifactInput]:
    """The report's files, each checked against its bundle limit, and all against the
    run's, by their tar headers before any is read (tarfile reads a member's header size,
    never more): a file too large costs nothing but its refusal."""
    total = 0
    for entry in entries:
        size, limit = _regular(tar, entry.member).size, _file_limit(entry.kind, limits)
        total += size
        if size > limit:
            raise _report_too_large(
                f"Its file {entry.name!r} is {_mib(size)}; at most {_mib(limit)}."
            )
        if total > limits.run_bytes:
            raise _report_too_large(f"Its files hold more than {limits.run_mb} MiB in all.")
    return [(a.kind, a.name, _member(tar, a.member), a.content_type) for a in entries]


def _file_limit(kind: str, limits: BundleLimits) -> int:
    """Traces (`*_trace`, gzip, at most their inflated limit), else generated code."""
    return (limits.trace_mb if kind.endswith("_trace") else limits.code_mb) * 1024**2


def _mib(size: int) -> str:
    return f"{size / 1024**2:,.1f} MiB"


def _store_report(store: Store, run_id: str, sender: tuple[str, int], body: IO[bytes]) -> None:
    with tarfile.open(fileobj=body, mode="r:") as tar:
        report = Report.model_validate_json(_member(tar, REPORT_FILE, DOCUMENT_BYTES))
        holder = (report.worker_id, report.attempt)
        if holder != sender:
            raise ValueError(
                f"report.json says worker {holder[0]!r}, attempt {holder[1]}, but the "
                f"request was sent as worker {sender[0]!r}, attempt {sender[1]}"
            )
        if report.kind == "cancelled":
            jobs.finish_cancelled(store, run_id, holder, report.step)
            return
        document = _member(tar, RESULT_FILE, DOCUMENT_BYTES)
        result = _worker_result(store, run_id, document, holder[0])
        artifacts = _artifacts(tar, report.artifacts, REPORT_LIMITS)
        jobs.save_report(store, run_id, holder, result, artifacts)


def _refused_for_good(
    store: Store, run_id: str, sender: tuple[str, int], exc: Exception
) -> ApiError:
    """A report the API cannot store ends its run failed, saying what was wrong; the 422
    tells the worker to drop it (resending the same bytes cannot change the answer)."""
    what = _what_was_wrong(exc)
    log.warning("run %s: report from %s refused for good: %s", run_id, sender[0], what)
    message = (
        f"The worker's report of this run could not be stored, so nothing of its result was "
        f"kept: {what}. If the snippet writes into Kernelscope's own files (its bundle "
        "directory), it must not: a run reports what it measured. Otherwise this is a bug "
        "in Kernelscope (the server log has the details)."
    )
    try:
        jobs.refuse_report(store, run_id, sender, ErrorInfo(kind="invalid_report", message=message))
        ended = f"Run {run_id} is failed with this error."
    except (RunNotFound, jobs.HeldByAnother, jobs.Refused) as gone:
        ended = f"The run was left as it is ({gone})."
    return ApiError(
        422,
        "invalid_report",
        f"The report was refused for good and will never be stored: {what}. {ended} "
        "Drop it; sending it again gets the same answer.",
    )


def _what_was_wrong(exc: Exception) -> str:
    """The first problem, with where it is: a ValidationError's first line names only the
    model ("1 validation error for RunResult")."""
    if isinstance(exc, ValidationError):
        first = exc.errors(include_url=False, include_input=False)[0]
        where = ".".join(str(part) for part in first["loc"]) or "the document"
        more = exc.error_count() - 1
        also = f" (and {more:,} more problem{'s' if more > 1 else ''})" if more else ""
        document = {"Report": REPORT_FILE, "RunResult": RESULT_FILE}.get(exc.title, exc.title)
        return f"{document}: {where}: {first['msg']}{also}"[:600]
    if isinstance(exc, tarfile.TarError):
        return f"the report is not a readable tar file ({exc})"
    if isinstance(exc, OverflowError):
        return f"a number does not fit the database's 64-bit integers ({exc})"
    return _brief(exc)


def _held_by_another(exc: jobs.HeldByAnother) -> ApiError:
    return ApiError(403, "run_held_by_another_worker", str(exc))


def _regular(tar: tarfile.TarFile, name: str) -> tarfile.TarInfo:
    try:
        member = tar.getmember(name)
    except KeyError:
        raise ValueError(f"the tar has no {name}") from None
    if not member.isfile():
        raise ValueError(f"{name} is not a regular file")
    return member


def _member(tar: tarfile.TarFile, name: str, limit: int | None = None) -> bytes:
    """A regular file of the report, read into memory (nothing is extracted to disk)."""
    member = _regular(tar, name)
    if limit is not None and member.size > limit:
        raise ValueError(f"{name} is {member.size:,} bytes; at most {limit:,} are read")
    stream = tar.extractfile(member) if member.isfile() else None
    if stream is None:
        raise ValueError(f"{name} is not a regular file")
    return stream.read()


def _worker_result(store: Store, run_id: str, data: bytes, worker: str) -> RunResult:
    """The worker's document, with the identity of the run as this server knows it, and
    the worker it ran on as the token says (not as the document does)."""
    result = RunResult.model_validate_json(data)
    if result.status not in _WORKER_RESULT_STATUSES:
        raise ValueError(f"a result cannot have status {result.status!r}")
    stored = store.load_result(run_id)
    if stored is None:
        raise RunNotFound(run_id)
    identity: dict[str, Any] = {
        name: getattr(stored, name)
        for name in ("id", "created_at", "title", "code_sha256", "size", "sweep_id")
    }
    if result.device is not None:
        identity["device"] = result.device.model_copy(update={"worker": worker})
    return result.model_copy(update=identity)


def _brief(exc: Exception) -> str:
    return str(exc).splitlines()[0][:300]
