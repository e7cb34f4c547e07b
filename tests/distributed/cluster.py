"""The distributed path for real: redis-server, `kernelscope serve --queue redis` and two
`kernelscope worker` processes, all started here on free ports in a temporary directory.

As deployed: Redis runs with docker-compose.yml's users (the API connects as `api`, the
workers as `worker`), and each worker has a token of its own, which names it (no --name).
A test that kills or restarts a part brings it back.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import sqlite3
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import httpx2

from backend.store import accounts
from backend.store.repository import DB_FILENAME, Store
from tests.helpers import wait_for
from tests.queue.redis_server import RedisServer, deployed_acl, free_port

LEASE_S = 3.0
USERS = [f"user{i}" for i in range(10)]
WORKERS = ("w1", "w2")
STARTED = re.compile(r"run (\w+): started attempt (\d+)")
PROCESS_START_S = 60.0


class Service:
    """One `python -m backend.cli ...` process in its own session, logging to a file."""

    def __init__(self, name: str, args: list[str], env: dict[str, str], log: Path) -> None:
        self.name, self.args, self.env, self.log = name, args, env, log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "backend.cli", *self.args],
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def signal(self, number: int) -> None:
        assert self.process is not None
        os.kill(self.process.pid, number)

    def stop(self, timeout_s: float = 60.0) -> None:
        """SIGTERM and wait; SIGKILL (with everything it started) if it does not go."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.signal(signal.SIGCONT)  # a paused process cannot act on SIGTERM
            self.process.terminate()
            try:
                self.process.wait(timeout_s)
            except subprocess.TimeoutExpired:
                self.kill()
        self.process = None

    def kill(self) -> None:
        """SIGKILL, as when a host dies: the process and every process it started."""
        assert self.process is not None
        doomed = [self.process.pid, *descendants(self.process.pid)]
        for pid in doomed:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self.process.wait(30)
        self.process = None

    def text(self) -> str:
        return self.log.read_text(errors="replace")


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (a sandboxed snippet is several levels down)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rpartition(")")[2].split()[1])
        children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def running_snippets(pid: int) -> list[int]:
    """The processes below `pid` that run a snippet: those whose `--snippet` file exists.
    A spare waiting for its run has none yet (the worker writes it with the job)."""
    found = []
    for child in descendants(pid):
        try:
            args = (Path("/proc") / str(child) / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"--snippet" in args[:-1] and Path(args[args.index(b"--snippet") + 1].decode()).exists():
            found.append(child)
    return found


class Cluster:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.data_dir = root / "data"
        self.redis = RedisServer(root / "redis", acl=deployed_acl())
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        with Store.open(self.data_dir) as store:
            accounts.create_user(store, "admin", is_admin=True)
            self.admin = accounts.create_token(store, "admin", "tests").token
            self.tokens = {}
            for name in USERS:
                accounts.create_user(store, name)
                self.tokens[name] = accounts.create_token(store, name, "tests").token
            accounts.create_user(store, "ops")
            worker_tokens = {
                name: accounts.create_token(
                    store, "ops", name, "worker", worker_name=name, device_kinds=["cpu"]
                ).token
                for name in WORKERS
            }
        env = {
            **os.environ,
            "KERNELSCOPE_LEASE_S": str(LEASE_S),
            "KERNELSCOPE_MAX_QUEUED_PER_USER": "50",
            "KERNELSCOPE_RUN_TIMEOUT_S": "120",
            # The API runs no snippet with queue=redis; workers get `--sandbox auto` below:
            # bubblewrap where it works (CI: root, installed), unsandboxed with a note if not.
            "KERNELSCOPE_SANDBOX": "none",
        }
        api = ["serve", "--queue", "redis", "--redis", self.redis.api_url, "--workers", "0"]
        api += ["--auth", "accounts", "--port", str(self.port), "--data-dir", str(self.data_dir)]
        self.api = Service("api", api, env, root / "api.log")
        self.workers = [
            Service(
                name,
                [
                    "worker",
                    "--api",
                    self.url,
                    "--redis",
                    self.redis.worker_url,
                    "--work-dir",
                    str(root / name),
                    "--sandbox",
                    "auto",
                ],
                {**env, "KERNELSCOPE_WORKER_TOKEN": worker_tokens[name]},  # it names the worker
                root / f"{name}.log",
            )
            for name in WORKERS
        ]
        self.http = httpx2.Client(base_url=self.url, timeout=30)

    # ---- lifecycle ----------------------------------------------------------------------

    def start(self) -> None:
        self.redis.start()
        self.start_api()
        for worker in self.workers:
            self.start_worker(worker)

    def start_api(self) -> None:
        self.api.start()
        wait_for(self._api_up, PROCESS_START_S, "the API answers /healthz")

    def restart_api(self, lease_s: float) -> None:
        """The API again, giving up silent workers after `lease_s` from now on."""
        self.api.stop()
        self.api.env = {**self.api.env, "KERNELSCOPE_LEASE_S": str(lease_s)}
        self.start_api()

    def _api_up(self) -> bool:
        try:
            return self.http.get("/healthz").status_code == 200
        except httpx2.HTTPError:
            return False

    def start_worker(self, worker: Service) -> None:
        worker.start()
        wait_for(
            lambda: f"worker {worker.name}: serving" in worker.text(),
            PROCESS_START_S,
            f"{worker.name} starts",
        )

    def stop(self) -> None:
        for service in (*self.workers, self.api):
            service.stop()
        self.redis.stop()
        self.http.close()

    # ---- the API --------------------------------------------------------------------------

    def headers(self, user: str) -> dict[str, str]:
        token = self.admin if user == "admin" else self.tokens[user]
        return {"Authorization": f"Bearer {token}"}

    def submit(self, user: str, code: str) -> str:
        reply = self.http.post("/api/runs", json={"code": code}, headers=self.headers(user))
        assert reply.status_code == 202, reply.text
        run_id: str = reply.json()["id"]
        return run_id

    def run(self, run_id: str) -> dict[str, Any]:
        reply = self.http.get(f"/api/runs/{run_id}", headers=self.headers("admin"))
        assert reply.status_code == 200, reply.text
        document: dict[str, Any] = reply.json()
        return document

    def wait_finished(self, run_ids: list[str], timeout_s: float) -> dict[str, dict[str, Any]]:
        """Every run's row once none is queued or running (read from the database)."""

        def all_done() -> dict[str, dict[str, Any]] | None:
            rows = self.rows(run_ids)
            done = all(row["status"] not in ("queued", "running") for row in rows.values())
            return rows if done and len(rows) == len(run_ids) else None

        found: dict[str, dict[str, Any]] = wait_for(all_done, timeout_s, "every run finished")
        return found

    # ---- what happened --------------------------------------------------------------------

    def rows(self, run_ids: list[str]) -> dict[str, dict[str, Any]]:
        """The run rows, read-only: the API stays the only writer."""
        uri = f"file:{self.data_dir / DB_FILENAME}?mode=ro"
        with sqlite3.connect(uri, uri=True, timeout=30) as db:
            db.row_factory = sqlite3.Row
            marks = ",".join("?" * len(run_ids))
            query = f"SELECT * FROM runs WHERE id IN ({marks})"  # values go in as parameters
            return {row["id"]: dict(row) for row in db.execute(query, run_ids)}

    def executions(self) -> Counter[str]:
        """How many times each run was started, from both workers' logs."""
        counted: Counter[str] = Counter()
        for worker in self.workers:
            counted.update(match.group(1) for match in STARTED.finditer(worker.text()))
        return counted

    def worker_holding(self, run_id: str) -> Service:
        held_by = self.rows([run_id])[run_id]["worker_id"]
        return next(worker for worker in self.workers if worker.name == held_by)


def sleeper(seconds: int, tag: str) -> str:
    """A snippet whose own code runs for `seconds` (after torch is imported), then fails."""
    return (
        f"# {tag}\nimport time\n\n\ndef fn():\n    return None\n\n\n"
        f"def inputs():\n    time.sleep({seconds})\n    raise RuntimeError('slept {seconds} s')\n"
    )


def instant(tag: str) -> str:
    """A snippet that fails at once, before torch is imported: milliseconds per run (it
    defines no function, which the harness sees without loading it)."""
    return f"# {tag}\nx = 1\n"
