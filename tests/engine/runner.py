"""A real run through the worker's child process, on this machine's CPU (or GPU if any)."""

from __future__ import annotations

from pathlib import Path

from backend.limits import RunLimits, SandboxMode
from backend.result import RunResult
from backend.store.repository import Store
from backend.worker.execute import execute_run
from backend.worker.process import WorkerSetup


class Runner:
    """`run(code)`: the snippet executed as the worker executes a claimed run, stored."""

    def __init__(self, store: Store, data_dir: Path) -> None:
        self.store, self.data_dir = store, data_dir

    def __call__(
        self,
        code: str,
        size: int | None = None,
        timeout_s: float = 300.0,
        sandbox: SandboxMode = "auto",
    ) -> RunResult:
        run_id = self.store.create_run(code, size=size)
        limits = RunLimits(timeout_s=timeout_s, sandbox=sandbox)
        return execute_run(self.store, run_id, WorkerSetup(self.data_dir, limits=limits), size=size)
