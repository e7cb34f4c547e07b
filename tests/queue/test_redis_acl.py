"""The Redis users of docker-compose.yml, on a real redis-server started with those lines.

Anyone who could write to Redis used to run code on every worker, and
every worker held the one Redis password. Now the API and the workers each have a user
allowed only the commands RQ was seen to use for them, on RQ's keys: this runs the API
(its dispatcher, reconciliation, cancel and health check) as `api` and `kernelscope
worker`'s own RQ worker as `worker`, and checks what each may not do.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from redis import Redis
from redis.exceptions import AuthenticationError, NoPermissionError, ResponseError
from rq import Queue, SimpleWorker
from rq.job import JobStatus
from rq.serializers import JSONSerializer

from backend.queue.payload import JOB_FUNCTION, worker_queue
from backend.worker import remote, remote_cli
from backend.worker.remote import WorkerConfig
from tests.helpers import compose
from tests.queue.api_cluster import Cluster, WorkerCalls
from tests.queue.redis_server import API_PASSWORD, RedisServer, deployed_acl
from tests.queue.test_job_payloads import Performed

W1_QUEUE = worker_queue("cpu", "w1")


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    """Replaces conftest's: the cluster's API connects as `api`."""
    server = RedisServer(tmp_path / "redis", acl=deployed_acl()).start()
    yield server
    server.stop()


def rq_worker(redis: RedisServer, tmp_path: Path) -> SimpleWorker:
    config = WorkerConfig(
        api_url="http://unused",
        token=None,
        device_kind="cpu",
        redis_url=redis.worker_url,
        work_dir=tmp_path / "worker",
        name="w1",
    )
    return remote_cli._rq_worker(config)


def test_the_api_and_a_worker_do_all_their_work_as_their_own_users(
    cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("backend.queue.redis_queue.RECONCILE_S", 0.2)
    performed = Performed()
    monkeypatch.setattr(remote, "_AGENT", performed)
    assert cluster.client.get("/healthz").json()["checks"]["queue"] == "ok"  # PING as api

    worker = WorkerCalls(cluster, "w1")
    cancelled = cluster.submit("alice")  # handed to RQ, then its job deleted, as api
    worker.job_for_me(cancelled)
    cancel = cluster.client.post(f"/api/runs/{cancelled}/cancel", headers=cluster.as_user("alice"))
    assert cancel.json()["status"] == "cancelled"
    run_id = cluster.submit("alice")
    first_job = worker.job_for_me(run_id)
    forged = Queue(W1_QUEUE, connection=cluster.redis.client(), serializer=JSONSerializer)
    forged.enqueue("os.system", "true")  # refused, and the refusal is recorded, as worker

    rq_worker(cluster.redis, tmp_path).work(burst=True, logging_level="WARNING")  # LMOVE
    assert performed.runs[0] == (run_id, first_job)
    # The fake agent never claims the run: the API sees its job ended and hands it over
    # again (reading RQ's records as api), and a waiting worker takes it (BLMOVE).
    again = worker.job_for_me(run_id)
    rq_worker(cluster.redis, tmp_path).work(max_jobs=1, logging_level="WARNING")
    assert performed.runs[-1] == (run_id, again)
    assert {run for run, _ in performed.runs} == {run_id}  # the forged job never ran


def test_a_worker_cleans_up_after_a_dead_one_as_worker(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    """RQ's maintenance when a worker starts: a job whose worker died while running it, and
    one stuck for minutes between the queue and RQ's registry, both end failed (the API
    then hands their runs over again). Paths a healthy cluster rarely takes, so they are
    set up here by hand, as RQ leaves them."""
    admin = redis_server.client()
    queue = Queue(W1_QUEUE, connection=admin, serializer=JSONSerializer)
    abandoned = queue.enqueue(JOB_FUNCTION, "2345678abcde")
    stuck = queue.enqueue(JOB_FUNCTION, "3456789bcdef")
    admin.delete(queue.key)
    abandoned.set_status(JobStatus.STARTED)
    admin.zadd(
        f"rq:wip:{W1_QUEUE}", {f"{abandoned.id}:gone": time.time() - 60}
    )  # its lease ran out
    admin.rpush(f"{queue.key}:intermediate", stuck.id)
    first_seen = f"{queue.key}:intermediate:first_seen:{stuck.id}"
    admin.set(first_seen, time.time() - 600)

    rq_worker(redis_server, tmp_path).work(burst=True, logging_level="WARNING")
    assert abandoned.get_status(refresh=True) == JobStatus.FAILED
    assert stuck.get_status(refresh=True) == JobStatus.FAILED
    assert admin.zcard(f"rq:wip:{W1_QUEUE}") == 0 and admin.llen(f"{queue.key}:intermediate") == 0


def test_jobs_survive_a_redis_restart_under_the_deployed_users(redis_server: RedisServer) -> None:
    """RQ enqueues in MULTI/EXEC transactions; Redis replays them from the append-only file
    as the `default` user, so its (unusable) user must keep the permissions for them."""
    api = Queue("cpu", connection=Redis.from_url(redis_server.api_url), serializer=JSONSerializer)
    job = api.enqueue(JOB_FUNCTION, "2345678abcde")
    redis_server.restart()  # SIGTERM: the append-only file is flushed
    assert redis_server.client().lrange("rq:queue:cpu", 0, -1) == [job.id.encode()]
    assert redis_server.client().hget(f"rq:job:{job.id}", "status") == b"queued"


FORBIDDEN_TO_BOTH = [
    ("FLUSHALL",),
    ("CONFIG", "GET", "*"),
    ("KEYS", "*"),
    ("SCAN", "0"),
    ("EVAL", "return 1", "0"),
    ("FUNCTION", "LIST"),
    ("ACL", "LIST"),
    ("CONFIG", "SET", "dir", "/tmp"),
    ("FLUSHDB",),
    ("CLIENT", "LIST"),
    ("CLIENT", "KILL", "ID", "1"),
    ("PUBLISH", "rq:pubsub:w1", '{"command": "shutdown"}'),
    ("MODULE", "LIST"),
    ("REPLICAOF", "NO", "ONE"),
    ("SAVE",),
    ("SHUTDOWN",),
    ("SET", "elsewhere", "x"),  # outside RQ's keys
]


@pytest.mark.parametrize("user", ["api", "worker"])
@pytest.mark.parametrize("command", FORBIDDEN_TO_BOTH, ids=lambda c: " ".join(c[:2]))
def test_neither_user_may_administer_redis_or_run_scripts(
    redis_server: RedisServer, user: str, command: tuple[str, ...]
) -> None:
    client = Redis.from_url(getattr(redis_server, f"{user}_url"))
    with pytest.raises(NoPermissionError):
        client.execute_command(*command)  # type: ignore[no-untyped-call]  # untyped in redis-py


def test_a_worker_may_not_put_a_job_on_a_queue(redis_server: RedisServer) -> None:
    worker = Redis.from_url(redis_server.worker_url)
    for command in (("RPUSH", "rq:queue:cpu", "x"), ("LPUSH", "rq:queue:cpu", "x")):
        with pytest.raises(NoPermissionError):
            worker.execute_command(*command)  # type: ignore[no-untyped-call]  # untyped in redis-py
    assert worker.hset("rq:job:x", "status", "failed") == 1  # RQ's records: allowed


def test_a_worker_may_not_list_the_jobs_waiting_on_a_queue(redis_server: RedisServer) -> None:
    """Job ids name runs; listing another worker's queue once gave a thief what to claim.
    RQ's maintenance still reads the in-between lists, which the ACL allows alone."""
    admin = redis_server.client()
    queue = Queue(W1_QUEUE, connection=admin, serializer=JSONSerializer)
    queue.enqueue(JOB_FUNCTION, "2345678abcde")
    worker = Redis.from_url(redis_server.worker_url)
    for key in (queue.key, "rq:queue:cpu@w2", "rq:queue:cpu"):
        with pytest.raises(NoPermissionError):
            worker.lrange(key, 0, -1)
    assert worker.lrange(f"{queue.key}:intermediate", 0, -1) == []


def test_nobody_gets_in_without_a_password(redis_server: RedisServer) -> None:
    with pytest.raises(AuthenticationError):
        Redis(port=redis_server.port).ping()  # the default user is off
    with pytest.raises((AuthenticationError, ResponseError)):
        Redis(port=redis_server.port, username="default", password="").ping()
    with pytest.raises((AuthenticationError, ResponseError)):
        Redis.from_url(redis_server.url_as("worker", "guessed")).ping()


def test_the_health_check_of_the_compose_file_passes(redis_server: RedisServer) -> None:
    """`redis-cli --user api ping` with REDISCLI_AUTH, as the redis service runs it."""
    env = {"KERNELSCOPE_REDIS_PASSWORD": API_PASSWORD, "KERNELSCOPE_REDIS_WORKER_PASSWORD": "w"}
    done = compose("config", "--format", "json", env=env)
    service = json.loads(done.stdout)["services"]["redis"]
    kind, line = service["healthcheck"]["test"]
    assert kind == "CMD-SHELL" and line.startswith("redis-cli ")
    line = line.replace("redis-cli ", f"redis-cli -p {redis_server.port} ", 1)
    env = {**os.environ, **service["environment"]}
    assert subprocess.run(["sh", "-c", line], env=env, timeout=30).returncode == 0
