"""Which problems of a suite run in the slot's spares: one Python cannot parse fails in
milliseconds in a process of its own, and leaves the spare to the next problem (a quiet CPU
slot would otherwise have it wait for a spare still warming up)."""

from __future__ import annotations

import contextlib
import threading
from pathlib import Path
from typing import Any

import pytest

from backend import suite_run
from backend.store.repository import Store
from backend.suite_files import ProblemFile
from backend.suite_run import SuiteOptions, run_suite
from backend.worker.process import WorkerSetup
from backend.worker.spares import SpareOptions
from tests.factories import rich_result


def test_only_problems_that_parse_are_given_the_suites_spares(
    empty_store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    given: dict[str, bool] = {}

    def execute_run(store: Store, run_id: str, setup: WorkerSetup, **kw: Any) -> Any:
        given[store.get_title(run_id) or "?"] = kw["spares"] is not None
        return rich_result(run_id)

    monkeypatch.setattr(suite_run, "execute_run", execute_run)
    monkeypatch.setattr(suite_run, "_wait_for_spare", lambda keeper, setup: None)
    files = [
        ProblemFile("good", tmp_path / "good.py", "x = 1\n"),
        ProblemFile("broken", tmp_path / "broken.py", "def fn(:\n"),
    ]
    options = SuiteOptions(spares=SpareOptions(prewarm=False, count=1, quiet_runs=True))
    run_suite(
        empty_store,
        WorkerSetup(tmp_path / "data"),
        files,
        options,
        stop=threading.Event(),
        live=lambda name: contextlib.nullcontext(lambda step, seconds: None),
        finished=lambda index, row: None,
    )
    assert given == {"good": True, "broken": False}
