"""One error shape for every failure the API returns:

    {"error": {"status": 404, "kind": "run_not_found", "message": "...", "field": null}}

`kind` is stable and machine-readable; `message` says what was wrong and how to fix it;
`field` names the request field at fault (422 only).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping
from typing import Any

import anyio
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from backend.limits import MAX_SIZE

log = logging.getLogger(__name__)
LARGE_BODY_BYTES = 2 * 1024 * 1024  # a run's body stays under it; a suite's may not
LARGE_BODIES_AT_ONCE = 2
LARGE_BODY_WAIT_S = 10.0


class ErrorBody(BaseModel):
    status: int
    kind: str = Field(description="machine-readable, e.g. run_not_found, snippet_too_large")
    message: str = Field(description="for a person: what was wrong and how to fix it")
    field: str | None = Field(default=None, description="request field at fault, e.g. body.sizes")
    line: int | None = Field(
        default=None, description="the snippet's line at fault (a syntax error); else absent"
    )
    column: int | None = Field(default=None, description="its column, counted from 1")


class ErrorResponse(BaseModel):
    error: ErrorBody


class ApiError(Exception):
    def __init__(
        self,
        status: int,
        kind: str,
        message: str,
        field: str | None = None,
        *,
        line: int | None = None,
        column: int | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.body = ErrorBody(
            status=status, kind=kind, message=message, field=field, line=line, column=column
        )
        self.headers = dict(headers or {})  # e.g. Retry-After on a 503


def not_found(what: str, ident: str) -> ApiError:
    return ApiError(404, f"{what}_not_found", f"No {what.replace('_', ' ')} {ident!r} exists.")


# Documented on every route so the OpenAPI schema shows the shape.
ERROR_RESPONSES: dict[int | str, dict[str, object]] = {
    code: {"model": ErrorResponse} for code in (404, 413, 422)
}

_KIND_BY_STATUS = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "request_too_large",
    415: "unsupported_media_type",
}


def install_error_handlers(app: FastAPI) -> None:
    app.add_exception_handler(ApiError, _api_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(Exception, _internal_error)


def error_response(body: ErrorBody) -> JSONResponse:
    """The four fields always; `line` and `column` only where a snippet's line is at fault."""
    absent = {name for name in ("line", "column") if getattr(body, name) is None}
    shape = ErrorResponse(error=body).model_dump(exclude={"error": absent})
    return JSONResponse(shape, status_code=body.status)


async def _api_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    response = error_response(exc.body)
    response.headers.update(exc.headers)
    return response


# Fields a person fills in on the New run page: their problems said in the page's words,
# not the validator's ("Input should be less than or equal to 1099511627776").
EMPTY_SNIPPET = (
    "The snippet is empty: write (or pick from Examples) code that defines fn and inputs(), "
    "or a Model class with get_inputs()."
)
SIZES_RULE = (
    f"Sizes must be whole numbers from 1 to 2^40 ({MAX_SIZE:,}: a tensor of more elements "
    "would not fit on any device even at one byte each), at least one, separated by "
    "commas: e.g. 1e4,1e6,1e8."
)
# (field, pydantic error type or None for any) -> what to say
_READABLE: dict[tuple[tuple[str, ...], str | None], str] = {
    (("body", "code"), "string_too_short"): EMPTY_SNIPPET,
    (("body", "code"), "string_type"): "code must be a string (the snippet's text), "
    'e.g. {"code": "import torch\\n..."}.',
    (("body", "sizes"), None): SIZES_RULE,
    (("body",), "model_attributes_type"): "The request body must be a JSON object, e.g. "
    '{"code": "..."}.',
}


async def _validation_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    first = exc.errors()[0] if exc.errors() else {}
    if first.get("type") == "json_invalid":
        return error_response(_invalid_json(first, exc.body))
    loc = tuple(str(part) for part in first.get("loc", ()))
    field = ".".join(loc) or None
    count = len(exc.errors())
    message = f"{field}: {first.get('msg', 'invalid value')}" if field else "invalid request"
    readable = _readable(loc, str(first.get("type")))
    if readable is not None:
        message = f"{field}: {readable}"
    if count > 1:
        message += f" (and {count - 1} more problem{'s' if count > 2 else ''})"
    return error_response(
        ErrorBody(status=422, kind="invalid_request", message=message, field=field)
    )


def _readable(loc: tuple[str, ...], kind: str) -> str | None:
    if kind == "missing":
        return None
    return _READABLE.get((loc[:2], kind)) or _READABLE.get((loc[:2], None))


def _invalid_json(error: Mapping[str, Any], document: object) -> ErrorBody:
    """FastAPI names the character offset as if it were a field ("body.14"): say where in
    the text the JSON broke, by line and column, and what the parser expected."""
    loc = error.get("loc", ())
    position = loc[-1] if loc and isinstance(loc[-1], int) else None
    why = str((error.get("ctx") or {}).get("error", "it cannot be parsed"))
    where = ""
    if position is not None and isinstance(document, str | bytes):
        text = document.decode(errors="replace") if isinstance(document, bytes) else document
        line = text.count("\n", 0, position) + 1
        column = position - (text.rfind("\n", 0, position) + 1) + 1
        where = f" at line {line}, column {column}"
    message = f"The request body is not valid JSON{where}: {why}. Send one JSON object."
    return ErrorBody(status=422, kind="invalid_request", message=message, field="body")


async def _http_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    kind = _KIND_BY_STATUS.get(exc.status_code, "http_error")
    return error_response(ErrorBody(status=exc.status_code, kind=kind, message=str(exc.detail)))


async def _internal_error(request: Request, exc: Exception) -> JSONResponse:
    log.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    message = "Kernelscope hit an internal error; the server log has details. Please report it."
    return error_response(ErrorBody(status=500, kind="internal_error", message=message))


class BodyLimit:
    """Refuse request bodies over `max_bytes` with the one error shape (413), before they
    are read into memory: by Content-Length up front, or by counting a chunked body.

    Bodies over `large_bytes` (a suite's, up to 32 MiB: about 90 MiB once parsed) also
    take one of `large_at_once` slots for the whole request, so parallel uploads cannot
    add up: one that finds none free within `wait_s` is a 503 with Retry-After."""

    def __init__(
        self,
        app: ASGIApp,
        max_bytes: int,
        exempt_prefix: str | None = None,
        larger: dict[str, int] | None = None,
        *,
        large_bytes: int = LARGE_BODY_BYTES,
        large_at_once: int = LARGE_BODIES_AT_ONCE,
        wait_s: float = LARGE_BODY_WAIT_S,
    ) -> None:
        self.app, self.max_bytes = app, max_bytes
        self.exempt_prefix = exempt_prefix  # routes that enforce their own, larger limit
        self.larger = larger or {}  # path -> its limit (a suite carries many snippets)
        self.large_bytes, self.wait_s = large_bytes, wait_s
        # A thread semaphore taken without blocking: it belongs to no event loop, and a
        # cancelled request can never leave it taken.
        self.large_slots = threading.BoundedSemaphore(large_at_once)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        exempt = self.exempt_prefix is not None and path.startswith(self.exempt_prefix)
        if scope["type"] != "http" or exempt:
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(path, self.max_bytes)
        declared = dict(scope["headers"]).get(b"content-length", b"0")
        size = int(declared) if declared.isdigit() else 0
        if size > limit:
            await error_response(_too_large(limit))(scope, receive, send)
            return
        holding = size > self.large_bytes and await self._take_large_slot()
        if size > self.large_bytes and not holding:
            await _busy_response()(scope, receive, send)
            return
        seen = 0

        async def counting_receive() -> Message:
            nonlocal seen, holding
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > limit:
                raise ApiError(413, "request_too_large", _too_large(limit).message)
            if seen > self.large_bytes and not holding:  # a chunked body grew large
                holding = await self._take_large_slot()
                if not holding:
                    raise _busy()
            return message

        try:
            await self.app(scope, counting_receive, send)
        finally:
            if holding:
                self.large_slots.release()

    async def _take_large_slot(self) -> bool:
        deadline = time.monotonic() + self.wait_s
        while not self.large_slots.acquire(blocking=False):
            if time.monotonic() >= deadline:
                return False
            await anyio.sleep(0.05)
        return True


_RETRY = {"Retry-After": "2"}


def _busy() -> ApiError:
    message = (
        "The server is reading other large requests (suites) right now. "
        f"Try again in {_RETRY['Retry-After']} seconds."
    )
    return ApiError(503, "server_busy", message, headers=_RETRY)


def _busy_response() -> JSONResponse:
    response = error_response(_busy().body)
    response.headers.update(_RETRY)
    return response


def _too_large(limit: int) -> ErrorBody:
    message = f"The request body is over {limit:,} bytes; send a smaller snippet."
    return ErrorBody(status=413, kind="request_too_large", message=message)
