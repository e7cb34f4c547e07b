"""`kernelscope run DIR --server URL`: the two calls it makes to a server's API.

Standard library only (urllib), like the worker's client: submit a suite, read it back.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

from backend.suites.table import SuiteProblem

HTTP_TIMEOUT_S = 60.0


class SuiteClientError(Exception):
    """The server refused, or could not be reached: the message says which and why."""


class SuiteClient:
    def __init__(self, base_url: str, token: str | None) -> None:
        self.base_url = base_url.rstrip("/")
        self.token = token

    def submit(
        self, problems: list[tuple[str, str]], *, title: str | None, compile_mode: str
    ) -> dict[str, Any]:
        """POST /api/suites: every problem queued at once; the reply names each one's run."""
        body: dict[str, Any] = {
            "problems": [{"name": name, "code": code} for name, code in problems],
            "compile_mode": compile_mode,
        }
        if title:
            body["title"] = title
        return self._call("POST", "/api/suites", body)

    def problems(self, suite_id: str) -> list[SuiteProblem]:
        document = self._call("GET", f"/api/suites/{suite_id}", None)
        return [SuiteProblem.model_validate(row) for row in document["problems"]]

    def _call(self, method: str, path: str, body: object) -> dict[str, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base_url + path, data=data, method=method)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if self.token:
            request.add_header("Authorization", f"Bearer {self.token}")
        try:
            with urllib.request.urlopen(request, timeout=HTTP_TIMEOUT_S) as response:
                reply: dict[str, Any] = json.loads(response.read())
                return reply
        except urllib.error.HTTPError as exc:
            raise SuiteClientError(_refusal(exc, method, path)) from None
        except (OSError, ValueError) as exc:
            raise SuiteClientError(f"cannot reach {self.base_url}: {exc}") from None


def _refusal(exc: urllib.error.HTTPError, method: str, path: str) -> str:
    try:
        error = json.loads(exc.read())["error"]
        return f"{method} {path}: {exc.code} {error['kind']}: {error['message']}"
    except (ValueError, KeyError, TypeError, OSError):
        return f"{method} {path}: HTTP {exc.code} {exc.reason}"
