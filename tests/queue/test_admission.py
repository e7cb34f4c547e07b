"""Submitting and cancelling through the API (local queue, accounts on): the per-user limit,
device kinds, who may cancel, and the queue overview."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Literal

import pytest
from fastapi.testclient import TestClient
from httpx2 import Response

from backend.api.app import create_app
from backend.settings import Settings
from backend.store import accounts
from backend.store.repository import Store
from tests.helpers import app_context
from tests.queue.api_cluster import QUEUED_ONLY


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(
        data_dir=tmp_path / "data",
        local_workers=0,
        auth="accounts",
        sandbox="none",
        max_queued_per_user=3,
    )
    with TestClient(create_app(settings)) as test_client:
        yield test_client


@pytest.fixture
def tokens(client: TestClient) -> dict[str, str]:
    store: Store = app_context(client).store
    accounts.create_user(store, "root", is_admin=True)
    made = {}
    for name in ("alice", "bob", "root"):
        if name != "root":
            accounts.create_user(store, name)
        made[name] = accounts.create_token(store, name, "tests").token
    return made


def submit(client: TestClient, token: str, **body: object) -> Response:
    return client.post(
        "/api/runs",
        json={"code": QUEUED_ONLY, **body},
        headers={"Authorization": f"Bearer {token}"},
    )


def test_over_the_per_user_limit_is_429_naming_the_limit(
    client: TestClient, tokens: dict[str, str]
) -> None:
    for _ in range(3):
        assert submit(client, tokens["alice"]).status_code == 202
    refused = submit(client, tokens["alice"])
    error = refused.json()["error"]
    assert refused.status_code == 429
    assert error["kind"] == "queue_limit"
    assert "limit is 3 queued runs per user" in error["message"]
    assert "KERNELSCOPE_MAX_QUEUED_PER_USER" in error["message"]
    assert submit(client, tokens["bob"]).status_code == 202


def test_a_sweep_counts_every_size_against_the_limit(
    client: TestClient, tokens: dict[str, str]
) -> None:
    refused = submit(client, tokens["alice"], sizes=[1, 2, 3, 4])
    assert refused.status_code == 429
    assert submit(client, tokens["alice"], sizes=[1, 2, 3]).status_code == 202


def test_a_cancelled_run_frees_its_place_under_the_limit(
    client: TestClient, tokens: dict[str, str]
) -> None:
    ids = [submit(client, tokens["alice"]).json()["id"] for _ in range(3)]
    cancel = client.post(f"/api/runs/{ids[0]}/cancel", headers=auth(tokens["alice"]))
    assert cancel.status_code == 200
    assert submit(client, tokens["alice"]).status_code == 202


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_cancel_a_queued_run(client: TestClient, tokens: dict[str, str]) -> None:
    run_id = submit(client, tokens["alice"]).json()["id"]
    reply = client.post(f"/api/runs/{run_id}/cancel", headers=auth(tokens["alice"]))
    assert reply.status_code == 200
    assert reply.json()["status"] == "cancelled" and "before it started" in reply.json()["message"]
    run = client.get(f"/api/runs/{run_id}", headers=auth(tokens["alice"])).json()
    assert run["status"] == "cancelled" and run["progress"] is None
    assert run["error"]["kind"] == "cancelled"
    again = client.post(f"/api/runs/{run_id}/cancel", headers=auth(tokens["alice"]))
    assert again.status_code == 409 and again.json()["error"]["kind"] == "run_finished"


def test_only_the_author_or_an_admin_may_cancel(client: TestClient, tokens: dict[str, str]) -> None:
    run_id = submit(client, tokens["alice"]).json()["id"]
    refused = client.post(f"/api/runs/{run_id}/cancel", headers=auth(tokens["bob"]))
    assert refused.status_code == 403 and refused.json()["error"]["kind"] == "not_run_author"
    assert client.post(f"/api/runs/{run_id}/cancel").status_code == 401
    admin = client.post(f"/api/runs/{run_id}/cancel", headers=auth(tokens["root"]))
    assert admin.status_code == 200


def test_cancel_an_unknown_run_is_404(client: TestClient, tokens: dict[str, str]) -> None:
    reply = client.post("/api/runs/nosuchrun/cancel", headers=auth(tokens["alice"]))
    assert reply.status_code == 404 and reply.json()["error"]["kind"] == "run_not_found"


def test_a_local_server_refuses_another_device_kind(
    client: TestClient, tokens: dict[str, str]
) -> None:
    refused = submit(client, tokens["alice"], device_kind="h100")
    error = refused.json()["error"]
    assert refused.status_code == 422
    assert (error["kind"], error["field"]) == ("unknown_device_kind", "body.device_kind")
    assert "KERNELSCOPE_QUEUE=local" in error["message"]
    assert submit(client, tokens["alice"], device_kind="cpu").status_code == 202


def test_a_malformed_device_kind_is_a_validation_error(
    client: TestClient, tokens: dict[str, str]
) -> None:
    refused = submit(client, tokens["alice"], device_kind="H100 GPU!")
    assert refused.status_code == 422
    assert refused.json()["error"]["field"] == "body.device_kind"


def test_the_queue_overview_counts_waiting_runs(client: TestClient, tokens: dict[str, str]) -> None:
    for _ in range(2):
        submit(client, tokens["alice"])
    loads = client.get("/api/queue", headers=auth(tokens["bob"])).json()
    assert loads == [
        {"device_kind": "cpu", "waiting": 2, "dispatched": 0, "running": 0, "workers": 0}
        | {"gpu": False}  # local workers on this CPU (device auto, no /dev/nvidia0 here)
    ]


@pytest.mark.parametrize(("device", "gpu"), [("cpu", False), ("cuda", True)])
def test_the_queue_says_whether_local_runs_reach_a_gpu(
    tmp_path: Path, device: Literal["cpu", "cuda"], gpu: bool
) -> None:
    """The kind's name says nothing for the local queue (`cpu` by default even on a GPU
    host): the device setting does, and the new-run page offers DRAM bytes by it."""
    settings = Settings(data_dir=tmp_path / "data", local_workers=0, device=device)
    with TestClient(create_app(settings)) as client:
        loads = client.get("/api/queue").json()
    assert [(load["device_kind"], load["gpu"]) for load in loads] == [("cpu", gpu)]
