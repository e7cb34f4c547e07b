"""auth=none (the default): today's open, single-user dashboard. No sign-in, runs have no
author, and nothing about visibility gets in the way. (Every test outside tests/auth runs
this way too.)"""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.factories import CODE


def test_no_sign_in_needed_and_me_says_so(client_without_accounts: TestClient) -> None:
    client = client_without_accounts
    assert client.get("/api/me").json() == {
        "auth": "none",
        "user": None,
        "via": None,
        "csrf_token": None,
    }
    assert client.get("/runs", headers={"Accept": "text/html"}).status_code == 200
    login = client.get("/login", follow_redirects=False)
    assert login.status_code == 303 and login.headers["location"] == "/"
    refused = client.post("/api/login", json={"name": "a", "password": "b"})
    assert refused.status_code == 400 and refused.json()["error"]["kind"] == "accounts_off"


def test_runs_have_no_author_and_anyone_may_change_them(
    client_without_accounts: TestClient,
) -> None:
    client = client_without_accounts
    run_id = client.post("/api/runs", json={"code": CODE, "visibility": "private"}).json()["id"]
    run = client.get(f"/api/runs/{run_id}").json()
    assert run["owner"] is None and run["visibility"] == "private"
    assert [r["id"] for r in client.get("/api/runs").json()["runs"]] == [run_id]  # one user
    assert client.patch(f"/api/runs/{run_id}", json={"title": "t"}).status_code == 200
    assert client.delete(f"/api/runs/{run_id}").status_code == 204
    assert client.get(f"/api/runs/{run_id}").status_code == 404


def test_tokens_need_accounts(client_without_accounts: TestClient) -> None:
    response = client_without_accounts.get("/api/tokens")
    assert response.status_code == 400 and response.json()["error"]["kind"] == "accounts_off"
