"""What a worker token holder, or the Redis worker password, could do
to the dispatcher, against the real app and a real Redis.

- M2: idle workers were handed runs least-recently-seen first, so a token holder that
  heartbeat rarely was handed every run (3 of 3); and it could declare any device kind.
- M3: a job moved off `rq:queue:<kind>@<worker>` (one BLMOVE by the Redis `worker` user)
  stayed `queued` in RQ and in the run table: the run was never handed on, and the worker
  got nothing more until an admin cancelled the run.

Clocks are driven by writing the API's own timestamps, never by sleeping.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from rq import Queue

from backend.api import worker_routes
from backend.result import RunResult
from backend.store import accounts, jobs, mapping
from backend.store.db import write_session
from backend.store.models import Run, Worker
from backend.worker.bundle import BundleLimits
from backend.worker_protocol import REPORT_CONTENT_TYPE
from tests.helpers import wait_for
from tests.queue.api_cluster import Cluster, WorkerCalls, make_worker_token

MIB = 1024**2


def finish(worker: WorkerCalls, tmp: Path, run_id: str, job: str) -> None:
    """Claim the run and report it (failed: nothing runs here), leaving `worker` idle."""
    started = worker.start(run_id, job)
    assert started.status_code == 200, started.text
    document = RunResult.model_validate(started.json()["document"])
    result = document.model_copy(update={"status": "failed", "duration_s": 0.1})
    reply = worker.report(tmp, started.json(), result)
    assert reply.status_code == 200, reply.text


def seen_long_ago(cluster: Cluster, worker: str) -> None:
    """The worker's last heartbeat was 20 s ago: live (the lease is 30 s), but it beats
    rarely."""
    with write_session(cluster.store.engine) as session:
        row = session.get(Worker, worker)
        assert row is not None
        row.last_seen_at = mapping.utc_now() - timedelta(seconds=20)
        session.add(row)


def test_a_worker_that_beats_rarely_takes_turns_with_the_others(
    cluster: Cluster, tmp_path: Path
) -> None:
    rare, honest = WorkerCalls(cluster, "rare"), WorkerCalls(cluster, "honest")
    rare.beat()
    honest.beat()
    takers: list[str] = []
    for _ in range(4):
        seen_long_ago(cluster, "rare")
        honest.beat()  # both idle, `honest` seen just now
        run_id = cluster.submit("alice")
        job = cluster.job_of(run_id)
        taker = honest if job in cluster.queue_jobs(honest.queue) else rare
        finish(taker, tmp_path, run_id, job)
        takers.append(taker.info.id)
    assert sorted(takers) == ["honest", "honest", "rare", "rare"], takers


def bound_worker(cluster: Cluster, name: str, kinds: list[str], kind: str) -> WorkerCalls:
    cluster.worker_tokens[name] = make_worker_token(cluster.store, name, kinds)
    return WorkerCalls(cluster, name, kind=kind)


def error_of(reply: Any) -> tuple[int, str, str]:
    error = reply.json()["error"]
    return reply.status_code, error["kind"], error["message"]


def test_a_heartbeat_declaring_a_kind_its_token_is_not_bound_to_is_refused(
    cluster: Cluster,
) -> None:
    posing = bound_worker(cluster, "cpu-box", ["cpu"], kind="h100")
    status, kind, message = error_of(posing.post_beat())
    assert (status, kind) == (403, "device_kind_not_bound")
    assert "may serve device kind(s) cpu, not 'h100'" in message
    assert "kernelscope token kinds ops ID cpu,h100" in message
    assert jobs.known_device_kinds(cluster.store) == set()  # nothing of it was recorded
    refused = cluster.client.post(
        "/api/runs",
        json={"code": "x = 1\n", "device_kind": "h100"},
        headers=cluster.as_user("alice"),
    )
    assert refused.status_code == 422  # so no run can be queued for the kind it declared


def test_a_claim_of_a_kind_the_token_was_unbound_from_is_refused(cluster: Cluster) -> None:
    """An admin rebinds a worker's token while a run of the old kind is handed to it."""
    worker = bound_worker(cluster, "gpu0", ["h100"], kind="h100")
    worker.beat()
    run_id = cluster.submit("alice", device_kind="h100")
    job = worker.job_for_me(run_id)
    [token] = [t for t in accounts.list_tokens(cluster.store, "ops") if t.worker_name == "gpu0"]
    accounts.bind_device_kinds(cluster.store, "ops", token.id, ["a100"])
    status, kind, message = error_of(worker.start(run_id, job))
    assert (status, kind) == (403, "run_not_handed_to_this_worker")
    assert "may serve only a100" in message and job not in message
    assert cluster.run("alice", run_id)["status"] == "queued"


def test_an_unbound_worker_token_is_refused_with_the_command_that_binds_it(
    cluster: Cluster,
) -> None:
    worker = WorkerCalls(cluster, "old")
    with cluster.store.engine.begin() as connection:  # as migration 0014 leaves a token
        connection.exec_driver_sql(  # whose worker never served anything
            "UPDATE api_tokens SET device_kinds = NULL WHERE worker_name = 'old'"
        )
    status, kind, message = error_of(worker.post_beat())
    assert (status, kind) == (403, "worker_token_unbound")
    assert "kernelscope token kinds ops ID KINDS" in message


def dispatched_long_ago(cluster: Cluster, run_id: str, lease_s: float) -> None:
    with write_session(cluster.store.engine) as session:
        run = session.get(Run, run_id)
        assert run is not None and run.dispatched_at is not None
        run.dispatched_at = mapping.utc_now() - timedelta(seconds=lease_s + 1)
        session.add(run)


def test_a_job_moved_off_its_workers_queue_is_handed_on_within_a_lease(
    cluster_factory: Callable[..., Cluster], tmp_path: Path
) -> None:
    """One BLMOVE (the `worker` Redis user may: RQ's workers take jobs so) leaves the job
    `queued` in RQ; the API's own clock of the hand-over notices it all the same."""
    cluster = cluster_factory()
    worker = WorkerCalls(cluster, "victim")
    run_id = cluster.submit("alice")
    stolen = worker.job_for_me(run_id)
    redis = cluster.redis.client()
    queue_key = Queue(worker.queue, connection=redis).key
    assert redis.blmove(queue_key, "elsewhere", 1, "LEFT", "RIGHT") == stolen.encode()
    assert redis.hget(f"rq:job:{stolen}", "status") == b"queued"  # RQ sees nothing wrong

    dispatched_long_ago(cluster, run_id, lease_s=30.0)
    again = worker.job_for_me(run_id)  # handed over again, as a new job, to the same worker
    assert again != stolen
    status, kind, _ = error_of(worker.start(run_id, stolen))
    assert (status, kind) == (409, "run_not_startable")
    finish(worker, tmp_path, run_id, again)
    assert cluster.run("alice", run_id)["status"] == "failed"  # stored: the worker's report

    following = cluster.submit("alice")  # and the worker is handed the next one
    finish(worker, tmp_path, following, worker.job_for_me(following))
    wait_for(lambda: cluster.run("alice", following)["status"] == "failed", what="stored")


def test_a_reports_files_are_bounded_by_the_bundle_limits(
    cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A token holder's report brought a 1 GiB file into the API's memory and its owner's
    quota; a report's files are now held to what a run's bundle may hold (lowered here)."""
    lowered = BundleLimits(trace_mb=1, code_mb=1, run_mb=2)
    monkeypatch.setattr(worker_routes, "REPORT_LIMITS", lowered, raising=False)
    monkeypatch.setattr(worker_routes, "DOCUMENT_BYTES", MIB)
    monkeypatch.setattr(worker_routes, "TAR_SLACK_BYTES", 0, raising=False)  # in all: 4 MiB
    worker = WorkerCalls(cluster, "w1")
    run_id = cluster.submit("alice")
    started = worker.claim(run_id)
    result = RunResult.model_validate(started["document"]).model_copy(update={"status": "failed"})

    big_code = [("output_code", "big.py", b"x" * (MIB + 1), "text/x-python")]
    status, kind, message = error_of(worker.report(tmp_path, started, result, big_code))
    assert (status, kind) == (413, "report_too_large")
    assert "'big.py' is 1.0 MiB; at most 1.0 MiB" in message and "Nothing" in message
    traces = [(f"{v}_trace", f"{v}.json.gz", b"t" * (MIB - 1), "application/gzip") for v in "abc"]
    status, kind, message = error_of(worker.report(tmp_path, started, result, traces))
    assert (status, kind) == (413, "report_too_large")
    assert "more than 2 MiB in all" in message

    def five_mib() -> Iterator[bytes]:  # chunked: no Content-Length to refuse it by
        yield from (b"\0" * MIB for _ in range(5))

    streamed = cluster.client.post(
        f"/api/worker/runs/{run_id}/report",
        params={"worker_id": "w1", "attempt": started["attempt"]},
        content=five_mib(),
        headers={**worker.headers, "Content-Type": REPORT_CONTENT_TYPE},
    )
    assert error_of(streamed)[:2] == (413, "report_too_large")
    assert "at most 4 MiB" in error_of(streamed)[2]
    assert cluster.run("alice", run_id)["status"] == "running"  # nothing was stored

    fits = worker.report(tmp_path, started, result, traces[:2])
    assert fits.status_code == 200, fits.text
