"""`measure: ["dram"]` on submit: validated, stored with the run, and handed to whichever
worker takes it (a local worker's claim, a remote worker's start), as compile_mode is."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from backend.store import jobs
from backend.store.repository import Store
from backend.worker_protocol import WorkerInfo


def test_measure_dram_is_stored_and_reaches_a_local_workers_claim(
    client: TestClient, app_store: Store
) -> None:
    response = client.post("/api/runs", json={"code": "x = 1", "measure": ["dram"]})
    assert response.status_code == 202
    claimed = jobs.claim_next(app_store)
    assert claimed is not None and claimed.id == response.json()["id"]
    assert claimed.measure == ["dram"]


def test_measure_reaches_a_remote_workers_start(client: TestClient, app_store: Store) -> None:
    run_id = client.post("/api/runs", json={"code": "x = 1", "measure": ["dram"]}).json()["id"]
    plain = client.post("/api/runs", json={"code": "x = 2"}).json()["id"]
    jobs.heartbeat(app_store, WorkerInfo(id="w1", device_kind="cpu", host="test-host"), [])
    for _ in (run_id, plain):
        assert jobs.dispatch_next(app_store, "cpu", "w1", lambda rid: f"{rid}-job") is not None
    started = jobs.start_run(app_store, run_id, f"{run_id}-job", "w1", 300.0)
    assert started.measure == ["dram"]
    assert jobs.start_run(app_store, plain, f"{plain}-job", "w1", 300.0).measure == []


def test_without_measure_nothing_is_asked_and_nothing_is_recorded(
    client: TestClient, app_store: Store
) -> None:
    run_id = client.post("/api/runs", json={"code": "x = 1"}).json()["id"]
    claimed = jobs.claim_next(app_store)
    assert claimed is not None and claimed.measure == []
    document = client.get(f"/api/runs/{run_id}").json()
    assert document["measurements"] == []


@pytest.mark.parametrize(
    ("measure", "field", "words"),
    [
        (["l2"], "body.measure.0", "'dram'"),
        ("dram", "body.measure", "list"),
        (["dram", "dram"], "body.measure", "at most 1"),
    ],
)
def test_an_unknown_measurement_is_a_readable_422(
    client: TestClient, measure: object, field: str, words: str
) -> None:
    response = client.post("/api/runs", json={"code": "x = 1", "measure": measure})
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["kind"] == "invalid_request" and error["field"] == field
    assert words in error["message"]
