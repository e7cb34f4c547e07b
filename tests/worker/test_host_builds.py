"""Inductor's C++ builds of the host alone (its precompiled header, its instruction-set
checks' libraries): the worker makes them once per host, and each run links them into
place instead of building its own (about 6 s of a CPU run here); a make that failed, or a
build a run cannot use, leaves runs building their own, as before."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import torch

from backend.harness import inductor
from backend.harness.protocol import HOST_BUILDS_ENV
from backend.worker import device, host_cache
from backend.worker.process import WorkerSetup, harness_env
from tests.worker.host_caches import own_host_cache

pytestmark = pytest.mark.slow

# A run's first C++ compile, as the harness configures Inductor; prints what it built
# (each build's file name) and its precompiled-header folder (each file: a link or not).
FIRST_CPU_COMPILE = r"""
import json, os, torch
from torch._inductor import cpp_builder
from backend.harness import inductor
built, build = [], cpp_builder.CppBuilder.build
def recorded(self):
    built.append(os.path.basename(self.get_target_file_path()))
    return build(self)
cpp_builder.CppBuilder.build = recorded
inductor.configure_inductor(torch.device("cpu"))
inductor.link_host_builds(torch.device("cpu"))
out = inductor.compile_entry(lambda x: (x * 3.0).cos(), "default")(torch.ones(64))
(_, headers), _, _ = inductor.host_build_places(inductor.Path("."))
listed = {p.name: os.path.islink(p) for p in headers.iterdir() if p.name != "locks"}
print(json.dumps({"built": built, "headers": listed, "value": out[0].item()}))
"""


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return own_host_cache(tmp_path, monkeypatch)


def first_compile(env: dict[str, str]) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", FIRST_CPU_COMPILE],
        env=env,
        cwd=env["HOME"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    said: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return said


def test_a_folder_is_made_once_for_the_host(cache: Path) -> None:
    """`host_cache.made_folder`, which the header and the bytecode share: one make, then
    every process of the host reads the folder; a make that failed is tried again by the
    next process, never used."""
    made: list[Path] = []

    def make(folder: Path) -> bool:
        made.append(folder)
        (folder / "x.gch").write_bytes(b"header")
        return len(made) > 1  # the first make fails

    assert host_cache.made_folder(cache, "thing", make) is None
    assert host_cache.made_folder(cache, "thing", make) is None  # this process knows it failed
    host_cache._MADE_MEMO.clear()  # another process on the host tries again
    folder = host_cache.made_folder(cache, "thing", make)
    host_cache._MADE_MEMO.clear()
    assert host_cache.made_folder(cache, "thing", make) == folder == cache / "thing"
    assert made == [folder, folder] and (folder / host_cache.MADE).is_file()


def test_a_cache_that_cannot_be_written_leaves_runs_without_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only or full home costs runs the folder, never the run: no error escapes."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setattr(host_cache, "_MADE_MEMO", {})
    made: list[Path] = []

    def make(folder: Path) -> bool:
        made.append(folder)
        return True

    assert host_cache.made_folder(blocker / "cache", "thing", make) is None
    assert made == []  # the folder could not even be created


def test_each_run_links_the_hosts_builds_instead_of_making_its_own(tmp_path: Path) -> None:
    # The host's cache (this session's own: tests/conftest.py), made here unless a run did.
    run = tmp_path / "run"
    run.mkdir()
    env = harness_env(WorkerSetup(tmp_path / "data", "cpu"), run, sandboxed=True)
    folder = Path(env[HOST_BUILDS_ENV])
    assert (folder / host_cache.MADE).is_file()
    headers = {p.name for p in (folder / "headers").glob("*.gch")}
    checks = {p.name for p in (folder / "isa").glob("*/*.so")}
    assert headers, list(folder.rglob("*"))
    # What a run builds without them: the header, the instruction-set checks this host
    # needs (none where runs trust the CPU's flags and it has no extra sets: many AMD
    # hosts), its kernel. The host's folder must hold exactly the first two.
    alone_run = tmp_path / "alone"
    alone_run.mkdir()
    alone_env = harness_env(WorkerSetup(tmp_path / "data", "cpu"), alone_run, sandboxed=True)
    del alone_env[HOST_BUILDS_ENV]
    alone = set(first_compile(alone_env)["built"])
    # A run's first C++ compile links to them: its own builds are its kernel's alone.
    said = first_compile(env)
    assert {name for name in said["headers"] if name.endswith(".gch")} == headers
    assert all(said["headers"].values()), said
    kernels = {name for name in said["built"] if name.endswith(".so")}
    assert kernels and not kernels & checks, said  # the kernel, and no check again
    assert not [name for name in said["built"] if name.endswith(".gch")]
    assert {name for name in alone if name.endswith(".gch")} == headers
    assert {name for name in alone if name.endswith(".so")} == checks | kernels


def test_a_make_cut_short_is_emptied_before_the_next(cache: Path) -> None:
    """What a killed make left (no `made` mark) is never built on: readers see a whole
    folder or none."""
    leftover = cache / "thing"
    leftover.mkdir(parents=True)
    (leftover / "half.gch").write_bytes(b"half a header")

    def make(folder: Path) -> bool:
        assert not list(folder.iterdir())
        (folder / "x.gch").write_bytes(b"header")
        return True

    assert host_cache.made_folder(cache, "thing", make) == leftover
    assert sorted(p.name for p in leftover.iterdir()) == [host_cache.MADE, "x.gch"]


# Two processes ask for the same folder at once; each make takes a while and logs itself.
MAKE_AT_ONCE = r"""
import os, sys, time
from pathlib import Path
from backend.worker import host_cache
def make(folder):
    with open(sys.argv[1], "a") as log:
        log.write(f"{os.getpid()}\n")
    time.sleep(1.0)
    (folder / "x.gch").write_bytes(b"header")
    return True
print(host_cache.made_folder(Path(sys.argv[2]), "thing", make))
"""


def test_two_processes_making_the_folder_at_once_make_it_once(cache: Path) -> None:
    log = cache.parent / "makes.log"
    command = [sys.executable, "-c", MAKE_AT_ONCE, str(log), str(cache)]
    both = [subprocess.Popen(command, stdout=subprocess.PIPE, text=True) for _ in "ab"]
    said = [process.communicate(timeout=120)[0].strip() for process in both]
    assert said == [str(cache / "thing")] * 2
    assert len(log.read_text().splitlines()) == 1


def test_a_make_that_failed_is_not_used(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "executable", "/bin/false")
    setup = WorkerSetup(tmp_path / "data", "cpu", host_cache=cache)
    env = harness_env(setup, tmp_path, sandboxed=True)
    assert HOST_BUILDS_ENV not in env
    assert not list(cache.glob("cpu-builds-*/made"))


def test_a_gpu_worker_makes_kernelscopes_triton_kernels_once(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(device, "this_device", lambda setup_device: ("cuda", "NVIDIA H200"))
    probes: list[list[str]] = []

    def probe(what: str, folder: Path, command: list[str], *rest: object) -> bool:
        probes.append(command)
        (folder / "triton" / "key").mkdir(parents=True)
        return True

    monkeypatch.setattr(host_cache, "make_with_probe", probe)
    setup = WorkerSetup(tmp_path / "data", "auto", host_cache=cache)
    env = harness_env(setup, tmp_path, sandboxed=True)
    folder = Path(env[HOST_BUILDS_ENV])
    assert folder.parent == cache and folder.name.startswith("cuda-builds-")
    assert env["TRITON_CACHE_DIR"] == str(tmp_path / "triton-cache")  # where they are linked
    assert probes == [[sys.executable, "-m", "backend.harness.host_builds", str(folder), "cuda"]]
    assert harness_env(setup, tmp_path, sandboxed=True)[HOST_BUILDS_ENV] == str(folder)
    assert len(probes) == 1  # made once
    # Unsandboxed, runs share the Triton cache Inductor would pick for device 0, as before.
    shared = harness_env(setup, tmp_path, sandboxed=False)["TRITON_CACHE_DIR"]
    assert shared == str(setup.cache_dir / "triton" / "0")


def test_a_gpu_make_that_cannot_reach_a_gpu_leaves_runs_as_they_were(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The real probe, on this host's torch without CUDA: it fails, and says so in the log.
    monkeypatch.setattr(device, "this_device", lambda setup_device: ("cuda", "NVIDIA H200"))
    setup = WorkerSetup(tmp_path / "data", "cuda", host_cache=cache)
    env = harness_env(setup, tmp_path, sandboxed=True)
    assert HOST_BUILDS_ENV not in env
    assert not list(cache.glob("cuda-builds-*/made"))


def test_a_run_links_the_hosts_triton_kernels_into_tritons_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = tmp_path / "made"
    kernel = made / "triton" / "KEY" / "_float_kernel.cubin"
    kernel.parent.mkdir(parents=True)
    kernel.write_bytes(b"cubin")
    own = tmp_path / "run" / "triton-cache"
    monkeypatch.setenv(HOST_BUILDS_ENV, str(made))
    monkeypatch.setenv("TRITON_CACHE_DIR", str(own))  # the worker names the run's own
    inductor.link_host_builds(torch.device("cuda"))
    linked = own / "KEY" / "_float_kernel.cubin"
    assert linked.is_symlink() and linked.resolve() == kernel.resolve()
    assert not (own / "KEY").is_symlink()  # Triton may still write beside the links


def test_a_header_gcc_cannot_use_costs_the_run_nothing_but_time(tmp_path: Path) -> None:
    """A header under the very name the run looks for that gcc cannot use (another
    compiler's, a cut-short copy): gcc ignores it and reads the header itself, so the
    run compiles and its kernel computes."""
    run = tmp_path / "run"
    run.mkdir()
    env = harness_env(WorkerSetup(tmp_path / "data", "cpu"), run, sandboxed=True)
    made = Path(env[HOST_BUILDS_ENV])
    broken = tmp_path / "broken"
    shutil.copytree(made, broken, ignore=shutil.ignore_patterns("*.gch"))
    for header in (made / "headers").glob("*.gch"):
        (broken / "headers" / header.name).write_bytes(b"not a header")
    env.update({HOST_BUILDS_ENV: str(broken), "TORCHINDUCTOR_CACHE_DIR": str(run / "ic")})
    said = first_compile(env)
    assert said["headers"] and all(said["headers"].values()), said  # the broken ones, linked
    assert not [name for name in said["built"] if name.endswith(".gch")]  # none of its own
    assert said["value"] == pytest.approx(math.cos(3.0))


def test_a_probe_never_writes_into_the_runs_own_folders(tmp_path: Path) -> None:
    # A probe runs as the worker: in a sandboxed run's Triton cache its folders would be
    # the worker's, and the run (another uid) could not compile a kernel beside them.
    run_env = {"PATH": "/usr/bin:/bin", "TRITON_CACHE_DIR": str(tmp_path / "run" / "triton")}
    names = ("HOME", "TMPDIR", "TORCHINDUCTOR_CACHE_DIR", "TRITON_CACHE_DIR")
    show = f"import os; print(' '.join(os.environ[n] for n in {names!r}))"
    done = host_cache.run_probe([sys.executable, "-c", show], run_env, {}, 60)
    places = done.stdout.split()
    assert len(places) == len(names), done.stderr
    assert all("kernelscope-probe-" in place for place in places), places
    assert not (tmp_path / "run").exists()
