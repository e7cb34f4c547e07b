"""A worker that goes silent: its run is retried once if the snippet never started, else
fails as "worker lost", within one lease; an API restart gives running runs a new lease."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from backend.result import RunResult
from backend.store import jobs
from backend.store.repository import DB_FILENAME
from tests.helpers import wait_for
from tests.queue.api_cluster import Cluster, WorkerCalls

LEASE_S = 1.5


@pytest.fixture
def cluster(cluster_factory: Callable[..., Cluster]) -> Cluster:
    return cluster_factory(lease_s=LEASE_S)


def finished(cluster: Cluster, run_id: str) -> dict[str, Any]:
    return dict(
        wait_for(
            lambda: (run := cluster.run("alice", run_id))["status"] != "running" and run,
            timeout_s=LEASE_S + 30,
            what=f"run {run_id} given up",
        )
    )


def test_a_silent_worker_mid_run_leaves_the_run_failed_worker_lost(cluster: Cluster) -> None:
    worker = WorkerCalls(cluster)
    run_id = cluster.submit("alice")
    started = worker.claim(run_id)
    worker.beat((run_id, started["attempt"], "eager warm-up"))  # then: silence
    run = finished(cluster, run_id)
    assert run["status"] == "failed"
    error = run["error"]
    assert isinstance(error, dict) and error["kind"] == "worker_lost"
    assert error["message"].startswith("worker lost: w1 stopped reporting")
    assert "'eager warm-up'" in error["message"] and "KERNELSCOPE_LEASE_S" in error["message"]
    assert worker.beat((run_id, started["attempt"], None)) == {"cancel": [], "gone": [run_id]}


def test_a_run_whose_snippet_never_started_is_retried_once(cluster: Cluster) -> None:
    first, second = WorkerCalls(cluster, "w1"), WorkerCalls(cluster, "w2")
    run_id = cluster.submit("alice")
    assert first.claim(run_id)["attempt"] == 1  # then silent while still "starting"
    new_job = second.job_for_me(run_id, timeout_s=LEASE_S + 30)  # w2 reports in, idle
    assert cluster.run("alice", run_id)["status"] == "queued"
    retried = second.start(run_id, new_job).json()
    assert retried["attempt"] == 2  # silent again before starting: no third try
    run = finished(cluster, run_id)
    assert run["status"] == "failed" and run["error"]["kind"] == "worker_lost"


def test_a_cancelled_run_whose_worker_went_silent_ends_cancelled(cluster: Cluster) -> None:
    worker = WorkerCalls(cluster)
    run_id = cluster.submit("alice")
    started = worker.claim(run_id)
    worker.beat((run_id, started["attempt"], "compiling"))
    cluster.client.post(f"/api/runs/{run_id}/cancel", headers=cluster.as_user("alice"))
    run = finished(cluster, run_id)
    assert run["status"] == "cancelled"


def test_running_runs_survive_an_api_restart_and_report_to_the_new_one(
    cluster_factory: Callable[..., Cluster], tmp_path: Path
) -> None:
    cluster = cluster_factory(lease_s=LEASE_S)
    worker = WorkerCalls(cluster)
    run_id = cluster.submit("alice")
    started = worker.claim(run_id)
    cluster.client.__exit__(None, None, None)  # the API stops: the worker cannot heartbeat
    # The new API's lease is long enough that a busy test machine cannot let it lapse
    # before the first look; the outage is twenty of them, so only a fresh lease at start
    # keeps the run.
    restart_lease_s = 60.0
    long_ago = datetime.now(UTC) - timedelta(seconds=restart_lease_s * 20)
    with sqlite3.connect(tmp_path / "data" / DB_FILENAME) as db:  # a long outage, in effect
        db.execute("UPDATE runs SET heartbeat_at = ?", (long_ago.strftime("%Y-%m-%d %H:%M:%S"),))
    restarted = cluster_factory(lease_s=restart_lease_s)
    assert restarted.run("alice", run_id)["status"] == "running"  # a fresh lease at start
    worker = WorkerCalls(restarted)
    assert worker.beat((run_id, 1, "timing")) == {"cancel": [], "gone": []}
    result = RunResult.model_validate(started["document"]).model_copy(update={"status": "failed"})
    assert worker.report(tmp_path, started, result).status_code == 200
    assert restarted.run("alice", run_id)["status"] == "failed"


def test_runs_left_running_by_a_local_server_are_queued_again_under_redis(
    cluster_factory: Callable[..., Cluster], tmp_path: Path
) -> None:
    cluster = cluster_factory(lease_s=LEASE_S, queue="local")
    run_id = cluster.submit("alice")
    jobs.claim_next(cluster.store)  # a local worker thread had it when the server stopped
    cluster.client.__exit__(None, None, None)
    switched = cluster_factory(lease_s=LEASE_S)  # now queue=redis
    assert WorkerCalls(switched, "w1").job_for_me(run_id).startswith(run_id)
