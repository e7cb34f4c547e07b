"""The queue carries data, not code.

RQ's defaults let whoever can write to Redis run any function on every worker, as root and
outside the sandbox: a job names a function by its import path, and RQ's pickle
serializer runs code while merely loading a job. Here the real redis-server takes jobs
naming `os.system` (pickled and as JSON), a pickle that runs a command when it is loaded,
and the one function workers run but with a callback and a webhook attached; the real RQ
worker of `kernelscope worker` must refuse them all without running anything, and then
still perform the run the API hands over.
"""

from __future__ import annotations

import os
import pickle
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

import pytest
from rq import Callback, Queue
from rq.registry import FailedJobRegistry
from rq.serializers import JSONSerializer
from rq.webhook import Webhook

from backend.queue.payload import worker_queue
from backend.queue.redis_queue import RedisQueue
from backend.worker import remote, remote_cli
from backend.worker.remote import WorkerConfig
from tests.helpers import app_context
from tests.queue.api_cluster import Cluster, WorkerCalls

JOB_FUNCTION = "backend.worker.remote.perform"
MARKER_ENV = "KERNELSCOPE_TEST_MARKER"
W1_QUEUE = worker_queue("cpu", "w1")  # the RQ queue of worker w1, which the tests run


class RunsWhenUnpickled:
    """Loading this pickle runs a shell command: no function call needed."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Callable[[str], int], tuple[str]]:
        return os.system, (f"touch {self.marker}",)


def touch(*_args: object) -> None:
    """A callback RQ would import and call by name."""
    Path(os.environ[MARKER_ENV]).touch()


class Performed:
    """Stands in for the worker's agent: records the runs RQ hands it."""

    def __init__(self) -> None:
        self.runs: list[tuple[str, str]] = []

    def perform(self, run_id: str, job_id: str) -> str:
        self.runs.append((run_id, job_id))
        return "performed"


class _Hook(BaseHTTPRequestHandler):
    hits: ClassVar[list[str]] = []

    def do_POST(self) -> None:
        self.hits.append(self.path)
        self.send_response(204)
        self.end_headers()

    def log_message(self, *_args: object) -> None:
        pass


@pytest.fixture
def webhook_url() -> Iterator[str]:
    _Hook.hits = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Hook)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/hook"
    server.shutdown()
    server.server_close()


def run_worker_until_idle(cluster: Cluster, tmp_path: Path) -> None:
    """`kernelscope worker`'s own RQ worker, in burst mode: every job waiting, then return."""
    config = WorkerConfig(
        api_url="http://unused",
        token=None,
        device_kind="cpu",
        redis_url=cluster.redis.url,
        work_dir=tmp_path / "worker",
        name="w1",
    )
    remote_cli._rq_worker(config).work(burst=True, logging_level="WARNING")


def test_a_worker_runs_no_job_but_perform_of_a_run_id(
    cluster: Cluster, tmp_path: Path, webhook_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    markers = {name: tmp_path / name for name in ("pickle", "unpickled", "json", "callback")}
    monkeypatch.setenv(MARKER_ENV, str(markers["callback"]))
    redis = cluster.redis.client()
    pickled = Queue(W1_QUEUE, connection=redis)
    as_json = Queue(W1_QUEUE, connection=redis, serializer=JSONSerializer)
    hostile = [
        pickled.enqueue("os.system", f"touch {markers['pickle']}"),  # RQ's default serializer
        pickled.enqueue("os.getpid", RunsWhenUnpickled(markers["unpickled"])),
        as_json.enqueue("os.system", f"touch {markers['json']}"),
        as_json.enqueue(
            JOB_FUNCTION,
            "2345678abcde",
            on_success=Callback(f"{__name__}.touch"),
            on_failure=Callback(f"{__name__}.touch"),
            webhooks=[Webhook(webhook_url, "finished"), Webhook(webhook_url, "failed")],
        ),
        as_json.enqueue(JOB_FUNCTION, "2345678abcde", "extra"),  # the right function, more
        as_json.enqueue(JOB_FUNCTION, run_id="2345678abcde"),
        as_json.enqueue("backend.worker.remote.install", None),  # ours, not the job function
    ]

    run_id = cluster.submit("alice")  # then a real run, handed to w1 by the API
    job_id = WorkerCalls(cluster, "w1").job_for_me(run_id)
    performed = Performed()
    monkeypatch.setattr(remote, "_AGENT", performed)
    run_worker_until_idle(cluster, tmp_path)

    assert [name for name, marker in markers.items() if marker.exists()] == []
    assert _Hook.hits == []
    assert performed.runs == [(run_id, job_id)]  # the queue still works
    failed = FailedJobRegistry(W1_QUEUE, connection=redis)
    assert sorted(failed.get_job_ids()) == sorted(job.id for job in hostile)


def test_the_api_loads_no_pickle_from_redis(
    cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The API reads back the jobs it handed over (are they still there?). RQ loads a job's
    `meta` with the job's serializer: a pickle there, written by anything with access to
    Redis (a worker's password), would run code in the API process."""
    monkeypatch.setattr("backend.queue.redis_queue.RECONCILE_S", 0.2)
    marker = tmp_path / "unpickled-by-the-api"
    run_id = cluster.submit("alice")
    job_id = WorkerCalls(cluster, "w1").job_for_me(run_id)
    cluster.redis.client().hset(f"rq:job:{job_id}", "meta", pickle.dumps(RunsWhenUnpickled(marker)))
    time.sleep(2.0)  # the dispatcher checks its jobs every 0.2 s meanwhile
    assert not marker.exists()
    assert cluster.rq_jobs() == [job_id]  # and the run's job is still the one handed over


def test_a_compressed_bomb_in_a_job_record_is_never_inflated_by_the_api(cluster: Cluster) -> None:
    """Workers may write RQ's job records. RQ itself inflates a job's `data` and `exc_info`
    without a limit when it loads a job; the API reads only the fields it needs."""
    import zlib

    from rq.job import Job

    run_id = cluster.submit("alice")
    job_id = WorkerCalls(cluster, "w1").job_for_me(run_id)
    bomb = zlib.compress(bytes(1 << 30), 9)  # 1 GiB of zeros in about 1 MB
    cluster.redis.client().hset(Job.key_for(job_id), mapping={"data": bomb, "exc_info": bomb})
    before = reset_peak_rss_kib()
    queue = app_context(cluster.client).queue
    assert isinstance(queue, RedisQueue)
    queue._reconcile()
    queue._delete_job(job_id, W1_QUEUE)
    grown_kib = peak_rss_kib() - before
    assert grown_kib < 256 * 1024  # far below the bomb's 1 GiB
    assert job_id not in cluster.rq_jobs()


def peak_rss_kib() -> int:
    status = Path("/proc/self/status").read_text().splitlines()
    return int(next(line for line in status if line.startswith("VmHWM:")).split()[1])


def reset_peak_rss_kib() -> int:
    """Start the high-water mark from now (clear_refs 5): ru_maxrss only ever grows, so in a
    pytest process that was once bigger it would hide a 1 GiB bomb."""
    Path("/proc/self/clear_refs").write_text("5")
    return peak_rss_kib()


def test_a_compressed_bomb_in_a_queued_job_is_refused_by_the_worker_before_inflating(
    cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Workers may write RQ's job records, and RQ inflates a job's `data` and `exc_info`
    whole when a worker loads it: 1 MB of zlib written into the job the API handed over
    made the worker that took it peak at 3.1 GB. Now the job is refused as too large, the
    worker's memory hardly moves, and the worker goes on."""
    import base64
    import zlib

    from rq.job import Job

    performed = Performed()
    monkeypatch.setattr(remote, "_AGENT", performed)
    run_id = cluster.submit("alice")
    job_id = WorkerCalls(cluster, "w1").job_for_me(run_id)
    # The API's dispatcher takes a failed job back and hands its run on (deleting the
    # record): the worker's refusal is what is tested here, so it is stopped first.
    app_context(cluster.client).queue.stop()
    bomb = zlib.compress(bytes(1 << 30), 9)  # 1 GiB of zeros in about 1 MB
    nested = zlib.compress(zlib.compress(bytes(1 << 30), 9), 9)  # RQ would inflate twice
    redis = cluster.redis.client()
    redis.hset(Job.key_for(job_id), mapping={"data": bomb, "exc_info": nested})
    before = reset_peak_rss_kib()
    run_worker_until_idle(cluster, tmp_path)
    grown_kib = peak_rss_kib() - before
    assert grown_kib < 256 * 1024  # far below the bomb's 1 GiB
    assert performed.runs == []
    failed = FailedJobRegistry(W1_QUEUE, connection=redis)
    assert failed.get_job_ids() == [job_id]
    entries = redis.xrevrange(f"rq:results:{job_id}", count=1)  # RQ's Result
    assert isinstance(entries, list), entries
    [(_, latest)] = entries
    assert latest is not None
    reason = zlib.decompress(base64.b64decode(latest[b"exc_string"])).decode()
    assert (
        "refused, nothing run: its record's 'data' and 'exc_info' hold more than 65,536" in reason
    )
    assert redis.hget(Job.key_for(job_id), "status") == b"failed"
