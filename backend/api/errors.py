"""One error shape for every failure the API returns:

    {"error": {"status": 404, "kind": "run_not_found", "message": "...", "field": null}}

`kind` is stable and machine-readable; `message` says what was wrong and how to fix it;
`field` names the request field at fault (422 only).
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger(__name__)


class ErrorBody(BaseModel):
    status: int
    kind: str = Field(description="machine-readable, e.g. run_not_found, snippet_too_large")
    message: str = Field(description="for a person: what was wrong and how to fix it")
    field: str | None = Field(default=None, description="request field at fault, e.g. body.sizes")


class ErrorResponse(BaseModel):
    error: ErrorBody


class ApiError(Exception):
    def __init__(self, status: int, kind: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.body = ErrorBody(status=status, kind=kind, message=message, field=field)


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
    return JSONResponse(ErrorResponse(error=body).model_dump(), status_code=body.status)


async def _api_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    return error_response(exc.body)


# Fields a person fills in on the New run page: their problems said in the page's words,
# not the validator's ("Input should be less than or equal to 9007199254740992").
EMPTY_SNIPPET = (
    "The snippet is empty: write (or pick from Examples) code that defines fn and inputs(), "
    "or a Model class with get_inputs()."
)
_READABLE: dict[tuple[str, ...], str] = {
    ("body", "code"): EMPTY_SNIPPET,
    ("body", "sizes"): "Sizes must be whole numbers from 1 to 2^53 (9,007,199,254,740,992), "
    "at least one, separated by commas: e.g. 1e4,1e6,1e8.",
}


async def _validation_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    first = exc.errors()[0] if exc.errors() else {}
    loc = tuple(str(part) for part in first.get("loc", ()))
    field = ".".join(loc) or None
    count = len(exc.errors())
    message = f"{field}: {first.get('msg', 'invalid value')}" if field else "invalid request"
    readable = _READABLE.get(loc[:2]) if first.get("type") != "missing" else None
    if readable is not None:
        message = f"{field}: {readable}"
    if count > 1:
        message += f" (and {count - 1} more problem{'s' if count > 2 else ''})"
    return error_response(
        ErrorBody(status=422, kind="invalid_request", message=message, field=field)
    )


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
    are read into memory: by Content-Length up front, or by counting a chunked body."""

    def __init__(
        self,
        app: ASGIApp,
        max_bytes: int,
        exempt_prefix: str | None = None,
        larger: dict[str, int] | None = None,
    ) -> None:
        self.app, self.max_bytes = app, max_bytes
        self.exempt_prefix = exempt_prefix  # routes that enforce their own, larger limit
        self.larger = larger or {}  # path -> its limit (a suite carries many snippets)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        exempt = self.exempt_prefix is not None and path.startswith(self.exempt_prefix)
        if scope["type"] != "http" or exempt:
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(path, self.max_bytes)
        declared = dict(scope["headers"]).get(b"content-length", b"0")
        if declared.isdigit() and int(declared) > limit:
            await error_response(_too_large(limit))(scope, receive, send)
            return
        seen = 0

        async def counting_receive() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > limit:
                raise ApiError(413, "request_too_large", _too_large(limit).message)
            return message

        await self.app(scope, counting_receive, send)


def _too_large(limit: int) -> ErrorBody:
    message = f"The request body is over {limit:,} bytes; send a smaller snippet."
    return ErrorBody(status=413, kind="request_too_large", message=message)
