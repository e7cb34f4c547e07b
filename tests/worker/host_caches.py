"""A host cache of a test's own (the worker's once-per-host folders: bytecode, C++ builds),
with nothing made in it yet and the instruction-set probe taken as done. The test hands it
down as a worker would (WorkerSetup(..., host_cache=cache))."""

from __future__ import annotations

from pathlib import Path

import pytest

from backend.worker import host_cache, vec_isa


def own_host_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    cache = tmp_path / "cache"
    monkeypatch.setattr(host_cache, "_MADE_MEMO", {})  # this process made nothing there yet
    monkeypatch.setattr(vec_isa, "flags_suffice", lambda run_env, cache_dir: True)
    return cache

