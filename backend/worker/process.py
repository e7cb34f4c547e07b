"""One harness process: started in a fresh directory (sandboxed when the limits say so),
given exactly one job, and gone with everything it made once `close()` returns.

A process is either started for its run (cold: `kernelscope run`, or when no spare is
at hand) or ahead of need as a spare (`prewarm=True`, kept by `spares.SpareKeeper`): it
then imports torch, creates the device context and warms the compiler and the profiler
while the worker waits for a run. Either way it waits for its job on a pipe and runs one
snippet: isolation is the same as a cold start's, since the process, its directory, its
sandbox (uid, cgroup, tmpfs, /tmp) and its environment were made for it alone and nothing
of a snippet ever ran in it before its own.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import secrets
import select
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from backend.harness.protocol import READY, encode_job, encode_warm_device
from backend.limits import RunLimits, default_cache_dir
from backend.worker import preimports
from backend.worker.bytecode import bytecode_env
from backend.worker.host import SYSTEM_PATH
from backend.worker.host_builds import host_builds_env
from backend.worker.sandbox import SandboxRun
from backend.worker.sandbox_policy import open_sandbox
from backend.worker.vec_isa import vec_isa_env

log = logging.getLogger(__name__)

PASSED_ENV = ("PATH", "LANG", "LC_ALL", "CUDA_VISIBLE_DEVICES", "LD_LIBRARY_PATH", "CC", "CXX")
PACKAGE_ROOT = Path(__file__).resolve().parents[2]
SNIPPET_FILE = "snippet.py"
SPARE_PREFIX = "spare-"  # a spare's work directory: spare-<random>
# A spare warms up at a lower CPU priority so it never slows the run beside it down; it
# gets its priority back when a run takes it (only where the worker may raise it again).
SPARE_NICE = 10


@dataclass(frozen=True)
class WorkerSetup:
    """How a worker runs snippets, the same for all its runs: in `data_dir` (runs in
    work/, an unsandboxed run's Inductor cache in cache/inductor), on `device`, within
    `limits`, keeping what it learns once per host in `host_cache` (the `cache_dir`
    setting). A spare is started with one and serves only runs of the same setup."""

    data_dir: Path
    device: str = "auto"  # auto | cpu | cuda, for the harness
    limits: RunLimits = field(default_factory=RunLimits)
    host_cache: Path = field(default_factory=default_cache_dir)

    @property
    def work_root(self) -> Path:
        return self.data_dir / "work"

    @property
    def cache_dir(self) -> Path:
        return self.data_dir / "cache" / "inductor"

    def with_timeout(self, timeout_s: float) -> WorkerSetup:
        return replace(self, limits=self.limits.with_timeout(timeout_s))


@dataclass(frozen=True)
class Job:
    """What one run asks for."""

    code: str
    size: int | None = None
    compile_mode: str = "default"
    measure: tuple[str, ...] = ()  # hardware measurements asked for, e.g. ("dram",)


class ProcessGone(Exception):
    """The process ended before it could be given its job (a spare that died meanwhile)."""


class SpareUsed(Exception):
    """A harness process runs one snippet: it was asked for a second."""


class HarnessProcess:
    def __init__(
        self,
        setup: WorkerSetup,
        name: str | None = None,
        *,
        prewarm: bool = False,
        parked: bool = False,
    ) -> None:
        """`prewarm`: warm up before the job (a spare); `parked` too: stop after the host
        half of the warm-up until `warm_device` (spares.py), holding no device context."""
        self.setup = setup
        self.name = name or f"{SPARE_PREFIX}{secrets.token_hex(6)}"
        self.workdir = setup.work_root / self.name
        self.prewarm = prewarm
        self.started_at = time.monotonic()
        self.ready_at: float | None = None  # when it was first seen ready (spares only)
        # when it was told to warm the device too (a spare that is not, is parked): at its
        # start unless parked; a process with nothing to warm has nothing to wait for
        self.device_asked_at: float | None = None if prewarm and parked else self.started_at
        self.job_sent_at: float | None = None
        self.prewarm_s: float | None = None  # what its ready line says
        self.prewarmed_device: bool | None = None  # and whether that warmed the device too
        self.sandbox: SandboxRun | None = None
        self.notes: list[str] = []
        self.process: subprocess.Popen[bytes] | None = None
        self.progress_fd = -1
        self._job_fd: int | None = None
        # Sent with the job; only progress lines that carry it are the harness's own.
        self.progress_key = secrets.token_urlsafe(16)
        self._ready_line: bytearray | None = bytearray()  # None once it has been read
        self._niced = False
        try:
            self._start()
            if prewarm and not parked:  # read once its host half is done: it goes straight on
                self._write_job_pipe(encode_warm_device())
        except BaseException:
            self.close()
            raise

    # ---- starting -------------------------------------------------------------------

    def _start(self) -> None:
        shutil.rmtree(self.workdir, ignore_errors=True)
        (self.workdir / "cwd").mkdir(parents=True)
        self.sandbox, self.notes = open_sandbox(self.workdir, self.setup.limits)
        progress_read, progress_write = os.pipe()
        self.progress_fd = progress_read  # closed by close() if what follows fails
        try:
            job_read, job_write = os.pipe()
        except OSError:
            os.close(progress_write)
            raise
        self._job_fd = job_write
        try:
            command, env = self._command(progress_write, job_read)
            self.process = subprocess.Popen(
                command,
                cwd=self.workdir / "cwd",
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                pass_fds=(progress_write, job_read),
                start_new_session=True,  # its own process group: one kill stops all of it
            )
        finally:
            os.close(progress_write)
            os.close(job_read)

    def _command(self, progress_fd: int, job_fd: int) -> tuple[list[str], dict[str, str]]:
        workdir = self.workdir
        command = [sys.executable, "-m", "backend.harness", "--snippet", str(self.snippet)]
        command += ["--bundle", str(self.bundle_dir), "--crash-log", str(self.crash_log)]
        command += ["--device", self.setup.device, "--progress-fd", str(progress_fd)]
        command += ["--job-fd", str(job_fd)]
        if self.prewarm:
            command.append("--prewarm")
        env = self._env()
        if self.sandbox is not None:
            command = self.sandbox.wrap(command, env, workdir / "cwd")
            env = self.sandbox.launcher_env()
        else:  # bubblewrap's --die-with-parent does this for a sandboxed one
            command += ["--parent-pid", str(os.getpid())]
        if self.prewarm and (nice := _nice_command()) is not None:
            command, self._niced = [*nice, *command], True
        return command, env

    def _env(self) -> dict[str, str]:
        return harness_env(self.setup, self.workdir, sandboxed=self.sandbox is not None)

    # ---- where its files are ----------------------------------------------------------

    @property
    def snippet(self) -> Path:
        return self.workdir / SNIPPET_FILE

    @property
    def bundle_dir(self) -> Path:
        return self.workdir / "bundle"

    @property
    def crash_log(self) -> Path:
        return self.workdir / "crash.log"

    # ---- waiting ----------------------------------------------------------------------

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def age_s(self) -> float:
        return time.monotonic() - self.started_at

    def wait_ready(self, timeout_s: float) -> bool:
        """True once it has said it is ready, or ended (its pipe is then readable too).
        Only looks: the line itself is read by the run (`progress`)."""
        if self.ready_at is not None:
            return True
        readable, _, _ = select.select([self.progress_fd], [], [], timeout_s)
        if readable:
            self.ready_at = time.monotonic()
        return bool(readable)

    def describe_exit(self) -> str:
        if self.process is None or self.process.poll() is None:
            return "still running"
        code = self.exit_status()
        if code is not None and code < 0:
            return f"killed by signal {-code}"
        return f"exit status {code}"

    @property
    def parked(self) -> bool:
        """Warm (or warming) on the host only: it holds no device context yet."""
        return self.device_asked_at is None

    @property
    def was_parked(self) -> bool:
        """Parked before it was told to warm the device (not at its start)."""
        return self.device_asked_at is not None and self.device_asked_at > self.started_at

    def warming_s(self) -> float:
        """How long it has been warming towards ready on the device (0 while parked)."""
        if self.device_asked_at is None:
            return 0.0
        return time.monotonic() - self.device_asked_at

    def warm_device(self) -> None:
        """Tell a parked spare to warm the device too (it does once its host stage is done).
        Its keeper calls this while it holds the spare, so no run can be sending it a job at
        the same time; a spare that died meanwhile is its keeper's to notice."""
        if self.device_asked_at is None:
            self.device_asked_at = time.monotonic()
            self._write_job_pipe(encode_warm_device())

    def _write_job_pipe(self, message: bytes) -> None:
        if self._job_fd is not None:
            with contextlib.suppress(OSError):  # BrokenPipeError: it ended
                os.write(self._job_fd, message)

    # ---- the one job --------------------------------------------------------------------

    def send(self, job: Job) -> None:
        """Hand over the run's snippet: written to its file, then size and compile mode on
        the job pipe, which is closed after them. ProcessGone if it ended meanwhile."""
        if self.job_sent_at is not None or self._job_fd is None:
            raise SpareUsed(f"harness process {self.name} has had its snippet already")
        self._write_snippet(job.code)
        self._restore_priority()
        fd, self._job_fd = self._job_fd, None
        try:
            os.write(fd, encode_job(job.size, job.compile_mode, self.progress_key))
        except BrokenPipeError:
            raise ProcessGone(f"harness process {self.name}: {self.describe_exit()}") from None
        finally:
            os.close(fd)
        self.job_sent_at = time.monotonic()

    def _write_snippet(self, code: str) -> None:
        # O_EXCL | O_NOFOLLOW: nothing of a snippet ever ran here, but the worker (root)
        # still writes only a file it creates itself.
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
        fd = os.open(self.snippet, flags, 0o644)
        with os.fdopen(fd, "w") as snippet:
            snippet.write(code)

    def progress(self, chunk: bytes) -> bytes:
        """What the progress pipe gave, less the ready line the harness writes first (it
        is the harness's own: nothing of the snippet has run before it)."""
        if self._ready_line is None:
            return chunk
        self._ready_line += chunk
        line, newline, rest = bytes(self._ready_line).partition(b"\n")
        if not newline:
            return b""
        self._ready_line = None
        self._read_ready(line)
        return rest

    def _read_ready(self, line: bytes) -> None:
        try:
            said = json.loads(line)
        except ValueError:
            said = None
        if not isinstance(said, dict) or said.get(READY) is not True:
            log.warning("harness process %s: unexpected first line %r", self.name, line[:200])
            return
        if isinstance(said.get("prewarm_s"), int | float):
            self.prewarm_s = float(said["prewarm_s"])
        self.prewarmed_device = said.get("on_device") is True
        if said.get("error"):
            log.warning("spare %s: pre-warm failed: %s", self.name, str(said["error"])[:500])

    # ---- priority ---------------------------------------------------------------------

    def _restore_priority(self) -> None:
        """Every thread of the process back to the worker's own priority, before the
        snippet starts (threads it starts then inherit it)."""
        if not self._niced:
            return
        self._niced = False
        ours = os.getpriority(os.PRIO_PROCESS, 0)
        for pid in self.processes():
            for tid in _threads(pid):
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.setpriority(os.PRIO_PROCESS, tid, ours)

    @property
    def pid(self) -> int | None:
        """The process started for the run (bubblewrap's, under the sandbox)."""
        return None if self.process is None else self.process.pid

    def processes(self) -> list[int]:
        """Every process of the run now: the harness and what it started."""
        if self.sandbox is not None:
            return self.sandbox.processes()
        return [] if self.process is None else _group_members(self.process.pid)

    # ---- ending -----------------------------------------------------------------------

    def signal_run(self, number: int) -> None:
        """Signal the run's processes (SIGUSR1: the harness dumps its stack)."""
        if self.sandbox is not None:
            self.sandbox.signal(number)  # bwrap does not forward signals to the harness
        elif self.process is not None:
            with contextlib.suppress(ProcessLookupError):
                self.process.send_signal(number)

    def exit_status(self) -> int | None:
        code = None if self.process is None else self.process.returncode
        return self.sandbox.exit_status(code) if self.sandbox is not None else code

    def stop(self) -> None:
        """Kill the process and anything it started; its files stay until `close()`."""
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
            for pipe in (self.process.stdout, self.process.stderr):
                if pipe is not None:
                    pipe.close()
        if self.sandbox is not None:
            self.sandbox.kill()
        for fd in (self.progress_fd, self._job_fd):
            if fd is not None and fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self.progress_fd, self._job_fd = -1, None

    def close(self) -> None:
        """Nothing of it is left: processes, uid, cgroup, work directory."""
        self.stop()
        if self.sandbox is not None:
            self.sandbox.close()
            self.sandbox = None
        shutil.rmtree(self.workdir, ignore_errors=True)


def harness_env(setup: WorkerSetup, workdir: Path, *, sandboxed: bool) -> dict[str, str]:
    """Only what torch needs: no server settings, tokens or database paths leak in."""
    env = {name: os.environ[name] for name in PASSED_ENV if name in os.environ}
    # A shared Inductor cache would let one sandboxed snippet plant a compiled kernel
    # that another user's run then loads: a sandboxed run compiles into its own folder.
    cache_dir = workdir / "inductor-cache" if sandboxed else setup.cache_dir
    # Triton's, named so that the host's builds can be linked in: the run's own when
    # sandboxed; else the shared one Inductor would have picked for device 0.
    triton_dir = workdir / "triton-cache" if sandboxed else setup.cache_dir / "triton" / "0"
    env.update(
        HOME=str(workdir),
        PYTHONPATH=str(PACKAGE_ROOT),
        PYTHONUNBUFFERED="1",
        PYTHONDONTWRITEBYTECODE="1",
        TORCHINDUCTOR_COMPILE_THREADS="1",  # no compile worker pool: faster on small hosts
        TORCHINDUCTOR_CACHE_DIR=str(cache_dir),
        TRITON_CACHE_DIR=str(triton_dir),
        TMPDIR=str(workdir),
    )
    env.update(
        vec_isa_env(env, setup.host_cache)
    )  # Inductor's instruction-set builds, proven once per host
    env.update(
        bytecode_env(env, setup.device, setup.host_cache)
    )  # where torch has none, made once per host
    env.update(
        host_builds_env(env, setup.device, setup.host_cache)
    )  # builds of the host alone, made once
    env.update(preimports.LEARNER.env())  # libraries this worker's runs keep importing
    return env


def _nice_command() -> list[str] | None:
    """`nice -n SPARE_NICE`, where the worker can give the priority back later (root)."""
    if os.geteuid() != 0:
        return None
    nice = shutil.which("nice", path=SYSTEM_PATH)
    return None if nice is None else [nice, "-n", str(SPARE_NICE)]


def _threads(pid: int) -> list[int]:
    try:
        return [int(tid) for tid in os.listdir(f"/proc/{pid}/task")]
    except (OSError, ValueError):
        return []


def _group_members(pgid: int) -> list[int]:
    """Processes of process group `pgid` (an unsandboxed harness and what it started)."""
    found = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat") as stat:
                fields = stat.read().rpartition(")")[2].split()
        except OSError:
            continue
        if len(fields) > 2 and fields[2] == str(pgid):
            found.append(int(entry.name))
    return found
