"""What a process inside the sandbox can see and do, checked from inside with plain Python.

No harness and no torch here: each test starts the real bubblewrap command line around a
short script and reads back what it found (a fraction of a second each).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from backend.harness.protocol import HOST_BUILDS_ENV
from backend.limits import RunLimits
from backend.worker import sandbox
from backend.worker.cgroup import MemoryCgroup
from backend.worker.sandbox import SandboxRun
from tests.helpers import wait_for
from tests.sandbox.escapes import Listener, processes_touching

pytestmark = pytest.mark.usefixtures("real_sandbox")

LOOK_AROUND = r"""
import errno, json, os, resource, socket, sys
port, paths = int(sys.argv[1]), sys.argv[2:]
def attempt(path):
    try:
        with open(path, "rb") as f:
            return "READ " + f.read(200).decode(errors="replace")
    except OSError as exc:
        return errno.errorcode[exc.errno]
def connect():
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
        return "connected"
    except OSError as exc:
        return errno.errorcode.get(exc.errno, str(exc))
status = dict(l.split(":", 1) for l in open("/proc/self/status").read().splitlines() if ":" in l)
def writable(path):
    try:
        with open(os.path.join(path, "probe-write"), "w") as f:
            f.write("x")
        return True
    except OSError:
        return False
print(json.dumps({
    "ids": [os.getuid(), os.geteuid(), os.getgid(), os.getgroups()],
    "caps": {k: status[k].strip() for k in ("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb")},
    "no_new_privs": status["NoNewPrivs"].strip(),
    "root": sorted(os.listdir("/")),
    "dev": sorted(os.listdir("/dev")),
    "etc": sorted(os.listdir("/etc")),
    "interfaces": [l.split(":")[0].strip() for l in open("/proc/net/dev").read().splitlines()[2:]],
    "connect": connect(),
    "reads": {p: attempt(p) for p in paths},
    "env": dict(os.environ),
    "limits": {n: resource.getrlimit(getattr(resource, n)) for n in
               ("RLIMIT_NPROC", "RLIMIT_NOFILE", "RLIMIT_FSIZE", "RLIMIT_CPU", "RLIMIT_AS")},
    "writable": {p: writable(p) for p in ("/usr", "/tmp", "/etc", os.getcwd())},
    "tmp": os.listdir("/tmp"),
    "processes": sorted(int(p) for p in os.listdir("/proc") if p.isdigit()),
}))
"""


@dataclass
class Inside:
    report: dict[str, Any]
    uid: int
    workdir: Path


@pytest.fixture
def secrets(tmp_path: Path) -> Iterator[dict[str, Path]]:
    """Secret files where a snippet must not see them: the data dir, $HOME, the host's /tmp."""
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    token = os.urandom(8).hex()
    places = {
        "data dir": data_dir / "secret.txt",
        "database": data_dir / "kernelscope.db",
        "home": Path.home() / f"kernelscope-sandbox-secret-{token}.txt",
        "host tmp": Path(tempfile.gettempdir()) / f"kernelscope-sandbox-secret-{token}.txt",
    }
    for path in places.values():
        path.write_text(f"SECRET-{token}")
    yield places
    for path in places.values():
        path.unlink(missing_ok=True)


def look_around(
    data_dir: Path, listener: Listener, paths: list[Path], limits: RunLimits | None = None
) -> Inside:
    workdir = data_dir / "work" / "run1"
    (workdir / "cwd").mkdir(parents=True)
    box = SandboxRun(workdir, limits or RunLimits(timeout_s=30))
    try:
        env = {"PATH": "/usr/bin:/bin", "HOME": str(workdir)}
        script = [sys.executable, "-c", LOOK_AROUND, str(listener.port), *map(str, paths)]
        command = box.wrap(script, env, workdir / "cwd")
        done = subprocess.run(
            command, env=box.launcher_env(), capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0, done.stderr
        return Inside(json.loads(done.stdout), box.uid, workdir)
    finally:
        box.close()


def test_runs_as_its_own_uid_with_no_capabilities(
    tmp_path: Path, listener: Listener, real_sandbox: list[int]
) -> None:
    inside = look_around(tmp_path, listener, [])
    assert inside.uid == real_sandbox[-1] and inside.uid >= sandbox.UID_BASE
    assert inside.report["ids"] == [inside.uid, inside.uid, inside.uid, []]
    assert set(inside.report["caps"].values()) == {"0000000000000000"}
    assert inside.report["no_new_privs"] == "1"
    assert inside.report["processes"] == [1, 2]  # its own PID namespace: bwrap's init and it


def test_sees_no_secret_file_and_no_server_environment(
    tmp_path: Path, listener: Listener, secrets: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KERNELSCOPE_API_TOKEN", "server-token-must-not-leak")
    paths = [*secrets.values(), Path("/etc/shadow"), Path("/root/.bashrc")]
    inside = look_around(tmp_path / "data", listener, paths)
    reads = inside.report["reads"]
    assert {reads[str(p)] for p in paths} <= {"ENOENT", "EACCES"}, reads
    assert "SECRET-" not in json.dumps(inside.report)
    assert "server-token-must-not-leak" not in json.dumps(inside.report)
    # what we passed, what the sandbox adds, and LC_CTYPE (Python's own C-locale coercion)
    allowed = {"PATH", "HOME", "USER", "LOGNAME", "TMPDIR", "PWD", "LC_CTYPE"}
    assert set(inside.report["env"]) <= allowed
    # /etc holds only the loader's files and the sandbox's own passwd and group
    assert "shadow" not in inside.report["etc"] and "hostname" not in inside.report["etc"]
    assert secrets["host tmp"].name not in inside.report["tmp"]


def test_has_no_network(tmp_path: Path, listener: Listener) -> None:
    inside = look_around(tmp_path, listener, [])
    assert inside.report["interfaces"] == ["lo"]  # a namespace of its own, loopback only
    assert inside.report["connect"] == "ECONNREFUSED"
    assert listener.connections() == 0


def test_root_is_read_only_and_dev_holds_only_the_basics(
    tmp_path: Path, listener: Listener
) -> None:
    inside = look_around(tmp_path, listener, [])
    cwd = str(inside.workdir / "cwd")
    assert inside.report["writable"] == {"/usr": False, "/tmp": True, "/etc": False, cwd: True}
    basics = {"core", "fd", "full", "null", "ptmx", "pts", "random", "shm", "stderr", "stdin"}
    basics |= {"stdout", "tty", "urandom", "zero"}
    extra = set(inside.report["dev"]) - basics
    assert all(name.startswith("nvidia") for name in extra), extra


def test_limits_are_set(tmp_path: Path, listener: Listener) -> None:
    limits = RunLimits(timeout_s=30, processes=123, open_files=456, file_size_mb=7)
    inside = look_around(tmp_path, listener, [], limits)
    assert inside.report["limits"] == {
        "RLIMIT_NPROC": [123, 123],
        "RLIMIT_NOFILE": [456, 456],
        "RLIMIT_FSIZE": [7 * 1024 * 1024] * 2,
        "RLIMIT_CPU": [limits.cpu_s, limits.cpu_s + 5],
        "RLIMIT_AS": [-1, -1],  # never RLIMIT_AS: it breaks CUDA
    }


def test_a_detached_process_dies_with_the_sandbox(tmp_path: Path, real_sandbox: list[int]) -> None:
    workdir = tmp_path / "work" / "run1"
    (workdir / "cwd").mkdir(parents=True)
    box = SandboxRun(workdir, RunLimits(timeout_s=30))
    daemon = "import os, time\nif os.fork() == 0:\n    os.setsid()\n    time.sleep(120)\n"
    try:
        command = box.wrap([sys.executable, "-c", daemon], {}, workdir / "cwd")
        subprocess.run(command, env=box.launcher_env(), timeout=60, check=True)
        # bwrap has returned: its PID namespace is torn down, which kills the sleeper; the
        # kernel reaps it asynchronously, so allow a moment (a loaded machine is slow)
        wait_for(lambda: sandbox._pids_of_uid(box.uid) == [], 10, "the sleeper is reaped")
    finally:
        box.close()
    assert processes_touching(workdir) == []


def test_memory_cgroup_is_made_with_its_limit_and_removed(tmp_path: Path) -> None:
    cgroup, why = MemoryCgroup.create(f"test-{os.getpid()}", 64)
    if cgroup is None:
        pytest.skip(f"no memory cgroup can be made here: {why}")
    try:
        name = "memory.max" if cgroup.version == 2 else "memory.limit_in_bytes"
        assert int((cgroup.path / name).read_text()) == 64 * 1024 * 1024
        assert cgroup.oom_kills() == 0
    finally:
        cgroup.remove()
    assert not cgroup.path.exists()


def test_a_data_dir_inside_a_visible_folder_is_refused(tmp_path: Path) -> None:
    workdir = sandbox.PACKAGE_ROOT / "backend" / "work-test" / "run1"
    box = SandboxRun.__new__(SandboxRun)  # only the mount plan: nothing is created
    box.workdir, box.limits = workdir, RunLimits(timeout_s=1)
    with pytest.raises(sandbox.SandboxUnavailable, match="lies inside"):
        box._readable({})


def test_a_compiler_outside_usr_is_shown_with_its_prefix(tmp_path: Path) -> None:
    """GPU images put gcc in /opt/gcc/bin and name it in CC: Triton and Inductor call it."""
    prefix = tmp_path / "opt" / "gcc"
    (prefix / "bin").mkdir(parents=True)
    (prefix / "lib").mkdir()
    (prefix / "lib" / "version").write_text("fake-gcc 1.0")
    compiler = prefix / "bin" / "gcc"
    compiler.write_text('#!/bin/sh\ncat "$(dirname "$0")/../lib/version"\n')
    compiler.chmod(0o755)
    workdir = tmp_path / "data" / "work" / "run1"
    (workdir / "cwd").mkdir(parents=True)
    box = SandboxRun(workdir, RunLimits(timeout_s=30))
    script = "import os, subprocess; print(subprocess.check_output([os.environ['CC']]).decode())"
    try:
        env = {"PATH": "/usr/bin:/bin", "CC": str(compiler)}
        command = box.wrap([sys.executable, "-c", script], env, workdir / "cwd")
        done = subprocess.run(
            command, env=box.launcher_env(), capture_output=True, text=True, timeout=60
        )
    finally:
        box.close()
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "fake-gcc 1.0"


@pytest.mark.parametrize("variable", ["PYTHONPYCACHEPREFIX", HOST_BUILDS_ENV])
def test_the_workers_per_host_folders_are_read_only(tmp_path: Path, variable: str) -> None:
    """The harness's bytecode and Inductor's host-only C++ builds: made by the worker, read
    by every run, written by none (a planted file would reach other users' runs)."""
    # Open to everyone on the host, so only the read-only mount can refuse the writes.
    folder = tmp_path / "cache" / "made-x"
    folder.mkdir(parents=True)
    (folder / "mod.pyc").write_bytes(b"bytecode")
    folder.chmod(0o777)
    (folder / "mod.pyc").chmod(0o666)
    workdir = tmp_path / "work" / "run1"
    workdir.mkdir(parents=True)
    box = SandboxRun(workdir, RunLimits(timeout_s=30))
    script = (
        "import errno, sys, pathlib\n"
        "p = pathlib.Path(sys.argv[1])\n"
        "print(p.joinpath('mod.pyc').read_bytes().decode())\n"
        "for name in ('mod.pyc', 'planted.pyc'):\n"
        "    try:\n"
        "        p.joinpath(name).write_bytes(b'planted')\n"
        "        print('WROTE')\n"
        "    except OSError as exc:\n"
        "        print(errno.errorcode[exc.errno])\n"
    )
    env = {"PATH": "/usr/bin:/bin", "HOME": str(workdir), variable: str(folder)}
    try:
        command = box.wrap([sys.executable, "-c", script, str(folder)], env, workdir)
        done = subprocess.run(
            command, env=box.launcher_env(), capture_output=True, text=True, timeout=60
        )
    finally:
        box.close()
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["bytecode", "EROFS", "EROFS"]
    assert (folder / "mod.pyc").read_bytes() == b"bytecode"
    assert not (folder / "planted.pyc").exists()
