"""Ending someone's access from the shell, against a running server: `kernelscope user
passwd` ends all of that user's sessions; `kernelscope user disable` ends their sessions,
revokes their tokens and keeps them out (password, token, proxy header) until `enable`."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from backend.api.app import create_app
from backend.cli import main
from backend.settings import Settings
from backend.store import accounts
from backend.store.repository import Store
from tests.auth.people import PASSWORD
from tests.helpers import app_context

NEW_PASSWORD = "a new long password"
HEADER = "X-Forwarded-User"


def kernelscope(settings: Settings, *args: str, stdin: str = "") -> int:
    """The CLI on the server's data directory, while the server runs."""
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        return main([*args, "--data-dir", str(settings.data_dir)])
    finally:
        sys.stdin = old


@pytest.fixture
def proxied_settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"trusted_user_header": HEADER})


@pytest.fixture
def server(proxied_settings: Settings) -> Iterator[TestClient]:
    app = create_app(proxied_settings)
    with TestClient(app) as client:
        for name in ("alice", "bob"):
            accounts.create_user(app.state.context.store, name, PASSWORD)
        yield client


@pytest.fixture
def server_store(server: TestClient) -> Store:
    """The store of the app that `server` (trusting a proxy's user header) drives."""
    opened: Store = app_context(server).store
    return opened


def session_cookie(client: TestClient, name: str, password: str = PASSWORD) -> str | None:
    """Sign in as `name`; the session cookie, or None when sign-in was refused."""
    client.cookies.clear()
    response = client.post("/api/login", json={"name": name, "password": password})
    client.cookies.clear()
    return response.cookies.get("ks_session") if response.status_code == 200 else None


def change_password(settings: Settings, name: str) -> int:
    return kernelscope(
        settings, "user", "passwd", name, "--password-stdin", stdin=NEW_PASSWORD + "\n"
    )


def me_with_cookie(client: TestClient, cookie: str) -> int:
    client.cookies.clear()
    client.cookies.set("ks_session", cookie)
    status = client.get("/api/me").status_code
    client.cookies.clear()
    return status


def me_with_token(client: TestClient, token: str) -> int:
    return client.get("/api/me", headers={"Authorization": f"Bearer {token}"}).status_code


# ---- passwd ----------------------------------------------------------------------------


def test_changing_a_password_ends_every_session_of_that_user(
    server: TestClient, proxied_settings: Settings
) -> None:
    alice_sessions = [session_cookie(server, "alice") for _ in range(2)]  # two browsers
    bob_session = session_cookie(server, "bob")
    assert all(alice_sessions) and bob_session
    assert all(me_with_cookie(server, c) == 200 for c in alice_sessions if c)

    assert change_password(proxied_settings, "alice") == 0

    assert [me_with_cookie(server, c) for c in alice_sessions if c] == [401, 401]
    assert me_with_cookie(server, bob_session) == 200  # only alice's
    assert session_cookie(server, "alice", PASSWORD) is None
    assert session_cookie(server, "alice", NEW_PASSWORD) is not None


def test_passwd_says_the_sessions_ended(
    server: TestClient, proxied_settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    session_cookie(server, "alice")
    change_password(proxied_settings, "alice")
    assert "1 session ended" in capsys.readouterr().err


# ---- disable / enable --------------------------------------------------------------------


def test_disable_ends_sessions_revokes_tokens_and_keeps_the_user_out(
    server: TestClient, server_store: Store, proxied_settings: Settings
) -> None:
    cookie = session_cookie(server, "alice")
    token = accounts.create_token(server_store, "alice", "laptop").token
    bob_token = accounts.create_token(server_store, "bob", "laptop").token
    assert cookie and me_with_cookie(server, cookie) == 200 and me_with_token(server, token) == 200

    assert kernelscope(proxied_settings, "user", "disable", "alice") == 0

    assert me_with_cookie(server, cookie) == 401
    assert me_with_token(server, token) == 401
    assert session_cookie(server, "alice") is None  # the right password no longer signs in
    header = server.get("/api/me", headers={HEADER: "alice"})
    assert header.status_code == 401
    assert "disabled" in header.json()["error"]["message"]
    assert [t.revoked for t in accounts.list_tokens(server_store, "alice")] == [True]
    assert me_with_token(server, bob_token) == 200  # only alice's


def test_enable_lets_the_user_sign_in_again_but_old_tokens_stay_revoked(
    server: TestClient, server_store: Store, proxied_settings: Settings
) -> None:
    token = accounts.create_token(server_store, "alice", "laptop").token
    assert kernelscope(proxied_settings, "user", "disable", "alice") == 0
    assert kernelscope(proxied_settings, "user", "enable", "alice") == 0

    assert session_cookie(server, "alice") is not None
    assert server.get("/api/me", headers={HEADER: "alice"}).status_code == 200
    assert me_with_token(server, token) == 401  # a new token is an explicit decision


def test_disable_and_enable_say_what_they_did(
    server: TestClient, proxied_settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    session_cookie(server, "alice")
    assert kernelscope(proxied_settings, "user", "disable", "alice") == 0
    err = capsys.readouterr().err
    assert "'alice' disabled" in err and "1 session ended" in err and "0 tokens revoked" in err
    assert kernelscope(proxied_settings, "user", "disable", "alice") == 0  # idempotent
    assert "already disabled" in capsys.readouterr().err
    assert kernelscope(proxied_settings, "user", "list") == 0
    assert capsys.readouterr().out.startswith("alice\tdisabled\t")
    assert kernelscope(proxied_settings, "user", "enable", "alice") == 0
    assert "'alice' enabled" in capsys.readouterr().err
    assert kernelscope(proxied_settings, "user", "enable", "alice") == 0
    assert "not disabled" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["disable", "enable"])
def test_disable_and_enable_refuse_an_unknown_user(
    server: TestClient,
    proxied_settings: Settings,
    capsys: pytest.CaptureFixture[str],
    command: str,
) -> None:
    assert kernelscope(proxied_settings, "user", command, "nobody") == 2
    assert "no user 'nobody'" in capsys.readouterr().err
