"""Inductor's precompiled C++ header: the worker makes it once per host, and each run links
it into place instead of building its own (4-5 s of a CPU run here); a make that failed,
or a header a run cannot use, leaves runs building their own, as before."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from backend.harness.protocol import CPP_HEADERS_ENV
from backend.worker import host_cache, vec_isa
from backend.worker.process import WorkerSetup, harness_env

pytestmark = pytest.mark.slow

# A run's first C++ compile, as the harness configures Inductor; prints which files its
# precompiled-header folder holds and whether each is a link.
FIRST_CPU_COMPILE = r"""
import json, os, torch
from backend.harness import inductor
inductor.configure_inductor(torch.device("cpu"))
inductor.compile_entry(lambda x: (x * 3.0).cos(), "default")(torch.randn(64))
folder = inductor.inductor_header_folder()
print(json.dumps({p.name: os.path.islink(p) for p in folder.iterdir() if p.name != "locks"}))
"""


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A host cache of the test's own, with nothing made in it yet; the instruction-set
    probe is taken as done."""
    monkeypatch.setenv("KERNELSCOPE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(host_cache, "_MADE_MEMO", {})
    monkeypatch.setattr(vec_isa, "flags_suffice", lambda run_env: True)
    return tmp_path / "cache"


def first_compile(env: dict[str, str]) -> dict[str, bool]:
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
    files: dict[str, bool] = json.loads(done.stdout.strip().splitlines()[-1])
    return files


def test_a_folder_is_made_once_for_the_host(cache: Path) -> None:
    """`host_cache.made_folder`, which the header and the bytecode share: one make, then
    every process of the host reads the folder; a make that failed is tried again by the
    next process, never used."""
    made: list[Path] = []

    def make(folder: Path) -> bool:
        made.append(folder)
        (folder / "x.gch").write_bytes(b"header")
        return len(made) > 1  # the first make fails

    assert host_cache.made_folder("thing", make) is None
    assert host_cache.made_folder("thing", make) is None  # this process knows it failed
    host_cache._MADE_MEMO.clear()  # another process on the host tries again
    folder = host_cache.made_folder("thing", make)
    host_cache._MADE_MEMO.clear()
    assert host_cache.made_folder("thing", make) == folder == cache / "thing"
    assert made == [folder, folder] and (folder / host_cache.MADE).is_file()


def test_each_run_links_the_hosts_header_instead_of_building_its_own(tmp_path: Path) -> None:
    # The host's own cache, as every run uses it: made here unless a run made it already.
    run = tmp_path / "run"
    run.mkdir()
    env = harness_env(WorkerSetup(tmp_path / "data", "cpu"), run, sandboxed=True)
    folder = Path(env[CPP_HEADERS_ENV])
    headers = {p.name for p in folder.iterdir() if p.suffix == ".gch"}
    assert headers and (folder / host_cache.MADE).is_file()
    files = first_compile(env)  # a run's first C++ compile: links to it, no header of its own
    assert {name for name, linked in files.items() if name.endswith(".gch")} == headers
    assert all(files.values()), files


def test_a_make_that_failed_is_not_used(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "executable", "/bin/false")
    env = harness_env(WorkerSetup(tmp_path / "data", "cpu"), tmp_path, sandboxed=True)
    assert CPP_HEADERS_ENV not in env
    assert not list(cache.glob("cpp-headers-*/made"))


def test_a_header_the_run_cannot_use_is_built_by_the_run(tmp_path: Path) -> None:
    """A host folder whose header is not this run's (another compiler's, say) costs the run
    nothing but its own build, as without one."""
    stale = tmp_path / "stale"
    stale.mkdir()
    (stale / "0123456789abcdef.h").write_text("#include <nothing.h>\n")
    (stale / "0123456789abcdef.h.gch").write_bytes(b"not a header")
    run = tmp_path / "run"
    run.mkdir()
    env = harness_env(WorkerSetup(tmp_path / "data", "cpu"), run, sandboxed=True)
    env.update({CPP_HEADERS_ENV: str(stale), "TORCHINDUCTOR_CACHE_DIR": str(run / "ic")})
    files = first_compile(env)
    built = [name for name, linked in files.items() if name.endswith(".gch") and not linked]
    assert built and files["0123456789abcdef.h.gch"] is True  # its own beside the link
