"""Structured logs: `log_format=json` writes one JSON object per line with the run id
when one is known (uvicorn's access log included); `text` stays readable."""

from __future__ import annotations

import io
import json
import logging
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from backend.logs import make_handler, run_context
from backend.store.repository import Store
from backend.worker.local import LocalWorkers
from backend.worker.local_queue import LocalQueue
from backend.worker.process import WorkerSetup
from backend.worker.spares import SpareOptions
from tests.browser.live import serve
from tests.factories import CODE

log = logging.getLogger("kernelscope.test")


@pytest.fixture
def json_lines() -> Iterator[io.StringIO]:
    """What the root logger writes in JSON, for the duration of the test."""
    stream = io.StringIO()
    handler = make_handler("json", stream)
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    yield stream
    root.removeHandler(handler)
    root.setLevel(level)


def parse(stream: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def test_json_lines_carry_time_level_logger_message_and_run_id(json_lines: io.StringIO) -> None:
    log.info("no run here")
    log.warning("run %s: lost", "abc", extra={"run_id": "abc", "worker": "gpu-1/0"})
    with run_context("def"):
        log.info("inside a run")
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        log.exception("with a traceback")

    plain, extra, inside, failed = parse(json_lines)
    assert set(plain) == {"time", "level", "logger", "message", "run_id"}
    assert plain["run_id"] is None and plain["logger"] == "kernelscope.test"
    assert plain["time"].endswith("+00:00") and plain["level"] == "info"
    assert (extra["run_id"], extra["message"], extra["worker"]) == (
        "abc",
        "run abc: lost",
        "gpu-1/0",
    )
    assert extra["level"] == "warning"
    assert inside["run_id"] == "def"
    assert "RuntimeError: boom" in failed["exception"] and failed["level"] == "error"


def test_text_stays_readable_and_names_the_run() -> None:
    stream = io.StringIO()
    handler = make_handler("text", stream)
    name = "backend.worker.local_queue"
    record = logging.LogRecord(name, logging.INFO, "", 0, "started", None, None)
    with run_context("7krafmcqtws2"):
        handler.handle(record)
    line = stream.getvalue().strip()
    assert line.endswith("INFO backend.worker.local_queue [run 7krafmcqtws2]: started")
    with pytest.raises(json.JSONDecodeError):
        json.loads(line)


def test_the_local_queue_logs_with_the_run_id(
    tmp_path: Path, json_lines: io.StringIO, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Everything logged while a run executes names it, also from deep inside."""
    done = threading.Event()

    def fake_execute_run(*_args: object, **_kwargs: object) -> None:
        logging.getLogger("backend.worker.execute").info("child started")
        done.set()
        raise RuntimeError("stop here")  # recorded as an internal error: logged too

    monkeypatch.setattr("backend.worker.local.execute_run", fake_execute_run)
    with Store.open(tmp_path / "data") as store:
        run_id = store.create_run(CODE)
        setup = WorkerSetup(tmp_path / "data")
        workers = LocalWorkers(store, setup, spares=SpareOptions(enabled=False))
        queue = LocalQueue(store, workers)
        queue.start()
        try:
            assert done.wait(30)
        finally:
            queue.stop()
    lines = [entry for entry in parse(json_lines) if entry["logger"].startswith("backend.")]
    assert {entry["message"] for entry in lines} >= {f"run {run_id}: started", "child started"}
    assert all(entry["run_id"] == run_id for entry in lines), [
        (e["message"], e["run_id"]) for e in lines
    ]


@pytest.mark.slow  # a server process
def test_a_real_server_logs_json_lines_access_log_included(tmp_path: Path) -> None:
    with serve(tmp_path / "data", workers=0, env={"KERNELSCOPE_LOG_FORMAT": "json"}) as server:
        run_id = server.submit(CODE)
        server.get(f"/api/runs/{run_id}")
        status, _ = server.request("GET", "/api/runs/zzzzzzzzzzzz")
        assert status == 404
        log_path = server.log_path
    entries = [json.loads(line) for line in log_path.read_text().splitlines() if line.strip()]
    access = [entry for entry in entries if entry["logger"] == "uvicorn.access"]
    read = [entry for entry in access if entry["path"] == f"/api/runs/{run_id}"]
    assert read and read[0]["run_id"] == run_id and read[0]["status"] == 200
    assert read[0]["method"] == "GET" and read[0]["client"].startswith("127.0.0.1")
    submitted = [entry for entry in access if entry["path"] == "/api/runs"]
    assert submitted[0]["status"] == 202 and submitted[0]["run_id"] is None
    assert any(entry["logger"] == "uvicorn.error" for entry in entries)  # startup lines too
