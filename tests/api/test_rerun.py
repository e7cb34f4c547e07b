"""POST /api/runs/{id}/rerun: "Try it" on a hint. The same code, size and device kind in
another compile mode, queued like any submission."""

from __future__ import annotations

from fastapi.testclient import TestClient

from backend.store.repository import Store
from tests.factories import CODE

AUTOTUNE = "max-autotune-no-cudagraphs"


def test_a_rerun_copies_the_recipe_in_the_mode_asked(client: TestClient, app_store: Store) -> None:
    original = app_store.create_run(CODE, title="mlp", size=4096, compile_mode="default")
    response = client.post(f"/api/runs/{original}/rerun", json={"compile_mode": AUTOTUNE})
    assert response.status_code == 202, response.text
    created = response.json()
    assert created["url"] == f"/r/{created['id']}" and created["ids"] == [created["id"]]
    assert created["sweep_id"] is None
    recipe, before = app_store.recipe(created["id"]), app_store.recipe(original)
    assert recipe is not None and before is not None
    assert (recipe.code, recipe.size, recipe.device_kind) == (CODE, 4096, before.device_kind)
    assert recipe.title == f"mlp · {AUTOTUNE}"
    run = client.get(f"/api/runs/{created['id']}").json()
    assert run["status"] == "queued" and run["size"] == 4096


def test_a_rerun_measures_what_its_run_measured(client: TestClient, app_store: Store) -> None:
    original = client.post("/api/runs", json={"code": CODE, "measure": ["dram"]}).json()["id"]
    created = client.post(f"/api/runs/{original}/rerun", json={"compile_mode": AUTOTUNE}).json()
    recipe = app_store.recipe(created["id"])
    assert recipe is not None and recipe.measure == ["dram"]


def test_a_long_title_keeps_its_mode_suffix(client: TestClient, app_store: Store) -> None:
    original = app_store.create_run(CODE, title="t" * 200)
    created = client.post(f"/api/runs/{original}/rerun", json={"compile_mode": AUTOTUNE}).json()
    recipe = app_store.recipe(created["id"])
    assert recipe is not None and recipe.title is not None
    assert len(recipe.title) == 200 and recipe.title.endswith(f"t · {AUTOTUNE}")


def test_an_untitled_run_is_named_by_its_id(client: TestClient, app_store: Store) -> None:
    original = app_store.create_run(CODE)
    created = client.post(f"/api/runs/{original}/rerun", json={"compile_mode": "default"}).json()
    assert app_store.get_title(created["id"]) == f"Run {original} · default"


def test_bad_reruns_are_refused_with_the_reason(client: TestClient, app_store: Store) -> None:
    original = app_store.create_run(CODE)
    unknown_mode = client.post(f"/api/runs/{original}/rerun", json={"compile_mode": "fast"})
    assert unknown_mode.status_code == 422
    assert "compile_mode" in unknown_mode.json()["error"]["message"]
    extra = client.post(f"/api/runs/{original}/rerun", json={"compile_mode": "default", "x": 1})
    assert extra.status_code == 422
    missing = client.post("/api/runs/nope/rerun", json={"compile_mode": "default"})
    assert (missing.status_code, missing.json()["error"]["kind"]) == (404, "run_not_found")
