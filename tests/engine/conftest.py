"""Real runs through the child process, on this machine's CPU (or GPU if it has one)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from backend.limits import RunLimits
from backend.result import RunResult
from backend.store.repository import Store
from backend.worker.execute import execute_run
from backend.worker.process import WorkerSetup

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
BAD = ROOT / "tests" / "data" / "bad"  # hostile and broken snippets of our own


@pytest.fixture(scope="session")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # One data dir for the session: runs share the worker's Inductor cache like in production.
    return tmp_path_factory.mktemp("kernelscope-data")


@pytest.fixture(scope="session")
def store(data_dir: Path) -> Iterator[Store]:
    with Store.open(data_dir) as opened:
        yield opened


class Runner:
    def __init__(self, store: Store, data_dir: Path) -> None:
        self.store, self.data_dir = store, data_dir

    def __call__(
        self, code: str, size: int | None = None, timeout_s: float = 300.0, sandbox: str = "auto"
    ) -> RunResult:
        run_id = self.store.create_run(code, size=size)
        limits = RunLimits(timeout_s=timeout_s, sandbox=sandbox)  # type: ignore[arg-type]
        return execute_run(self.store, run_id, WorkerSetup(self.data_dir, limits=limits), size=size)


@pytest.fixture(scope="session")
def run(store: Store, data_dir: Path) -> Runner:
    return Runner(store, data_dir)
