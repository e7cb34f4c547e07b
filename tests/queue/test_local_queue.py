"""The single-host queue on the store: fair claims, positions that match them, cancels."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from backend.api.app import create_app
from backend.settings import Settings
from backend.store import accounts, jobs
from backend.store.db import write_session
from backend.store.models import Run
from backend.store.repository import Store
from backend.worker.child import ChildStopped
from backend.worker.local import LocalWorkers
from backend.worker.local_queue import LocalQueue
from backend.worker.process import WorkerSetup
from backend.worker.spare_policy import SparePolicy
from backend.worker.spares import SpareOptions
from tests.factories import CODE
from tests.helpers import present, wait_for

SLEEPER = "import time\n\ndef fn():\n    time.sleep(120)\n\ndef inputs():\n    return []\n"


def local_queue(store: Store, data_dir: Path, spares: bool = True) -> LocalQueue:
    """One CPU slot; its spare (when on) a bare process: these tests are about the queue."""
    options = SpareOptions(enabled=spares, prewarm=False, policy=SparePolicy(count=1))
    workers = LocalWorkers(store, WorkerSetup(data_dir, "cpu"), slots=1, spares=options)
    return LocalQueue(store, workers)


def owners(store: Store, *names: str) -> list[int]:
    return [accounts.create_user(store, name) for name in names]


def test_claims_take_turns_between_users(empty_store: Store) -> None:
    alice, bob = owners(empty_store, "alice", "bob")
    flood = [empty_store.create_run(CODE, owner_id=alice) for _ in range(5)]
    single = empty_store.create_run(CODE, owner_id=bob)  # submitted last
    first, second = jobs.claim_next(empty_store), jobs.claim_next(empty_store)
    assert (first and first.id, second and second.id) == (flood[0], single)


def test_queue_positions_are_the_order_runs_start_in(empty_store: Store) -> None:
    alice, bob, carol = owners(empty_store, "alice", "bob", "carol")
    ids = [empty_store.create_run(CODE, owner_id=alice) for _ in range(4)]
    ids += [empty_store.create_run(CODE, owner_id=bob) for _ in range(2)]
    ids.append(empty_store.create_run(CODE, owner_id=carol))
    positions = {run_id: jobs.queue_position(empty_store, run_id, by_kind=False) for run_id in ids}
    by_position = sorted(ids, key=lambda run_id: positions[run_id] or 0)
    assert sorted(p for p in positions.values() if p is not None) == list(range(1, len(ids) + 1))
    claimed = [jobs.claim_next(empty_store) for _ in ids]
    assert [c.id for c in claimed if c is not None] == by_position
    assert jobs.claim_next(empty_store) is None


def test_a_claim_counts_as_an_attempt(empty_store: Store) -> None:
    run_id = empty_store.create_run(CODE)
    jobs.claim_next(empty_store)
    with empty_store.engine.connect() as connection:
        attempts = connection.exec_driver_sql(
            "SELECT attempts FROM runs WHERE id = ?", (run_id,)
        ).scalar_one()
    assert attempts == 1


def test_cancelling_a_queued_run_ends_it_at_once_and_it_is_never_claimed(
    empty_store: Store,
) -> None:
    run_id = empty_store.create_run(CODE)
    outcome = jobs.request_cancel(empty_store, run_id)
    assert outcome.status == "cancelled" and outcome.job_id is None
    result = empty_store.load_result(run_id)
    assert result is not None and result.status == "cancelled"
    assert result.error is not None and result.error.kind == "cancelled"
    assert "before it started" in result.error.message and result.finished_at is not None
    assert jobs.claim_next(empty_store) is None


def test_cancelling_a_running_run_only_flags_it(empty_store: Store) -> None:
    run_id = empty_store.create_run(CODE)
    jobs.claim_next(empty_store)
    outcome = jobs.request_cancel(empty_store, run_id)
    assert (outcome.status, outcome.cancel_requested) == ("running", True)
    assert jobs.cancel_requested(empty_store, run_id)
    assert present(empty_store.run_state(run_id)).status == "running"


def test_a_finished_run_cannot_be_cancelled(empty_store: Store) -> None:
    run_id = empty_store.create_run(CODE)
    jobs.request_cancel(empty_store, run_id)
    with pytest.raises(jobs.Refused, match="already finished"):
        jobs.request_cancel(empty_store, run_id)


def test_a_cancel_asked_while_the_server_was_down_is_carried_out_at_start(
    empty_store: Store,
) -> None:
    run_id = empty_store.create_run(CODE)
    jobs.claim_next(empty_store)
    jobs.request_cancel(empty_store, run_id)  # flagged; then the server died
    assert jobs.requeue_unfinished(empty_store) == [run_id]
    assert present(empty_store.run_state(run_id)).status == "cancelled"


def test_the_per_user_count_covers_only_that_users_queued_runs(empty_store: Store) -> None:
    alice, bob = owners(empty_store, "alice", "bob")
    for _ in range(3):
        empty_store.create_run(CODE, owner_id=alice)
    empty_store.create_run(CODE, owner_id=bob)
    jobs.claim_next(empty_store)  # alice's oldest starts: no longer waiting
    assert (jobs.queued_count(empty_store, alice), jobs.queued_count(empty_store, bob)) == (2, 1)


@pytest.mark.slow
def test_cancelling_a_running_local_run_kills_its_child_at_once(
    empty_store: Store, tmp_path: Path
) -> None:
    run_id = empty_store.create_run(SLEEPER)
    queue = local_queue(empty_store, tmp_path / "data")
    queue.start()
    try:
        wait_for(
            lambda: (
                (state := empty_store.run_state(run_id)) is not None
                and state.progress_step == "eager warm-up"
            ),
            timeout_s=180,
            what="the snippet runs",
        )
        assert queue.cancel(run_id).status == "running"
        wait_for(
            lambda: present(empty_store.run_state(run_id)).status == "cancelled", 30, "cancelled"
        )
    finally:
        queue.stop()
    result = empty_store.load_result(run_id)
    assert result is not None and result.error is not None
    assert "'eager warm-up'" in result.error.message
    assert list((tmp_path / "data" / "work").glob("*")) == []  # the run's and the next spare's


def test_a_cancel_between_claim_and_start_still_stops_the_run(
    empty_store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cancel lands after the claim marked the run running, before the worker thread
    registered its stop switch: the flag alone must still stop it."""
    seen: list[bool] = []

    def execute(*_args: object, stop: threading.Event, **_kw: object) -> None:
        seen.append(stop.is_set())
        raise ChildStopped("stopped")

    monkeypatch.setattr("backend.worker.local.execute_run", execute)
    run_id = empty_store.create_run(CODE)
    claimed = jobs.claim_next(empty_store)
    assert claimed is not None and jobs.request_cancel(empty_store, run_id).cancel_requested
    workers = LocalWorkers(
        empty_store, WorkerSetup(tmp_path / "data"), spares=SpareOptions(enabled=False)
    )
    workers._execute(claimed, None)
    assert seen == [True]
    assert present(empty_store.run_state(run_id)).status == "cancelled"


def test_local_start_leaves_a_live_cli_run_alone_and_forgets_rq_jobs(empty_store: Store) -> None:
    from backend.store.holders import cli_holder

    cli_run = empty_store.create_run(CODE, status="running", worker_id=cli_holder())  # this process
    dead_cli = empty_store.create_run(CODE, status="running", worker_id=_exited_cli())
    handed = empty_store.create_run(CODE)
    with write_session(
        empty_store.engine
    ) as session:  # handed to RQ by a former queue=redis server
        run = session.get(Run, handed)
        assert run is not None
        run.job_id, run.dispatched_at = "job-1", run.created_at
        session.add(run)
    assert jobs.requeue_unfinished(empty_store) == []
    assert present(empty_store.run_state(cli_run)).status == "running"
    claimed = [jobs.claim_next(empty_store) for _ in range(3)]
    assert {c.id for c in claimed if c is not None} == {handed}  # a CLI's run never re-runs
    assert_ended_as_cli_exited(empty_store, dead_cli)


def test_api_start_with_remote_workers_ends_a_dead_cli_run_too(empty_store: Store) -> None:
    from backend.store.holders import cli_holder

    live = empty_store.create_run(CODE, status="running", worker_id=cli_holder())
    dead_cli = empty_store.create_run(CODE, status="running", worker_id=_exited_cli())
    on_worker = empty_store.create_run(CODE, status="running", worker_id="gpu-host-1")
    assert jobs.refresh_leases(empty_store) == 1  # on_worker's lease renewed
    assert present(empty_store.run_state(live)).status == "running"
    assert present(empty_store.run_state(on_worker)).status == "running"
    assert_ended_as_cli_exited(empty_store, dead_cli)


def assert_ended_as_cli_exited(store: Store, run_id: str) -> None:
    result = store.load_result(run_id)
    assert result is not None and result.status == "crashed"
    assert result.error is not None and result.error.kind == "cli_exited"
    assert "the kernelscope run process exited" in result.error.message


def _exited_cli() -> str:
    """The holder id of a `kernelscope run` process that has exited."""
    import socket
    import subprocess

    process = subprocess.Popen(["true"])
    process.wait()
    return f"cli:{socket.gethostname()}:{process.pid}"


# ---- the local queue in a server: start, stop and our own bugs ----------------------


def test_claims_oldest_first_and_each_run_once(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        ids = [store.create_run(CODE) for _ in range(3)]
        claimed = [jobs.claim_next(store) for _ in range(4)]
        assert [c.id if c else None for c in claimed] == [*ids, None]
        assert {present(store.run_state(i)).status for i in ids} == {"running"}


def test_queue_positions_count_runs_ahead(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        ids = [store.create_run(CODE) for _ in range(3)]
        assert [jobs.queue_position(store, i, by_kind=False) for i in ids] == [1, 2, 3]
        jobs.claim_next(store)
        assert [jobs.queue_position(store, i, by_kind=False) for i in ids] == [None, 1, 2]


def test_runs_left_running_by_a_dead_server_are_requeued_at_start(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path, local_workers=0)
    with Store.open(tmp_path) as store:
        run_id = store.create_run(CODE)
        jobs.claim_next(store)  # the server died while this ran
    with TestClient(create_app(settings)) as client:
        run = client.get(f"/api/runs/{run_id}").json()
    assert run["status"] == "queued" and run["progress"]["queue_position"] == 1


@pytest.mark.slow
def test_stopping_the_server_mid_run_kills_the_child_and_requeues_the_run(
    tmp_path: Path,
) -> None:
    with Store.open(tmp_path) as store:
        run_id = store.create_run(SLEEPER)
        queue = local_queue(store, tmp_path)
        queue.start()
        wait_for(
            lambda: present(store.run_state(run_id)).progress_step == "eager warm-up",
            timeout_s=180,
            what="the snippet runs",
        )
        assert list((tmp_path / "work").glob("*"))  # the run's directory, the next spare's
        started = time.monotonic()
        queue.stop()
        assert time.monotonic() - started < 30  # killed, not waited for (it sleeps 120 s)
        assert present(store.run_state(run_id)).status == "queued"
        assert list((tmp_path / "work").glob("*")) == []


def test_an_internal_error_is_recorded_and_the_worker_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []

    def broken(store: Store, run_id: str, *args: object, **kw: object) -> None:
        calls.append(run_id)
        raise RuntimeError("analysis exploded")

    monkeypatch.setattr("backend.worker.local.execute_run", broken)
    with Store.open(tmp_path) as store:
        ids = [store.create_run(CODE) for _ in range(2)]
        queue = local_queue(store, tmp_path, spares=False)
        queue.start()
        try:
            wait_for(
                lambda: all(present(store.run_state(i)).status == "crashed" for i in ids),
                what="both runs crashed",
            )
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
