"""How the sandbox tests see a snippet get out: a TCP listener it must never reach, the
processes it must not leave behind, and sandbox uids of this suite's own."""

from __future__ import annotations

import fcntl
import os
import socket
from dataclasses import dataclass
from pathlib import Path

from backend.worker import sandbox

TEST_RANGES = 16  # test processes (pytest-xdist workers, whole pytest runs) at once


def _test_uid_base() -> int:
    """Eight sandbox uids for this test process alone, above the range every other run
    takes its uid from. A uid one test process frees is at once taken by another's run,
    whose processes "no process of the run's uid is left" would then see, so each test
    process holds a range of its own: the first free one, locked (like a run's uid) until
    it exits. That covers xdist workers and two test runs on one box alike."""
    sandbox.UID_LOCKS.mkdir(mode=0o700, parents=True, exist_ok=True)
    for index in range(TEST_RANGES):
        fd = os.open(sandbox.UID_LOCKS / f"test-range-{index}.lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            continue
        return sandbox.UID_BASE + sandbox.UID_SLOTS + 8 * index  # fd held until exit
    raise RuntimeError(f"all {TEST_RANGES} test uid ranges are held by other test processes")


TEST_UID_BASE = _test_uid_base()


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
