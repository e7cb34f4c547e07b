"""A suite on a team server: how much sooner two workers finish it than one.

Starts redis-server, `kernelscope serve --queue redis` and first one CPU worker, then
(a fresh cluster) two, and submits the same suite to each through `POST /api/suites`:
PROBLEMS problems whose own code waits SECONDS (standing in for a problem's GPU time:
on this small CPU two workers' compiles would share two cores) and then computes a tiny
add, so each problem also passes every step of a real run. Prints each cluster's time
from submit to the last problem's end, and their ratio, measured in this one run.
Numbers only: nothing is asserted (tests/distributed/test_suite_spread.py checks that
the problems spread and that another user's run is not starved).

    python bench/bench_suite_spread.py [--problems 8] [--seconds 6]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import httpx2
from _common import load_note
from bench_queue import Cluster

SPARE_READY_S = 180.0  # each worker's first spare warms before the suite is submitted
FINISHED = {"succeeded", "failed", "timed_out", "crashed", "cancelled"}


def problem(seconds: float, n: int) -> str:
    return (
        f"# problem {n}\nimport time\n\nimport torch\n\n\ndef fn(a):\n    return a + 1\n\n\n"
        f"def inputs():\n    time.sleep({seconds})\n    return [torch.ones(1024, device=device)]\n"
    )


def wait_for_spares(cluster: Cluster) -> None:
    """Every worker has a warm spare: the suite's first problems do not start cold."""
    deadline = time.monotonic() + SPARE_READY_S
    logs = [cluster.root / f"w{n}.log" for n in range(cluster.workers)]
    while not all(" ready in " in log.read_text(errors="replace") for log in logs):
        if time.monotonic() > deadline:
            raise RuntimeError(f"no warm spare on every worker within {SPARE_READY_S:g} s")
        time.sleep(0.5)


def suite_seconds(cluster: Cluster, problems: int, seconds: float) -> tuple[float, list[str]]:
    """From submitting the suite to its last problem's end; every problem's status."""
    body = {"problems": [{"name": f"p{n}", "code": problem(seconds, n)} for n in range(problems)]}
    headers = {"Authorization": f"Bearer {cluster.tokens[0]}"}
    with httpx2.Client(base_url=cluster.url, headers=headers, timeout=60) as client:
        started = time.monotonic()
        reply = client.post("/api/suites", json=body)
        reply.raise_for_status()
        suite_id = reply.json()["id"]
        while True:
            rows = client.get(f"/api/suites/{suite_id}").json()["problems"]
            if all(row["status"] in FINISHED for row in rows):
                return time.monotonic() - started, [row["status"] for row in rows]
            time.sleep(0.2)


def measure(workers: int, problems: int, seconds: float) -> float:
    with tempfile.TemporaryDirectory(prefix="kernelscope-bench-suite-") as tmp:
        cluster = Cluster(Path(tmp), users=1, workers=workers)
        with cluster.running():
            wait_for_spares(cluster)
            took, statuses = suite_seconds(cluster, problems, seconds)
    done = ", ".join(f"{statuses.count(s)} {s}" for s in sorted(set(statuses)))
    print(f"  {workers} worker(s): {took:6.1f} s for {problems} problems ({done})")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--problems", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=6.0, help="each problem's own wait")
    args = parser.parse_args()
    print(f"queue=redis, a suite of {args.problems} problems of {args.seconds:g} s each")
    one = measure(1, args.problems, args.seconds)
    two = measure(2, args.problems, args.seconds)
    print(f"  two workers took {two / one:.2f}x the time of one ({one / two:.2f}x as fast)")
    print(f"  ({load_note()})")


if __name__ == "__main__":
    main()
