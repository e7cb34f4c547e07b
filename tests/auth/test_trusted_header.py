"""The identity header of an authenticating reverse proxy (`trusted_user_header`): off by
default; when on, it names the user, unknown names are refused (no accounts are made on
the fly), and unsafe requests need the double-submit CSRF header like cookies do."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from backend.api.app import create_app
from backend.settings import Settings
from backend.store import accounts
from tests.factories import CODE
from tests.helpers import app_context

HEADER = "X-Forwarded-User"


def test_off_by_default_the_header_means_nothing(client: TestClient, settings: Settings) -> None:
    assert settings.trusted_user_header is None
    accounts.create_user(app_context(client).store, "alice", None)
    assert client.get("/api/me", headers={HEADER: "alice"}).status_code == 401
    assert client.get("/api/runs", headers={HEADER: "alice"}).status_code == 401


@pytest.fixture
def proxied(settings: Settings) -> Iterator[TestClient]:
    app = create_app(settings.model_copy(update={"trusted_user_header": HEADER}))
    with TestClient(app) as client:
        accounts.create_user(app.state.context.store, "alice", None)
        yield client


def test_the_header_names_the_user(proxied: TestClient) -> None:
    me = proxied.get("/api/me", headers={HEADER: "alice"}).json()
    assert me["user"]["name"] == "alice" and me["via"] == "header"
    assert proxied.get("/api/runs", headers={HEADER: "alice"}).status_code == 200
    assert proxied.get("/api/runs").status_code == 401  # no header: nobody


def test_an_unknown_name_is_refused(proxied: TestClient) -> None:
    response = proxied.get("/api/runs", headers={HEADER: "mallory"})
    assert response.status_code == 401
    assert "mallory" in response.json()["error"]["message"]
    assert "kernelscope user add mallory" in response.json()["error"]["message"]


def test_unsafe_requests_need_the_double_submit_csrf_header(proxied: TestClient) -> None:
    headers = {HEADER: "alice"}
    refused = proxied.post("/api/runs", json={"code": CODE}, headers=headers)
    assert refused.status_code == 403 and refused.json()["error"]["kind"] == "csrf_failed"
    csrf = proxied.get("/api/me", headers=headers).json()["csrf_token"]
    assert proxied.cookies["ks_csrf"] == csrf  # the cookie the header must match
    made = proxied.post("/api/runs", json={"code": CODE}, headers={**headers, "X-CSRF-Token": csrf})
    assert made.status_code == 202
    run = proxied.get(f"/api/runs/{made.json()['id']}", headers=headers).json()
    assert run["owner"] == "alice"
    # A header that matches no cookie (a forged request cannot read or set ours) fails.
    proxied.cookies.clear()
    forged = proxied.post(
        "/api/runs", json={"code": CODE}, headers={**headers, "X-CSRF-Token": csrf}
    )
    assert forged.status_code == 403


def test_a_bearer_token_wins_over_the_header(proxied: TestClient) -> None:
    store = app_context(proxied).store
    accounts.create_user(store, "bot", None)
    token = accounts.create_token(store, "bot", "ci").token
    me = proxied.get("/api/me", headers={HEADER: "alice", "Authorization": f"Bearer {token}"})
    assert me.json()["user"]["name"] == "bot"
