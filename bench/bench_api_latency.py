"""API latency under load: does reading a run stay fast while another run executes?

Starts `kernelscope serve` (1 local worker, CPU) on a fresh data dir holding one finished
run (synthetic, a few hundred kernels, stored directly through the Store). Then 20 clients
(threads, keep-alive connections) GET /api/runs/<finished id> as fast as they can for
15 s, first with the server idle, then while a real run of examples/add_relu.py executes
(submitted through POST /api/runs). Prints requests/s and p50/p95/p99/max latency for both
(target: p99 <= 50 ms while a run executes) and the ratio. Then once more while another
add_relu run executes, with clients that revalidate as a browser does: each sends the ETag
of its first answer in If-None-Match and gets 304 without a body.

Then inserts 10,000 small runs and times GET /api/runs?limit=50: the first page and deep
pages (keyset paging with `before=`).

The clients share this machine's CPU with the server and the run: on a small box they are
part of the load. Prints every number and the target; never asserts a timing.
"""

from __future__ import annotations

import http.client
import json
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from _common import ROOT, load_note, median, percentile, serve, synthetic_result

from backend.store.repository import Store

CLIENTS = 20
DURATION_S = 15.0
TARGET_P99_MS = 50.0
HISTORY_RUNS = 10_000
LIST_REPEATS = 30
FINISHED_KERNELS = 300


def hammer(
    port: int, path: str, seconds: float, revalidate: bool = False
) -> tuple[list[float], int]:
    """CLIENTS threads GET `path` until `seconds` pass; every latency (ms) and error count.
    With `revalidate`, each client sends the ETag of its last 200 in If-None-Match."""
    latencies: list[list[float]] = [[] for _ in range(CLIENTS)]
    errors = [0] * CLIENTS
    start = threading.Barrier(CLIENTS + 1)

    def client(slot: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        headers: dict[str, str] = {}
        start.wait()
        deadline = time.perf_counter() + seconds
        while (began := time.perf_counter()) < deadline:
            try:
                connection.request("GET", path, headers=headers)
                response = connection.getresponse()
                response.read()
                if response.status == 200 and revalidate:
                    headers = {"If-None-Match": response.headers.get("ETag", "")}
                elif response.status not in (200, 304):
                    errors[slot] += 1
            except (OSError, http.client.HTTPException):
                errors[slot] += 1
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            latencies[slot].append((time.perf_counter() - began) * 1e3)
        connection.close()

    threads = [threading.Thread(target=client, args=(slot,)) for slot in range(CLIENTS)]
    for thread in threads:
        thread.start()
    start.wait()
    for thread in threads:
        thread.join()
    return [ms for mine in latencies for ms in mine], sum(errors)


def summary(label: str, latencies: list[float], errors: int, seconds: float) -> dict[str, float]:
    stats = {
        "rps": len(latencies) / seconds,
        "p50": percentile(latencies, 50),
        "p95": percentile(latencies, 95),
        "p99": percentile(latencies, 99),
        "max": max(latencies),
    }
    print(
        f"  {label:<22} {stats['rps']:7.1f} req/s   p50 {stats['p50']:6.1f}"
        f"  p95 {stats['p95']:6.1f}  p99 {stats['p99']:6.1f}  max {stats['max']:7.1f} ms"
        f"   ({len(latencies):,} requests, {errors} errors)"
    )
    return stats


def call(port: int, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, json.dumps(body) if body else None, headers)
        response = connection.getresponse()
        data = json.loads(response.read())
        if response.status >= 400:
            raise RuntimeError(f"{method} {path}: {response.status} {data}")
        return data
    finally:
        connection.close()


def wait_for(port: int, run_id: str, statuses: tuple[str, ...], timeout_s: float) -> str:
    deadline = time.monotonic() + timeout_s
    while True:
        status: str = call(port, "GET", f"/api/runs/{run_id}")["status"]
        if status in statuses or time.monotonic() > deadline:
            return status
        time.sleep(0.25)


def bench_concurrency(port: int, finished_id: str) -> None:
    path = f"/api/runs/{finished_id}"
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("GET", path)
    size_kb = len(connection.getresponse().read()) / 1e3
    connection.close()
    print(f"\n{CLIENTS} clients, keep-alive, GET {path} ({size_kb:.0f} kB) for {DURATION_S:.0f} s:")
    hammer(port, path, 2.0)  # warm up: threads, connections, the server's result cache
    idle = summary("idle server", *hammer(port, path, DURATION_S), DURATION_S)

    loaded = while_a_run_executes(port, "while add_relu runs", path, revalidate=False)
    if loaded is None:
        return
    verdict = "meets" if loaded["p99"] <= TARGET_P99_MS else "MISSES"
    print(
        f"  loaded / idle: p50 {loaded['p50'] / idle['p50']:.2f}x, p99 "
        f"{loaded['p99'] / idle['p99']:.2f}x, req/s {loaded['rps'] / idle['rps']:.2f}x;"
        f" p99 under load {loaded['p99']:.1f} ms (target <= {TARGET_P99_MS:.0f} ms: {verdict})"
    )
    while_a_run_executes(port, "revalidating (304)", path, revalidate=True)


def while_a_run_executes(
    port: int, label: str, path: str, revalidate: bool
) -> dict[str, float] | None:
    """Submit add_relu, hammer `path` while it runs; the stats, or None if it never ran."""
    code = (ROOT / "examples" / "add_relu.py").read_text()
    created = call(port, "POST", "/api/runs", {"code": code, "title": "bench: add_relu"})
    submitted = time.monotonic()
    status = wait_for(port, created["id"], ("running", "succeeded", "failed"), 60)
    if status != "running":
        print(f"  the add_relu run never started running (status {status}); no loaded numbers")
        return None
    stats = summary(label, *hammer(port, path, DURATION_S, revalidate), DURATION_S)
    still = call(port, "GET", f"/api/runs/{created['id']}")
    overlap = "the whole window" if still["status"] == "running" else "finished within the window"
    status = wait_for(port, created["id"], ("succeeded", "failed", "timed_out", "crashed"), 600)
    print(
        f"  (the run: {status}, {time.monotonic() - submitted:.0f} s from submit; "
        f"it was running for {overlap})"
    )
    return stats


def timed_get(port: int, path: str) -> list[float]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    times = []
    for _ in range(LIST_REPEATS):
        began = time.perf_counter()
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        times.append((time.perf_counter() - began) * 1e3)
        if response.status != 200:
            raise RuntimeError(f"GET {path}: {response.status}")
    connection.close()
    return times


def bench_history(port: int, data_dir: Path) -> None:
    started = time.perf_counter()
    ids = []
    with Store.open(data_dir) as store:
        for number in range(HISTORY_RUNS):
            ids.append(store.create_run(f"# run {number}\n", title=f"history {number}"))
    inserted_s = time.perf_counter() - started
    print(
        f"\n{HISTORY_RUNS:,} more runs inserted with Store.create_run in {inserted_s:.1f} s "
        f"({inserted_s / HISTORY_RUNS * 1e3:.2f} ms each); GET /api/runs?limit=50, "
        f"{LIST_REPEATS} times each, one client:"
    )
    pages = {
        "first page": "/api/runs?limit=50",
        "middle (before=)": f"/api/runs?limit=50&before={ids[HISTORY_RUNS // 2]}",
        "last page (before=)": f"/api/runs?limit=50&before={ids[40]}",
        "text filter q=": "/api/runs?limit=50&q=history%209999",
    }
    for label, path in pages.items():
        times = timed_get(port, path)
        print(
            f"  {label:<22} p50 {median(times):6.1f}  p95 {percentile(times, 95):6.1f}"
            f"  max {max(times):6.1f} ms"
        )


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp) / "data"
        with Store.open(data_dir) as store:
            finished = synthetic_result("benchfinished", FINISHED_KERNELS)
            store.save_result(finished, "# synthetic\n", [])
        with serve(data_dir, workers=1, log=Path(tmp) / "serve.log") as base:
            port = int(base.rsplit(":", 1)[1])
            print(f"server {base} (1 local worker, device cpu), data in {data_dir}")
            print(load_note())
            bench_concurrency(port, finished.id)
            bench_history(port, data_dir)
            print(load_note())


if __name__ == "__main__":
    main()
