"""API tokens: Bearer authentication, stored hashed, shown once, revocable at once; user
scope versus worker scope."""

from __future__ import annotations

import hashlib
import sqlite3

import pytest
from fastapi import Depends, FastAPI, Request
from fastapi.testclient import TestClient

from backend.api.auth import require_user, require_worker
from backend.settings import Settings
from backend.store import accounts
from backend.store.repository import DB_FILENAME, Store
from tests.auth.people import Person
from tests.factories import CODE, save_finished


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_bearer_token_authenticates_as_its_user(client: TestClient, alice: Person) -> None:
    me = client.get("/api/me", headers=alice.headers()).json()
    assert me["user"]["name"] == "alice" and me["via"] == "token"
    assert me["csrf_token"] is None  # bearer requests need none


def test_bad_authorization_headers_are_refused_not_ignored(
    client: TestClient, alice: Person, app_store: Store
) -> None:
    """A wrong token never falls back to anonymous, even for a public run."""
    public = save_finished(app_store, owner_id=alice.user_id, visibility="public").id
    for header in ("Bearer ks_nope", "Basic YWxpY2U6eA==", "Bearer", f"Token {alice.token}"):
        response = client.get(f"/api/runs/{public}", headers={"Authorization": header})
        assert response.status_code == 401, header
        assert response.json()["error"]["kind"] == "not_authenticated"


def test_only_the_hash_is_stored(client: TestClient, app_store: Store, settings: Settings) -> None:
    accounts.create_user(app_store, "carol", None)
    created = client.post(
        "/api/tokens",
        json={"label": "laptop"},
        headers=bearer(accounts.create_token(app_store, "carol", "first").token),
    ).json()
    raw = created["token"]
    assert raw.startswith("ks_") and created["scope"] == "user"
    with sqlite3.connect(settings.data_dir / DB_FILENAME) as db:
        rows = db.execute("SELECT token_hash FROM api_tokens WHERE id = ?", (created["id"],))
        assert rows.fetchone()[0] == hashlib.sha256(raw.encode()).hexdigest()
        dump = "\n".join(db.iterdump())
    assert raw not in dump and raw[3:] not in dump


def test_a_token_is_shown_once(client: TestClient, alice: Person) -> None:
    created = client.post("/api/tokens", json={"label": "ci"}, headers=alice.headers()).json()
    listed = client.get("/api/tokens", headers=alice.headers()).json()
    assert [t["name"] for t in listed] == ["tests", "ci"]
    assert created["token"] not in str(listed)
    assert all(
        set(t)
        == {"id", "name", "scope", "worker_name", "device_kinds"}
        | {"created_at", "last_used_at", "revoked"}
        for t in listed
    )


def test_revoking_stops_a_token_at_once(
    client: TestClient, alice: Person, app_store: Store
) -> None:
    created = client.post("/api/tokens", json={"label": "ci"}, headers=alice.headers()).json()
    assert client.get("/api/runs", headers=bearer(created["token"])).status_code == 200
    revoked = client.delete(f"/api/tokens/{created['id']}", headers=alice.headers())
    assert revoked.status_code == 204
    assert client.get("/api/runs", headers=bearer(created["token"])).status_code == 401
    # The CLI's way (another process, same database) is just as immediate.
    second = accounts.create_token(app_store, "alice", "cli")
    assert client.get("/api/runs", headers=bearer(second.token)).status_code == 200
    accounts.revoke_token(app_store, "alice", second.id)
    assert client.get("/api/runs", headers=bearer(second.token)).status_code == 401


def test_nobody_revokes_anothers_token(client: TestClient, alice: Person, bob: Person) -> None:
    created = client.post("/api/tokens", json={"label": "ci"}, headers=alice.headers()).json()
    response = client.delete(f"/api/tokens/{created['id']}", headers=bob.headers())
    assert response.status_code == 404
    assert response.json()["error"]["kind"] == "token_not_found"
    assert client.get("/api/runs", headers=bearer(created["token"])).status_code == 200


@pytest.mark.parametrize("token_id", ["0", "-3", str(2**63), str(2**70)])
def test_a_token_id_out_of_range_is_a_422_not_a_500(
    client: TestClient, alice: Person, token_id: str
) -> None:
    """2^63 and more used to reach SQLite and answer 500 (OverflowError)."""
    response = client.delete(f"/api/tokens/{token_id}", headers=alice.headers())
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert (error["kind"], error["field"]) == ("invalid_request", "path.token_id")


def test_the_largest_token_id_is_only_not_found(client: TestClient, alice: Person) -> None:
    response = client.delete(f"/api/tokens/{2**63 - 1}", headers=alice.headers())
    assert response.status_code == 404
    assert response.json()["error"]["kind"] == "token_not_found"


def test_last_use_is_recorded(client: TestClient, alice: Person) -> None:
    client.get("/api/runs", headers=alice.headers())
    [token] = client.get("/api/tokens", headers=alice.headers()).json()
    assert token["last_used_at"] is not None


def test_worker_tokens_only_from_admins(client: TestClient, alice: Person, admin: Person) -> None:
    refused = client.post(
        "/api/tokens", json={"label": "w", "worker": True}, headers=alice.headers()
    )
    assert refused.status_code == 403 and refused.json()["error"]["kind"] == "admin_only"
    unbound = client.post(
        "/api/tokens", json={"label": "w", "worker": True}, headers=admin.headers()
    )
    assert unbound.status_code == 422 and "device kinds" in unbound.json()["error"]["message"]
    kinds = {"device_kinds": ["h100"]}
    made = client.post(
        "/api/tokens", json={"label": "w", "worker": True, **kinds}, headers=admin.headers()
    )
    assert made.status_code == 201 and made.json()["scope"] == "worker"
    named = {"label": "gpu 2", "worker": True, "worker_name": "gpu-host-1-gpu2", **kinds}
    assert client.post("/api/tokens", json=named, headers=admin.headers()).status_code == 201
    workers = [t["worker_name"] for t in client.get("/api/tokens", headers=admin.headers()).json()]
    assert workers[-2:] == ["w", "gpu-host-1-gpu2"]  # the label names it unless a name is given
    bad = client.post("/api/tokens", json={"label": "a b", "worker": True}, headers=admin.headers())
    assert bad.status_code == 422 and "bad worker name 'a b'" in bad.json()["error"]["message"]


# ---- scopes ---------------------------------------------------------------------------


def test_a_worker_token_is_refused_on_user_routes(client: TestClient, worker_token: str) -> None:
    for method, url in (("GET", "/api/runs"), ("POST", "/api/runs"), ("GET", "/api/me")):
        response = client.request(method, url, json={"code": CODE}, headers=bearer(worker_token))
        assert response.status_code == 403, url
        assert response.json()["error"]["kind"] == "wrong_token_scope"


def test_a_user_token_is_refused_on_worker_routes(client: TestClient, alice: Person) -> None:
    response = client.post("/api/worker/heartbeat", json={}, headers=alice.headers())
    assert response.status_code == 403
    assert response.json()["error"]["kind"] == "wrong_token_scope"


def test_a_worker_token_passes_the_gate_on_worker_routes(
    client: TestClient, worker_token: str
) -> None:
    response = client.post("/api/worker/heartbeat", json={}, headers=bearer(worker_token))
    assert response.status_code not in (401, 403)  # the route's own answer (here 422)


def _probe_app(settings: Settings) -> FastAPI:
    """The dependencies alone, as a route of another module would declare them."""
    from backend.api.app import create_app

    app = create_app(settings)

    @app.get("/api/worker/probe")
    def worker_probe(request: Request, _: object = Depends(require_worker)) -> dict[str, str]:
        return {"ok": "worker"}

    @app.get("/api/probe")
    def user_probe(_: object = Depends(require_user)) -> dict[str, str]:
        return {"ok": "user"}

    return app


def test_require_user_and_require_worker(settings: Settings) -> None:
    app = _probe_app(settings)
    with TestClient(app) as client:
        store = app.state.context.store
        accounts.create_user(store, "u", None)
        user, worker = (
            accounts.create_token(store, "u", "t").token,
            accounts.create_token(
                store, "u", "w", "worker", worker_name="w", device_kinds=["cpu"]
            ).token,
        )
        assert client.get("/api/probe", headers=bearer(user)).json() == {"ok": "user"}
        assert client.get("/api/worker/probe", headers=bearer(worker)).json() == {"ok": "worker"}
        assert client.get("/api/probe", headers=bearer(worker)).status_code == 403
        assert client.get("/api/worker/probe", headers=bearer(user)).status_code == 403
        assert client.get("/api/probe").status_code == 401


def test_without_accounts_the_dependencies_let_everyone_through(settings: Settings) -> None:
    app = _probe_app(settings.model_copy(update={"auth": "none"}))
    with TestClient(app) as client:
        assert client.get("/api/probe").json() == {"ok": "user"}
        assert client.get("/api/worker/probe").json() == {"ok": "worker"}
