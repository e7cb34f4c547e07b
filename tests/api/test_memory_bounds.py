"""Requests that could take the API's memory with them: a snippet is
measured before anything parses or compiles it, and large bodies are read a few at a time.

A 1.6 MB body holding a 1.5 MB snippet fit the raw body limit, was compiled to check its
syntax (0.8 GB of the API's memory), and only then refused as too large; eight in parallel
took the API from 1.3 to 5.3 GB.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import Receive, Scope, Send

from backend.api import submit
from backend.api.app import create_app
from backend.api.errors import BodyLimit, install_error_handlers
from backend.settings import Settings
from tests.queue.test_job_payloads import peak_rss_kib, reset_peak_rss_kib


def test_an_oversized_snippet_is_refused_before_it_is_compiled(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled: list[int] = []

    def spy(source: str, *args: Any, **kwargs: Any) -> Any:
        compiled.append(len(source))
        return compile(source, *args, **kwargs)

    monkeypatch.setattr(submit, "compile", spy, raising=False)  # shadows the builtin there
    response = client.post("/api/runs", json={"code": "x = 1\n" * 1000})  # limit: 4,096
    assert response.status_code == 413
    assert response.json()["error"]["kind"] == "snippet_too_large"
    assert compiled == []
    assert client.post("/api/runs", json={"code": "x = 1\n"}).status_code == 202
    assert compiled == [6]  # the spy sees what is compiled


def test_a_snippet_over_the_default_limit_costs_the_api_little_memory(tmp_path: Path) -> None:
    """The attack's body under the default limits: a 1.5 MB snippet of constants, which
    compile() turned into 0.5 GB of peak memory."""
    settings = Settings(data_dir=tmp_path / "data", local_workers=0)
    code = "x = [" + "(1, 2), " * 187_000 + "]\n"
    body = json.dumps({"code": code}).encode()
    assert len(body) < settings.max_snippet_bytes * 6  # within the raw body limit
    with TestClient(create_app(settings)) as client:
        before = reset_peak_rss_kib()
        response = client.post(
            "/api/runs", content=body, headers={"Content-Type": "application/json"}
        )
        grown_mib = (peak_rss_kib() - before) / 1024
    assert response.status_code == 413
    assert response.json()["error"]["kind"] == "snippet_too_large"
    assert grown_mib < 100, f"the API grew {grown_mib:.0f} MiB refusing one snippet"


# ---- large bodies are read a few at a time ---------------------------------------------


class Parsed:
    """The app behind the limit: counts the bodies it was handed whole."""

    def __init__(self) -> None:
        self.bodies = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await Request(scope, receive).body()
        self.bodies += 1
        await JSONResponse({"ok": True})(scope, receive, send)


@pytest.fixture
def limited() -> Iterator[tuple[TestClient, BodyLimit, Parsed]]:
    from fastapi import FastAPI

    inner = Parsed()
    limit = BodyLimit(inner, max_bytes=10_000, large_bytes=1_000, large_at_once=1, wait_s=0)
    wrapper = FastAPI()
    install_error_handlers(wrapper)
    wrapper.mount("/", limit)
    with TestClient(wrapper) as client:
        yield client, limit, inner


def chunks(size: int) -> Iterator[bytes]:
    """A body without Content-Length (chunked), in 100-byte pieces."""
    for _ in range(size // 100):
        yield b"x" * 100


def test_a_large_body_waits_for_a_slot_and_is_refused_with_retry_after(
    limited: tuple[TestClient, BodyLimit, Parsed],
) -> None:
    client, limit, inner = limited
    assert limit.large_slots.acquire(blocking=False)  # another large upload is being read
    try:
        for body in (b"x" * 2_000, chunks(2_000)):
            response = client.post("/", content=body)
            assert response.status_code == 503, response.text
            assert response.headers["Retry-After"] == "2"
            assert response.json()["error"]["kind"] == "server_busy"
        assert inner.bodies == 0  # neither was handed on
        assert client.post("/", content=b"x" * 500).status_code == 200  # small ones go on
    finally:
        limit.large_slots.release()
    assert client.post("/", content=b"x" * 2_000).status_code == 200
    assert client.post("/", content=chunks(2_000)).status_code == 200
    assert inner.bodies == 3
    assert limit.large_slots.acquire(blocking=False)  # every slot was given back
    limit.large_slots.release()


def test_a_chunked_body_over_the_limit_is_refused_as_it_arrives(
    limited: tuple[TestClient, BodyLimit, Parsed],
) -> None:
    client, _, inner = limited
    response = client.post("/", content=chunks(20_000))
    assert response.status_code == 413
    assert response.json()["error"]["kind"] == "request_too_large"
    assert inner.bodies == 0
