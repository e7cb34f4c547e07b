"""Run the harness in a fresh child process and turn however it ended into data.

The child gets its own directory, a clean environment, a wall-clock limit enforced on its
whole process group, and capped output. It reports progress on a pipe and leaves a bundle;
a child that dies without one (segfault, hard exit, killed) is still a stored result.
"""

from __future__ import annotations

import contextlib
import logging
import os
import selectors
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from backend.worker.bundle import Bundle, BundleLimits, BundleRefused, load_bundle
from backend.worker.crash import describe_exit
from backend.worker.progress import ProgressCallback, ProgressReader
from backend.worker.sandbox import SandboxLimits, SandboxRun, open_sandbox

log = logging.getLogger(__name__)

PASSED_ENV = ("PATH", "LANG", "LC_ALL", "CUDA_VISIBLE_DEVICES", "LD_LIBRARY_PATH", "CC", "CXX")
# Lines the profiler itself prints to stderr; they are not the snippet's output.
NOISE_PREFIXES = ("USDT:",)


@dataclass
class ChildLimits:
    timeout_s: float = 600.0
    output_cap_bytes: int = 256 * 1024  # kept per stream, with a mark where it was cut
    output_kill_bytes: int = 16 * 1024 * 1024  # a snippet printing more than this is stopped


@dataclass
class ChildRequest:
    code: str
    workdir: Path
    size: int | None = None
    compile_mode: str = "default"
    device: str = "auto"
    cache_dir: Path | None = None  # unsandboxed runs only: a sandboxed run's cache is its own
    limits: ChildLimits = field(default_factory=ChildLimits)
    sandbox: str = "auto"  # auto | bwrap | none (backend.worker.sandbox)
    memory_mb: int | None = None  # the sandbox's memory cap (a cgroup)
    bundle_limits: BundleLimits = field(default_factory=BundleLimits)  # what is read back
    # Set by the owner to stop the child early (server shutdown): run_child then raises.
    stop: threading.Event | None = None


class ChildStopped(Exception):
    """The child was killed because its owner asked (`ChildRequest.stop`), not by a limit."""


@dataclass
class ChildOutcome:
    status: str  # succeeded | failed | timed_out | crashed
    bundle: Bundle | None  # read back within its limits; None when refused or left none
    bundle_dir: Path
    error: dict[str, Any] | None
    stdout: str
    stderr: str
    truncated: bool
    duration_s: float
    notes: list[str] = field(default_factory=list)  # how it ran, e.g. without a sandbox


class _Stream:
    def __init__(self, cap: int) -> None:
        self.kept = bytearray()
        self.total = 0
        self.cap = cap

    def add(self, chunk: bytes) -> None:
        self.total += len(chunk)
        room = self.cap - len(self.kept)
        if room > 0:
            self.kept += chunk[:room]

    def text(self) -> str:
        text = self.kept.decode(errors="replace")
        lines = [
            line for line in text.splitlines(keepends=True) if not line.startswith(NOISE_PREFIXES)
        ]
        text = "".join(lines)
        if self.total > self.cap:
            text += (
                f"\n[... output truncated: {self.total:,} bytes in all, first {self.cap:,} kept]\n"
            )
        return text


def run_child(request: ChildRequest, on_progress: ProgressCallback | None = None) -> ChildOutcome:
    snippet, bundle_dir, crash_log, cwd = _prepare(request)
    limits = SandboxLimits(request.limits.timeout_s, request.memory_mb)
    sandbox, notes = open_sandbox(request.sandbox, request.workdir, limits)
    try:
        outcome = _run(request, sandbox, (snippet, bundle_dir, crash_log, cwd), on_progress)
    finally:
        if sandbox is not None:
            sandbox.close()  # nothing of the run survives it: processes, cgroup, uid
    outcome.notes += notes
    return outcome


def _run(
    request: ChildRequest,
    sandbox: SandboxRun | None,
    paths: tuple[Path, Path, Path, Path],
    on_progress: ProgressCallback | None,
) -> ChildOutcome:
    snippet, bundle_dir, crash_log, cwd = paths
    progress_read, progress_write = os.pipe()
    command = _command(request, snippet, bundle_dir, crash_log, progress_write)
    env = _child_env(request, sandboxed=sandbox is not None)
    if sandbox is not None:
        command, env = sandbox.wrap(command, env, cwd), sandbox.launcher_env()
    started = time.monotonic()
    process = subprocess.Popen(
        command,
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        pass_fds=(progress_write,),
        start_new_session=True,  # its own process group: a timeout kills everything it started
    )
    os.close(progress_write)
    streams = {
        "stdout": _Stream(request.limits.output_cap_bytes),
        "stderr": _Stream(request.limits.output_cap_bytes),
    }
    progress = ProgressReader(on_progress)
    try:
        ended_by = _pump(process, progress_read, streams, request, started, progress)
        if ended_by == "timeout":
            _dump_stack(process, sandbox)
    finally:
        _kill_group(process)
        if sandbox is not None:
            sandbox.kill()
        os.close(progress_read)
        for pipe in (process.stdout, process.stderr):
            if pipe is not None:
                pipe.close()
    if ended_by == "stopped":
        raise ChildStopped(f"stopped after {time.monotonic() - started:.1f} s")
    files = (bundle_dir, crash_log)
    outcome = _outcome(request, process, ended_by, streams, files, started, sandbox)
    if (note := progress.note()) is not None:
        log.warning("run in %s: %s", request.workdir.name, note)
        outcome.notes.append(note)
    return outcome


def _prepare(request: ChildRequest) -> tuple[Path, Path, Path, Path]:
    request.workdir.mkdir(parents=True, exist_ok=True)
    snippet = request.workdir / "snippet.py"
    snippet.write_text(request.code)
    cwd = request.workdir / "cwd"
    cwd.mkdir(exist_ok=True)
    return snippet, request.workdir / "bundle", request.workdir / "crash.log", cwd


def _command(
    request: ChildRequest, snippet: Path, bundle_dir: Path, crash_log: Path, progress_fd: int
) -> list[str]:
    command = [sys.executable, "-m", "backend.harness", "--snippet", str(snippet)]
    command += ["--bundle", str(bundle_dir), "--crash-log", str(crash_log)]
    command += ["--compile-mode", request.compile_mode, "--device", request.device]
    command += ["--progress-fd", str(progress_fd)]
    if request.size is not None:
        command += ["--size", str(request.size)]
    return command


def _child_env(request: ChildRequest, sandboxed: bool = False) -> dict[str, str]:
    """Only what torch needs: no server settings, tokens or database paths leak in."""
    env = {name: os.environ[name] for name in PASSED_ENV if name in os.environ}
    package_root = str(Path(__file__).resolve().parents[2])
    # A shared Inductor cache would let one sandboxed snippet plant a compiled kernel that
    # another user's run then loads: a sandboxed run compiles into its own directory.
    cache_dir = None if sandboxed else request.cache_dir
    env.update(
        HOME=str(request.workdir),
        PYTHONPATH=package_root,
        PYTHONUNBUFFERED="1",
        PYTHONDONTWRITEBYTECODE="1",
        TORCHINDUCTOR_COMPILE_THREADS="1",  # no compile worker pool: faster on small hosts
        TORCHINDUCTOR_CACHE_DIR=str(cache_dir or request.workdir / "inductor-cache"),
        TMPDIR=str(request.workdir),
    )
    return env


def _pump(
    process: subprocess.Popen[bytes],
    progress_fd: int,
    streams: dict[str, _Stream],
    request: ChildRequest,
    started: float,
    progress: ProgressReader,
) -> str | None:
    """Read output and progress until the child exits; returns why we stopped it, if we did."""
    selector = selectors.DefaultSelector()
    assert process.stdout is not None and process.stderr is not None
    selector.register(process.stdout, selectors.EVENT_READ, "stdout")
    selector.register(process.stderr, selectors.EVENT_READ, "stderr")
    selector.register(progress_fd, selectors.EVENT_READ, "progress")
    limits = request.limits
    while selector.get_map():
        if request.stop is not None and request.stop.is_set():
            return "stopped"
        remaining = limits.timeout_s - (time.monotonic() - started)
        if remaining <= 0:
            return "timeout"
        for key, _ in selector.select(timeout=min(remaining, 0.5)):
            chunk = os.read(key.fd, 65536)
            if not chunk:
                selector.unregister(key.fileobj)
            elif key.data == "progress":
                progress.feed(chunk)
            else:
                streams[key.data].add(chunk)
        if sum(s.total for s in streams.values()) > limits.output_kill_bytes:
            return "output_limit"
    remaining = max(0.1, limits.timeout_s - (time.monotonic() - started))
    try:
        process.wait(timeout=remaining)
    except subprocess.TimeoutExpired:
        return "timeout"
    return None


def _dump_stack(process: subprocess.Popen[bytes], sandbox: SandboxRun | None) -> None:
    """Ask the harness's faulthandler where the snippet is stuck, before killing it."""
    try:
        if sandbox is not None:
            sandbox.signal(signal.SIGUSR1)  # bwrap does not forward signals to the harness
        else:
            process.send_signal(signal.SIGUSR1)
        process.wait(timeout=1.0)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        pass


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    """Kill the child and anything it started (compile workers, the snippet's forks)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def _outcome(
    request: ChildRequest,
    process: subprocess.Popen[bytes],
    ended_by: str | None,
    streams: dict[str, _Stream],
    paths: tuple[Path, Path],
    started: float,
    sandbox: SandboxRun | None,
) -> ChildOutcome:
    bundle_dir, crash_log = paths
    bundle, refused = _read_bundle(bundle_dir, request.bundle_limits, ended_by)
    returncode = process.returncode
    if sandbox is not None:
        returncode = sandbox.exit_status(returncode)
    document = bundle.document if bundle is not None else None
    status, error = describe_exit(request, returncode, ended_by, document, crash_log)
    if refused is not None:  # what the run handed back is refused, however it ended
        status, error = "failed", refused.as_error()
    if sandbox is not None:
        status, error = sandbox.explain(status, error, returncode)
    return ChildOutcome(
        status=status,
        bundle=bundle,
        bundle_dir=bundle_dir,
        error=error,
        stdout=streams["stdout"].text(),
        stderr=streams["stderr"].text(),
        truncated=any(s.total > s.cap for s in streams.values()),
        duration_s=time.monotonic() - started,
    )


def _read_bundle(
    bundle_dir: Path, limits: BundleLimits, ended_by: str | None
) -> tuple[Bundle | None, BundleRefused | None]:
    """The bundle, read now, while the run's work directory (a tmpfs in the sandbox) is
    still there; or why it is refused. A run we stopped is not read at all."""
    if ended_by is not None:
        return None, None
    try:
        return load_bundle(bundle_dir, limits), None
    except BundleRefused as exc:
        log.warning("run in %s: bundle refused: %s", bundle_dir.parent.name, exc)
        return None, exc
