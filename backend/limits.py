"""What one run may use, in one object, from the settings to the child and its sandbox.

The server's settings make it (`Settings.run_limits()`), `kernelscope worker` makes it from
its flags (the API gives each run's time limit), and the worker hands it unchanged to the
child process (`backend/worker/child.py`) and the sandbox (`backend/worker/sandbox.py`).
The defaults live here and nowhere else. Standard library only.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

SandboxMode = Literal["auto", "bwrap", "none"]
SANDBOX_MODES: tuple[SandboxMode, ...] = ("auto", "bwrap", "none")
DEFAULT_TIMEOUT_S = 300.0
MiB = 1024 * 1024
# The largest size a sweep may ask for: 2**40 elements is a TiB even at one byte each, past
# any device's memory, so a larger size could only fail after waiting in the queue.
MAX_SIZE = 2**40


def default_cache_dir() -> Path:
    """Where a worker keeps what it learns once per host (the `cache_dir` setting's default,
    and a WorkerSetup's where none is given): $XDG_CACHE_HOME/kernelscope, else
    ~/.cache/kernelscope."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "kernelscope"


def _process_cap() -> int:
    """Threads count as processes for RLIMIT_NPROC, and torch starts one per core."""
    return 256 + 2 * (os.cpu_count() or 1)


@dataclass(frozen=True)
class RunLimits:
    # Settings (README, Settings).
    timeout_s: float = DEFAULT_TIMEOUT_S  # wall clock, from the snippet's arrival
    memory_mb: int | None = None  # a sandboxed run's memory cgroup; None: the host's limit
    sandbox: SandboxMode = "auto"  # auto: bubblewrap where it works (docs/sandbox.md)
    # Output: kept per stream up to the cap (with a mark where it was cut); a snippet that
    # prints more than the kill limit in all is stopped.
    output_cap_bytes: int = 256 * 1024
    output_kill_bytes: int = 16 * MiB
    # The sandbox's own caps (docs/sandbox.md, "What a run gets").
    processes: int = field(default_factory=_process_cap)
    open_files: int = 4096
    file_size_mb: int = 1024
    tmp_mb: int = 1024
    work_mb: int = 1024  # the run's work directory: a tmpfs this large ...
    work_files: int = 32_768  # ... with this many files at most

    @property
    def cpu_s(self) -> int:
        """CPU time of all threads together: a backstop behind the wall-clock limit."""
        return int(self.timeout_s * (os.cpu_count() or 1)) + 60

    def with_timeout(self, timeout_s: float) -> RunLimits:
        return replace(self, timeout_s=timeout_s)
