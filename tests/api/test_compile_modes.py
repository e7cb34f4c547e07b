"""Compile modes side by side through the API: `compile_modes` on POST
/api/runs (validated, with readable 422s), and a stored two-mode run served whole: its
summaries, its further variant paged like any other, in kernels.csv, with its own code and
trace, and a headline line per further mode."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from backend.store.models import RoundTrip as RoundTripRow
from backend.store.models import Run
from backend.store.repository import Store
from scripts.import_bundles import import_bundle
from tests.factories import CODE
from tests.two_modes import MODE, two_mode_folder

FURTHER = f"compiled:{MODE}"


def test_several_compile_modes_are_queued_as_one_run(client: TestClient, app_store: Store) -> None:
    modes = ["default", MODE, "reduce-overhead"]
    response = client.post("/api/runs", json={"code": CODE, "compile_modes": modes})
    assert response.status_code == 202, response.text
    (run_id,) = response.json()["ids"]
    with Session(app_store.engine) as session:  # what the worker hands the harness
        run = session.get(Run, run_id)
        assert run is not None and run.compile_mode == ",".join(modes)


def test_the_progress_view_lists_the_steps_this_run_passes(client: TestClient) -> None:
    one = client.post("/api/runs", json={"code": CODE}).json()["id"]
    two = client.post("/api/runs", json={"code": CODE, "compile_modes": ["default", MODE]})
    measured = client.post("/api/runs", json={"code": CODE, "measure": ["dram"]}).json()["id"]
    steps = {
        name: client.get(f"/api/runs/{run_id}").json()["progress"]["steps"]
        for name, run_id in (("one", one), ("two", two.json()["id"]), ("dram", measured))
    }
    assert (
        "further compile modes" not in steps["one"] and "measuring DRAM bytes" not in steps["one"]
    )
    assert steps["two"].index("timing") + 1 == steps["two"].index("further compile modes")
    assert steps["dram"][-2:] == ["measuring DRAM bytes", "analysing"]
    assert all(s[0] == "starting" and s[-1] == "analysing" for s in steps.values())


def test_one_compile_mode_still_works_and_reduce_overhead_is_one(client: TestClient) -> None:
    for mode in ("default", MODE, "reduce-overhead"):
        response = client.post("/api/runs", json={"code": CODE, "compile_mode": mode})
        assert response.status_code == 202, response.text


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"compile_modes": ["default", "fast"]}, "unknown compile mode 'fast'; the modes are"),
        ({"compile_modes": ["default", "default"]}, "'default' is named twice"),
        ({"compile_modes": []}, "name at least one compile mode"),
        (
            {"compile_modes": ["default", MODE, "reduce-overhead", "default"]},
            "4 modes given; a run compiles at most 3 side by side",
        ),
        ({"compile_mode": MODE, "compile_modes": [MODE]}, "not both"),
    ],
)
def test_bad_compile_modes_are_refused_with_the_reason(
    client: TestClient, body: dict[str, object], says: str
) -> None:
    response = client.post("/api/runs", json={"code": CODE, **body})
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["message"].startswith("body.compile_modes: ") and says in error["message"]


def test_a_stored_two_mode_run_serves_each_mode(
    client: TestClient, app_store: Store, tmp_path: Path
) -> None:
    run_id = import_bundle(app_store, two_mode_folder(tmp_path))
    run = client.get(f"/api/runs/{run_id}").json()
    assert list(run["variants"]) == ["eager", "compiled", FURTHER]
    first, second = run["compiled_modes"]
    assert (first["variant"], second["variant"]) == ("compiled", FURTHER)
    further = run["variants"][FURTHER]
    assert second["kernel_count"] == further["kernel_count"]
    assert run["links"]["kernels"][FURTHER] == f"/api/runs/{run_id}/kernels/{FURTHER}"
    line = next(s for s in run["summary"] if s.startswith(f"{MODE}: "))
    assert f"{further['kernel_count']} kernel" in line and f"{second['speedup']:.2f}×" in line

    page = client.get(f"/api/runs/{run_id}/kernels/{FURTHER}", params={"limit": 100}).json()
    assert page["variant"] == FURTHER and page["total"] == further["kernel_count"]
    rows = list(
        csv.DictReader(io.StringIO(client.get(run["links"]["downloads"]["kernels.csv"]).text))
    )
    assert sum(r["variant"] == FURTHER for r in rows) == further["kernel_count"]

    # each mode's generated code is its own: the further mode's Triton kernel from its file
    triton = next(k for k in page["kernels"] if k["name"].startswith("triton"))
    source = client.get(f"/api/runs/{run_id}/kernels/{FURTHER}/{triton['index']}/source").json()
    own = tmp_path / "kernelbench_style_two_modes" / "bundle"
    code = (own / f"output_code_{MODE}_0.py").read_text()
    assert source["source"] and source["source"].splitlines()[-1] in code
    trace = f"compiled_{MODE}_trace.json.gz"
    assert trace in run["links"]["downloads"]
    download = client.get(run["links"]["downloads"][trace])
    assert download.status_code == 200
    assert download.content == (own / trace).read_bytes()


H200_MODES = Path(__file__).resolve().parents[1] / "data" / "h200_mode_bundles"


def test_the_traffic_picture_draws_each_mode_under_eager(
    client: TestClient, app_store: Store
) -> None:
    # gemm_epilogue on the H200 with default and max-autotune: in both lanes x @ w stays (cuBLAS)
    run_id = import_bundle(app_store, H200_MODES / "gemm_epilogue_two_modes")
    base = f"/api/runs/{run_id}/figures/traffic"
    first = client.get(base).json()
    further = client.get(base, params={"variant": FURTHER}).json()
    titles = [a["text"] for a in further["layout"]["annotations"] if "kernel" in a.get("text", "")]
    assert titles[0].startswith("<b>eager</b>") and titles[1].startswith(
        f"<b>compiled ({MODE})</b>"
    )
    assert any(a["text"].startswith("<b>compiled</b>") for a in first["layout"]["annotations"])

    for figure in (first, further):  # x @ w kept, the epilogue's intermediates never written
        text = json.dumps(figure)
        assert "still through memory" in text and "never written" in text
    unknown = client.get(base, params={"variant": "compiled:reduce-overhead"})
    assert unknown.status_code == 404
    assert f"compiled, {FURTHER}" in unknown.json()["error"]["message"]


def test_a_mode_that_fused_more_is_drawn_with_its_own_fates(
    client: TestClient, app_store: Store, tmp_path: Path
) -> None:
    # the stored fates are the mode's, not the first mode's: flip one and the picture follows
    run_id = import_bundle(app_store, two_mode_folder(tmp_path))
    page = client.get(f"/api/runs/{run_id}/round-trips").json()
    # y stays in both modes (kept as the output of the mm Inductor split off the addmm)
    fates = {t["tensor"]: t["modes"][MODE]["eliminated"] for t in page["round_trips"]}
    assert fates == {"y": False, "sigmoid(y)": True}
    picture = f"/api/runs/{run_id}/figures/traffic"
    with Session(app_store.engine) as session:
        rows = session.exec(select(RoundTripRow).where(RoundTripRow.run_id == run_id)).all()
        (trip,) = [row for row in rows if row.tensor == "sigmoid(y)"]
        trip.modes = {MODE: {"eliminated": False, "fused_into": None, "why": None}}
        session.add(trip)
        session.commit()

    def hovers(figure: dict[str, Any]) -> str:
        """sigmoid(y)'s hover texts (y is kept in both modes)."""
        texts: list[str] = []
        for trace in figure["data"]:
            found = trace.get("hovertext")
            texts += [str(x) for x in found] if isinstance(found, list) else [str(found)]
        return " ".join(text for text in texts if text.startswith("<b>sigmoid(y)</b>"))

    assert "kept when compiled" in hovers(client.get(picture, params={"variant": FURTHER}).json())
    first = hovers(client.get(picture).json())
    assert first and "kept when compiled" not in first
