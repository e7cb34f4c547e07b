"""/healthz: liveness and readiness, 503 with the one error shape when a dependency is down."""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from backend.api.context import AppContext
from backend.ops.health import NotReady, check_queue
from backend.settings import Settings
from backend.store.db import make_engine
from tests.browser.live import free_port
from tests.helpers import app_context

REDIS_SERVER = shutil.which("redis-server")


def context_of(client: TestClient) -> AppContext:
    context: AppContext = app_context(client)
    return context


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    """A throwaway redis-server on a free loopback port, no persistence."""
    if REDIS_SERVER is None:
        pytest.skip("redis-server is not installed (.ci/run installs Debian's redis-server)")
    port = free_port()
    command = [REDIS_SERVER, "--port", str(port), "--bind", "127.0.0.1", "--save", ""]
    server = subprocess.Popen([*command, "--dir", str(tmp_path)], stdout=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        _wait_for_redis(url)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=30)


def _wait_for_redis(url: str, timeout_s: float = 30) -> None:
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            check_queue(Settings(queue="redis", redis_url=url))
            return
        except NotReady:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def test_healthy_says_what_it_checked(client: TestClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok" and body["version"]
    assert body["checks"] == {"database": "ok", "queue": "local"}


def test_an_unreachable_database_answers_503(client: TestClient, tmp_path: Path) -> None:
    store = context_of(client).store
    working = store.engine
    store.engine = make_engine(tmp_path / "no such directory" / "kernelscope.db")
    try:
        response = client.get("/healthz")
    finally:
        store.engine.dispose()
        store.engine = working
    assert response.status_code == 503
    error = response.json()["error"]
    assert (error["status"], error["kind"]) == (503, "not_ready")
    assert "database is unreachable" in error["message"]


def test_redis_is_checked_when_it_is_the_queue(client: TestClient, redis_url: str) -> None:
    context = context_of(client)
    context.settings = context.settings.model_copy(
        update={"queue": "redis", "redis_url": redis_url}
    )
    response = client.get("/healthz")
    assert response.status_code == 200, response.text
    assert response.json()["checks"] == {"database": "ok", "queue": "ok"}


def test_unreachable_redis_answers_503_without_its_password(client: TestClient) -> None:
    context = context_of(client)
    closed = f"redis://:hunter2@127.0.0.1:{free_port()}/0"  # nothing listens there
    context.settings = context.settings.model_copy(update={"queue": "redis", "redis_url": closed})
    response = client.get("/healthz")
    assert response.status_code == 503
    message = response.json()["error"]["message"]
    assert "Redis at redis://127.0.0.1:" in message and "hunter2" not in message
