"""/metrics: Prometheus text computed from the database at scrape time, plus the run
duration histogram observed when the API saves a result."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import update
from sqlmodel import col

from backend.api.app import create_app
from backend.limits import RunLimits
from backend.ops.metrics import SpareCollector
from backend.settings import Settings
from backend.store import accounts
from backend.store.db import write_session
from backend.store.models import Run, Worker
from backend.store.repository import Store
from backend.worker import preimports
from backend.worker.local import LocalWorkers
from backend.worker.process import WorkerSetup
from backend.worker.spare_policy import SparePolicy
from backend.worker.spares import SpareOptions
from tests.factories import CODE, save_finished
from tests.helpers import wait_for

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def scrape(client: TestClient, headers: dict[str, str] | None = None) -> Samples:
    response = client.get("/metrics", headers=headers)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/plain")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(response.text)
        for sample in family.samples
    }


def queue_run(store: Store, device_kind: str, status: str = "queued") -> str:
    run_id = store.create_run(CODE)
    with write_session(store.engine) as session:
        change = update(Run).where(col(Run.id) == run_id)
        session.exec(change.values(device_kind=device_kind, status=status))
    return run_id


def add_worker(store: Store, worker_id: str, device_kind: str, seen_s_ago: float) -> None:
    now = datetime.now(UTC)
    seen = now - timedelta(seconds=seen_s_ago)
    with write_session(store.engine) as session:
        session.add(
            Worker(
                id=worker_id,
                device_kind=device_kind,
                host="gpu-1",
                started_at=seen,
                last_seen_at=seen,
            )
        )


def test_queue_depth_per_device_kind_and_runs_by_status(
    client: TestClient, app_store: Store
) -> None:
    for kind in ("h100", "h100", "a100"):
        queue_run(app_store, kind)
    queue_run(app_store, "h100", status="running")
    save_finished(app_store)

    metrics = scrape(client)

    depth = "kernelscope_queue_depth"
    assert metrics[(depth, (("device_kind", "h100"),))] == 2
    assert metrics[(depth, (("device_kind", "a100"),))] == 1
    assert metrics[(depth, (("device_kind", "cpu"),))] == 0  # the default kind: always there
    runs = "kernelscope_runs"
    assert metrics[(runs, (("status", "queued"),))] == 3
    assert metrics[(runs, (("status", "running"),))] == 1
    assert metrics[(runs, (("status", "succeeded"),))] == 1
    assert metrics[(runs, (("status", "failed"),))] == 0


def test_workers_count_those_seen_within_one_lease(client: TestClient, app_store: Store) -> None:
    add_worker(app_store, "gpu-1/0", "h100", seen_s_ago=5)
    add_worker(app_store, "gpu-1/1", "h100", seen_s_ago=600)  # silent for 10 minutes: lost
    add_worker(app_store, "gpu-2/0", "a100", seen_s_ago=1)

    metrics = scrape(client)

    assert metrics[("kernelscope_workers", (("device_kind", "h100"),))] == 1
    assert metrics[("kernelscope_workers", (("device_kind", "a100"),))] == 1


def test_run_durations_are_observed_when_results_are_saved(
    client: TestClient, app_store: Store
) -> None:
    save_finished(app_store, duration_s=3.0)
    save_finished(app_store, duration_s=45.0)

    metrics = scrape(client)

    status = (("status", "succeeded"),)
    assert metrics[("kernelscope_run_duration_seconds_count", status)] == 2
    assert metrics[("kernelscope_run_duration_seconds_sum", status)] == 48.0
    assert metrics[("kernelscope_run_duration_seconds_bucket", (("le", "5.0"), *status))] == 1
    assert metrics[("kernelscope_run_duration_seconds_bucket", (("le", "60.0"), *status))] == 2


def test_two_api_processes_report_the_same_gauges(settings: Settings) -> None:
    with TestClient(create_app(settings)) as first, TestClient(create_app(settings)) as second:
        first.post("/api/runs", json={"code": CODE})
        second.post("/api/runs", json={"code": CODE})
        depth = ("kernelscope_queue_depth", (("device_kind", "cpu"),))
        assert scrape(first)[depth] == scrape(second)[depth] == 2


def test_with_accounts_metrics_need_a_user_and_health_stays_open(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "data", local_workers=0, auth="accounts")
    with Store.open(settings.data_dir) as store:
        accounts.create_user(store, "prometheus")
        user_token = accounts.create_token(store, "prometheus", "scraper").token
        worker_token = accounts.create_token(
            store, "prometheus", "w", scope="worker", worker_name="w", device_kinds=["cpu"]
        ).token
    with TestClient(create_app(settings)) as client:
        anonymous = client.get("/metrics")
        assert anonymous.status_code == 401
        assert anonymous.json()["error"]["kind"] == "not_authenticated"
        as_worker = client.get("/metrics", headers={"Authorization": f"Bearer {worker_token}"})
        assert as_worker.status_code == 403
        assert scrape(client, {"Authorization": f"Bearer {user_token}"})
        assert client.get("/healthz").status_code == 200


def test_a_server_without_slots_reports_no_spares(client: TestClient) -> None:
    metrics = scrape(client)
    assert metrics[("kernelscope_spares", (("state", "ready"),))] == 0
    assert metrics[("kernelscope_spare_takes_total", (("found", "none"),))] == 0
    assert metrics[("kernelscope_spare_takes_total", (("found", "warming"),))] == 0


def test_the_packages_spares_import_ahead_are_shown(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    learner = preimports.ImportLearner()
    monkeypatch.setattr(preimports, "LEARNER", learner)
    assert not [key for key in scrape(client) if key[0] == "kernelscope_spare_imports"]
    learner.saw(["transformers", "idna"])
    learner.saw(["transformers"])
    imports = [key for key in scrape(client) if key[0] == "kernelscope_spare_imports"]
    assert imports == [("kernelscope_spare_imports", (("package", "transformers"),))]


@pytest.mark.slow  # real worker slots, spares and runs
def test_spares_held_their_costs_and_how_runs_found_them(tmp_path: Path) -> None:
    """Real worker slots with bare spares (two per slot, one more while runs come back to
    back): the gauges count what is held and wanted, the host memory is the spares' own,
    and a run shows up as taken from a ready spare."""
    registry = CollectorRegistry()
    with Store.open(tmp_path / "store") as store:
        setup = WorkerSetup(tmp_path / "data", "cpu", RunLimits(sandbox="none", timeout_s=120))
        options = SpareOptions(prewarm=False, policy=SparePolicy(count=2, busy_extra=1))
        workers = LocalWorkers(store, setup, slots=1, spares=options)
        registry.register(SpareCollector(workers))
        workers.start()
        try:
            wait_for(lambda: workers.spare_counts().ready == 2, 60, "two spares are ready")
            held = registry_samples(registry)
            assert held[("kernelscope_spares", (("state", "ready"),))] == 2
            assert held[("kernelscope_spares_wanted", ())] == 2
            assert held[("kernelscope_spares_host_memory_bytes", ())] > 10 * 1024**2
            one_run_through(store, workers)
            taken = registry_samples(registry)
            assert taken[("kernelscope_spare_takes_total", (("found", "ready"),))] == 1
            assert taken[("kernelscope_spare_takes_total", (("found", "none"),))] == 0
            assert taken[("kernelscope_spares_started_total", ())] >= 3
            assert taken[("kernelscope_spares_wanted", ())] == 2  # a lone run
            one_run_through(store, workers)  # the next, back to back
            assert registry_samples(registry)[("kernelscope_spares_wanted", ())] == 3
        finally:
            workers.stop()


def one_run_through(store: Store, workers: LocalWorkers) -> None:
    """A run that fails at once (a syntax error), submitted and waited for."""
    run_id = store.create_run("def fn(:\n")
    workers.notify()
    wait_for(
        lambda: (found := store.load_result(run_id)) is not None and found.status == "failed",
        60,
        "the run ends",
    )


def registry_samples(registry: CollectorRegistry) -> Samples:
    text = generate_latest(registry).decode()
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }
