"""Real runs through the child process, on this machine's CPU (or GPU if it has one)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.store.repository import Store
from tests.engine.runner import Runner


@pytest.fixture(scope="session")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # One data dir for the session: runs share the worker's Inductor cache like in production.
    return tmp_path_factory.mktemp("kernelscope-data")


@pytest.fixture(scope="session")
def session_store(data_dir: Path) -> Iterator[Store]:
    """The store every run of the session is recorded in, in the session's `data_dir`."""
    with Store.open(data_dir) as opened:
        yield opened


@pytest.fixture(scope="session")
def run(session_store: Store, data_dir: Path) -> Runner:
    return Runner(session_store, data_dir)
