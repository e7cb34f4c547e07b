"""Session-wide hygiene shared by every test package."""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

import pytest

WORK_QUOTA_SOURCE = "kernelscope-run"  # the tmpfs WorkQuota mounts over a run's work dir


def _unmount_work_quotas(under: list[Path]) -> None:
    """Unmount run tmpfs mounts left under these directories by workers the tests killed
    (SIGKILL gives a worker no chance to unmount). pytest deletes old temporary directories
    when a later session starts, and a mount point in one ends that session with EBUSY."""
    try:
        mounts = Path("/proc/self/mounts").read_text().splitlines()
    except OSError:
        return
    for line in mounts:
        source, point = line.split()[:2]
        if source == WORK_QUOTA_SOURCE and any(Path(point).is_relative_to(d) for d in under):
            subprocess.run(["umount", "--lazy", point], capture_output=True, check=False)


def pytest_sessionstart(session: pytest.Session) -> None:
    # directories pytest has set aside for deletion: no session of anyone's is using them
    _unmount_work_quotas(list(Path(tempfile.gettempdir()).glob("pytest-of-*/garbage-*")))


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    factory = session.config._tmp_path_factory  # type: ignore[attr-defined]
    if factory._basetemp is not None:  # this session made temporary directories
        _unmount_work_quotas([factory.getbasetemp()])
