"""A suite on a team server: its problems spread over both real workers at once, one run
per worker, while another user's single run submitted after it is not starved.

What is checked is the order and the overlap, never a duration: bench/bench_suite_spread.py
prints how much faster two workers finish a suite than one.
"""

from __future__ import annotations

import itertools
import time
from datetime import datetime

import pytest

from tests.distributed.cluster import Cluster, running_snippets, sleeper
from tests.helpers import wait_for

pytestmark = pytest.mark.slow
PROBLEMS = 8
SLEEP_S = 4  # each problem's own code runs this long: long enough to be seen side by side


def parsed(stamp: object) -> datetime:
    return datetime.fromisoformat(str(stamp))


def test_a_suite_spreads_over_both_workers_and_a_single_run_is_not_starved(
    cluster: Cluster,
) -> None:
    problems = [{"name": f"p{n}", "code": sleeper(SLEEP_S, f"suite {n}")} for n in range(PROBLEMS)]
    reply = cluster.http.post(
        "/api/suites", json={"problems": problems}, headers=cluster.headers("user3")
    )
    assert reply.status_code == 202, reply.text
    suite_ids = [problem["run_id"] for problem in reply.json()["problems"]]
    # Both workers take a problem at once: two snippets of the suite run side by side.
    wait_for(
        lambda: all(running_snippets(worker.pid) for worker in cluster.workers),
        120,
        "a problem running on each worker",
        interval_s=0.2,
    )
    single = cluster.submit("user4", sleeper(1, "single"))  # another user, after the suite
    started = time.monotonic()
    rows = cluster.wait_finished([*suite_ids, single], timeout_s=600)
    took = time.monotonic() - started
    print(f"\n{PROBLEMS} problems of {SLEEP_S} s and one single run: {took:.1f} s")

    assert {rows[run_id]["error_kind"] for run_id in suite_ids} == {"exception"}  # slept, raised
    holders = {rows[run_id]["worker_id"] for run_id in suite_ids}
    assert holders == {"w1", "w2"}, holders  # every worker of the kind took problems
    # Each worker runs one problem at a time: its problems never overlap one another.
    for worker in ("w1", "w2"):
        mine = sorted(
            (parsed(rows[i]["started_at"]), parsed(rows[i]["finished_at"]))
            for i in suite_ids
            if rows[i]["worker_id"] == worker
        )
        assert all(end <= start for (_, end), (start, _) in itertools.pairwise(mine))

    # Not starved: once a worker was free, the single run went before the rest of the suite.
    # Ahead of it only the problems running or already handed to RQ when it arrived (two
    # workers + one in reserve), never the whole suite.
    order = sorted([*suite_ids, single], key=lambda run_id: parsed(rows[run_id]["started_at"]))
    assert order.index(single) <= 3, order.index(single)
    later = [
        i for i in suite_ids if parsed(rows[i]["started_at"]) > parsed(rows[single]["started_at"])
    ]
    assert len(later) >= PROBLEMS - 4
