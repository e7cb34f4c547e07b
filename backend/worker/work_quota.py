"""The run's work directory as a tmpfs of its own: a disk quota with no quota support needed.

Mounted and unmounted by the worker (root) for the hard sandbox (`backend.worker.sandbox`).
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from backend.worker.host import SYSTEM_PATH

log = logging.getLogger(__name__)


@dataclass
class WorkQuota:
    """A tmpfs mounted over the run's work directory, `size` and `nr_inodes` capped.

    RLIMIT_FSIZE caps each file, but neither the total nor the number of files: a run
    could fill the data directory's disk with 1 GiB files, or with millions of empty ones.
    A tmpfs enforces both in the kernel, at the moment of the write (ENOSPC), needs no
    quota support from the data directory's file system, and goes, with everything in it,
    in one unmount. Its pages are memory, charged to the run's memory cgroup when there is
    one. Sparse files cost it nothing: the reader refuses them by size (bundle.py).
    """

    path: Path

    @classmethod
    def mount(cls, workdir: Path, size_mb: int, files: int) -> tuple[WorkQuota | None, str | None]:
        """Mount it, keeping what is already in `workdir` (the snippet, its cwd)."""
        mount = shutil.which("mount", path=SYSTEM_PATH)
        if mount is None:
            return None, "`mount` not found"
        workdir.mkdir(parents=True, exist_ok=True)
        if os.path.ismount(workdir):  # left mounted by a worker that died: start afresh
            cls(workdir).unmount()
        staged = workdir.with_name(f".{workdir.name}.staged")
        shutil.rmtree(staged, ignore_errors=True)
        os.rename(workdir, staged)
        workdir.mkdir(mode=0o700)
        options = f"size={size_mb}m,nr_inodes={files},mode=0700,nosuid,nodev"
        done = subprocess.run(
            [mount, "-t", "tmpfs", "-o", options, "kernelscope-run", str(workdir)],
            capture_output=True,
            text=True,
            check=False,
        )
        for entry in staged.iterdir():
            shutil.move(entry, workdir / entry.name)
        staged.rmdir()
        if done.returncode != 0:
            return None, f"cannot mount a tmpfs ({done.stderr.strip() or done.returncode})"
        return cls(workdir), None

    def full(self) -> bool:
        """True when the run used (nearly) all of its space or files."""
        try:
            found = os.statvfs(self.path)
        except OSError:
            return False
        return found.f_bavail * found.f_frsize < 1024 * 1024 or found.f_favail < 16

    def unmount(self) -> None:
        umount = shutil.which("umount", path=SYSTEM_PATH) or "umount"
        for flags in ([], ["--lazy"]):  # lazy: a file still open somewhere must not stop us
            command = [umount, *flags, str(self.path)]
            done = subprocess.run(command, capture_output=True, check=False)
            if done.returncode == 0:
                return
        log.error("cannot unmount the work directory %s", self.path)
