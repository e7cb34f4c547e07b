"""Suites can be found and read: a list of them (GET /api/suites, the /suites page), a
problem's run naming its suite and problem, History naming and filtering them, and totals
that count cancelled problems as cancelled and say which devices the problems ran on."""

from __future__ import annotations

from fastapi.testclient import TestClient

from backend.store.repository import Store
from backend.store.suites import create_suite, list_suites
from backend.store.visibility import EVERYONE, Viewer
from tests.api.test_suites import fail, finish, run_ids, submit


def _three_endings(client: TestClient, store: Store, title: str) -> dict[str, str]:
    """A suite whose problems succeeded (on an H200, as rich_result says), failed and were
    cancelled."""
    ids = run_ids(submit(client, title=title))
    finish(store, ids["add_relu"], 2.0, [1.9, 2.1])
    fail(store, ids["broken"], "ValueError on line 3")
    assert client.post(f"/api/runs/{ids['layernorm']}/cancel").status_code == 200
    return ids


def test_the_suites_list_says_where_each_suites_problems_stand(
    client: TestClient, app_store: Store
) -> None:
    first = submit(client, title="before")
    _three_endings(client, app_store, "after")
    suites = client.get("/api/suites").json()["suites"]
    assert [suite["title"] for suite in suites] == ["after", "before"]  # newest first
    after, before = suites
    assert after["problems"] == 3
    assert after["statuses"] == {"succeeded": 1, "failed": 1, "cancelled": 1}
    assert after["devices"] == ["NVIDIA H200"]  # the queue was "cpu": not where it ran
    assert before["id"] == first["id"] and before["statuses"] == {"queued": 3}
    assert before["devices"] == []


def test_cancelled_problems_are_counted_as_cancelled_not_failed(
    client: TestClient, app_store: Store
) -> None:
    ids = _three_endings(client, app_store, "mixed")
    suite_id = client.get(f"/api/runs/{ids['add_relu']}").json()["suite"]["id"]
    totals = client.get(f"/api/suites/{suite_id}").json()["totals"]
    assert (totals["succeeded"], totals["failed"], totals["cancelled"]) == (1, 1, 1)
    assert totals["devices"] == ["NVIDIA H200"]


def test_a_problems_run_names_its_suite_and_problem(client: TestClient) -> None:
    created = submit(client, title="level 1")
    run = client.get(f"/api/runs/{run_ids(created)['layernorm']}").json()
    assert run["suite"] == {
        "id": created["id"],
        "title": "level 1",
        "problem": "layernorm",
        "url": f"/s/{created['id']}",
    }
    single = client.post("/api/runs", json={"code": "x = 1\n"}).json()
    assert client.get(f"/api/runs/{single['id']}").json()["suite"] is None


def test_history_names_each_problems_suite_and_filters_to_suites(client: TestClient) -> None:
    created = submit(client, title="level 1")
    single = client.post("/api/runs", json={"code": "x = 1\n"}).json()
    every = client.get("/api/runs").json()["runs"]
    by_id = {run["id"]: run for run in every}
    problem = by_id[run_ids(created)["broken"]]
    assert (problem["suite_id"], problem["suite_title"], problem["problem"]) == (
        created["id"],
        "level 1",
        "broken",
    )
    assert by_id[single["id"]]["suite_id"] is None
    only = client.get("/api/runs", params={"suites": "true"}).json()["runs"]
    assert sorted(run["id"] for run in only) == sorted(run_ids(created).values())


def test_the_suites_page_is_served_and_in_the_nav(client: TestClient) -> None:
    page = client.get("/suites")
    assert page.status_code == 200 and "/static/suites.js" in page.text
    assert '<a href="/suites" aria-current="page">Suites</a>' in page.text
    assert '<a href="/suites">Suites</a>' in client.get("/runs").text


def test_the_list_shows_a_reader_only_the_suites_they_may_read(empty_store: Store) -> None:
    for visibility in ("public", "team", "private"):
        create_suite(
            empty_store,
            title=visibility,
            compile_mode="default",
            device_kind="cpu",
            owner_id=None,
            visibility=visibility,
        )
    titles = {suite.title for suite in list_suites(empty_store, Viewer(), 10)}
    assert titles == {"public"}  # nobody signed in: public only
    assert len(list_suites(empty_store, EVERYONE, 10)) == 3
    assert len(list_suites(empty_store, EVERYONE, 2)) == 2
