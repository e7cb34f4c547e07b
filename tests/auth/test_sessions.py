"""Signing in and out with a password: session cookies, their flags, CSRF."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from http.cookies import SimpleCookie
from pathlib import Path

import httpx2
import pytest
from fastapi.testclient import TestClient

from backend.api.app import create_app
from backend.settings import Settings
from backend.store import accounts, mapping
from backend.store.repository import Store
from tests.auth.people import PASSWORD
from tests.factories import CODE


@pytest.fixture
def signed_up(app_store: Store) -> str:
    accounts.create_user(app_store, "alice", PASSWORD)
    return "alice"


def login(client: TestClient, name: str = "alice", password: str = PASSWORD) -> httpx2.Response:
    return client.post("/api/login", json={"name": name, "password": password})


def cookies_set(response: httpx2.Response) -> dict[str, SimpleCookie]:
    parsed = {}
    for header in response.headers.get_list("set-cookie"):
        cookie: SimpleCookie = SimpleCookie()
        cookie.load(header)
        parsed[next(iter(cookie))] = cookie
    return parsed


def test_sign_in_then_out(client: TestClient, signed_up: str) -> None:
    assert client.get("/api/me").status_code == 401
    response = login(client)
    assert response.status_code == 200
    me = response.json()
    assert me["user"] == {"name": "alice", "is_admin": False}
    assert me["via"] == "session" and me["csrf_token"]
    assert client.get("/api/me").json()["user"]["name"] == "alice"
    assert client.get("/api/runs").status_code == 200

    csrf = {"X-CSRF-Token": me["csrf_token"]}
    assert client.post("/api/logout", headers=csrf).status_code == 204
    assert client.get("/api/me").status_code == 401


def test_a_signed_out_cookie_stops_working_on_the_server(
    client: TestClient, signed_up: str
) -> None:
    """Logout deletes the session: a copy of the cookie kept elsewhere is useless too."""
    login(client)
    cookie = client.cookies.get("ks_session")
    assert cookie
    client.post("/api/logout", headers={"X-CSRF-Token": client.cookies["ks_csrf"]})
    client.cookies.clear()
    client.cookies.set("ks_session", cookie)
    assert client.get("/api/me").status_code == 401


def test_wrong_password_and_unknown_user_get_the_same_answer(
    client: TestClient, signed_up: str
) -> None:
    wrong = login(client, password="not the password")
    unknown = login(client, name="mallory")
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()
    assert wrong.json()["error"] == {
        "status": 401,
        "kind": "login_failed",
        "message": "Wrong user name or password.",
        "field": None,
    }
    assert "set-cookie" not in wrong.headers


def test_cookie_flags(client: TestClient, signed_up: str) -> None:
    cookies = cookies_set(login(client))
    session = cookies["ks_session"]["ks_session"]
    assert session["httponly"] is True
    assert session["samesite"].lower() == "lax"
    assert session["path"] == "/"
    assert session["max-age"] == str(12 * 3600)  # session_hours' default
    assert not session["secure"]  # secure_cookies is off by default
    csrf = cookies["ks_csrf"]["ks_csrf"]
    assert not csrf["httponly"]  # the pages' scripts read it
    assert csrf["samesite"].lower() == "lax"


@pytest.fixture
def secure_client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(
        data_dir=tmp_path / "secure",
        local_workers=0,
        auth="accounts",
        sandbox="none",
        secure_cookies=True,
        session_hours=0.5,
    )
    app = create_app(settings)
    with TestClient(app, base_url="https://testserver") as client:
        accounts.create_user(app.state.context.store, "alice", PASSWORD)
        yield client


def test_secure_cookies_and_session_hours(secure_client: TestClient) -> None:
    cookies = cookies_set(login(secure_client))
    for name in ("ks_session", "ks_csrf"):
        assert cookies[name][name]["secure"] is True
        assert cookies[name][name]["max-age"] == "1800"


def test_an_expired_session_is_signed_out(
    client: TestClient, app_store: Store, signed_up: str
) -> None:
    login(client)
    raw = client.cookies["ks_session"]
    assert accounts.get_session(app_store, raw) is not None
    later = mapping.utc_now() + timedelta(hours=12, seconds=1)
    assert accounts.get_session(app_store, raw, now=later) is None


def test_an_expired_session_cookie_is_refused_by_the_api(
    client: TestClient, app_store: Store, signed_up: str
) -> None:
    user_id = accounts.principal_of(app_store, "alice").user_id
    raw, _csrf = accounts.create_session(app_store, user_id, timedelta(seconds=-1))
    client.cookies.set("ks_session", raw)
    assert client.get("/api/runs").status_code == 401


def test_sign_in_must_be_json(client: TestClient, signed_up: str) -> None:
    """What a form on another site could send: not JSON, so no sign-in forgery."""
    form = client.post("/api/login", data={"name": "alice", "password": PASSWORD})
    text = client.post(
        "/api/login",
        content=f'{{"name": "alice", "password": "{PASSWORD}"}}',
        headers={"Content-Type": "text/plain"},
    )
    assert form.status_code in (415, 422) and text.status_code in (415, 422)
    assert "ks_session" not in client.cookies


# ---- CSRF ------------------------------------------------------------------------------


@pytest.fixture
def csrf(client: TestClient, signed_up: str) -> str:
    token: str = login(client).json()["csrf_token"]
    return token


@pytest.mark.parametrize("header", [None, "", "wrong-token"])
def test_cookie_requests_that_change_things_need_the_csrf_header(
    client: TestClient, csrf: str, header: str | None
) -> None:
    headers = {"X-CSRF-Token": header} if header is not None else {}
    created = client.post("/api/runs", json={"code": CODE}, headers={"X-CSRF-Token": csrf})
    run_id = created.json()["id"]
    for method, url, body in (
        ("POST", "/api/runs", {"code": CODE}),
        ("PATCH", f"/api/runs/{run_id}", {"title": "x"}),
        ("DELETE", f"/api/runs/{run_id}", None),
        ("POST", "/api/tokens", {"label": "x"}),
        ("POST", "/api/logout", None),
    ):
        response = client.request(method, url, json=body, headers=headers)
        assert response.status_code == 403, (method, url)
        assert response.json()["error"]["kind"] == "csrf_failed"
    assert client.get(f"/api/runs/{run_id}").json()["title"] is None  # nothing changed
    assert client.get("/api/me").status_code == 200  # still signed in


def test_with_the_csrf_header_they_work(client: TestClient, csrf: str) -> None:
    headers = {"X-CSRF-Token": csrf}
    run_id = client.post("/api/runs", json={"code": CODE}, headers=headers).json()["id"]
    patched = client.patch(f"/api/runs/{run_id}", json={"title": "x"}, headers=headers)
    assert patched.status_code == 200
    assert client.delete(f"/api/runs/{run_id}", headers=headers).status_code == 204


def test_the_csrf_token_of_another_session_is_refused(
    client: TestClient, app_store: Store, csrf: str
) -> None:
    user_id = accounts.principal_of(app_store, "alice").user_id
    _other_raw, other_csrf = accounts.create_session(app_store, user_id, timedelta(hours=1))
    response = client.post("/api/runs", json={"code": CODE}, headers={"X-CSRF-Token": other_csrf})
    assert response.status_code == 403


def test_bearer_requests_need_no_csrf_header(client: TestClient, app_store: Store) -> None:
    accounts.create_user(app_store, "script", None)
    token = accounts.create_token(app_store, "script", "ci").token
    response = client.post(
        "/api/runs", json={"code": CODE}, headers={"Authorization": f"Bearer {token}"}
    )
    assert response.status_code == 202


def test_sign_in_page_and_account_page(client: TestClient, signed_up: str) -> None:
    page = client.get("/login")
    assert page.status_code == 200 and 'id="login-form"' in page.text
    login(client)
    assert client.get("/account").status_code == 200
    # Signed in, the sign-in page sends the browser on (more in test_redirects.py).
    assert client.get("/login", follow_redirects=False).headers["location"] == "/"
