"""/api/suites through the real app and store: submit, read with totals, compare two.

No worker here (`local_workers=0`): problems stay queued, and the tests store each
problem's result through the normal save path, as a worker would.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from backend.figures.units import human_bytes
from backend.result import ErrorInfo
from backend.result.document import NamedModule
from backend.store.repository import Store
from tests.factories import CODE, rich_result

PROBLEMS = [{"name": name, "code": CODE} for name in ("add_relu", "layernorm", "broken")]


def submit(client: TestClient, **body: Any) -> Any:
    reply = client.post("/api/suites", json={"problems": PROBLEMS, **body})
    assert reply.status_code == 202, reply.text
    return reply.json()


def finish(store: Store, run_id: str, speedup: float, interval: list[float]) -> None:
    queued = store.load_result(run_id)
    assert queued is not None
    result = rich_result(run_id).model_copy(
        update={
            "created_at": queued.created_at,
            "title": queued.title,
            "speedup": speedup,
            "speedup_interval": interval,
        }
    )
    store.save_result(result, CODE, [])


def fail(store: Store, run_id: str, message: str) -> None:
    queued = store.load_result(run_id)
    assert queued is not None
    error = ErrorInfo(kind="exception", message=message)
    store.save_result(queued.model_copy(update={"status": "failed", "error": error}), CODE, [])


def run_ids(created: dict[str, Any]) -> dict[str, str]:
    return {problem["name"]: problem["run_id"] for problem in created["problems"]}


def test_a_suite_queues_every_problem_as_a_run_of_its_own(client: TestClient) -> None:
    created = submit(client, title="level 1", compile_mode="max-autotune-no-cudagraphs")
    assert created["url"] == f"/s/{created['id']}"
    ids = run_ids(created)
    assert list(ids) == ["add_relu", "layernorm", "broken"]
    for name, run_id in ids.items():
        run = client.get(f"/api/runs/{run_id}").json()
        assert run["status"] == "queued" and run["title"] == name
    suite = client.get(f"/api/suites/{created['id']}").json()
    assert suite["title"] == "level 1" and suite["compile_mode"] == "max-autotune-no-cudagraphs"
    assert [row["name"] for row in suite["problems"]] == ["add_relu", "layernorm", "broken"]
    assert [row["status"] for row in suite["problems"]] == ["queued"] * 3
    assert suite["totals"]["unfinished"] == 3 and suite["totals"]["succeeded"] == 0


def test_the_suite_lists_each_problems_numbers_and_the_totals(
    client: TestClient, app_store: Store
) -> None:
    created = submit(client)
    ids = run_ids(created)
    finish(app_store, ids["add_relu"], 2.0, [1.9, 2.1])
    finish(app_store, ids["layernorm"], 8.0, [7.5, 8.5])
    fail(app_store, ids["broken"], "ValueError on line 3\nmore detail")
    suite = client.get(f"/api/suites/{created['id']}").json()
    rows = {row["name"]: row for row in suite["problems"]}
    assert rows["add_relu"]["speedup"] == 2.0
    assert (rows["add_relu"]["speedup_low"], rows["add_relu"]["speedup_high"]) == (1.9, 2.1)
    assert rows["add_relu"]["eager_kernels"] == 3 and rows["add_relu"]["compiled_kernels"] == 2
    assert rows["add_relu"]["round_trips_eliminated"] == 1
    assert rows["add_relu"]["outputs_match"] is True
    assert rows["broken"]["status"] == "failed"
    assert rows["broken"]["error_message"] == "ValueError on line 3"  # the first line
    totals = suite["totals"]
    assert (totals["problems"], totals["succeeded"], totals["failed"]) == (3, 2, 1)
    assert totals["unfinished"] == 0
    assert totals["speedup_geomean"] == 4.0  # sqrt(2 x 8)
    assert totals["round_trips_eliminated"] == 2
    assert totals["bytes_saved"] == 2 * rows["add_relu"]["bytes_saved"]
    assert totals["eager_kernels"] == 6 and totals["outputs_match"] == 2


def test_two_suites_compare_problem_by_problem_within_noise_where_intervals_overlap(
    client: TestClient, app_store: Store
) -> None:
    before, after = submit(client, title="torch 2.12"), submit(client, title="torch 2.13")
    a, b = run_ids(before), run_ids(after)
    finish(app_store, a["add_relu"], 2.0, [1.9, 2.1])
    finish(app_store, b["add_relu"], 2.05, [1.95, 2.15])  # overlaps: noise
    finish(app_store, a["layernorm"], 2.0, [1.9, 2.1])
    finish(app_store, b["layernorm"], 3.0, [2.9, 3.1])  # apart: faster
    finish(app_store, a["broken"], 2.0, [1.9, 2.1])
    fail(app_store, b["broken"], "it broke")
    reply = client.get("/api/suites/compare", params={"a": before["id"], "b": after["id"]})
    assert reply.status_code == 200, reply.text
    comparison = reply.json()
    verdicts = {pair["name"]: pair["verdict"] for pair in comparison["pairs"]}
    assert verdicts == {
        "add_relu": "within noise",
        "layernorm": "faster",
        "broken": "not comparable",
    }
    ratio = {pair["name"]: pair["speedup_ratio"] for pair in comparison["pairs"]}
    assert ratio["layernorm"] == 1.5
    assert comparison["verdicts"] == {"within noise": 1, "faster": 1, "not comparable": 1}
    assert comparison["a"]["title"] == "torch 2.12" and comparison["b"]["title"] == "torch 2.13"


def test_problems_only_one_suite_has_are_said_to_be(client: TestClient) -> None:
    first = submit(client)
    other = [{"name": "add_relu", "code": CODE}, {"name": "conv", "code": CODE}]
    second = client.post("/api/suites", json={"problems": other}).json()
    reply = client.get("/api/suites/compare", params={"a": first["id"], "b": second["id"]})
    pairs = {pair["name"]: pair["verdict"] for pair in reply.json()["pairs"]}
    assert pairs["layernorm"] == "only in A" and pairs["broken"] == "only in A"
    assert pairs["conv"] == "only in B"
    assert list(pairs) == ["add_relu", "layernorm", "broken", "conv"]


def test_a_bad_submission_is_refused_naming_the_problem(client: TestClient) -> None:
    blank = [*PROBLEMS, {"name": "empty", "code": "   \n"}]
    reply = client.post("/api/suites", json={"problems": blank})
    assert reply.status_code == 422
    assert reply.json()["error"]["field"] == "body.problems[3].code"
    assert "'empty'" in reply.json()["error"]["message"]

    twice = [*PROBLEMS, {"name": "add_relu", "code": CODE}]
    reply = client.post("/api/suites", json={"problems": twice})
    assert reply.status_code == 422 and "two problems named 'add_relu'" in reply.text

    huge = [{"name": "huge", "code": "x = 1\n" * 1000}]  # over the 4,096-byte test limit
    reply = client.post("/api/suites", json={"problems": huge})
    assert reply.status_code == 413
    assert "Problem 'huge' is 6,000 bytes" in reply.json()["error"]["message"]

    reply = client.post("/api/suites", json={"problems": []})
    assert reply.status_code == 422
    assert client.get("/api/runs").json()["runs"] == []  # nothing of them was queued


def test_an_unknown_suite_is_404(client: TestClient) -> None:
    reply = client.get("/api/suites/nosuchsuite")
    assert reply.status_code == 404 and reply.json()["error"]["kind"] == "suite_not_found"
    created = submit(client)
    reply = client.get("/api/suites/compare", params={"a": created["id"], "b": "nosuchsuite"})
    assert reply.status_code == 404


def test_a_suite_body_may_be_larger_than_one_snippets(client: TestClient) -> None:
    # 40 problems of 3,000 bytes: over a single run's body limit, within a suite's.
    many = [{"name": f"p{i}", "code": "x = 1\n" * 500} for i in range(40)]
    reply = client.post("/api/suites", json={"problems": many})
    assert reply.status_code == 202, reply.text
    assert len(reply.json()["problems"]) == 40


def test_the_suite_pages_are_served(client: TestClient) -> None:
    created = submit(client)
    page = client.get(f"/s/{created['id']}")
    assert page.status_code == 200 and "/static/suite.js" in page.text
    page = client.get(f"/compare-suites/{created['id']}/{created['id']}")
    assert page.status_code == 200 and "/static/suite_compare.js" in page.text


def test_a_problems_run_links_to_its_suite(client: TestClient) -> None:
    created = submit(client)
    run = client.get(f"/api/runs/{run_ids(created)['layernorm']}").json()
    assert run["links"]["suite"] == f"/s/{created['id']}"
    single = client.post("/api/runs", json={"code": CODE}).json()
    assert client.get(f"/api/runs/{single['id']}").json()["links"]["suite"] is None


def test_a_model_problem_carries_its_rollup(client: TestClient, app_store: Store) -> None:
    """A problem with modules says its blocks, bytes saved and kept groups in its row; a
    snippet without modules has none."""
    created = submit(client)
    ids = run_ids(created)
    finish(app_store, ids["add_relu"], 2.0, [1.9, 2.1])
    queued = app_store.load_result(ids["layernorm"])
    assert queued is not None
    model = rich_result(ids["layernorm"])
    modules = [("", "Model"), ("h", "ModuleList"), ("h.0", "Block"), ("h.1", "Block")]
    kept = [t for t in model.round_trips if t.eliminated is False][:1]
    gone = [t for t in model.round_trips if t.eliminated][:1]
    trips = [t.model_copy(update={"module": f"h.{i}"}) for t in kept + gone for i in (0, 1)]
    app_store.save_result(
        model.model_copy(
            update={
                "created_at": queued.created_at,
                "modules": [NamedModule(path=p, type=t) for p, t in modules],
                "round_trips": trips,
            }
        ),
        CODE,
        [],
    )
    rows = {
        row["name"]: row for row in client.get(f"/api/suites/{created['id']}").json()["problems"]
    }
    assert rows["add_relu"]["model"] is None
    saved = 2 * gone[0].bytes
    assert rows["layernorm"]["model"] == (
        f"2 × Block · {human_bytes(saved)} saved · 2 kept in 1 group"
    ), rows["layernorm"]
