"""The API's edge against a real `kernelscope serve`: event streams are capped per user
and per client address, and NaN or inf in a number is a 422, not a 500.

A few hundred open progress streams (a user's, or anyone's on a public run) slowed every
other request; `start_us=nan` reached the timeline code, where every comparison with NaN
is false, and answered 500.
"""

from __future__ import annotations

import http.client
import json
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from backend.store import accounts
from backend.store.ownership import run_access, update_run
from backend.store.repository import Store
from tests.browser.live import Server, serve
from tests.factories import CODE, save_finished


def open_stream(
    stack: ExitStack, server: Server, path: str, token: str | None, forwarded: str | None = None
) -> http.client.HTTPResponse:
    """A GET whose response is left open until `stack` closes its connection."""
    where = urlsplit(server.url)
    connection = http.client.HTTPConnection(where.hostname or "", where.port, timeout=10)
    stack.callback(connection.close)
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if forwarded is not None:
        headers["X-Forwarded-For"] = forwarded
    connection.request("GET", path, headers=headers)
    reply = connection.getresponse()
    stack.callback(reply.close)
    return reply


def held_open(
    stack: ExitStack,
    server: Server,
    path: str,
    token: str | None = None,
    forwarded: str | None = None,
) -> http.client.HTTPResponse:
    reply = open_stream(stack, server, path, token, forwarded)
    assert reply.status == 200, reply.read()
    assert reply.readline().startswith(b"event: progress")  # the stream is live
    return reply


def held_open_once_freed(stack: ExitStack, server: Server, path: str) -> None:
    """held_open, trying again while the server has yet to notice that a stream closed."""
    deadline = time.monotonic() + 30
    while True:
        with ExitStack() as attempt:
            reply = open_stream(attempt, server, path, None)
            if reply.status == 200:
                assert reply.readline().startswith(b"event: progress")
                stack.push(attempt.pop_all())
                return
            assert reply.status == 429 and time.monotonic() < deadline, reply.read()
        time.sleep(0.2)


def refused(
    server: Server, path: str, token: str | None = None, forwarded: str | None = None
) -> dict[str, str]:
    with ExitStack() as stack:
        reply = open_stream(stack, server, path, token, forwarded)
        assert reply.status == 429
        error: dict[str, str] = json.loads(reply.read())["error"]
    return error


@pytest.fixture
def open_server(tmp_path: Path) -> Iterator[tuple[Server, str, str]]:
    """No accounts: every caller is anonymous. A queued run (no worker) and a finished one."""
    data_dir = tmp_path / "data"
    with Store.open(data_dir) as store:
        queued = store.create_run(CODE)
        finished = save_finished(store).id
    env = {"KERNELSCOPE_MAX_STREAMS_PER_ADDRESS": "3"}
    with serve(data_dir, workers=0, env=env) as server:
        yield server, queued, finished


def test_one_address_may_hold_only_so_many_event_streams(
    open_server: tuple[Server, str, str],
) -> None:
    server, run_id, _ = open_server
    path = f"/api/runs/{run_id}/events"
    with ExitStack() as stack:
        for _ in range(3):
            held_open(stack, server, path)
        error = refused(server, path)
        assert error["kind"] == "too_many_streams"
        assert "Address 127.0.0.1" in error["message"]
        assert "KERNELSCOPE_MAX_STREAMS_PER_ADDRESS" in error["message"]
        assert server.get(f"/api/runs/{run_id}")["status"] == "queued"  # the rest answers
    # Closed streams give their slots back, once the server's next poll of each stream finds
    # its client gone (a busy machine may take a while to get there).
    with ExitStack() as stack:
        for _ in range(3):
            held_open_once_freed(stack, server, path)


def test_made_up_forwarded_addresses_do_not_open_more_streams(
    open_server: tuple[Server, str, str],
) -> None:
    """No proxy is trusted by default: X-Forwarded-For from loopback was believed, and 300
    streams, each "from" another address, were admitted."""
    server, run_id, _ = open_server
    path = f"/api/runs/{run_id}/events"
    with ExitStack() as stack:
        for n in range(3):
            held_open(stack, server, path, forwarded=f"203.0.113.{n}")
        error = refused(server, path, forwarded="203.0.113.99")
        assert "Address 127.0.0.1" in error["message"]


@pytest.mark.parametrize(
    "query",
    ["start_us=nan&end_us=50", "start_us=0&end_us=inf", "start_us=-inf&end_us=1", "start_us=NaN"],
)
def test_nan_or_inf_in_a_timeline_window_is_422(
    open_server: tuple[Server, str, str], query: str
) -> None:
    server, _, run_id = open_server
    status, body = server.request("GET", f"/api/runs/{run_id}/figures/timeline?{query}")
    assert status == 422, body
    assert body["error"]["field"] in ("query.start_us", "query.end_us")
    assert "finite" in body["error"]["message"]
    status, _ = server.request("GET", f"/api/runs/{run_id}/figures/timeline?start_us=0&end_us=50")
    assert status == 200


def test_one_user_may_hold_only_so_many_event_streams(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    with Store.open(data_dir) as store:
        tokens, ids = {}, {}
        for name in ("alice", "bob"):
            ids[name] = accounts.create_user(store, name)
            tokens[name] = accounts.create_token(store, name, "tests").token
        alice_id = ids["alice"]
        run_id = store.create_run(CODE, owner_id=alice_id, visibility="public")
    # One address cap would be shared by every user behind one proxy: signed-in users
    # count per user only.
    env = {
        "KERNELSCOPE_AUTH": "accounts",
        "KERNELSCOPE_MAX_STREAMS_PER_USER": "2",
        "KERNELSCOPE_MAX_STREAMS_PER_ADDRESS": "1",
    }
    path = f"/api/runs/{run_id}/events"
    with serve(data_dir, workers=0, env=env) as server, ExitStack() as stack:
        for _ in range(2):
            held_open(stack, server, path, tokens["alice"])
        error = refused(server, path, tokens["alice"])
        assert error["kind"] == "too_many_streams"
        assert "User 'alice'" in error["message"]
        assert "KERNELSCOPE_MAX_STREAMS_PER_USER" in error["message"]
        for _ in range(2):
            held_open(stack, server, path, tokens["bob"])  # another user of the same address
        held_open(stack, server, path)  # nobody signed in: the address's one stream
        assert "Address 127.0.0.1" in refused(server, path)["message"]


def ended(reply: http.client.HTTPResponse) -> bytes:
    """The rest of an open stream: returns once the server ends it (else the connection's
    10 s timeout fails the test)."""
    return reply.read()


def test_an_open_stream_ends_when_its_reader_loses_access(tmp_path: Path) -> None:
    """A stream opened while the run was readable kept sending after it was made private,
    and after the reader's token was revoked."""
    data_dir = tmp_path / "data"
    with Store.open(data_dir) as store:
        alice = accounts.create_user(store, "alice")
        accounts.create_user(store, "bob")
        bob = accounts.create_token(store, "bob", "tests")
        team_run = store.create_run(CODE, owner_id=alice, visibility="team")
        public_run = store.create_run(CODE, owner_id=alice, visibility="public")
        kept_run = store.create_run(CODE, owner_id=alice, visibility="team")
    env = {"KERNELSCOPE_AUTH": "accounts"}
    with serve(data_dir, workers=0, env=env) as server, ExitStack() as stack:
        made_private = held_open(stack, server, f"/api/runs/{team_run}/events", bob.token)
        anonymous = held_open(stack, server, f"/api/runs/{public_run}/events")
        revoked = held_open(stack, server, f"/api/runs/{kept_run}/events", bob.token)
        with Store.open(data_dir) as store:
            for run_id in (team_run, public_run):
                access = run_access(store, run_id)
                assert access is not None
                update_run(store, access, visibility="private")
            assert b"finished" not in ended(made_private)
            assert b"finished" not in ended(anonymous)
            accounts.revoke_token(store, "bob", bob.id)
            assert b"finished" not in ended(revoked)
