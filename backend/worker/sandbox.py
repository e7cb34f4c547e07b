"""The hard sandbox: every snippet runs under bubblewrap, as an unprivileged uid, with limits.

The worker (root) starts `bwrap`, which builds new IPC, PID, network, UTS and cgroup
namespaces and a read-only view of only what the harness needs: /usr (and the /lib, /bin
links), the loader cache, the Python prefix and virtual environment, the compiler's prefix,
the `backend` package, the NVIDIA device nodes, a private tmpfs /tmp, and the run's own work
directory (read-write, for the bundle: a tmpfs of `work_mb` and `work_files`, mounted by
the worker, so a run cannot fill the data directory's disk). The data directory, /root,
the server's environment and every other file are simply not there. Inside, `prlimit`
sets the process, open-file, file-size and CPU-time limits and `setpriv` drops to the
run's own uid with no capabilities and no new privileges.

Whether a run gets this sandbox at all (the `sandbox` setting, the server's checks) is
`sandbox_policy`'s decision; `probe` says whether bubblewrap works on this machine.

Not `--unshare-all`: as root it also makes a user namespace that maps root to root, and the
drop to an unprivileged uid below would then be impossible. Memory is capped by a cgroup
(`run_memory_mb`), never by RLIMIT_AS, which breaks CUDA initialisation. Each run gets a uid
of its own (RLIMIT_NPROC counts every process of a uid), held by a lock file for the run.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import glob
import logging
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from backend.harness.protocol import HOST_BUILDS_ENV
from backend.limits import RunLimits
from backend.worker.cgroup import CGROUP_PARENT, PROCESS_GONE_S, MemoryCgroup, memory_hierarchy
from backend.worker.host import SYSTEM_PATH
from backend.worker.work_quota import WorkQuota

log = logging.getLogger(__name__)

UID_BASE = 70_000  # outside Debian's and systemd's reserved ranges and the usual subuid ranges
UID_SLOTS = 64  # runs sandboxed at once on one host
UID_LOCKS = Path(tempfile.gettempdir()) / "kernelscope-sandbox-uids"
PACKAGE_ROOT = Path(__file__).resolve().parents[2]
# The loader needs its cache; compilers are reached through /etc/alternatives links.
ETC_FILES = ("ld.so.cache", "ld.so.conf", "ld.so.conf.d", "alternatives", "localtime")
TOP_LEVEL_LINKS = ("bin", "sbin", "lib", "lib32", "lib64", "libx32")
# `sh -c JOIN_CGROUP procs-file command...`: the shell moves itself, then becomes the command.
JOIN_CGROUP = 'echo $$ > "$0" && exec "$@"'
NETWORK_ERRORS = ("Connection refused", "Network is unreachable", "name resolution")
DISK_FULL = "No space left on device"


class SandboxUnavailable(Exception):
    """The sandbox was required (or accounts are on) but cannot run here; says why and how."""


@functools.cache
def probe() -> str | None:
    """Why bubblewrap cannot sandbox a run on this machine, or None when it can.

    Runs the real recipe once, around an empty Python program: a missing tool, a kernel or a
    container that forbids namespaces all show up here, not in a user's run.
    """
    if sys.platform != "linux":
        return "bubblewrap needs Linux"
    if os.geteuid() != 0:
        return "not running as root (bubblewrap starts as root to drop to a run's own uid)"
    missing = [tool for tool in ("bwrap", "prlimit", "setpriv") if _find(tool) is None]
    if missing:
        return f"{', '.join(missing)} not found (Debian: apt-get install bubblewrap util-linux)"
    workdir = Path(tempfile.mkdtemp(prefix="kernelscope-probe-"))
    sandbox = None
    try:
        limits = RunLimits(timeout_s=30, sandbox="bwrap")
        sandbox = SandboxRun(workdir, limits, cgroup=False, quota=False)
        command = sandbox.wrap([sys.executable, "-c", "pass"], {}, workdir)
        done = subprocess.run(
            command, env=sandbox.launcher_env(), capture_output=True, text=True, timeout=60
        )
    except (OSError, subprocess.SubprocessError, SandboxUnavailable) as exc:
        return f"bubblewrap failed to start: {exc}"
    finally:
        if sandbox is not None:
            sandbox.close()
        shutil.rmtree(workdir, ignore_errors=True)
    if done.returncode != 0:
        detail = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
        return f"bubblewrap failed: {detail}"
    return None


def clear_leftovers(workdir: Path) -> None:
    """What a worker killed without warning (SIGKILL, a crash) left of one run in `workdir`:
    its processes died with it (--die-with-parent), but its tmpfs, its memory cgroups and
    its files are still there. Removes them all."""
    if os.path.ismount(workdir):
        WorkQuota(workdir).unmount()
    if (hierarchy := memory_hierarchy()) is not None:
        root, version = hierarchy
        for path in (root / CGROUP_PARENT).glob(f"{workdir.name}-*"):
            MemoryCgroup(path, version).remove()
    shutil.rmtree(workdir, ignore_errors=True)


# ---- one sandboxed run -----------------------------------------------------------------------


class SandboxRun:
    """The uid, cgroup and bubblewrap command line of one run; `close()` leaves nothing."""

    def __init__(
        self, workdir: Path, limits: RunLimits, *, cgroup: bool = True, quota: bool = True
    ) -> None:
        self.workdir = workdir
        self.limits = limits
        self.notes: list[str] = []
        self.uid, self._uid_lock = _acquire_uid()
        self.cgroup: MemoryCgroup | None = None
        self.quota: WorkQuota | None = None
        try:
            _kill_processes(self.uid)  # a crashed worker's leftovers must not count for NPROC
            if cgroup and limits.memory_mb is not None:
                self._cap_memory(limits.memory_mb)
            if quota:
                self._cap_disk()
            self._give_workdir()
        except BaseException:
            self.close()
            raise

    def _cap_memory(self, memory_mb: int) -> None:
        self.cgroup, why = MemoryCgroup.create(f"{self.workdir.name}-{self.uid}", memory_mb)
        if why is not None:
            self.notes.append(
                f"memory not capped at {memory_mb} MiB: {why}; the host's or container's "
                "limit applies"
            )

    def _cap_disk(self) -> None:
        self.quota, why = WorkQuota.mount(self.workdir, self.limits.work_mb, self.limits.work_files)
        if why is not None:
            self.notes.append(
                f"work directory not capped at {self.limits.work_mb} MiB: {why}; each file "
                f"is still capped at {self.limits.file_size_mb} MiB"
            )

    def launcher_env(self) -> dict[str, str]:
        """The environment of bwrap itself; the child's is set with --clearenv/--setenv."""
        return {"PATH": SYSTEM_PATH}

    def wrap(self, command: list[str], env: dict[str, str], cwd: Path) -> list[str]:
        """`command` run inside the sandbox, with exactly `env`, in `cwd`."""
        wrapped = [_tool("bwrap"), *self._namespaces(), *self._mounts(env), "--chdir", str(cwd)]
        wrapped += ["--clearenv"]
        for name, value in sorted(self._sandbox_env(env).items()):
            wrapped += ["--setenv", name, value]
        wrapped += ["--", *self._limits_and_uid(), *command]
        if self.cgroup is not None:
            # Join the cgroup before bwrap forks anything, so every process is capped.
            return ["/bin/sh", "-c", JOIN_CGROUP, str(self.cgroup.procs_file), *wrapped]
        return wrapped

    def processes(self) -> list[int]:
        """The run's processes: those of its uid."""
        return _pids_of_uid(self.uid)

    def signal(self, number: int) -> None:
        """Signal every process of the run (SIGUSR1: the harness dumps its stack)."""
        for pid in _pids_of_uid(self.uid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, number)

    def exit_status(self, returncode: int | None) -> int | None:
        """bwrap reports a command killed by signal N as 128 + N; say it as Popen would (-N)."""
        if returncode is not None and 128 < returncode < 128 + signal.NSIG:
            return -(returncode - 128)
        return returncode

    def explain(
        self, status: str, error: dict[str, Any] | None, returncode: int | None
    ) -> tuple[str, dict[str, Any] | None]:
        """Name the limit a run hit, in words, instead of a bare signal or errno."""
        if status == "succeeded":
            return status, error
        if self.cgroup is not None and self.cgroup.oom_kills() > 0:
            return "crashed", _limit_error(
                "memory_limit",
                f"The run used more than its memory limit of {self.limits.memory_mb} MiB "
                "(setting run_memory_mb) and was stopped. Use smaller inputs, or ask for a "
                "higher limit.",
                error,
            )
        if returncode == -signal.SIGXCPU:
            return "crashed", _limit_error(
                "cpu_limit",
                f"The run used more than its CPU time limit of {self.limits.cpu_s} s (all "
                "threads together) and was stopped.",
                error,
            )
        message = str((error or {}).get("message", ""))
        if "Resource temporarily unavailable" in message or "can't start new thread" in message:
            return status, _limit_error(
                "process_limit",
                f"The sandbox's process limit ({self.limits.processes} processes and threads) "
                f"stopped the snippet: {message}",
                error,
            )
        if DISK_FULL in message or (self.quota is not None and self.quota.full()):
            said = f" ({message})" if DISK_FULL in message else ""
            return "failed", _limit_error(
                "disk_limit",
                f"The snippet filled its work directory, which holds at most "
                f"{self.limits.work_mb} MiB in {self.limits.work_files:,} files (the sandbox's "
                f"disk quota; /tmp holds {self.limits.tmp_mb} MiB more){said}. Write less: a "
                "run needs no files of its own.",
                error,
            )
        if "File too large" in message or returncode == -signal.SIGXFSZ:
            return status, _limit_error(
                "file_size_limit",
                f"The snippet wrote a file larger than the sandbox's limit of "
                f"{self.limits.file_size_mb} MiB: {message}",
                error,
            )
        if any(marker in message for marker in NETWORK_ERRORS) and error is not None:
            return status, {**error, "message": f"{message} Runs have no network access."}
        return status, error

    def kill(self) -> None:
        """Kill whatever of the run is still alive (the PID namespace normally takes it all)."""
        _kill_processes(self.uid)
        if self.cgroup is not None:
            self.cgroup.kill()

    def close(self) -> None:
        """Kill every process of the run, remove its cgroup and free its uid."""
        deadline = time.monotonic() + PROCESS_GONE_S
        while True:
            self.kill()
            left = _pids_of_uid(self.uid)
            if not left or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        if left:
            log.error("sandbox uid %d: processes %s survived SIGKILL", self.uid, left)
        if self.cgroup is not None:
            self.cgroup.remove()
        if self.quota is not None:  # the run's files go with it: read them before close()
            self.quota.unmount()
        if not left:  # a uid whose processes survived stays locked until this worker exits
            os.close(self._uid_lock)

    # ---- the command line --------------------------------------------------------------------

    def _namespaces(self) -> list[str]:
        return [
            "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
            "--unshare-cgroup-try", "--hostname", "kernelscope",
            "--die-with-parent", "--new-session",
            # setpriv needs these three to drop to the run's uid; it drops them too.
            "--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID",
            "--cap-add", "CAP_SETPCAP",
        ]  # fmt: skip

    def _mounts(self, env: dict[str, str]) -> list[str]:
        made: set[Path] = set()  # mount points whose parents already exist (0755)
        args = ["--ro-bind", "/usr", "/usr"]
        for name in TOP_LEVEL_LINKS:
            path = Path("/") / name
            if path.is_symlink():
                args += ["--symlink", os.readlink(path), str(path)]
            elif path.is_dir():
                args += ["--ro-bind", str(path), str(path)]
        for name in ETC_FILES:
            path = Path("/etc") / name
            args += [*_parents(path, made), "--ro-bind-try", str(path), str(path)]
        identity = self._identity_files()
        args += ["--ro-bind", str(identity / "passwd"), "/etc/passwd"]
        args += ["--ro-bind", str(identity / "group"), "/etc/group"]
        args += ["--proc", "/proc", "--dev", "/dev"]
        for node in sorted(glob.glob("/dev/nvidia*")):  # nvidiactl, nvidia0.., -uvm, -caps
            args += ["--dev-bind", node, node]
        # CPU cache sizes and topology: the harness records the last-level cache.
        cpus = Path("/sys/devices/system/cpu")
        args += [*_parents(cpus, made), "--ro-bind-try", str(cpus), str(cpus)]
        tmp_bytes = str(self.limits.tmp_mb * 1024 * 1024)
        args += ["--perms", "1777", "--size", tmp_bytes, "--tmpfs", "/tmp"]
        for source in self._readable(env):
            args += [*_parents(source, made), "--ro-bind", str(source), str(source)]
        args += [*_parents(self.workdir, made), "--bind", str(self.workdir), str(self.workdir)]
        return args

    def _readable(self, env: dict[str, str]) -> list[Path]:
        """Python, the venv, the backend package, extra library folders, the worker's
        bytecode for them (backend/worker/bytecode.py) and Inductor's host-only C++ builds
        (backend/worker/host_builds.py): read-only."""
        paths = {Path(sys.base_prefix), Path(sys.prefix), PACKAGE_ROOT / "backend"}
        for made in ("PYTHONPYCACHEPREFIX", HOST_BUILDS_ENV):  # the worker's, made per host
            if env.get(made, "").startswith("/"):
                paths.add(Path(env[made]))
        paths |= {Path(p) for p in env.get("LD_LIBRARY_PATH", "").split(":") if p.startswith("/")}
        paths |= _toolchains(env)
        found = sorted(p.resolve() for p in paths if p.is_dir())
        shown = [Path("/usr"), *(Path("/") / name for name in TOP_LEVEL_LINKS)]
        kept = [p for p in found if not any(p == q or q in p.parents for q in shown)]
        kept = [p for p in kept if not any(q != p and q in p.parents for q in kept)]
        for path in kept:
            if path == self.workdir or path in self.workdir.parents:
                raise SandboxUnavailable(
                    f"the run's work directory {self.workdir} lies inside {path}, which the "
                    "sandbox shows read-only: move the data directory out of it"
                )
        return kept

    def _sandbox_env(self, env: dict[str, str]) -> dict[str, str]:
        # getpass and torch look the user up; the private /tmp replaces the work dir's tmp.
        return {**env, "USER": "kernelscope", "LOGNAME": "kernelscope", "TMPDIR": "/tmp"}

    def _limits_and_uid(self) -> list[str]:
        limits = self.limits
        file_size = limits.file_size_mb * 1024 * 1024
        return [
            _tool("prlimit"),
            f"--nproc={limits.processes}",
            f"--nofile={limits.open_files}",
            f"--fsize={file_size}",
            f"--cpu={limits.cpu_s}:{limits.cpu_s + 5}",  # SIGXCPU first, SIGKILL 5 s later
            "--core=0",
            "--",
            _tool("setpriv"),
            f"--reuid={self.uid}",
            f"--regid={self.uid}",
            "--clear-groups",
            "--inh-caps=-all",
            "--bounding-set=-all",
            "--no-new-privs",
            "--",
        ]

    def _identity_files(self) -> Path:
        """/etc/passwd and /etc/group that know only root and the run's user."""
        folder = self.workdir / ".sandbox-etc"
        folder.mkdir(exist_ok=True)
        home = self.workdir
        (folder / "passwd").write_text(
            "root:x:0:0:root:/nonexistent:/usr/sbin/nologin\n"
            f"kernelscope:x:{self.uid}:{self.uid}:run:{home}:/usr/sbin/nologin\n"
        )
        (folder / "group").write_text(f"root:x:0:\nkernelscope:x:{self.uid}:\n")
        return folder

    def _give_workdir(self) -> None:
        """The run's uid owns its work directory (bundle, crash log, cwd, Inductor cache).

        Group root, 0770: bwrap (root, but with no capabilities left) must still enter it.
        """
        self.workdir.mkdir(parents=True, exist_ok=True)
        for path in [self.workdir, *self.workdir.iterdir()]:
            if path.is_dir() and path.name != ".sandbox-etc":
                os.chown(path, self.uid, 0)
                path.chmod(0o770)


def _toolchains(env: dict[str, str]) -> set[Path]:
    """Install prefixes of the compilers Inductor and Triton call (CC, CXX, gcc, g++): a gcc
    in /opt/gcc/bin needs /opt/gcc's lib, libexec and include too. Never a home directory."""
    roots: set[Path] = set()
    search = env.get("PATH", SYSTEM_PATH)
    for name in (env.get("CC"), env.get("CXX"), "gcc", "g++", "cc", "c++"):
        found = shutil.which(name, path=search) if name else None
        if found is None:
            continue
        binary = Path(found).resolve()
        root = binary.parent.parent if binary.parent.name == "bin" else binary.parent
        homes = {Path("/"), Path("/root"), Path("/home"), Path.home()}
        if not any(root == home or root in home.parents for home in homes):
            roots.add(root)
    return roots


def _limit_error(kind: str, message: str, error: dict[str, Any] | None) -> dict[str, Any]:
    previous = error or {}
    return {
        "kind": kind,
        "message": message,
        "line": previous.get("line"),
        "traceback": list(previous.get("traceback") or []),
    }


def _parents(path: Path, made: set[Path]) -> list[str]:
    """bwrap makes missing mount points 0700 (root only): make them 0755 first."""
    args: list[str] = []
    for parent in reversed(path.parents):
        if parent == Path("/") or parent in made or str(parent) in ("/usr", "/tmp"):
            continue
        made.add(parent)
        args += ["--perms", "0755", "--dir", str(parent)]
    return args


def _find(name: str) -> str | None:
    """bwrap runs outside the sandbox: anywhere on PATH. prlimit and setpriv run inside it,
    so only where the sandbox shows them (/usr, /bin, /sbin)."""
    found = shutil.which(name) if name == "bwrap" else None
    return found or shutil.which(name, path=SYSTEM_PATH)


def _tool(name: str) -> str:
    found = _find(name)
    if found is None:
        raise SandboxUnavailable(f"{name} not found")
    return found


# ---- uids and processes ----------------------------------------------------------------------


def _acquire_uid() -> tuple[int, int]:
    """A uid no other run holds (a lock file per uid, across processes), and its lock."""
    UID_LOCKS.mkdir(mode=0o700, exist_ok=True)
    for uid in range(UID_BASE, UID_BASE + UID_SLOTS):
        fd = os.open(UID_LOCKS / f"{uid}.lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            continue
        return uid, fd
    raise SandboxUnavailable(f"all {UID_SLOTS} sandbox uids are in use")


def _pids_of_uid(uid: int) -> list[int]:
    """Processes whose real uid is `uid` (read from status: a process can hide from stat)."""
    found = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/status") as status:
                for line in status:
                    if line.startswith("Uid:"):
                        if int(line.split()[1]) == uid:
                            found.append(int(entry.name))
                        break
        except (OSError, ValueError):
            continue
    return found


def _kill_processes(uid: int) -> None:
    for pid in _pids_of_uid(uid):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
