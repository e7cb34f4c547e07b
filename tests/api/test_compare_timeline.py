"""The compare page's timeline draws a run the profiler inflated as its run page does."""

from __future__ import annotations

from fastapi.testclient import TestClient

from backend.result import RunResult
from backend.store.repository import Store
from tests.factories import CODE
from tests.recorded import cpu_recorded_run, recorded_run


def _stored(store: Store, recording: RunResult) -> RunResult:
    run_id = store.create_run(CODE)
    queued = store.load_result(run_id)
    assert queued is not None
    result = recording.model_copy(update={"id": run_id, "created_at": queued.created_at})
    store.save_result(result, CODE, [])
    return result


def test_an_inflated_run_is_drawn_to_its_timed_calls(client: TestClient, app_store: Store) -> None:
    busy = _stored(app_store, cpu_recorded_run("add_relu_busy"))
    h200 = _stored(app_store, recorded_run("add_relu"))
    response = client.get(f"/api/compare/figures/timeline?a={busy.id}&b={h200.id}")
    assert response.status_code == 200, response.text
    layout = response.json()["layout"]
    assert "inflated by the profiler" in layout["title"]["text"]
    assert "A compiled ×0.34" in layout["title"]["text"]
    wall = busy.variants["compiled"].wall_time_us
    ends = {s["name"]: s["x0"] for s in layout["shapes"] if s.get("name")}
    assert ends["A compiled timed call ends"] == wall
    assert "B compiled timed call ends" not in ends
