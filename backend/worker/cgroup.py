"""A memory cgroup per sandboxed run (cgroup v1 or v2): the run's memory cap.

Memory is capped by a cgroup, never by RLIMIT_AS, which breaks CUDA initialisation. Made and
removed by the worker (root) for the hard sandbox (`backend.worker.sandbox`).
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

CGROUP_PARENT = "kernelscope"
PROCESS_GONE_S = 10.0  # how long close() waits for the sandbox's processes to disappear


@dataclass
class MemoryCgroup:
    """A memory cgroup for one run, under `kernelscope/` of the memory hierarchy (v1 or v2).

    Made under the hierarchy's mount point: in a container that is the container's own
    cgroup, so the container's limit still applies above the run's.
    """

    path: Path
    version: int

    @property
    def procs_file(self) -> Path:
        return self.path / "cgroup.procs"

    @classmethod
    def create(cls, name: str, memory_mb: int) -> tuple[MemoryCgroup | None, str | None]:
        """The run's cgroup with its limit set, or None and why it could not be made."""
        mount = memory_hierarchy()
        if mount is None:
            return None, "no cgroup memory controller is mounted"
        root, version = mount
        try:
            parent = root / CGROUP_PARENT
            parent.mkdir(exist_ok=True)
            if version == 2:
                (parent / "cgroup.subtree_control").write_text("+memory")
            path = parent / name
            path.mkdir()
        except OSError as exc:
            return None, f"cannot create a cgroup under {root} ({exc.strerror})"
        cgroup = cls(path, version)
        try:
            cgroup._set_limit(memory_mb * 1024 * 1024)
        except OSError as exc:
            cgroup.remove()
            return None, f"cannot set a cgroup memory limit ({exc.strerror})"
        return cgroup, None

    def _set_limit(self, limit: int) -> None:
        if self.version == 2:
            (self.path / "memory.max").write_text(str(limit))
            with contextlib.suppress(OSError):
                (self.path / "memory.swap.max").write_text("0")
            return
        (self.path / "memory.limit_in_bytes").write_text(str(limit))
        with contextlib.suppress(OSError):  # only with swap accounting on
            (self.path / "memory.memsw.limit_in_bytes").write_text(str(limit))

    def oom_kills(self) -> int:
        name = "memory.events" if self.version == 2 else "memory.oom_control"
        try:
            for line in (self.path / name).read_text().splitlines():
                key, _, value = line.partition(" ")
                if key == "oom_kill":
                    return int(value)
        except (OSError, ValueError):
            pass
        return 0

    def kill(self) -> None:
        try:
            pids = [int(p) for p in self.procs_file.read_text().split()]
        except (OSError, ValueError):
            return
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)

    def remove(self) -> None:
        """rmdir, once the killed processes have left (they take a moment to exit)."""
        deadline = time.monotonic() + PROCESS_GONE_S
        while True:
            try:
                self.path.rmdir()
                return
            except FileNotFoundError:
                return
            except OSError as exc:
                if time.monotonic() > deadline:
                    log.error("cannot remove cgroup %s: %s", self.path, exc)
                    return
            self.kill()
            time.sleep(0.05)


def memory_hierarchy() -> tuple[Path, int] | None:
    """Where the memory controller is mounted: (mount point, cgroup version), or None."""
    try:
        lines = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        before, _, after = line.partition(" - ")
        fields, tail = before.split(), after.split()
        if len(fields) < 5 or len(tail) < 3:
            continue
        mount_point = Path(fields[4])
        if tail[0] == "cgroup" and "memory" in tail[2].split(","):
            return mount_point, 1
        if tail[0] == "cgroup2" and _v2_has_memory(mount_point):
            return mount_point, 2
    return None


def _v2_has_memory(mount_point: Path) -> bool:
    try:
        return "memory" in (mount_point / "cgroup.controllers").read_text().split()
    except OSError:
        return False
