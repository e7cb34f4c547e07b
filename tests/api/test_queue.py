"""The local queue: order, restart recovery, stopping mid-run, and our own bugs."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from backend.api.app import create_app
from backend.queue.local import LocalQueue, WorkerSettings
from backend.settings import Settings
from backend.store.repository import Store
from tests.store.factories import CODE

SLEEPER = "import time\n\ndef fn():\n    time.sleep(120)\n\ndef inputs():\n    return []\n"


def wait_for(predicate: object, timeout_s: float = 60.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if predicate():  # type: ignore[operator]
            return
        time.sleep(0.1)
    raise AssertionError("condition not reached in time")


def test_claims_oldest_first_and_each_run_once(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        ids = [store.create_run(CODE) for _ in range(3)]
        claimed = [store.claim_next() for _ in range(4)]
        assert [c.id if c else None for c in claimed] == [*ids, None]
        assert {store.run_state(i).status for i in ids} == {"running"}  # type: ignore[union-attr]


def test_queue_positions_count_runs_ahead(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        ids = [store.create_run(CODE) for _ in range(3)]
        assert [store.queue_position(i) for i in ids] == [1, 2, 3]
        store.claim_next()
        assert [store.queue_position(i) for i in ids] == [None, 1, 2]


def test_runs_left_running_by_a_dead_server_are_requeued_at_start(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path, local_workers=0)
    with Store.open(tmp_path) as store:
        run_id = store.create_run(CODE)
        store.claim_next()  # the server died while this ran
    with TestClient(create_app(settings)) as client:
        run = client.get(f"/api/runs/{run_id}").json()
    assert run["status"] == "queued" and run["progress"]["queue_position"] == 1


@pytest.mark.slow
def test_stopping_the_server_mid_run_kills_the_child_and_requeues_the_run(
    tmp_path: Path,
) -> None:
    with Store.open(tmp_path) as store:
        run_id = store.create_run(SLEEPER)
        queue = LocalQueue(store, tmp_path, WorkerSettings(workers=1, device="cpu"))
        queue.start()
        wait_for(lambda: store.run_state(run_id).progress_step == "eager warm-up")  # type: ignore[union-attr]
        workdir = tmp_path / "work" / run_id
        assert workdir.exists()
        started = time.monotonic()
        queue.stop()
        assert time.monotonic() - started < 5
        assert store.run_state(run_id).status == "queued"  # type: ignore[union-attr]
        assert not workdir.exists()


def test_an_internal_error_is_recorded_and_the_worker_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []

    def broken(store: Store, data_dir: Path, run_id: str, *args: object, **kw: object) -> None:
        calls.append(run_id)
        raise RuntimeError("analysis exploded")

    monkeypatch.setattr("backend.queue.local.execute_run", broken)
    with Store.open(tmp_path) as store:
        ids = [store.create_run(CODE) for _ in range(2)]
        queue = LocalQueue(store, tmp_path, WorkerSettings(workers=1))
        queue.start()
        try:
            wait_for(lambda: all(store.run_state(i).status == "crashed" for i in ids))  # type: ignore[union-attr]
        finally:
            queue.stop()
        result = store.load_result(ids[0])
        assert result is not None and result.error is not None
        assert result.error.kind == "internal_error"
        assert (
            "analysis exploded" in result.error.message
            and "not in your code" in result.error.message
        )
        assert calls == ids
