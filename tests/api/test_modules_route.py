"""GET /api/runs/{id}/modules from stored rows: SQLite's per-module sums rolled up the
tree, repeated blocks folded, unfolded on request, and its bounds."""

from __future__ import annotations

from fastapi.testclient import TestClient

from backend import result as doc
from backend.store.repository import Store
from tests.factories import CODE, run_with, timed_kernel

MODULES = [("", "Model"), ("h", "ModuleList"), ("h.0", "Block"), ("h.1", "Block")]


def _trip(module: str, eliminated: bool | None, size: int) -> doc.RoundTrip:
    return doc.RoundTrip(
        tensor="t", bytes=size, shape=[1], dtype="float32", producer="aten::add",
        consumers=["aten::mul"], eliminated=eliminated, module=module,
    )  # fmt: skip


def _saved(store: Store) -> str:
    run_id = store.create_run(CODE)
    queued = store.load_result(run_id)
    assert queued is not None
    eager = [timed_kernel(i, i, 1.5, module=f"h.{i % 2}", bytes_read=10) for i in range(4)]
    compiled = [timed_kernel(0, 0, 2.0, module="h", bytes_written=7)]
    result = run_with(run_id, eager, compiled).model_copy(
        update={
            "created_at": queued.created_at,
            "entry_point": "Model",
            "modules": [doc.NamedModule(path=p, type=t) for p, t in MODULES],
            "round_trips": [_trip("h.0", True, 40), _trip("h.1", True, 20), _trip("h.1", None, 5)],
        }
    )
    store.save_result(result, CODE, [])
    return run_id


def test_the_tree_sums_stored_rows_and_folds_the_blocks(
    client: TestClient, app_store: Store
) -> None:
    run_id = _saved(app_store)
    links = client.get(f"/api/runs/{run_id}").json()["links"]
    assert links["modules"] == f"/api/runs/{run_id}/modules"
    body = client.get(links["modules"]).json()
    root = body["root"]
    assert (root["name"], root["type"]) == ("Model", "Model")
    assert root["eager"] == {"kernels": 4, "bytes": 40, "kernel_time_us": 6.0}
    assert root["compiled"] == {"kernels": 1, "bytes": 7, "kernel_time_us": 2.0}
    assert root["round_trips"] == {"eliminated": 2, "kept": 0, "unknown": 1, "bytes_saved": 60}
    (h,) = root["children"]
    (blocks,) = h["children"]
    assert (blocks["name"], blocks["count"]) == ("2 × Block", 2)
    assert blocks["per_block"]["bytes_saved"] == {"mean": 30.0, "min": 20.0, "max": 40.0}
    unfolded = client.get(f"/api/runs/{run_id}/modules", params={"unfold": "h"}).json()
    assert [c["path"] for c in unfolded["root"]["children"][0]["children"]] == ["h.0", "h.1"]
    assert unfolded["unfolded"] == ["h"]


def test_unknown_runs_and_unbounded_unfolds_are_refused(
    client: TestClient, app_store: Store
) -> None:
    assert client.get("/api/runs/nosuchrun/modules").status_code == 404
    run_id = _saved(app_store)
    many = client.get(f"/api/runs/{run_id}/modules", params={"unfold": ["h"] * 65})
    assert many.status_code == 422
    long = client.get(f"/api/runs/{run_id}/modules", params={"unfold": "h" * 513})
    assert long.status_code == 422


def test_kernels_and_round_trips_filter_by_a_modules_subtree(
    client: TestClient, app_store: Store
) -> None:
    run_id = _saved(app_store)
    base = f"/api/runs/{run_id}"
    page = client.get(f"{base}/kernels/eager", params={"module": "h.1"}).json()
    assert page["total"] == 2 and {k["module"] for k in page["kernels"]} == {"h.1"}
    assert client.get(f"{base}/kernels/eager", params={"module": "h"}).json()["total"] == 4
    assert client.get(f"{base}/kernels/eager", params={"module": "h."}).json()["total"] == 0
    trips = client.get(f"{base}/round-trips", params={"module": "h.1", "fate": "eliminated"})
    assert [t["bytes"] for t in trips.json()["round_trips"]] == [20]
    assert client.get(f"{base}/round-trips", params={"module": "h"}).json()["total"] == 3


def test_kept_round_trips_come_grouped_by_module_pattern(
    client: TestClient, app_store: Store
) -> None:
    run_id = _saved(app_store)
    kept = [_trip(f"h.{i}", False, 8).model_copy(update={"tensor": "t, line 3"}) for i in (0, 1)]
    stored = app_store.load_result(run_id)
    assert stored is not None
    app_store.save_result(stored.model_copy(update={"round_trips": kept}), CODE, [])
    body = client.get(f"/api/runs/{run_id}/modules").json()
    assert body["kept_total"] == 2
    (group,) = body["kept_groups"]
    found = (group["tensor"], group["pattern"], group["count"], group["bytes"])
    assert found == ("t", "h.*", 2, 16)
    assert group["label"] == "t in h.* · 2 × 8 B · unknown"
    assert group["modules"] == ["h.0", "h.1"]


def test_the_figures_draw_one_module(client: TestClient, app_store: Store) -> None:
    run_id = _saved(app_store)
    figures = f"/api/runs/{run_id}/figures"
    traffic = client.get(f"{figures}/traffic", params={"module": "h.1"}).json()
    titles = [a["text"] for a in traffic["layout"]["annotations"][:2]]
    assert titles[0].startswith("<b>eager</b>: 2 kernels"), titles  # h.1's two of four
    assert titles[1].startswith("<b>compiled</b>: 0 kernels"), titles  # its one ran in h
    timeline = client.get(f"{figures}/timeline", params={"module": "h.1"}).json()
    assert timeline["layout"]["meta"]["kernels_in_window_by_lane"] == {"eager": 2, "compiled": 0}
    # each bar is h.1's own kernel (customdata [1] its index, [11] its module), not the
    # variant's first two
    bars = [cd for trace in timeline["data"] for cd in trace["customdata"]]
    assert sorted((cd[1], cd[11]) for cd in bars) == [(1, "h.1"), (3, "h.1")]
    # drawn from h.1's first kernel, as its lane is timed: the bars start at 0 µs
    assert min(cd[2] for cd in bars) == 0.0
    whole = client.get(f"{figures}/timeline").json()
    assert whole["layout"]["meta"]["kernels_in_window_by_lane"] == {"eager": 4, "compiled": 1}


def test_the_timeline_colours_kernels_by_module(client: TestClient, app_store: Store) -> None:
    run_id = _saved(app_store)
    figure = client.get(f"/api/runs/{run_id}/figures/timeline", params={"colour": "module"})
    names = {trace["name"] for trace in figure.json()["data"]}
    assert names == {"h"}  # the children of the top: every kernel ran inside h
    inside = client.get(
        f"/api/runs/{run_id}/figures/timeline", params={"colour": "module", "module": "h"}
    ).json()
    assert {trace["name"] for trace in inside["data"]} == {"h", "h.0", "h.1"}
    bad = client.get(f"/api/runs/{run_id}/figures/timeline", params={"colour": "pink"})
    assert bad.status_code == 422
