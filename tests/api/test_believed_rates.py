"""The run document says which variants' kernel times the profiler inflated, and the
roofline route draws them over their timed call."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from backend.store.repository import Store
from tests.api.test_compare_timeline import _stored
from tests.recorded import cpu_recorded_run


def test_an_inflated_variant_is_named_and_drawn_at_its_timed_call(
    client: TestClient, app_store: Store
) -> None:
    run = _stored(app_store, cpu_recorded_run("add_relu_busy"))
    compiled = run.variants["compiled"]
    document = client.get(f"/api/runs/{run.id}").json()
    assert document["kernel_time_inflation"] == {
        "compiled": round(compiled.kernel_time_us / compiled.wall_time_us, 2)
    }
    figure = client.get(f"/api/runs/{run.id}/figures/roofline").json()
    (strip,) = [t for t in figure["data"] if t.get("xaxis") == "x2" and t["name"] == "compiled"]
    (kernel,) = compiled.kernels
    moved = kernel.bytes_read + kernel.bytes_written
    assert strip["x"] == [pytest.approx(moved / (compiled.wall_time_us * 1e-6))]
