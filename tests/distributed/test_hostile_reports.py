"""Hostile reports with real processes (redis-server, the API, two `kernelscope worker`s with the
sandbox): a snippet that rewrites its own bundle so that its values claim 2^62 bytes ends
failed with what was wrong, and the worker that ran it goes on to the next run.

Before, the worker's report of such a run was a 500 on every try (the store's sums passed
SQLite's 64-bit INTEGER), resent every 10 s forever: the run stayed running and its worker
took no other run, so one such snippet per worker took every worker out.
"""

from __future__ import annotations

import pytest

from tests.distributed.cluster import WORKERS, Cluster, instant
from tests.sandbox.hostile_bundles import HUGE_NUMBERS

pytestmark = pytest.mark.slow


def test_snippets_claiming_2_to_the_62_bytes_fail_and_their_workers_go_on(
    cluster: Cluster,
) -> None:
    hostile = [cluster.submit(f"user{i}", HUGE_NUMBERS) for i in range(len(WORKERS))]
    rows = cluster.wait_finished(hostile, timeout_s=300)  # a bound on liveness only
    assert {row["status"] for row in rows.values()} == {"failed"}
    assert {row["error_kind"] for row in rows.values()} == {"invalid_bundle"}
    message = cluster.run(hostile[0])["error"]["message"]
    assert "eager.values.0.bytes: Input should be less than or equal to" in message
    # the workers are free: more runs than workers all finish
    after = [cluster.submit("user5", instant(f"after {n}")) for n in range(2 * len(WORKERS))]
    rows = cluster.wait_finished(after, timeout_s=300)
    assert {row["error_kind"] for row in rows.values()} == {"no_entry_point"}
    for worker in cluster.workers:  # no report was refused or retried on the way
        assert "report not taken" not in worker.text()
        assert "report refused" not in worker.text()
