"""A host cache of a test's own (the worker's once-per-host folders: bytecode, C++ builds),
with nothing made in it yet and the instruction-set probe taken as done. The test hands it
down as a worker would (WorkerSetup(..., host_cache=cache))."""

from __future__ import annotations

from pathlib import Path

import pytest

from backend.worker import host_cache, process, vec_isa


def own_host_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    cache = tmp_path / "cache"
    monkeypatch.setattr(host_cache, "_MADE_MEMO", {})  # this process made nothing there yet
    monkeypatch.setattr(vec_isa, "flags_suffice", lambda run_env, cache_dir: True)
    return cache


def no_host_probes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run's environment without the worker's once-per-host probes and builds (the
    instruction-set probe, bytecode, C++ or Triton builds: each a process that imports
    torch, tens of seconds on a fresh cache), for tests of other wiring."""

    def nothing(*_args: object) -> dict[str, str]:
        return {}

    for name in ("vec_isa_env", "bytecode_env", "host_builds_env"):
        monkeypatch.setattr(process, name, nothing)
