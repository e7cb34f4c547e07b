"""Submitting, reading, listing and downloading runs through the API."""

from __future__ import annotations

import csv
import io
import json

import pytest
from fastapi.testclient import TestClient

from backend.store.db import write_session
from backend.store.models import Run
from backend.store.repository import Store
from tests.factories import CODE, save_finished, trace_artifact


def test_submit_answers_202_with_permalink_and_queue_position(client: TestClient) -> None:
    first = client.post("/api/runs", json={"code": CODE, "title": "first"})
    second = client.post("/api/runs", json={"code": CODE})
    assert first.status_code == second.status_code == 202
    created = first.json()
    assert created["url"] == f"/r/{created['id']}"
    assert created["ids"] == [created["id"]] and created["sweep_id"] is None
    assert (created["queue_position"], second.json()["queue_position"]) == (1, 2)

    run = client.get(f"/api/runs/{second.json()['id']}").json()
    assert run["status"] == "queued" and run["code"] == CODE
    assert run["progress"]["queue_position"] == 2
    assert run["progress"]["steps"][0] == "starting" and run["progress"]["steps"][-1] == "analysing"


def test_sweep_creates_one_run_per_size_smallest_first(client: TestClient) -> None:
    created = client.post("/api/runs", json={"code": CODE, "sizes": [4096, 16, 4096, 256]}).json()
    assert len(created["ids"]) == 3 and created["sweep_id"]
    sizes = [client.get(f"/api/runs/{run_id}").json()["size"] for run_id in created["ids"]]
    assert sizes == [16, 256, 4096]
    assert created["id"] == created["ids"][0]


def test_finished_run_has_document_links_and_no_progress(
    client: TestClient, app_store: Store
) -> None:
    result = save_finished(app_store)
    run = client.get(f"/api/runs/{result.id}").json()
    assert run["progress"] is None
    assert run["variants"]["eager"]["kernel_count"] == result.variants["eager"].kernel_count
    assert run["totals"] == result.totals.model_dump()  # type: ignore[union-attr]
    downloads = run["links"]["downloads"]
    assert set(downloads) == {"result.json", "kernels.csv", "eager_trace.json.gz"}
    assert run["links"]["permalink"] == f"/r/{result.id}"
    eager, compiled = result.variants["eager"], result.variants["compiled"]
    assert run["summary"][0].startswith(
        f"eager: {eager.kernel_count} kernels, {eager.transfer_count} transfers; "
        f"compiled: {compiled.kernel_count} kernels"
    )


def test_previous_run_of_the_same_code_is_linked(client: TestClient, app_store: Store) -> None:
    older, newer = save_finished(app_store), save_finished(app_store)
    assert client.get(f"/api/runs/{newer.id}").json()["links"]["previous_run"] == older.id
    assert client.get(f"/api/runs/{older.id}").json()["links"]["previous_run"] is None


def test_downloads(client: TestClient, app_store: Store) -> None:
    result = save_finished(app_store)
    base = f"/api/runs/{result.id}/downloads"
    document = client.get(f"{base}/result.json")
    assert "attachment" in document.headers["content-disposition"]
    assert json.loads(document.content)["id"] == result.id

    rows = list(csv.DictReader(io.StringIO(client.get(f"{base}/kernels.csv").text)))
    expected = sum(len(v.kernels) for v in result.variants.values())
    assert len(rows) == expected
    eager0 = result.variants["eager"].kernels[0]
    assert rows[0]["variant"] == "eager" and int(rows[0]["bytes_read"]) == eager0.bytes_read
    moved = eager0.bytes_read + eager0.bytes_written
    gib_s = moved / (eager0.dur_us / 1e6) / 2**30  # binary, as the page's GiB/s
    assert float(rows[0]["bandwidth_gib_s"]) == round(gib_s, 3)

    trace = client.get(f"{base}/eager_trace.json.gz")
    assert trace.content == trace_artifact(result.id)[2]
    assert trace.headers["content-type"] == "application/gzip"
    assert client.get(f"{base}/compiled_trace.json.gz").status_code == 404


def test_history_pages_and_filters(client: TestClient, app_store: Store) -> None:
    ids = [save_finished(app_store).id for _ in range(5)]
    queued = client.post("/api/runs", json={"code": "print('<b>needle</b>')"}).json()["id"]
    page = client.get("/api/runs?limit=4").json()
    assert [r["id"] for r in page["runs"]] == [queued, *reversed(ids)][:4]
    rest = client.get(f"/api/runs?limit=4&before={page['next_before']}").json()
    assert [r["id"] for r in rest["runs"]] == [ids[1], ids[0]] and rest["next_before"] is None

    assert [r["id"] for r in client.get("/api/runs?status=queued").json()["runs"]] == [queued]
    assert [r["id"] for r in client.get("/api/runs?q=needle").json()["runs"]] == [queued]
    device = client.get("/api/runs/devices").json()
    assert device == ["NVIDIA H200"]
    by_device = client.get("/api/runs", params={"device": "NVIDIA H200"}).json()["runs"]
    assert len(by_device) == 5


def test_events_of_a_finished_run_end_with_one_finished_event(
    client: TestClient, app_store: Store
) -> None:
    result = save_finished(app_store)
    with client.stream("GET", f"/api/runs/{result.id}/events") as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        text = response.read().decode()
    assert text.count("event: finished") == 1
    data = json.loads(text.split("data: ", 1)[1].splitlines()[0])
    assert data["status"] == "succeeded"


def test_kernel_source_lists_ops_and_lines(client: TestClient, app_store: Store) -> None:
    result = save_finished(app_store)
    fused = result.variants["compiled"].kernels[0]
    body = client.get(f"/api/runs/{result.id}/kernels/compiled/0/source").json()
    assert body["source_ops"] == fused.source_ops and body["lines"] == fused.lines
    assert body["source"] is None  # this stored run has no generated code artifact
    assert client.get(f"/api/runs/{result.id}/kernels/compiled/99/source").status_code == 404


def test_figures_need_a_finished_run(client: TestClient, app_store: Store) -> None:
    queued = client.post("/api/runs", json={"code": CODE}).json()["id"]
    response = client.get(f"/api/runs/{queued}/figures/timeline")
    assert response.status_code == 409
    assert response.json()["error"]["kind"] == "run_has_no_kernels"


def test_pages_and_assets_are_served(client: TestClient, app_store: Store) -> None:
    result = save_finished(app_store)
    for path in ("/", "/runs", f"/r/{result.id}", "/compare", f"/compare/{result.id}/{result.id}"):
        page = client.get(path)
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "Plotly" in client.get("/static/vendor/plotly.min.js").text[:5000]
    assert client.get("/static/api.js").status_code == 200
    docs = client.get("/docs").text
    assert "/static/dist/swagger-ui-bundle.js" in docs and "cdn" not in docs.lower()
    assert "/api/runs" in client.get("/openapi.json").json()["paths"]


def test_examples_gallery_has_a_line_on_each(client: TestClient) -> None:
    examples = {e["name"]: e for e in client.get("/api/examples").json()}
    assert "add_relu" in examples and len(examples) >= 10
    assert all(e["description"] and e["code"] for e in examples.values())
    assert "round-trips the intermediate" in examples["add_relu"]["description"]


def test_pages_load_nothing_from_other_hosts(client: TestClient) -> None:
    import re

    for path in ("/", "/runs", "/r/abc", "/compare", "/docs"):
        html = client.get(path).text
        sources = re.findall(r'<(?:script|link)[^>]*(?:src|href)="([^"]+)"', html)
        assert sources, path
        assert all(s.startswith(("/", "data:")) for s in sources), (path, sources)


def test_a_finished_document_is_served_from_cache_until_the_run_changes(
    client: TestClient, app_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("backend.api.runs.DOCUMENT_TTL_S", 3600.0)  # no expiry mid-test
    result = save_finished(app_store)
    first = client.get(f"/api/runs/{result.id}")
    assert client.get(f"/api/runs/{result.id}").content == first.content
    with write_session(app_store.engine) as session:  # changed behind the API's back: still cached
        run = session.get(Run, result.id)
        assert run is not None
        run.title = "renamed"
        session.add(run)
    assert client.get(f"/api/runs/{result.id}").json()["title"] == first.json()["title"]
    client.app.state.context.results.forget(result.id)  # type: ignore[attr-defined]
    assert client.get(f"/api/runs/{result.id}").json()["title"] == "renamed"


def test_every_page_gets_the_shared_header_with_its_own_link_marked(client: TestClient) -> None:
    for path, current in (
        ("/", "/"),
        ("/runs", "/runs"),
        ("/compare", "/compare"),
        ("/r/abc", None),
    ):
        html = client.get(path).text
        assert '<nav aria-label="Main">' in html and "<!-- header" not in html
        marked = [
            href for href in ("/", "/runs", "/compare") if f'<a href="{href}" aria-current' in html
        ]
        assert marked == ([current] if current else [])
