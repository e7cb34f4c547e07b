"""What the API edge refuses at once, in words: code that does not parse (with its line and
column), code that is not a string, a body that is not JSON (where it broke), sizes past
any device."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from httpx2 import Response

from tests.factories import CODE


def _error(response: Response) -> dict[str, object]:
    assert response.status_code == 422, response.text
    error: dict[str, object] = response.json()["error"]
    return error


def test_a_syntax_error_is_refused_at_submit_with_line_and_column(client: TestClient) -> None:
    code = "import torch\n\n\ndef fn(x:\n    return x\n"
    error = _error(client.post("/api/runs", json={"code": code}))
    assert error["kind"] == "syntax_error" and error["field"] == "body.code"
    assert (error["line"], error["column"]) == (4, 7)
    assert "line 4, column 7" in str(error["message"])
    assert client.get("/api/runs").json()["runs"] == []  # nothing was queued


def test_errors_without_a_line_keep_the_four_fields(client: TestClient) -> None:
    error = _error(client.post("/api/runs", json={"code": " "}))
    assert set(error) == {"status", "kind", "message", "field"}


@pytest.mark.parametrize("code", [123, 1.5, ["x = 1"], {"a": 1}, True])
def test_code_that_is_not_a_string_says_so(client: TestClient, code: object) -> None:
    error = _error(client.post("/api/runs", json={"code": code}))
    assert error["field"] == "body.code"
    assert "code must be a string" in str(error["message"])
    assert "empty" not in str(error["message"])


def test_invalid_json_names_line_and_column_not_a_field(client: TestClient) -> None:
    body = b'{"code": "x = 1",\n  "title": oops}'
    response = client.post("/api/runs", content=body, headers={"Content-Type": "application/json"})
    error = _error(response)
    message = str(error["message"])
    assert "not valid JSON at line 2, column 12" in message, message
    assert "body.2" not in message and "body.1" not in message
    assert error["field"] == "body"


def test_a_body_that_is_not_an_object_says_what_to_send(client: TestClient) -> None:
    error = _error(client.post("/api/runs", json=[1, 2]))
    assert "must be a JSON object" in str(error["message"])


@pytest.mark.parametrize("size", [2**50, 2**40 + 1])
def test_sizes_past_any_device_are_refused_at_submit(client: TestClient, size: int) -> None:
    error = _error(client.post("/api/runs", json={"code": CODE, "sizes": [16, size]}))
    assert error["field"] == "body.sizes.1"
    assert "from 1 to 2^40" in str(error["message"])


def test_the_largest_size_is_accepted(client: TestClient) -> None:
    response = client.post("/api/runs", json={"code": CODE, "sizes": [2**40]})
    assert response.status_code == 202, response.text


@pytest.mark.parametrize("size", ["1", True, 1.0, "1e4"])
def test_sizes_must_be_json_integers(client: TestClient, size: object) -> None:
    """Lax validation took "1" and true as the size 1."""
    error = _error(client.post("/api/runs", json={"code": CODE, "sizes": [16, size]}))
    assert error["field"] == "body.sizes.1"
    assert "whole numbers" in str(error["message"])
    assert client.get("/api/runs").json()["runs"] == []  # nothing was queued
