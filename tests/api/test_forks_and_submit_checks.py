"""a fork records the run it was edited from, and the New run page's mistakes
(empty code, bad sizes) are refused at submit with messages a person reads."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from backend.store.repository import Store
from tests.factories import CODE

AUTOTUNE = "max-autotune-no-cudagraphs"


def test_a_fork_links_to_its_parent(client: TestClient, app_store: Store) -> None:
    parent = app_store.create_run(CODE, title="add relu")
    response = client.post("/api/runs", json={"code": CODE + "\n", "forked_from": parent})
    assert response.status_code == 202, response.text
    fork = client.get(f"/api/runs/{response.json()['id']}").json()
    assert fork["links"]["forked_from"] == parent
    assert client.get(f"/api/runs/{parent}").json()["links"]["forked_from"] is None


def test_every_run_of_a_forked_sweep_names_the_parent(client: TestClient, app_store: Store) -> None:
    parent = app_store.create_run(CODE)
    created = client.post(
        "/api/runs", json={"code": CODE, "sizes": [10, 20], "forked_from": parent}
    ).json()
    runs = [client.get(f"/api/runs/{i}").json() for i in created["ids"]]
    assert [run["links"]["forked_from"] for run in runs] == [parent, parent]


def test_try_it_reruns_are_forks_of_the_run(client: TestClient, app_store: Store) -> None:
    original = app_store.create_run(CODE)
    created = client.post(f"/api/runs/{original}/rerun", json={"compile_mode": AUTOTUNE}).json()
    assert client.get(f"/api/runs/{created['id']}").json()["links"]["forked_from"] == original


def test_a_fork_of_an_unknown_run_is_refused(client: TestClient) -> None:
    response = client.post("/api/runs", json={"code": CODE, "forked_from": "nope"})
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["field"] == "body.forked_from" and "no run 'nope'" in error["message"]


def test_a_deleted_parent_is_no_longer_linked(client: TestClient, app_store: Store) -> None:
    parent = app_store.create_run(CODE)
    fork = client.post("/api/runs", json={"code": CODE, "forked_from": parent}).json()["id"]
    assert app_store.delete_run(parent)
    assert client.get(f"/api/runs/{fork}").json()["links"]["forked_from"] is None


@pytest.mark.parametrize("code", ["", "   ", "\n\t \n"])
def test_empty_or_blank_code_is_refused_at_submit(client: TestClient, code: str) -> None:
    response = client.post("/api/runs", json={"code": code})
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["message"].startswith("body.code: The snippet is empty")
    assert "String should" not in error["message"]


@pytest.mark.parametrize("sizes", [[10**20], [0], [-5], [], [1.5]])
def test_bad_sizes_get_a_message_a_person_reads(client: TestClient, sizes: list[float]) -> None:
    response = client.post("/api/runs", json={"code": CODE, "sizes": sizes})
    assert response.status_code == 422
    message = response.json()["error"]["message"]
    assert message.startswith("body.sizes"), message
    assert "Sizes must be whole numbers from 1 to 2^40" in message
    assert "Input should" not in message and "1099511627776" not in message
