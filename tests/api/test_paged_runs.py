"""The run document without kernel lists, kernels and round trips paged from their own
endpoints, the whole document in result.json, and conditional GETs (ETag, 304)."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from backend.result import FusionWhy, Hint, RunResult
from backend.store.repository import Store
from tests.factories import CODE, chain_result, save_finished

N = 40  # eager kernels of the chain run


@pytest.fixture
def chain(app_store: Store) -> RunResult:
    run_id = app_store.create_run(CODE)
    queued = app_store.load_result(run_id)
    assert queued is not None
    result = chain_result(run_id, N).model_copy(update={"created_at": queued.created_at})
    app_store.save_result(result, CODE, [])
    return result


def test_the_run_document_has_totals_but_no_kernel_lists(
    client: TestClient, chain: RunResult
) -> None:
    run = client.get(f"/api/runs/{chain.id}").json()
    for name, variant in run["variants"].items():
        assert "kernels" not in variant
        assert variant["kernel_count"] == chain.variants[name].kernel_count
        assert variant["bytes_read"] == chain.variants[name].bytes_read
    assert "round_trips" not in run
    assert run["totals"] == chain.totals.model_dump()  # type: ignore[union-attr]
    assert run["summary"][0].startswith(f"eager: {N} kernels")
    assert run["links"]["kernels"] == {
        name: f"/api/runs/{chain.id}/kernels/{name}" for name in ("eager", "compiled")
    }
    assert run["links"]["round_trips"] == f"/api/runs/{chain.id}/round-trips"


def test_result_json_still_has_every_kernel_and_round_trip(
    client: TestClient, chain: RunResult
) -> None:
    download = client.get(f"/api/runs/{chain.id}/downloads/result.json")
    whole = json.loads(download.content)
    assert RunResult.model_validate(whole) == chain
    assert len(whole["variants"]["eager"]["kernels"]) == N
    assert len(whole["round_trips"]) == N - 1
    served = client.get(f"/api/runs/{chain.id}").json()
    for field in ("code", "summary", "links", "owner", "visibility"):  # what the API adds
        assert whole[field] == served[field], field


def test_kernels_come_a_page_at_a_time(client: TestClient, chain: RunResult) -> None:
    page = client.get(f"/api/runs/{chain.id}/kernels/eager", params={"offset": 10, "limit": 4})
    assert page.status_code == 200
    body = page.json()
    assert (body["variant"], body["offset"], body["total"]) == ("eager", 10, N)
    assert body["positions"] == [10, 11, 12, 13]
    kernels = chain.variants["eager"].kernels[10:14]
    assert body["kernels"] == [k.model_dump(mode="json") for k in kernels]  # with transfers
    compiled = client.get(f"/api/runs/{chain.id}/kernels/compiled").json()
    assert compiled["total"] == N // 4 == len(compiled["kernels"])  # default limit: 100


def test_kernels_from_one_snippet_line(client: TestClient, chain: RunResult) -> None:
    page = client.get(f"/api/runs/{chain.id}/kernels/eager", params={"line": 8, "limit": 3})
    body = page.json()
    assert body["total"] == N // 2
    assert body["positions"] == [1, 3, 5]
    assert all(8 in kernel["lines"] for kernel in body["kernels"])


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"limit": 0}, "query.limit"),
        ({"limit": 5001}, "query.limit"),
        ({"offset": -1}, "query.offset"),
    ],
)
def test_a_bad_page_is_a_422_in_the_one_error_shape(
    client: TestClient, chain: RunResult, params: dict[str, int], field: str
) -> None:
    response = client.get(f"/api/runs/{chain.id}/kernels/eager", params=params)
    assert response.status_code == 422
    assert response.json()["error"]["kind"] == "invalid_request"
    assert response.json()["error"]["field"] == field


def test_kernels_of_a_run_that_has_none_yet(client: TestClient, app_store: Store) -> None:
    queued = app_store.create_run(CODE)
    response = client.get(f"/api/runs/{queued}/kernels/eager")
    assert response.status_code == 409
    assert response.json()["error"]["kind"] == "run_has_no_kernels"
    missing = client.get("/api/runs/nope/kernels/eager")
    assert (missing.status_code, missing.json()["error"]["kind"]) == (404, "run_not_found")
    assert client.get(f"/api/runs/{queued}/kernels/fused").status_code == 422


def test_round_trips_come_a_page_at_a_time(client: TestClient, chain: RunResult) -> None:
    body = client.get(f"/api/runs/{chain.id}/round-trips", params={"offset": 35}).json()
    assert (body["offset"], body["total"]) == (35, N - 1)
    assert body["round_trips"] == [t.model_dump(mode="json") for t in chain.round_trips[35:]]


def test_round_trips_of_one_fate_carry_why_they_were_kept(
    client: TestClient, app_store: Store
) -> None:
    """The run page lists what is still through memory: `fate=kept` pages those alone."""
    run_id = app_store.create_run(CODE)
    why = FusionWhy(
        kind="library_call",
        message="mm runs as a library call",
        lines=[7],
        hint=Hint(message="Try max-autotune", compile_mode="max-autotune-no-cudagraphs"),
    )
    trips = chain_result(run_id, N).round_trips
    fates: list[bool | None] = [True, False, None]
    trips = [
        t.model_copy(update={"eliminated": fates[i % 3], "why": why if i % 3 == 1 else None})
        for i, t in enumerate(trips)
    ]
    app_store.save_result(
        chain_result(run_id, N).model_copy(update={"round_trips": trips}), CODE, []
    )
    url = f"/api/runs/{run_id}/round-trips"

    kept = client.get(url, params={"fate": "kept", "offset": 2, "limit": 3}).json()
    expected = [t for t in trips if t.eliminated is False]
    assert (kept["offset"], kept["total"]) == (2, len(expected))
    assert kept["round_trips"] == [t.model_dump(mode="json") for t in expected[2:5]]
    assert kept["round_trips"][0]["why"]["hint"]["compile_mode"] == "max-autotune-no-cudagraphs"
    unknown = client.get(url, params={"fate": "unknown", "limit": 1000}).json()
    assert [t["tensor"] for t in unknown["round_trips"]] == [
        t.tensor for t in trips if t.eliminated is None
    ]
    assert client.get(url, params={"fate": "eliminated"}).json()["total"] == len(trips[::3])
    assert client.get(url, params={"fate": "lost"}).status_code == 422


def test_the_kernel_source_reads_one_kernel(client: TestClient, chain: RunResult) -> None:
    body = client.get(f"/api/runs/{chain.id}/kernels/compiled/3/source").json()
    assert body["name"] == chain.variants["compiled"].kernels[3].name
    assert client.get(f"/api/runs/{chain.id}/kernels/compiled/{N}/source").status_code == 404


@pytest.mark.parametrize("index", ["-1", str(2**63), str(2**64 + 5), "99999999999999999999999"])
def test_a_kernel_index_out_of_range_is_a_422_not_a_500(
    client: TestClient, chain: RunResult, index: str
) -> None:
    """A path integer past SQLite's 64 bits used to reach the query and answer 500."""
    response = client.get(f"/api/runs/{chain.id}/kernels/compiled/{index}/source")
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert (error["kind"], error["field"]) == ("invalid_request", "path.index")


def test_the_roofline_draws_every_kernel_of_a_stored_run(
    client: TestClient, chain: RunResult, app_store: Store
) -> None:
    figure = client.get(f"/api/runs/{chain.id}/figures/roofline").json()
    strip = [t for t in figure["data"] if t.get("yaxis") == "y2" and t["mode"] == "markers"]
    drawn = {t["name"]: len(t["x"]) for t in strip}
    assert drawn == {name: len(v.kernels) for name, v in chain.variants.items()}
    queued = app_store.create_run(CODE)
    assert client.get(f"/api/runs/{queued}/figures/roofline").status_code == 409


# ---- conditional requests ---------------------------------------------------------------

READS = [
    "/api/runs/{id}",
    "/api/runs/{id}/figures/timeline",
    "/api/runs/{id}/figures/timeline?start_us=1&end_us=50",
    "/api/runs/{id}/figures/traffic",
    "/api/runs/{id}/figures/roofline",
    "/api/runs/{id}/kernels/eager?offset=3&limit=2",
    "/api/runs/{id}/round-trips",
]


@pytest.mark.parametrize("path", READS)
def test_asking_again_with_the_etag_answers_304_without_a_body(
    client: TestClient, chain: RunResult, path: str
) -> None:
    url = path.format(id=chain.id)
    first = client.get(url)
    assert first.status_code == 200
    etag = first.headers["etag"]
    assert first.headers["cache-control"] == "private, no-cache"
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.content == b""
    assert again.headers["etag"] == etag
    weak_among_others = client.get(url, headers={"If-None-Match": f'"other", W/{etag}'})
    assert weak_among_others.status_code == 304
    stale = client.get(url, headers={"If-None-Match": '"not-this-one"'})
    assert stale.status_code == 200 and stale.content == first.content


def test_a_renamed_run_gets_a_new_etag(client: TestClient, chain: RunResult) -> None:
    url = f"/api/runs/{chain.id}"
    first = client.get(url)
    assert client.patch(url, json={"title": "renamed"}).status_code == 200
    renamed = client.get(url, headers={"If-None-Match": first.headers["etag"]})
    assert renamed.status_code == 200
    assert renamed.json()["title"] == "renamed"
    assert renamed.headers["etag"] != first.headers["etag"]


def test_an_unfinished_run_is_never_kept(client: TestClient, app_store: Store) -> None:
    queued = app_store.create_run(CODE)
    response = client.get(f"/api/runs/{queued}")
    assert response.json()["progress"]["status"] == "queued"
    assert "etag" not in response.headers
    assert response.headers["cache-control"] == "no-store"


def test_a_finished_sweep_point_shows_siblings_that_finish_later(
    client: TestClient, app_store: Store
) -> None:
    """The head of a finished run is kept in memory; its sweep is not: it changes as the
    other sizes finish, and a kept one would say they never did."""
    first = save_finished(app_store, size=1024, sweep_id="sweep1")
    before = client.get(f"/api/runs/{first.id}")
    assert [point["size"] for point in before.json()["sweep"]] == [1024]
    save_finished(app_store, size=4096, sweep_id="sweep1")
    figure = client.get(f"/api/runs/{first.id}/figures/sweep")
    assert figure.status_code == 200
    assert len(figure.json()["data"][0]["x"]) == 2
