"""The queue's API as the queue tests drive it: the app (queue=redis, accounts on) as a
TestClient with its store and a real Redis (`Cluster`), and the HTTP calls of one worker
made by hand (`WorkerCalls`), so every state of the protocol (claims, heartbeats, reports,
silence) can be set up exactly. No worker process runs: tests/distributed runs real ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from fastapi.testclient import TestClient
from rq import Queue

from backend.queue.payload import worker_queue
from backend.result import RunResult
from backend.settings import Settings
from backend.store import accounts
from backend.store.repository import ArtifactInput, Store
from backend.worker.spool import Spool
from backend.worker_protocol import REPORT_CONTENT_TYPE, Heartbeat, Report, RunBeat, WorkerInfo
from tests.helpers import wait_for
from tests.queue.redis_server import RedisServer

# Parses (the API refuses code that does not), never runs: no worker runs it in these tests
QUEUED_ONLY = "# queued only\nx = 1\n"


@dataclass
class Cluster:
    """The API (queue=redis, accounts on) as a TestClient, its store, its Redis."""

    client: TestClient
    store: Store
    redis: RedisServer
    tokens: dict[str, str]
    worker_tokens: dict[str, str]

    def worker_token(self, name: str) -> str:
        """A worker token naming worker `name` (made once, for user `ops`)."""
        if name not in self.worker_tokens:
            self.worker_tokens[name] = make_worker_token(self.store, name)
        return self.worker_tokens[name]

    def as_user(self, name: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[name]}"}

    def submit(self, user: str, code: str = QUEUED_ONLY, **body: Any) -> str:
        reply = self.client.post(
            "/api/runs", json={"code": code, **body}, headers=self.as_user(user)
        )
        assert reply.status_code == 202, reply.text
        run_id: str = reply.json()["id"]
        return run_id

    def run(self, user: str, run_id: str) -> dict[str, Any]:
        reply = self.client.get(f"/api/runs/{run_id}", headers=self.as_user(user))
        assert reply.status_code == 200, reply.text
        document: dict[str, Any] = reply.json()
        return document

    def rq_jobs(self, kind: str = "cpu") -> list[str]:
        """Job ids waiting in the RQ queues of `kind`'s workers, oldest first per queue."""
        admin = self.redis.client()
        prefix = Queue(worker_queue(kind, ""), connection=admin).key
        keys = admin.keys(f"{prefix}*")  # bytes: the client does not decode replies
        names = sorted(k.decode() if isinstance(k, bytes) else k for k in keys)
        queues = [name.removeprefix(Queue.redis_queue_namespace_prefix) for name in names]
        return [job for q in queues if ":" not in q for job in self.queue_jobs(q)]

    def queue_jobs(self, queue: str) -> list[str]:
        return list(Queue(queue, connection=self.redis.client()).job_ids)

    def job_of(self, run_id: str, kind: str = "cpu") -> str:
        return str(
            wait_for(
                lambda: next((j for j in self.rq_jobs(kind) if j.startswith(run_id)), None),
                what=f"run {run_id} handed to RQ",
            )
        )


def make_settings(data_dir: Path, redis: RedisServer, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "data_dir": data_dir,
        "queue": "redis",
        "redis_url": redis.api_url,
        "local_workers": 0,
        "auth": "accounts",
        "sandbox": "none",  # no snippet runs in these tests
        "lease_s": 30.0,
    }
    return Settings(**(values | overrides))


def add_people(store: Store, users: list[str]) -> dict[str, str]:
    """Users with user tokens, and user `ops`, who holds the worker tokens."""
    tokens = {}
    for name in users:
        accounts.create_user(store, name)
        tokens[name] = accounts.create_token(store, name, "tests").token
    accounts.create_user(store, "ops")
    return tokens


WORKER_KINDS = ["cpu", "h100"]  # the kinds the queue tests' workers serve


def make_worker_token(store: Store, name: str, kinds: list[str] | None = None) -> str:
    """A worker token naming worker `name`, bound to `kinds` (default WORKER_KINDS)."""
    return accounts.create_token(
        store, "ops", name, scope="worker", worker_name=name, device_kinds=kinds or WORKER_KINDS
    ).token


class WorkerCalls:
    """The HTTP calls of one worker, made by hand: with the token naming `name`, and `name`
    in every body (`posing_as` puts another worker's name in the bodies instead)."""

    def __init__(self, cluster: Cluster, name: str = "w1", kind: str = "cpu") -> None:
        self.cluster = cluster
        self.info = WorkerInfo(id=name, device_kind=kind, host="test-host")
        self.headers = {"Authorization": f"Bearer {cluster.worker_token(name)}"}

    def posing_as(self, name: str) -> WorkerCalls:
        """This worker's token, another worker's name in the bodies: a forger."""
        forger = WorkerCalls(self.cluster, self.info.id, self.info.device_kind)
        forger.info = self.info.model_copy(update={"id": name})
        return forger

    @property
    def queue(self) -> str:
        """This worker's own RQ queue, where the API puts the runs it hands it."""
        return worker_queue(self.info.device_kind, self.info.id)

    def job_for_me(self, run_id: str, timeout_s: float = 30.0) -> str:
        """Report in as idle (again every second), until the API hands this worker `run_id`."""

        def handed() -> str | None:
            self.beat()
            jobs = self.cluster.queue_jobs(self.queue)
            return next((j for j in jobs if j.startswith(run_id)), None)

        found = wait_for(handed, timeout_s, f"run {run_id} handed to worker {self.info.id}", 0.2)
        return str(found)

    def start(self, run_id: str, job_id: str) -> Any:
        body = {"worker_id": self.info.id, "job_id": job_id}
        return self.cluster.client.post(
            f"/api/worker/runs/{run_id}/start", json=body, headers=self.headers
        )

    def claim(self, run_id: str) -> dict[str, Any]:
        reply = self.start(run_id, self.job_for_me(run_id))
        assert reply.status_code == 200, reply.text
        started: dict[str, Any] = reply.json()
        return started

    def beat(self, *runs: tuple[str, int, str | None]) -> dict[str, Any]:
        reply = self.post_beat(*runs)
        assert reply.status_code == 200, reply.text
        answer: dict[str, Any] = reply.json()
        return answer

    def post_beat(self, *runs: tuple[str, int, str | None]) -> Any:
        body = Heartbeat(
            worker=self.info,
            runs=[RunBeat(run_id=r, attempt=a, step=s) for r, a, s in runs],
        )
        return self.cluster.client.post(
            "/api/worker/heartbeat", json=body.model_dump(mode="json"), headers=self.headers
        )

    def report(
        self,
        tmp: Path,
        started: dict[str, Any],
        result: RunResult | None = None,
        artifacts: list[ArtifactInput] | None = None,
        kind: Literal["result", "cancelled"] = "result",
        step: str | None = None,
    ) -> Any:
        spool = Spool(tmp / f"spool-{self.info.id}")
        report = Report(
            kind=kind,
            worker_id=self.info.id,
            attempt=started["attempt"],
            step=step,
        )
        path = spool.put(report, started["id"], result, artifacts)
        reply = self.cluster.client.post(
            f"/api/worker/runs/{started['id']}/report",
            params={"worker_id": self.info.id, "attempt": started["attempt"]},
            content=path.read_bytes(),
            headers={**self.headers, "Content-Type": REPORT_CONTENT_TYPE},
        )
        path.unlink()
        return reply
