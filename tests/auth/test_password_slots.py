"""Password checks run a few at a time: each Argon2id hash takes 64 MiB,
and every failed sign-in ran one in its own thread, so 40 clients took the API to 2.8 GB.
Sign-ins beyond the slots wait, then get 503 with Retry-After."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient

from backend.api.app import create_app
from backend.api.busy import BusySlots
from backend.api.context import AppContext
from backend.settings import Settings
from backend.store import accounts
from tests.auth.people import PASSWORD
from tests.helpers import wait_for


def test_only_two_passwords_are_checked_at_once(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = create_app(settings)
    context: AppContext = app.state.context
    accounts.create_user(context.store, "alice", PASSWORD)
    context.password_checks = BusySlots(2, "sign-in", wait_s=0)  # refuse at once when full
    with TestClient(app) as client:
        check_concurrently(client, monkeypatch)


def check_concurrently(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    inside, most, release = [0], [0], threading.Event()
    lock = threading.Lock()
    real_check = accounts.check_password

    def slow_check(*args: Any) -> Any:
        with lock:
            inside[0] += 1
            most[0] = max(most[0], inside[0])
        release.wait(timeout=30)
        with lock:
            inside[0] -= 1
        return real_check(*args)

    monkeypatch.setattr(accounts, "check_password", slow_check)
    body = {"name": "alice", "password": "wrong password"}
    with ThreadPoolExecutor(max_workers=6) as pool:
        replies = [pool.submit(client.post, "/api/login", json=body) for _ in range(6)]
        wait_for(lambda: sum(reply.done() for reply in replies) == 4)  # refused at once
        release.set()
        statuses = sorted(reply.result(timeout=30).status_code for reply in replies)
    assert statuses == [401, 401, 503, 503, 503, 503]
    assert most[0] == 2
    busy = next(r.result() for r in replies if r.result().status_code == 503)
    assert busy.headers["Retry-After"] == "2"
    assert busy.json()["error"]["kind"] == "server_busy"
    assert "Try again in 2 seconds" in busy.json()["error"]["message"]
    ok = client.post("/api/login", json={"name": "alice", "password": PASSWORD})
    assert ok.status_code == 200  # the slots were given back
