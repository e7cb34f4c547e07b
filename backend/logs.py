"""Logging for `kernelscope serve` and workers: readable text, or one JSON object per line
(`log_format=json`) for a log pipeline. Either way a record names the run it is about.

The run id comes from `extra={"run_id": ...}` when a call passes it, else from the
`current_run_id` context variable, which is set around the code that executes a run
(`run_context`) and, for HTTP requests about one run, by `RunIdFromPath`.
"""

from __future__ import annotations

import json
import logging
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Literal, TextIO

from starlette.types import ASGIApp, Receive, Scope, Send

from backend.store.ids import is_run_id

LogFormat = Literal["text", "json"]
current_run_id: ContextVar[str | None] = ContextVar("kernelscope_run_id", default=None)
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s%(run_label)s: %(message)s"
# uvicorn logs through these; they must reach our handler rather than their own.
UVICORN_LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access")
# uvicorn.access formats '%s - "%s %s HTTP/%s" %d' with these arguments.
_ACCESS_FIELDS = ("client", "method", "path", "http_version", "status")
# /api/runs/{id}/..., and any other route about one run (e.g. a worker reporting it).
_RUN_PATH = re.compile(r"/runs/([^/]+)")
# Attributes every LogRecord has: anything else on a record came from `extra=`.
_STANDARD_ATTRIBUTES = frozenset(vars(logging.makeLogRecord({}))) | {"message", "asctime"}
_HANDLER_MARK = "_kernelscope_handler"


@contextmanager
def run_context(run_id: str) -> Iterator[None]:
    """Every record logged inside (this thread or task) names `run_id`."""
    token = current_run_id.set(run_id)
    try:
        yield
    finally:
        current_run_id.reset(token)


class RunIdFilter(logging.Filter):
    """Give every record a `run_id` (None when no run is known) and a text label for it."""

    def filter(self, record: logging.LogRecord) -> bool:
        run_id = getattr(record, "run_id", None) or current_run_id.get()
        record.run_id = run_id
        record.run_label = f" [run {run_id}]" if run_id else ""
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, run_id and any extras."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "run_id": getattr(record, "run_id", None),
        }
        entry |= _access_fields(record) | _extras(record)
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str, ensure_ascii=False)


def _access_fields(record: logging.LogRecord) -> dict[str, object]:
    """uvicorn's access line as fields, so a log pipeline need not parse the message."""
    args = record.args
    if record.name != "uvicorn.access" or not isinstance(args, tuple) or len(args) != 5:
        return {}
    return dict(zip(_ACCESS_FIELDS, args, strict=True))


def _extras(record: logging.LogRecord) -> dict[str, object]:
    skip = _STANDARD_ATTRIBUTES | {"run_id", "run_label", "color_message"}
    return {key: value for key, value in vars(record).items() if key not in skip}


def make_handler(log_format: LogFormat, stream: TextIO | None = None) -> logging.Handler:
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.addFilter(RunIdFilter())
    formatter = JsonFormatter() if log_format == "json" else logging.Formatter(TEXT_FORMAT)
    handler.setFormatter(formatter)
    setattr(handler, _HANDLER_MARK, True)
    return handler


def setup_logging(
    log_format: LogFormat, level: int = logging.INFO, stream: TextIO | None = None
) -> None:
    """Send every log record, uvicorn's access log included, through one handler on the
    root logger. Calling it again replaces the handler it installed before."""
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, _HANDLER_MARK, False)]:
        root.removeHandler(old)
    root.addHandler(make_handler(log_format, stream))
    root.setLevel(level)
    for name in UVICORN_LOGGERS:
        uvicorn_logger = logging.getLogger(name)
        uvicorn_logger.handlers.clear()
        uvicorn_logger.propagate = True


class RunIdFromPath:
    """ASGI middleware: a request about one run (/api/runs/{id}/...) logs with its id, the access
    log line included (uvicorn writes it while the response starts, in this context)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        match = _RUN_PATH.search(scope.get("path", "")) if scope["type"] == "http" else None
        if match is None or not is_run_id(match.group(1)):  # e.g. /api/runs/devices
            await self.app(scope, receive, send)
            return
        with run_context(match.group(1)):
            await self.app(scope, receive, send)
