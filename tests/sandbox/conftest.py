"""The hard sandbox, for real: bubblewrap as root, on this machine.

Tests that use `real_sandbox` need a working sandbox (root, bwrap, setpriv, prlimit,
namespaces) and skip, saying why, where there is none. Their runs take sandbox uids above
the ones other test processes on this machine take first, so "no process of the run's uid
is left" cannot see another suite's run.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from backend.worker import sandbox
from tests.sandbox.escapes import TEST_UID_BASE, Listener


@pytest.fixture
def real_sandbox(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Skips without a working sandbox. Sandbox uids from a range of this suite's own; the
    list holds each uid a run was given."""
    why = sandbox.probe()
    if why is not None:
        pytest.skip(f"bubblewrap cannot sandbox on this machine: {why}")
    monkeypatch.setattr(sandbox, "UID_BASE", TEST_UID_BASE)
    monkeypatch.setattr(sandbox, "UID_SLOTS", 8)
    given: list[int] = []
    acquire = sandbox._acquire_uid

    def recording() -> tuple[int, int]:
        uid, lock = acquire()
        given.append(uid)
        return uid, lock

    monkeypatch.setattr(sandbox, "_acquire_uid", recording)
    yield given


@pytest.fixture(scope="session")
def listener() -> Iterator[Listener]:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    yield Listener(sock)
    sock.close()
