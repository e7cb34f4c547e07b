"""Every failure has one shape: {"error": {status, kind, message, field}}."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from httpx2 import Response


def error_of(response: Response) -> dict[str, object]:
    body: dict[str, dict[str, object]] = response.json()
    assert set(body) == {"error"}
    assert set(body["error"]) == {"status", "kind", "message", "field"}
    assert body["error"]["status"] == response.status_code
    assert body["error"]["message"]
    return body["error"]


def test_unknown_run_is_404_with_kind(client: TestClient) -> None:
    response = client.get("/api/runs/nosuchrun")
    assert response.status_code == 404
    error = error_of(response)
    assert error["kind"] == "run_not_found"
    assert "nosuchrun" in str(error["message"])


@pytest.mark.parametrize(
    "path",
    [
        "/api/runs/nosuchrun/events",
        "/api/runs/nosuchrun/figures/timeline",
        "/api/runs/nosuchrun/downloads/result.json",
        "/api/compare?a=x&b=y",
    ],
)
def test_every_route_answers_unknown_runs_the_same_way(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert error_of(response)["kind"] == "run_not_found"


def test_unknown_route_has_the_same_shape(client: TestClient) -> None:
    response = client.get("/api/nothing-here")
    assert response.status_code == 404
    assert error_of(response)["kind"] == "not_found"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "body.code"),
        ({"code": ""}, "body.code"),
        ({"code": "x = 1", "compile_mode": "turbo"}, "body.compile_mode"),
        ({"code": "x = 1", "sizes": "big"}, "body.sizes"),
        ({"code": "x = 1", "sizes": [0]}, "body.sizes.0"),
        ({"code": "x = 1", "sizes": [1, 2, 3, 4, 5, 6, 7, 8, 9]}, "body.sizes"),
        ({"code": "x = 1", "surprise": True}, "body.surprise"),
        ({"code": "x = 1", "title": "t" * 201}, "body.title"),
    ],
)
def test_malformed_bodies_are_422_naming_the_field(
    client: TestClient, body: dict[str, object], field: str
) -> None:
    response = client.post("/api/runs", json=body)
    assert response.status_code == 422
    error = error_of(response)
    assert error["kind"] == "invalid_request"
    assert error["field"] == field
    assert field in str(error["message"])


def test_invalid_json_is_422(client: TestClient) -> None:
    response = client.post(
        "/api/runs", content=b"{not json", headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 422
    assert error_of(response)["kind"] == "invalid_request"


def test_snippet_over_the_limit_is_413_naming_the_limit(client: TestClient) -> None:
    code = "x = 1\n" * 1000  # 6000 bytes; the test settings allow 4096
    response = client.post("/api/runs", json={"code": code})
    assert response.status_code == 413
    error = error_of(response)
    assert error["kind"] == "snippet_too_large"
    assert "4,096" in str(error["message"]) and "6,000" in str(error["message"])
    assert error["field"] == "body.code"
    assert client.get("/api/runs").json()["runs"] == []  # nothing was queued


def test_huge_raw_body_is_refused_before_parsing(client: TestClient) -> None:
    response = client.post(
        "/api/runs",
        content=b'{"code": "' + b"x" * 2_000_000 + b'"}',
        headers={"Content-Type": "application/json"},
    )
    assert response.status_code == 413
    assert error_of(response)["kind"] == "request_too_large"


def test_bad_query_parameters_are_422(client: TestClient) -> None:
    response = client.get("/api/runs?limit=0")
    assert response.status_code == 422
    assert error_of(response)["field"] == "query.limit"
    response = client.get("/api/runs?status=exploded")
    assert response.status_code == 422
    assert error_of(response)["field"] == "query.status"


def test_paging_from_an_unknown_run_is_404(client: TestClient) -> None:
    response = client.get("/api/runs?before=nosuchrun")
    assert response.status_code == 404
    assert error_of(response)["kind"] == "run_not_found"
