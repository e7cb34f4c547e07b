"""The distributed queue under load: throughput and the API's read latency meanwhile.

Starts redis-server, `kernelscope serve --queue redis` and two CPU workers (real processes,
free ports, a temporary directory), submits RUNS instant snippets (they fail their syntax
check in milliseconds, before torch is imported, so the numbers are the queue's own: RQ,
claims, heartbeats, reports, the database) from USERS users, and meanwhile reads the API
as a dashboard would. Prints runs per minute (first submit to last finish) and read
latency percentiles. Numbers only: nothing is asserted.

    python bench/bench_queue.py [--runs 200] [--users 10] [--workers 2]
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx2
from _common import ROOT, free_port, load_note, percentile

from backend.store import accounts
from backend.store.repository import DB_FILENAME, Store

START_S = 60.0


@contextmanager
def process(command: list[str], log: Path, env: dict[str, str], ready: str) -> Iterator[None]:
    """A process logging to `log`, up once `ready` appears there (or /healthz answers)."""
    with log.open("wb") as out:
        child = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + START_S
        while ready not in log.read_text(errors="replace"):
            if child.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{command[0:4]} did not start; see {log}")
            time.sleep(0.1)
        yield
    finally:
        child.send_signal(signal.SIGTERM)
        try:
            child.wait(30)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


def kernelscope(*args: str) -> list[str]:
    return [sys.executable, "-m", "backend.cli", *args]


class Cluster:
    def __init__(self, root: Path, users: int, workers: int) -> None:
        self.root, self.data_dir = root, root / "data"
        self.redis_port, self.port = free_port(), free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.workers = workers
        with Store.open(self.data_dir) as store:
            self.tokens = []
            for n in range(users):
                accounts.create_user(store, f"user{n}")
                self.tokens.append(accounts.create_token(store, f"user{n}", "bench").token)
            accounts.create_user(store, "ops")
            self.worker_tokens = [  # one per worker: the token names it
                accounts.create_token(
                    store, "ops", f"w{n}", "worker", worker_name=f"w{n}", device_kinds=["cpu"]
                ).token
                for n in range(workers)
            ]

    @contextmanager
    def running(self) -> Iterator[None]:
        redis_url = f"redis://127.0.0.1:{self.redis_port}/0"
        env = {**os.environ, "KERNELSCOPE_SANDBOX": "none"}
        env |= {"KERNELSCOPE_MAX_QUEUED_PER_USER": "1000"}
        redis = [shutil.which("redis-server") or "redis-server", "--port", str(self.redis_port)]
        redis += ["--dir", str(self.root), "--appendonly", "yes", "--save", ""]
        api = kernelscope("serve", "--queue", "redis", "--redis", redis_url, "--workers", "0")
        api += ["--auth", "accounts", "--port", str(self.port), "--data-dir", str(self.data_dir)]
        with ExitStack() as stack:
            stack.enter_context(process(redis, self.root / "redis.log", env, "Ready to accept"))
            stack.enter_context(process(api, self.root / "api.log", env, "startup complete"))
            for n in range(self.workers):
                worker = kernelscope("worker", "--api", self.url, "--redis", redis_url)
                worker += ["--work-dir", str(self.root / f"w{n}")]
                worker += ["--sandbox", "auto"]  # the API runs no snippet: its setting is none
                log = self.root / f"w{n}.log"
                own = {**env, "KERNELSCOPE_WORKER_TOKEN": self.worker_tokens[n]}
                stack.enter_context(process(worker, log, own, f"worker w{n}: serving"))
            yield

    def finished(self) -> list[tuple[str, str, str]]:
        """(id, status, finished_at) of every finished run, read-only from the database."""
        uri = f"file:{self.data_dir / DB_FILENAME}?mode=ro"
        with sqlite3.connect(uri, uri=True, timeout=30) as db:
            query = "SELECT id, status, finished_at FROM runs WHERE finished_at IS NOT NULL"
            return list(db.execute(query))


class Readers:
    """Threads reading the API as dashboards do, timing every request."""

    def __init__(self, url: str, token: str, threads: int = 2) -> None:
        self.url, self.token = url, token
        self.latencies: defaultdict[str, list[float]] = defaultdict(list)
        self.targets: dict[str, str] = {}
        self._stop = threading.Event()
        self._threads = [threading.Thread(target=self._read, daemon=True) for _ in range(threads)]

    def start(self) -> None:
        for thread in self._threads:
            thread.start()

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join()

    def _read(self) -> None:
        headers = {"Authorization": f"Bearer {self.token}"}
        with httpx2.Client(base_url=self.url, headers=headers, timeout=60) as client:
            while not self._stop.is_set():
                for name, path in self._paths():
                    started = time.perf_counter()
                    client.get(path).raise_for_status()
                    self.latencies[name].append((time.perf_counter() - started) * 1000)

    def _paths(self) -> list[tuple[str, str]]:
        paths = [("GET /api/runs (history, 50)", "/api/runs?limit=50")]
        paths.append(("GET /api/queue", "/api/queue"))
        if "waiting" in self.targets:
            paths.append(("GET /api/runs/{id} (queued)", f"/api/runs/{self.targets['waiting']}"))
        return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--users", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="kernelscope-bench-queue-") as tmp:
        cluster = Cluster(Path(tmp), args.users, args.workers)
        with cluster.running():
            measure(cluster, args.runs)


def measure(cluster: Cluster, runs: int) -> None:
    client = httpx2.Client(base_url=cluster.url, timeout=60)
    readers = Readers(cluster.url, cluster.tokens[0])
    submit_ms: list[float] = []
    readers.start()
    started = time.monotonic()
    for n in range(runs):
        token = cluster.tokens[n % len(cluster.tokens)]
        began = time.perf_counter()
        reply = client.post(
            "/api/runs",
            json={"code": f"# bench run {n}\ndef fn(:\n"},
            headers={"Authorization": f"Bearer {token}"},
        )
        reply.raise_for_status()
        submit_ms.append((time.perf_counter() - began) * 1000)
        readers.targets["waiting"] = reply.json()["id"]  # the newest: queued the longest
    submitted = time.monotonic() - started
    while len(done := cluster.finished()) < runs:
        time.sleep(0.2)
    elapsed = time.monotonic() - started
    readers.stop()
    client.close()
    report(runs, cluster.workers, submitted, elapsed, done, submit_ms, readers.latencies)


def report(
    runs: int,
    workers: int,
    submitted_s: float,
    elapsed_s: float,
    done: list[tuple[str, str, str]],
    submit_ms: list[float],
    latencies: dict[str, list[float]],
) -> None:
    statuses = sorted({status for _, status, _ in done})
    print(f"queue=redis, {workers} CPU workers, {runs} instant runs ({', '.join(statuses)})")
    print(f"  submitted in {submitted_s:.1f} s; all finished after {elapsed_s:.1f} s")
    print(f"  throughput: {runs / elapsed_s * 60:.0f} runs per minute")
    print("  API latency under that load (ms):        requests    p50     p99")
    rows = {"POST /api/runs (submit)": submit_ms, **latencies}
    for name, values in rows.items():
        p50, p99 = percentile(values, 50), percentile(values, 99)
        print(f"    {name:<36} {len(values):>8} {p50:>7.1f} {p99:>7.1f}")
    print(f"  ({load_note()})")


if __name__ == "__main__":
    main()
