"""POST /api/runs (and /api/runs/{id}/rerun): submitting runs. Every check a submission
can fail is made here, before anything is queued, with a message that names the field."""

from __future__ import annotations

from fastapi import APIRouter, Request

from backend.api.auth import Caller
from backend.api.context import AppContext, Context
from backend.api.errors import EMPTY_SNIPPET, ERROR_RESPONSES, ApiError, not_found
from backend.api.queue_routes import admission
from backend.api.run_access import ReadableRun, readable_run
from backend.api.schemas import TITLE_MAX_CHARS, RerunRequest, RunCreated, RunRequest
from backend.result import COMPILE_MODES, MAX_COMPILE_MODES
from backend.store.accounts import Principal
from backend.store.ids import new_run_id

router = APIRouter(prefix="/api/runs", tags=["runs"], responses=ERROR_RESPONSES)


def permalink(run_id: str) -> str:
    return f"/r/{run_id}"


@router.post("", status_code=202, response_model=RunCreated)
def submit_run(body: RunRequest, request: Request, context: Context, caller: Caller) -> RunCreated:
    """Queue a run (one per size for a sweep); answers at once with the permalink."""
    # Size before syntax: compile() of a 1.5 MB snippet took 0.8 GB of the API's memory.
    _check_snippet_size(body.code, context.settings.max_snippet_bytes)
    with context.snippet_checks.held():
        _check_code(body.code)
    sizes = _checked_sizes(body.sizes, context.settings.max_sweep_sizes)
    modes = _checked_modes(body)
    if body.forked_from is not None:
        _check_parent(body.forked_from, request)
    sweep_id = new_run_id() if body.sizes else None
    kind = body.device_kind or context.settings.default_device_kind
    return _queue(context, caller, body, sizes, sweep_id, kind, modes)


@router.post("/{run_id}/rerun", status_code=202, response_model=RunCreated)
def rerun(
    run_id: str, body: RerunRequest, context: Context, caller: Caller, access: ReadableRun
) -> RunCreated:
    """The run's snippet again, at its size, on its kind of device and as visible as it,
    in another compile mode: what "Try it" on a hint asks for. Open the comparison of the
    two runs (`/compare/{run_id}/{id}`) to see what the mode changed."""
    recipe = context.store.recipe(run_id)
    if recipe is None:
        raise not_found("run", run_id)
    suffix = f" · {body.compile_mode}"
    title = (recipe.title or f"Run {run_id}")[: TITLE_MAX_CHARS - len(suffix)] + suffix
    request = RunRequest(
        code=recipe.code,
        title=title,
        compile_mode=body.compile_mode,
        visibility=access.visibility,
        device_kind=recipe.device_kind,
        forked_from=run_id,
        measure=recipe.measure,  # type: ignore[arg-type]  # validated when first submitted
    )
    kind = recipe.device_kind
    return _queue(context, caller, request, [recipe.size], None, kind, body.compile_mode)


def _queue(
    context: AppContext,
    caller: Principal | None,
    body: RunRequest,
    sizes: list[int | None],
    sweep_id: str | None,
    kind: str,
    compile_modes: str,
) -> RunCreated:
    """Create the runs (one per size) under the caller's limits and wake the workers.
    `compile_modes`: one mode, or several joined by commas (the job's form)."""
    _check_snippet_size(body.code, context.settings.max_snippet_bytes)
    owner_id = caller.user_id if caller is not None else None
    with admission(context, owner_id, kind, len(sizes)):  # per-user limit, known device kind
        ids = [
            context.store.create_run(
                body.code,
                title=body.title,
                size=size,
                sweep_id=sweep_id,
                compile_mode=compile_modes,
                owner_id=owner_id,
                visibility=body.visibility,
                device_kind=kind,
                forked_from=body.forked_from,
                measure=body.measure,
            )
            for size in sizes
        ]
    context.queue.notify()
    return RunCreated(
        id=ids[0],
        url=permalink(ids[0]),
        ids=ids,
        sweep_id=sweep_id,
        queue_position=context.queue.position(ids[0]),
    )


def _check_code(code: str) -> None:
    """Whitespace alone, or code Python cannot parse, would wait in the queue for a check
    the harness makes in milliseconds: refused at once, with the line and column."""
    if not code.strip():
        raise ApiError(422, "invalid_request", f"body.code: {EMPTY_SNIPPET}", field="body.code")
    try:
        compile(code, "snippet.py", "exec", dont_inherit=True)  # parses; runs nothing
    except SyntaxError as exc:
        line, column = exc.lineno, exc.offset
        where = f"line {line}, column {column}" if line and column else f"line {line}"
        raise ApiError(
            422,
            "syntax_error",
            f"body.code: Syntax error on {where}: {exc.msg}. Fix the line and run again.",
            field="body.code",
            line=line,
            column=column,
        ) from None
    except (ValueError, RecursionError, MemoryError) as exc:  # NUL bytes; nesting too deep
        raise ApiError(
            422, "syntax_error", f"body.code: Python cannot read it: {exc}.", field="body.code"
        ) from None


def _check_parent(parent_id: str, request: Request) -> None:
    """A fork names a run its author can see; any other id is refused, never recorded."""
    try:
        readable_run(parent_id, request)
    except ApiError:
        raise ApiError(
            422,
            "invalid_request",
            f"body.forked_from: no run {parent_id!r} that you can see; leave it out to "
            "submit a new run that is no fork.",
            field="body.forked_from",
        ) from None


def _check_snippet_size(code: str, limit: int) -> None:
    size_bytes = len(code.encode())
    if size_bytes > limit:
        raise ApiError(
            413,
            "snippet_too_large",
            f"The snippet is {size_bytes:,} bytes; the limit is {limit:,} "
            "bytes (setting KERNELSCOPE_MAX_SNIPPET_BYTES). Trim it to the code that matters.",
            field="body.code",
        )


def _checked_modes(body: RunRequest) -> str:
    """The run's compile modes as the job carries them: one mode, or several joined by
    commas (the first is `variants.compiled`). Unknown, repeated or too many: 422."""
    if body.compile_modes is None:
        return body.compile_mode
    where = "body.compile_modes"

    def refused(message: str) -> ApiError:
        return ApiError(422, "invalid_request", f"{where}: {message}", field=where)

    if "compile_mode" in body.model_fields_set:
        raise refused("give compile_mode (one mode) or compile_modes (several), not both.")
    modes = body.compile_modes
    known = ", ".join(COMPILE_MODES)
    if not modes:
        raise refused(f"name at least one compile mode ({known}).")
    if len(modes) > MAX_COMPILE_MODES:
        raise refused(
            f"{len(modes)} modes given; a run compiles at most {MAX_COMPILE_MODES} side by side."
        )
    unknown = [mode for mode in modes if mode not in COMPILE_MODES]
    if unknown:
        raise refused(f"unknown compile mode {unknown[0]!r}; the modes are {known}.")
    repeated = [mode for position, mode in enumerate(modes) if mode in modes[:position]]
    if repeated:
        raise refused(f"{repeated[0]!r} is named twice; name each mode once.")
    return ",".join(modes)


def _checked_sizes(sizes: list[int] | None, limit: int) -> list[int | None]:
    if sizes is None:
        return [None]
    if len(sizes) > limit:
        raise ApiError(
            422,
            "invalid_request",
            f"body.sizes: {len(sizes)} sizes given; a sweep takes at most {limit} "
            "(setting KERNELSCOPE_MAX_SWEEP_SIZES).",
            field="body.sizes",
        )
    return list(dict.fromkeys(sorted(sizes)))  # smallest first, duplicates dropped
