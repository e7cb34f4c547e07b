"""Real runs through the API with a local worker: submit, follow the event stream, read."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from backend.api.app import create_app
from backend.result import RUN_STEPS
from backend.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    data_dir = tmp_path_factory.mktemp("api-e2e")
    settings = Settings(data_dir=data_dir, local_workers=1, device="cpu")
    with TestClient(create_app(settings)) as client:
        yield client


def follow(client: TestClient, run_id: str) -> list[tuple[str, dict[str, object]]]:
    events = []
    with client.stream("GET", f"/api/runs/{run_id}/events") as response:
        name = None
        for line in response.iter_lines():
            if line.startswith("event: "):
                name = line.removeprefix("event: ")
            elif line.startswith("data: ") and name:
                events.append((name, json.loads(line.removeprefix("data: "))))
    return events


def test_add_relu_from_submit_to_figures(live: TestClient) -> None:
    code = (ROOT / "examples" / "add_relu.py").read_text()
    created = live.post("/api/runs", json={"code": code, "title": "add+relu"}).json()
    events = follow(live, created["id"])

    # The stream samples the run row, so a step shorter than its poll can be skipped on a
    # loaded machine; what it reports must still come in the run's own order.
    steps = [data["step"] for name, data in events if name == "progress" and data["step"]]
    assert len(steps) >= 2 and "compiling" in steps  # compiling takes seconds: never skipped
    order = [RUN_STEPS.index(step) for step in steps]
    assert order == sorted(order)
    assert events[-1][0] == "finished" and events[-1][1]["status"] == "succeeded"

    run = live.get(f"/api/runs/{created['id']}").json()
    eager, compiled = run["variants"]["eager"], run["variants"]["compiled"]
    assert (eager["kernel_count"], eager["transfer_count"]) == (2, 5)
    assert (compiled["kernel_count"], compiled["transfer_count"]) == (1, 3)
    assert run["totals"]["round_trips_eliminated"] == 1

    timeline = live.get(f"/api/runs/{created['id']}/figures/timeline").json()
    assert timeline["layout"]["meta"]["kernels"] == 3
    assert live.get(f"/api/runs/{created['id']}/figures/traffic").status_code == 200
    source = live.get(f"/api/runs/{created['id']}/kernels/compiled/0/source").json()
    assert "cpp_fused_add_relu" in (source["source"] or "")


def test_a_failing_snippet_reports_its_line(live: TestClient) -> None:
    code = (
        "import torch\n\ndef fn(a):\n    return a.nope()\n\n"
        "def inputs():\n    return [torch.ones(3)]\n"
    )
    created = live.post("/api/runs", json={"code": code}).json()
    events = follow(live, created["id"])
    assert events[-1][1]["status"] == "failed"
    run = live.get(f"/api/runs/{created['id']}").json()
    assert run["error"]["line"] == 4 and "nope" in run["error"]["message"]
