"""queue=redis with a real Redis and the real API; the worker's calls made by hand.

Covers the protocol a remote worker relies on: a run is claimed once, only through the job
it was handed over as; heartbeats carry progress and bring cancels; a result is stored
once, only from the worker and attempt holding the run; tokens are checked.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import uvicorn

from backend.result import RunResult
from backend.store import accounts, jobs
from backend.store.db import read_session
from backend.store.models import Run
from backend.worker.remote import Agent, WorkerConfig
from backend.worker.spares import SpareOptions
from backend.worker_protocol import Report
from tests.factories import rich_result, save_with_files
from tests.helpers import wait_for
from tests.queue.api_cluster import QUEUED_ONLY, Cluster, WorkerCalls
from tests.queue.redis_server import free_port


def result_of(started: dict[str, object], **changes: object) -> RunResult:
    document = RunResult.model_validate(started["document"])
    return document.model_copy(update={"status": "failed", "duration_s": 1.5, **changes})


def test_a_submitted_run_is_handed_to_an_idle_worker_of_its_device_kind(cluster: Cluster) -> None:
    run_id = cluster.submit("alice")
    other_kind = WorkerCalls(cluster, "g1", kind="h100")
    other_kind.beat()
    time.sleep(1.5)  # three dispatcher rounds: nobody of kind cpu, so nothing handed over
    assert cluster.rq_jobs() == [] and cluster.rq_jobs("h100") == []
    worker = WorkerCalls(cluster, "w1")
    job_id = worker.job_for_me(run_id)
    assert cluster.rq_jobs() == [job_id]  # on w1's own queue, and no other
    run = cluster.run("alice", run_id)
    assert run["status"] == "queued" and run["progress"]["queue_position"] == 1
    assert job_id.startswith(run_id + "-")


def test_a_run_is_claimed_once_and_only_through_its_job(cluster: Cluster) -> None:
    worker, other = WorkerCalls(cluster, "w1"), WorkerCalls(cluster, "w2")
    run_id = cluster.submit("alice")
    job_id = worker.job_for_me(run_id)
    old = worker.start(run_id, job_id + "x")  # not the job it waits for
    assert old.status_code == 409 and job_id not in old.text  # which one is never said
    started = worker.start(run_id, job_id)
    assert started.status_code == 200
    body = started.json()
    assert (body["attempt"], body["code"], body["document"]["id"]) == (1, QUEUED_ONLY, run_id)
    assert body["timeout_s"] == 300.0
    second = worker.start(run_id, job_id)  # RQ delivered the same job twice, say
    assert second.status_code == 409 and second.json()["error"]["kind"] == "run_not_startable"
    stolen = other.start(run_id, job_id)  # and another worker may never take it over
    assert stolen.status_code == 403
    assert stolen.json()["error"]["kind"] == "run_held_by_another_worker"
    assert cluster.run("alice", run_id)["status"] == "running"


def test_heartbeats_carry_progress_and_register_the_worker(cluster: Cluster) -> None:
    worker = WorkerCalls(cluster, "w1")
    run_id = cluster.submit("alice")
    started = worker.claim(run_id)
    reply = worker.beat((run_id, started["attempt"], "eager warm-up"))
    assert reply == {"cancel": [], "gone": []}
    assert cluster.run("alice", run_id)["progress"]["step"] == "eager warm-up"
    loads = cluster.client.get("/api/queue", headers=cluster.as_user("bob")).json()
    assert loads[0]["workers"] == 1 and loads[0]["running"] == 1


def test_remote_kinds_other_than_cpu_are_gpus(cluster: Cluster) -> None:
    for name, kind in (("w1", "cpu"), ("w2", "h100")):
        WorkerCalls(cluster, name, kind).beat()
    loads = cluster.client.get("/api/queue", headers=cluster.as_user("bob")).json()
    assert {load["device_kind"]: load["gpu"] for load in loads} == {"cpu": False, "h100": True}


def test_a_result_is_stored_once_from_the_worker_holding_the_run(
    cluster: Cluster, tmp_path: Path
) -> None:
    worker, other = WorkerCalls(cluster, "w1"), WorkerCalls(cluster, "w2")
    run_id = cluster.submit("alice", title="mine")
    started = worker.claim(run_id)
    forged = result_of(started, title="changed by a worker", id="another")
    trace = b"\x1f\x8b fake gzip"
    artifacts = [("eager_trace", "eager_trace.json.gz", trace, "application/gzip")]
    stranger = other.report(tmp_path, started, forged)  # not its run
    assert stranger.status_code == 403
    assert stranger.json()["error"]["kind"] == "run_held_by_another_worker"
    stored = worker.report(tmp_path, started, forged, artifacts)
    assert stored.status_code == 200, stored.text
    assert stored.json()["status"] == "failed" and stored.json()["stored"] is True
    run = cluster.run("alice", run_id)
    assert (run["status"], run["title"], run["id"], run["duration_s"]) == (
        "failed",
        "mine",
        run_id,
        1.5,
    )
    download = cluster.client.get(
        f"/api/runs/{run_id}/downloads/eager_trace.json.gz", headers=cluster.as_user("alice")
    )
    assert download.content == trace
    again = worker.report(tmp_path, started, forged)  # the first answer was lost, say
    assert again.status_code == 409
    assert worker.beat((run_id, started["attempt"], None)) == {"cancel": [], "gone": [run_id]}


def test_a_report_whose_files_pass_the_users_quota_ends_the_run_failed_without_them(
    cluster_factory: Callable[..., Cluster], tmp_path: Path
) -> None:
    cluster = cluster_factory(max_stored_mib_per_user=1)
    alice = accounts.principal_of(cluster.store, "alice").user_id
    room = 4 * 1024  # what a failed run's small document takes, not a trace as well
    seed_rows = row_bytes(cluster, save_with_files(cluster.store, [b"p"]))  # no owner
    save_with_files(cluster.store, [b"a" * (1024**2 - seed_rows - room)], owner_id=alice)
    worker = WorkerCalls(cluster, "w1")
    run_id = cluster.submit("alice")
    started = worker.claim(run_id)
    trace = b"t" * room  # with the result's own rows: too many
    artifacts = [("eager_trace", "eager_trace.json.gz", trace, "application/gzip")]
    reply = worker.report(tmp_path, started, result_of(started, status="succeeded"), artifacts)
    assert reply.status_code == 200, reply.text  # the worker is done with it either way
    assert reply.json()["status"] == "failed" and reply.json()["stored"] is True
    run = cluster.run("alice", run_id)
    assert run["status"] == "failed" and run["error"]["kind"] == "storage_quota"
    assert "KERNELSCOPE_MAX_STORED_MIB_PER_USER" in run["error"]["message"]
    assert cluster.store.list_artifacts(run_id) == []
    again = cluster.client.post(
        "/api/runs", json={"code": "x = 1\n"}, headers=cluster.as_user("alice")
    )
    assert again.status_code == 202  # still under the limit: only that run's files were
    assert cluster.store.quota.refusals() == {("user", "store"): 1}


def row_bytes(cluster: Cluster, run_id: str) -> int:
    """What the run's stored rows count in its owner's quota, beside its files."""
    with read_session(cluster.store.engine) as session:
        run = session.get(Run, run_id)
        assert run is not None
        return run.row_bytes


def test_a_malformed_report_is_422(cluster: Cluster) -> None:
    worker = WorkerCalls(cluster, "w1")
    run_id = cluster.submit("alice")
    worker.claim(run_id)
    reply = cluster.client.post(
        f"/api/worker/runs/{run_id}/report",
        params={"worker_id": "w1", "attempt": 1},
        content=b"not a tar at all",
        headers={**worker.headers, "Content-Type": "application/x-tar"},
    )
    assert reply.status_code == 422 and reply.json()["error"]["kind"] == "invalid_report"
    assert "refused for good" in reply.json()["error"]["message"]
    run = cluster.run("alice", run_id)  # it would never be stored: the run ends, saying why
    assert run["status"] == "failed" and "not a readable tar file" in run["error"]["message"]


def test_cancelling_a_running_run_reaches_its_worker_on_the_next_heartbeat(
    cluster: Cluster, tmp_path: Path
) -> None:
    worker = WorkerCalls(cluster, "w1")
    run_id = cluster.submit("alice")
    started = worker.claim(run_id)
    cancel = cluster.client.post(f"/api/runs/{run_id}/cancel", headers=cluster.as_user("alice"))
    assert cancel.json() == {
        "id": run_id,
        "status": "running",
        "cancel_requested": True,
        "message": f"Run {run_id} is being stopped; it ends cancelled within seconds.",
    }
    assert worker.beat((run_id, 1, "compiling")) == {"cancel": [run_id], "gone": []}
    reply = worker.report(tmp_path, started, kind="cancelled", step="compiling")
    assert reply.status_code == 200 and reply.json()["status"] == "cancelled"
    error = cluster.run("alice", run_id)["error"]
    assert error["kind"] == "cancelled" and "'compiling'" in error["message"]


def test_cancelling_a_dispatched_run_removes_its_job_from_rq(cluster: Cluster) -> None:
    run_id = cluster.submit("alice")
    worker = WorkerCalls(cluster)
    job_id = worker.job_for_me(run_id)
    reply = cluster.client.post(f"/api/runs/{run_id}/cancel", headers=cluster.as_user("alice"))
    assert reply.json()["status"] == "cancelled"
    assert job_id not in cluster.queue_jobs(worker.queue)
    assert worker.start(run_id, job_id).status_code == 409


def test_runs_reach_rq_in_the_fair_order_a_few_at_a_time(cluster: Cluster) -> None:
    flood = [cluster.submit("alice") for _ in range(5)]
    late = cluster.submit("bob")
    first = WorkerCalls(cluster, "w1")
    # One idle worker: one run is handed over, the rest wait in the database in fair order.
    handed = first.job_for_me(flood[0])
    assert cluster.rq_jobs() == [handed]
    positions = [cluster.run("alice", r)["progress"]["queue_position"] for r in flood]
    assert positions == [1, 3, 4, 5, 6]
    assert cluster.run("bob", late)["progress"]["queue_position"] == 2
    first.claim(flood[0])
    second = WorkerCalls(cluster, "w2")
    assert second.job_for_me(late).startswith(late)  # bob's run is next, not alice's second


def test_a_job_lost_by_redis_is_handed_over_again(
    cluster: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("backend.queue.redis_queue.RECONCILE_S", 0.5)
    run_id = cluster.submit("alice")
    worker = WorkerCalls(cluster)
    lost = worker.job_for_me(run_id)
    cluster.redis.client().flushall()  # a Redis that lost its data (no persistence)
    again = wait_for(
        lambda: next((j for j in cluster.queue_jobs(worker.queue) if j != lost), None),
        what="the run handed over again",
    )
    assert again.startswith(run_id)
    assert worker.start(run_id, lost).status_code == 409
    assert worker.start(run_id, again).status_code == 200


def test_worker_routes_need_a_worker_token(cluster: Cluster) -> None:
    worker = WorkerCalls(cluster)
    body = worker.info.model_dump()
    beat = {"worker": body, "runs": []}
    assert cluster.client.post("/api/worker/heartbeat", json=beat).status_code == 401
    user = cluster.client.post("/api/worker/heartbeat", json=beat, headers=cluster.as_user("bob"))
    assert user.status_code == 403 and user.json()["error"]["kind"] == "wrong_token_scope"
    as_worker = cluster.client.get("/api/runs", headers=worker.headers)
    assert as_worker.status_code == 403


def test_without_accounts_a_sent_worker_token_must_still_be_valid(
    cluster_factory: Callable[..., Cluster],
) -> None:
    cluster = cluster_factory(auth="none")
    beat = {"worker": WorkerCalls(cluster).info.model_dump(), "runs": []}
    bad = cluster.client.post(
        "/api/worker/heartbeat", json=beat, headers={"Authorization": "Bearer ks_nonsense"}
    )
    assert bad.status_code == 401
    user = cluster.client.post("/api/worker/heartbeat", json=beat, headers=cluster.as_user("bob"))
    assert user.status_code == 403
    good = cluster.client.post(
        "/api/worker/heartbeat", json=beat, headers=WorkerCalls(cluster).headers
    )
    assert good.status_code == 200


def test_an_unknown_device_kind_is_refused_until_a_worker_serves_it(cluster: Cluster) -> None:
    refused = cluster.client.post(
        "/api/runs",
        json={"code": "x = 1\n", "device_kind": "h100"},
        headers=cluster.as_user("alice"),
    )
    assert refused.status_code == 422 and "kernelscope worker --device-kind h100" in refused.text
    WorkerCalls(cluster, "gpu0", kind="h100").beat()
    run_id = cluster.submit("alice", device_kind="h100")
    assert cluster.job_of(run_id, kind="h100").startswith(run_id)


def _claiming_bytes(started: dict[str, object], claimed: int) -> RunResult:
    """A result whose eager kernels each claim `claimed` bytes read, as a snippet that
    rewrote its own bundle could make a worker without today's bounds report (unvalidated:
    the models would refuse it, as the API does)."""
    rich = rich_result(str(started["id"]))
    eager = rich.variants["eager"]
    kernels = [k.model_copy(update={"bytes_read": claimed}) for k in eager.kernels]
    total = claimed * len(kernels)
    forged = eager.model_copy(update={"kernels": kernels, "bytes_read": total})
    return rich.model_copy(update={"variants": {**rich.variants, "eager": forged}})


def test_a_report_with_numbers_past_any_run_ends_the_run_failed_and_is_refused_for_good(
    cluster: Cluster, tmp_path: Path
) -> None:
    """Kernels of 2^62 bytes each made every report of the run a 500
    (their sum passed SQLite's INTEGER), which the worker resent forever."""
    worker = WorkerCalls(cluster, "w1")
    run_id = cluster.submit("alice")
    started = worker.claim(run_id)
    reply = worker.report(tmp_path, started, _claiming_bytes(started, 2**62))
    assert reply.status_code == 422, reply.text
    error = reply.json()["error"]
    assert error["kind"] == "invalid_report" and "refused for good" in error["message"]
    assert "result.json: variants.eager.bytes_read: Input should be less than" in error["message"]
    assert f"Run {run_id} is failed" in error["message"]
    run = cluster.run("alice", run_id)
    assert run["status"] == "failed" and run["error"]["kind"] == "invalid_report"
    assert "variants.eager.bytes_read" in run["error"]["message"]
    assert "bundle directory" in run["error"]["message"]  # and how to avoid it
    again = worker.report(tmp_path, started, _claiming_bytes(started, 2**62))  # a restart
    assert again.status_code == 409
    assert worker.beat((run_id, 1, None)) == {"cancel": [], "gone": [run_id]}  # not held
    assert worker.claim(cluster.submit("bob"))["attempt"] == 1  # the worker is free again


def test_a_report_sqlite_cannot_hold_is_refused_for_good_not_a_500(
    cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever the models let through that the database cannot store still ends the run
    (here the store fails as SQLite did: OverflowError)."""
    worker = WorkerCalls(cluster, "w1")
    run_id = cluster.submit("alice")
    started = worker.claim(run_id)

    def overflow(*_args: object) -> None:
        raise OverflowError("Python int too large to convert to SQLite INTEGER")

    monkeypatch.setattr(jobs, "save_report", overflow)
    reply = worker.report(tmp_path, started, result_of(started))
    assert reply.status_code == 422, reply.text
    assert "64-bit integers" in reply.json()["error"]["message"]
    assert cluster.run("alice", run_id)["status"] == "failed"


def test_cancel_ends_a_run_whose_report_waits_in_its_workers_spool(
    cluster: Cluster, tmp_path: Path
) -> None:
    """The worker finished the run and keeps its report (the API failed to take it): it
    beats the run without a step, and nothing runs there to stop."""
    worker = WorkerCalls(cluster, "w1")
    run_id = cluster.submit("alice")
    started = worker.claim(run_id)
    worker.beat((run_id, 1, "analysing"))
    cancel = cluster.client.post(f"/api/runs/{run_id}/cancel", headers=cluster.as_user("alice"))
    assert cancel.json()["status"] == "running"
    assert worker.beat((run_id, 1, None)) == {"cancel": [], "gone": []}
    run = cluster.run("alice", run_id)
    assert run["status"] == "cancelled" and "'analysing'" in run["error"]["message"]
    assert worker.beat((run_id, 1, None))["gone"] == [run_id]  # the spool may drop it
    assert worker.report(tmp_path, started, result_of(started)).status_code == 409
    assert worker.claim(cluster.submit("bob"))["attempt"] == 1  # the worker is free again


def test_a_second_cancel_ends_a_run_whose_worker_never_stops_it(
    cluster: Cluster, tmp_path: Path
) -> None:
    worker = WorkerCalls(cluster, "w1")
    run_id = cluster.submit("alice")
    started = worker.claim(run_id)
    first = cluster.client.post(f"/api/runs/{run_id}/cancel", headers=cluster.as_user("alice"))
    assert first.json()["status"] == "running"
    assert worker.beat((run_id, 1, "compiling")) == {"cancel": [run_id], "gone": []}
    # the worker keeps beating and never reports; an admin asks again
    accounts.create_user(cluster.store, "root", is_admin=True)
    cluster.tokens["root"] = accounts.create_token(cluster.store, "root", "tests").token
    second = cluster.client.post(f"/api/runs/{run_id}/cancel", headers=cluster.as_user("root"))
    assert second.status_code == 200, second.text
    assert second.json()["status"] == "cancelled" and "without waiting" in second.json()["message"]
    run = cluster.run("alice", run_id)
    assert run["status"] == "cancelled" and "'compiling'" in run["error"]["message"]
    assert worker.beat((run_id, 1, "compiling")) == {"cancel": [], "gone": [run_id]}
    assert worker.report(tmp_path, started, result_of(started)).status_code == 409


@contextmanager
def serving(cluster: Cluster) -> Iterator[str]:
    """The cluster's API over real HTTP (the worker's client is urllib), in a thread."""
    port = free_port()
    config = uvicorn.Config(
        cluster.client.app, host="127.0.0.1", port=port, lifespan="off", log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        wait_for(lambda: server.started, 30, "the API serves over HTTP")
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)


def test_a_worker_drops_a_report_refused_for_good_and_takes_the_next_run(
    cluster: Cluster, tmp_path: Path
) -> None:
    """The real worker (its courier and claim) against the real API over HTTP: the spooled
    report the API cannot store is refused for good and dropped, the run is failed, and
    the API hands the worker its next run, which it claims."""
    run_id = cluster.submit("alice")
    started = WorkerCalls(cluster, "w1").claim(run_id)
    with serving(cluster) as url:
        config = WorkerConfig(
            api_url=url,
            token=cluster.worker_token("w1"),
            device_kind="cpu",
            redis_url="redis://unused",
            work_dir=tmp_path / "worker",
            name="w1",
            spares=SpareOptions(enabled=False),
        )
        agent = Agent(config)
        report = Report(kind="result", worker_id="w1", attempt=started["attempt"])
        agent.spool.put(report, run_id, _claiming_bytes(started, 2**62))
        assert agent.deliver_pending() is True  # refused for good: nothing to retry
        assert agent.spool.pending() == [] and agent.spool.beats() == []
        assert cluster.run("alice", run_id)["status"] == "failed"
        following = cluster.submit("bob")
        job_id = WorkerCalls(cluster, "w1").job_for_me(following)  # w1 is idle again
        claimed = agent._claim(following, job_id)
        assert claimed is not None and claimed.id == following


@pytest.mark.parametrize("attempt", [0, 2**63, 2**64])
def test_a_reports_attempt_out_of_range_is_a_422(cluster: Cluster, attempt: int) -> None:
    worker = WorkerCalls(cluster, "w1")
    run_id = cluster.submit("alice")
    reply = cluster.client.post(
        f"/api/worker/runs/{run_id}/report",
        params={"worker_id": "w1", "attempt": attempt},
        content=b"",
        headers={**worker.headers, "Content-Type": "application/x-tar"},
    )
    assert reply.status_code == 422, reply.text
    assert reply.json()["error"]["field"] == "query.attempt"
