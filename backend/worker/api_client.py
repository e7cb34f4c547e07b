"""The remote worker's HTTP client for the Kernelscope API: the few calls it makes, with
temporary failures (no answer, 5xx, 429) told apart from definitive refusals.

Standard library only (urllib); used by `backend.worker.remote` and `kernelscope worker`.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from backend.worker_protocol import (
    REPORT_CONTENT_TYPE,
    BeatReply,
    Heartbeat,
    StartedRun,
    StartRequest,
    WorkerIdentity,
)

HTTP_TIMEOUT_S = 30.0
REPORT_HTTP_TIMEOUT_S = 300.0  # a large run's traces take a while over a slow link
_RETRYABLE_HTTP = {408, 425, 429}  # plus every 5xx: the API may be restarting


class ApiUnreachable(Exception):
    """No answer, or a temporary one (5xx, 429): try again later."""


class ApiServerError(ApiUnreachable):
    """The API answered, with a server error (5xx): maybe a restart behind a proxy, maybe
    a bug that resending the same request meets every time, so retries of it are bounded."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class ApiRefused(Exception):
    """A definitive answer that is not success (409: not yours anymore, 422: malformed)."""

    def __init__(self, status: int, kind: str, message: str) -> None:
        super().__init__(f"{status} {kind}: {message}")
        self.status, self.kind = status, kind


class ApiClient:
    """The few calls a worker makes; standard library only (urllib)."""

    def __init__(self, base_url: str, token: str | None) -> None:
        self.base_url = base_url.rstrip("/")
        self.token = token

    def me(self) -> WorkerIdentity:
        """Who the API takes this worker to be: its token names it."""
        request = self._request("/api/worker/me", None, None, method="GET")
        return WorkerIdentity.model_validate(self._send(request, HTTP_TIMEOUT_S))

    def heartbeat(self, beat: Heartbeat) -> BeatReply:
        return BeatReply.model_validate(self._post_json("/api/worker/heartbeat", beat))

    def start(self, run_id: str, request: StartRequest) -> StartedRun:
        reply = self._post_json(f"/api/worker/runs/{run_id}/start", request)
        return StartedRun.model_validate(reply)

    def report(self, run_id: str, tar_path: Path, worker_id: str, attempt: int) -> dict[str, Any]:
        """Send a kept report; who sends it goes first, so the API can refuse a report
        it would not store without reading it."""
        query = urllib.parse.urlencode({"worker_id": worker_id, "attempt": attempt})
        path = f"/api/worker/runs/{run_id}/report?{query}"
        with tar_path.open("rb") as body:
            request = self._request(path, body, REPORT_CONTENT_TYPE)
            request.add_header("Content-Length", str(tar_path.stat().st_size))
            return self._send(request, REPORT_HTTP_TIMEOUT_S)

    def _post_json(self, path: str, body: BaseModel) -> dict[str, Any]:
        data = body.model_dump_json().encode()
        return self._send(self._request(path, data, "application/json"), HTTP_TIMEOUT_S)

    def _request(
        self, path: str, data: Any, content_type: str | None, method: str = "POST"
    ) -> urllib.request.Request:
        request = urllib.request.Request(self.base_url + path, data=data, method=method)
        if content_type is not None:
            request.add_header("Content-Type", content_type)
        request.add_header("Accept", "application/json")
        if self.token:
            request.add_header("Authorization", f"Bearer {self.token}")
        return request

    def _send(self, request: urllib.request.Request, timeout_s: float) -> dict[str, Any]:
        try:
            with urllib.request.urlopen(request, timeout=timeout_s) as response:
                reply: dict[str, Any] = json.loads(response.read() or b"{}")
                return reply
        except urllib.error.HTTPError as exc:
            if exc.code >= 500:
                raise ApiServerError(exc.code, f"HTTP {exc.code} from {request.full_url}") from None
            if exc.code in _RETRYABLE_HTTP:
                raise ApiUnreachable(f"HTTP {exc.code} from {request.full_url}") from None
            raise _refusal(exc) from None
        except (OSError, ValueError) as exc:  # URLError, refused, reset, timeout, bad JSON
            raise ApiUnreachable(f"{request.full_url}: {exc}") from None


def _refusal(exc: urllib.error.HTTPError) -> ApiRefused:
    try:
        error = json.loads(exc.read())["error"]
        return ApiRefused(exc.code, str(error["kind"]), str(error["message"]))
    except (ValueError, KeyError, TypeError, OSError):
        return ApiRefused(exc.code, "http_error", str(exc.reason))
