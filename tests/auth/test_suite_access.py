"""A suite's author (or an admin) can make it private and delete it, with the rules of a
run (a suite could be neither, so its title stayed visible to the team).
Visibility applies to the suite and every problem's run: it is one submission."""

from __future__ import annotations

from typing import Any

from backend.store.repository import Store
from tests.auth.people import Person
from tests.factories import CODE

PROBLEMS = [{"name": name, "code": CODE} for name in ("add_relu", "layernorm")]


def submit(person: Person, **fields: Any) -> dict[str, Any]:
    body = {"problems": PROBLEMS, "title": "secret-project-bench", **fields}
    reply = person.request("POST", "/api/suites", json=body)
    assert reply.status_code == 202, reply.text
    created: dict[str, Any] = reply.json()
    return created


def problem_runs(suite: dict[str, Any]) -> list[str]:
    return [problem["run_id"] for problem in suite["problems"]]


def test_made_private_the_suite_and_its_problems_are_gone_for_the_team(
    alice: Person, bob: Person
) -> None:
    suite = submit(alice)
    assert bob.get(f"/api/suites/{suite['id']}").status_code == 200
    reply = alice.request("PATCH", f"/api/suites/{suite['id']}", json={"visibility": "private"})
    assert reply.status_code == 200, reply.text
    assert reply.json()["visibility"] == "private"
    assert reply.json()["title"] == "secret-project-bench"
    assert bob.get(f"/api/suites/{suite['id']}").status_code == 404
    for run_id in problem_runs(suite):
        assert bob.get(f"/api/runs/{run_id}").status_code == 404
    history = bob.get("/api/runs").json()["runs"]
    assert not {run["id"] for run in history} & set(problem_runs(suite))
    mine = alice.get(f"/api/suites/{suite['id']}")
    assert mine.status_code == 200 and len(mine.json()["problems"]) == 2


def test_only_the_author_or_an_admin_changes_a_suite(
    alice: Person, bob: Person, admin: Person
) -> None:
    suite = submit(alice)
    path = f"/api/suites/{suite['id']}"
    refused = bob.request("PATCH", path, json={"title": "mine now"})
    assert refused.status_code == 403
    assert refused.json()["error"]["kind"] == "not_suite_author"
    assert "belongs to alice" in refused.json()["error"]["message"]
    assert bob.request("DELETE", path).status_code == 403
    renamed = admin.request("PATCH", path, json={"title": "  "})
    assert renamed.status_code == 200 and renamed.json()["title"] is None
    assert alice.request("PATCH", path, json={}).status_code == 422
    private = submit(alice, visibility="private")
    assert bob.request("DELETE", f"/api/suites/{private['id']}").status_code == 404


def test_deleting_a_suite_deletes_its_problems(alice: Person, bob: Person) -> None:
    suite = submit(alice)
    assert alice.request("DELETE", f"/api/suites/{suite['id']}").status_code == 204
    for person in (alice, bob):
        assert person.get(f"/api/suites/{suite['id']}").status_code == 404
        for run_id in problem_runs(suite):
            assert person.get(f"/api/runs/{run_id}").status_code == 404
    assert alice.request("DELETE", f"/api/suites/{suite['id']}").status_code == 404


def test_a_suite_with_a_running_problem_is_not_deleted(alice: Person, app_store: Store) -> None:
    suite = submit(alice)
    first, second = problem_runs(suite)
    app_store.set_status(first, "running")
    reply = alice.request("DELETE", f"/api/suites/{suite['id']}")
    assert reply.status_code == 409
    assert reply.json()["error"]["kind"] == "suite_running"
    assert "1 problem(s)" in reply.json()["error"]["message"]
    assert alice.get(f"/api/suites/{suite['id']}").status_code == 200
    assert alice.get(f"/api/runs/{second}").status_code == 200  # nothing was deleted
