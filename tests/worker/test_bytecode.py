"""Where torch was installed without bytecode, the worker compiles the harness's imports
once per host into a folder of its own, and every run reads it (read-only in the sandbox:
tests/sandbox/test_isolation.py); where torch has its bytecode, runs are left as they are."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from backend.worker import bytecode, host_cache, process
from backend.worker.process import WorkerSetup, harness_env
from tests.worker.host_caches import own_host_cache

pytestmark = pytest.mark.slow  # a real make: the pre-warm's imports and throwaway compile


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's own host cache, where the precompiled header is taken as not made."""

    def no_builds(run_env: dict[str, str], device: str, cache_dir: Path) -> dict[str, str]:
        return {}  # test_host_builds'

    monkeypatch.setattr(process, "host_builds_env", no_builds)
    return own_host_cache(tmp_path, monkeypatch)


def without_torch_bytecode(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bytecode, "_torch_has_bytecode", lambda: False)


def test_a_torch_with_bytecode_is_left_alone(cache: Path, tmp_path: Path) -> None:
    # this checkout's torch came from pip, which compiles it
    assert bytecode._torch_has_bytecode()
    assert "PYTHONPYCACHEPREFIX" not in harness_env(
        WorkerSetup(tmp_path, host_cache=cache), tmp_path, sandboxed=True
    )
    assert not list(cache.glob("pycache*"))


def test_made_once_for_the_host_and_read_by_each_run(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # one real make (the pre-warm's imports and its throwaway compile on the CPU)
    without_torch_bytecode(monkeypatch)
    made: list[Path] = []
    real_make = bytecode.make

    def make(folder: Path, run_env: dict[str, str], device: str) -> bool:
        made.append(folder)
        return real_make(folder, run_env, device)

    monkeypatch.setattr(bytecode, "make", make)
    setup = WorkerSetup(tmp_path / "data", "cpu", host_cache=cache)
    env = harness_env(setup, tmp_path, sandboxed=False)
    first = env["PYTHONPYCACHEPREFIX"]
    assert harness_env(setup, tmp_path, sandboxed=True)["PYTHONPYCACHEPREFIX"] == first
    host_cache._MADE_MEMO.clear()  # another worker process on the host finds it made
    assert harness_env(setup, tmp_path, sandboxed=True)["PYTHONPYCACHEPREFIX"] == first
    assert made == [Path(first)] and Path(first).parent == cache
    # the pre-warm's imports are in it: torch's own modules and the harness's
    compiled = {p.name.split(".")[0] for p in Path(first).rglob("*.pyc")}
    assert {"compile_fx", "prewarm", "run"} <= compiled
    # and a run started with the harness's environment loads its modules from there
    script = "import json, backend.harness.prewarm as m; print(json.dumps(m.__cached__))"
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    cached = Path(json.loads(done.stdout))
    assert cached.is_relative_to(first) and cached.is_file()


def test_a_make_that_failed_is_not_used(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    without_torch_bytecode(monkeypatch)
    monkeypatch.setattr(sys, "executable", "/bin/false")
    setup = WorkerSetup(tmp_path / "data", "cpu", host_cache=cache)
    env = harness_env(setup, tmp_path, sandboxed=True)
    assert "PYTHONPYCACHEPREFIX" not in env
