"""A worker token names one worker, and the API takes the worker's identity from it.

The attack: with a second worker token, a report naming the real worker
(`HOST-KIND`, easy to guess) was stored as alice's private run, and the real worker's
genuine result was then refused; a forged heartbeat kept a dead worker's lease alive.
Whatever a body says, a token acts only as its own worker.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from backend.result import RunResult
from backend.store import accounts
from tests.helpers import wait_for
from tests.queue.api_cluster import Cluster, WorkerCalls

LEASE_S = 1.5


def result_of(started: dict[str, Any], **changes: Any) -> RunResult:
    document = RunResult.model_validate(started["document"])
    return document.model_copy(update={"status": "failed", "duration_s": 1.5, **changes})


def error_kind(reply: Any) -> str:
    return str(reply.json()["error"]["kind"])


def test_a_report_forged_with_another_workers_token_is_refused_and_the_real_one_stored(
    cluster: Cluster, tmp_path: Path
) -> None:
    real, other = WorkerCalls(cluster, "gpu-host-1-h100"), WorkerCalls(cluster, "w2")
    run_id = cluster.submit("alice", title="mine", visibility="private")
    started = real.claim(run_id)
    forged = result_of(started, notes=["forged by w2"], duration_s=0.001)

    impostor = other.posing_as("gpu-host-1-h100")  # w2's token, the real worker's name
    reply = impostor.report(tmp_path, started, forged)
    assert reply.status_code == 403, reply.text
    assert error_kind(reply) == "not_this_worker"
    assert "gpu-host-1-h100" in reply.json()["error"]["message"]
    as_itself = other.report(tmp_path, started, forged)  # its own name, someone else's run
    assert as_itself.status_code == 403, as_itself.text
    assert error_kind(as_itself) == "run_held_by_another_worker"
    assert cluster.run("alice", run_id)["status"] == "running"  # nothing was stored

    genuine = real.report(tmp_path, started, result_of(started, notes=["genuine"]))
    assert genuine.status_code == 200, genuine.text
    run = cluster.run("alice", run_id)
    assert (run["status"], run["notes"], run["duration_s"]) == ("failed", ["genuine"], 1.5)


def test_a_cancel_report_forged_with_another_workers_token_is_refused(
    cluster: Cluster, tmp_path: Path
) -> None:
    real, other = WorkerCalls(cluster, "w1"), WorkerCalls(cluster, "w2")
    run_id = cluster.submit("alice")
    started = real.claim(run_id)
    reply = other.posing_as("w1").report(tmp_path, started, kind="cancelled", step="compiling")
    assert reply.status_code == 403 and error_kind(reply) == "not_this_worker"
    assert cluster.run("alice", run_id)["status"] == "running"


def test_a_claim_in_another_workers_name_or_of_its_run_is_refused(cluster: Cluster) -> None:
    real, other = WorkerCalls(cluster, "w1"), WorkerCalls(cluster, "w2")
    first = cluster.submit("alice")
    job = real.job_for_me(first)
    posing = other.posing_as("w1").start(first, job)  # a queued run, claimed in w1's name
    assert posing.status_code == 403 and error_kind(posing) == "not_this_worker"
    in_own_name = other.start(first, job)  # its own name, a job it read from Redis
    assert (
        in_own_name.status_code == 403
        and error_kind(in_own_name) == "run_not_handed_to_this_worker"
    )
    assert job not in in_own_name.text
    assert cluster.run("alice", first)["status"] == "queued"

    real.claim(first)
    stolen = other.start(first, job)  # the same job (RQ delivered it twice, or a replay)
    assert stolen.status_code == 403, stolen.text
    assert error_kind(stolen) == "run_held_by_another_worker"
    again = real.start(first, job)  # its own run, delivered twice: still just not startable
    assert again.status_code == 409 and error_kind(again) == "run_not_startable"


def test_a_claim_by_a_worker_now_serving_another_device_kind_is_refused(cluster: Cluster) -> None:
    """The run was handed to w1 while it served cpu; w1 then reports in as an h100 worker
    (the same token on another host, say): the cpu run is not its to take any more."""
    worker = WorkerCalls(cluster, "w1")
    run_id = cluster.submit("alice")
    job = worker.job_for_me(run_id)
    moved = WorkerCalls(cluster, "w1", kind="h100")
    moved.post_beat((run_id, 1, None))  # registers w1 as h100; its reply does not matter
    reply = moved.start(run_id, job)
    assert reply.status_code == 403, reply.text
    assert error_kind(reply) == "run_not_handed_to_this_worker"
    assert "waits for a worker of device kind 'cpu'" in reply.json()["error"]["message"]
    assert job not in reply.text
    assert cluster.run("alice", run_id)["status"] == "queued"


def test_a_heartbeat_in_another_workers_name_is_refused(cluster: Cluster) -> None:
    real, other = WorkerCalls(cluster, "w1"), WorkerCalls(cluster, "w2")
    run_id = cluster.submit("alice")
    started = real.claim(run_id)
    forged = other.posing_as("w1").post_beat((run_id, started["attempt"], "forged step"))
    assert forged.status_code == 403 and error_kind(forged) == "not_this_worker"
    assert cluster.run("alice", run_id)["progress"]["step"] != "forged step"
    # In its own name it may list the run, but the run is not its own: "gone", untouched.
    reply = other.beat((run_id, started["attempt"], "forged step"))
    assert reply == {"cancel": [], "gone": [run_id]}
    assert cluster.run("alice", run_id)["progress"]["step"] != "forged step"


def test_a_forged_heartbeat_cannot_keep_a_dead_workers_lease_alive(
    cluster_factory: Callable[..., Cluster],
) -> None:
    cluster = cluster_factory(lease_s=LEASE_S)
    real, other = WorkerCalls(cluster, "w1"), WorkerCalls(cluster, "w2")
    run_id = cluster.submit("alice")
    started = real.claim(run_id)
    real.beat((run_id, started["attempt"], "eager warm-up"))  # then w1 dies: silence
    beats = (run_id, started["attempt"], "eager warm-up")
    deadline = time.monotonic() + LEASE_S * 4
    while time.monotonic() < deadline and cluster.run("alice", run_id)["status"] == "running":
        other.posing_as("w1").post_beat(beats)  # "w1 is alive", says w2
        other.post_beat(beats)
        time.sleep(0.2)
    run = cluster.run("alice", run_id)
    assert run["status"] == "failed", "the forged heartbeats kept the lease alive"
    assert run["error"]["kind"] == "worker_lost"


def test_the_worker_learns_its_name_from_its_token(cluster: Cluster) -> None:
    worker = WorkerCalls(cluster, "gpu-host-2-h100-gpu3")
    reply = cluster.client.get("/api/worker/me", headers=worker.headers)
    assert reply.status_code == 200, reply.text
    assert reply.json() == {
        "worker": "gpu-host-2-h100-gpu3",
        "user": "ops",
        "accounts": True,
        "device_kinds": ["cpu", "h100"],  # as an admin bound them (tests/queue/api_cluster.py)
    }


def test_a_worker_token_without_a_worker_name_is_refused_with_the_fix(cluster: Cluster) -> None:
    """Worker tokens made before worker names existed (migration 0003 leaves them nameless)
    name no worker, so they cannot act as one."""
    token = accounts.create_token(
        cluster.store, "ops", "old", scope="worker", worker_name="x", device_kinds=["cpu"]
    )
    with cluster.store.engine.begin() as connection:
        connection.exec_driver_sql("UPDATE api_tokens SET worker_name = NULL")
    headers = {"Authorization": f"Bearer {token.token}"}
    reply = cluster.client.post(
        "/api/worker/heartbeat",
        json={"worker": WorkerCalls(cluster).info.model_dump(), "runs": []},
        headers=headers,
    )
    assert reply.status_code == 403 and error_kind(reply) == "worker_token_unnamed"
    assert "--worker-name" in reply.json()["error"]["message"]
    assert cluster.client.get("/api/worker/me", headers=headers).status_code == 403


def test_without_accounts_the_body_names_the_worker_unless_a_token_does(
    cluster_factory: Callable[..., Cluster], tmp_path: Path
) -> None:
    """auth=none: every route is open, so a worker without a token is who its body says;
    a worker that does send a token is held to its token's name."""
    cluster = cluster_factory(auth="none")
    run_id = cluster.submit("alice")
    anonymous = WorkerCalls(cluster, "w1")
    anonymous.headers = {}
    started = anonymous.claim(run_id)
    assert cluster.client.get("/api/worker/me").json() == {
        "worker": None,
        "user": None,
        "accounts": False,
        "device_kinds": None,
    }
    named = WorkerCalls(cluster, "w2")
    assert named.posing_as("w1").post_beat().status_code == 403
    assert named.report(tmp_path, started, result_of(started)).status_code == 403
    assert anonymous.report(tmp_path, started, result_of(started)).status_code == 200
    wait_for(lambda: cluster.run("alice", run_id)["status"] == "failed", what="stored")


def test_the_worker_a_result_names_is_the_one_its_token_names(
    cluster: Cluster, tmp_path: Path
) -> None:
    from backend.result import DeviceInfo

    real = WorkerCalls(cluster, "gpu-host-1-h100")
    run_id = cluster.submit("alice")
    started = real.claim(run_id)
    claims = DeviceInfo(type="cpu", name="cpu", worker="someone-else", host="h")
    reply = real.report(tmp_path, started, result_of(started, device=claims))
    assert reply.status_code == 200, reply.text
    assert cluster.run("alice", run_id)["device"]["worker"] == "gpu-host-1-h100"
