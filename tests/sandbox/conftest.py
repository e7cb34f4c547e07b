"""The hard sandbox, for real: bubblewrap as root, on this machine.

Tests that use `real_sandbox` need a working sandbox (root, bwrap, setpriv, prlimit,
namespaces) and skip, saying why, where there is none. Their runs take sandbox uids above
the ones other test processes on this machine take first, so "no process of the run's uid
is left" cannot see another suite's run.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from backend.worker import sandbox

ROOT = Path(__file__).resolve().parents[2]
BAD = ROOT / "tests" / "data" / "bad"  # hostile and broken snippets of our own
EXAMPLES = ROOT / "examples"
TEST_UID_BASE = sandbox.UID_BASE + 48  # others take the lowest free uid: these stay ours


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


@dataclass
class Listener:
    """A TCP server on 127.0.0.1 that a snippet must never reach."""

    sock: socket.socket

    @property
    def port(self) -> int:
        return int(self.sock.getsockname()[1])

    def connections(self) -> int:
        """Connections waiting to be accepted (none is ever accepted, so none is missed)."""
        count = 0
        self.sock.setblocking(False)
        while True:
            try:
                conn, _ = self.sock.accept()
            except BlockingIOError:
                return count
            conn.close()
            count += 1


@pytest.fixture(scope="session")
def listener() -> Iterator[Listener]:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    yield Listener(sock)
    sock.close()


def processes_touching(path: Path) -> list[int]:
    """Processes whose command line or working directory mentions `path`."""
    found = []
    needle = str(path)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            cwd = str((entry / "cwd").readlink()) if (entry / "cwd").exists() else ""
        except OSError:
            continue
        if needle in cmdline or cwd.startswith(needle):
            found.append(int(entry.name))
    return found
