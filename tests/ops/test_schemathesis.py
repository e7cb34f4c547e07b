"""The API against its own OpenAPI schema: schemathesis generates requests for every
operation, in process over ASGI, and no answer may be a server error (5xx).

A temp data directory and no local worker (queued runs stay queued); examples per
operation are bounded so the whole run stays well under a minute on a small machine."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.errors import InvalidSchema
from schemathesis.core.result import Err, Ok

from backend.api.app import create_app
from backend.settings import Settings

Operation = schemathesis.APIOperation[Any, Any, Any, Any]
MAX_EXAMPLES = 25  # per operation and generation mode


@schemathesis.serializer("application/x-tar")
def _raw_bytes(_context: object, value: object) -> bytes:
    """A worker's report is a tar: send whatever bytes (or text) were generated as is."""
    return value if isinstance(value, bytes) else str(value).encode()


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FastAPI]:
    data_dir: Path = tmp_path_factory.mktemp("schemathesis") / "data"
    application = create_app(Settings(data_dir=data_dir, local_workers=0))
    with TestClient(application):  # runs the lifespan: store, queue, ops
        yield application


def test_no_operation_answers_with_a_server_error(app: FastAPI) -> None:
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    operations = [_operation(result) for result in schema.get_all_operations()]
    assert len(operations) > 10, "the schema lost its operations"
    failures: dict[str, str] = {}
    for operation in operations:
        for mode in GenerationMode:  # valid requests, then ones that break the schema
            try:
                _fuzz(operation, mode)
            except Unsatisfiable:  # negative: nothing in this operation can be made invalid
                continue
            except Exception as exc:  # collect all: one report names every failing operation
                why = f"{type(exc).__name__}: {exc}"
                failures[f"{operation.label} ({mode.value})"] = why[:2000]
    assert not failures, "\n\n".join(f"{label}\n{why}" for label, why in failures.items())


def _operation(result: Ok[Operation] | Err[InvalidSchema]) -> Operation:
    if isinstance(result, Err):
        raise AssertionError(
            f"the schema has an operation schemathesis cannot read: {result.err()}"
        )
    return result.ok()


def _fuzz(operation: Operation, mode: GenerationMode) -> None:
    @given(case=operation.as_strategy(mode))
    @settings(
        max_examples=MAX_EXAMPLES,
        deadline=None,
        database=None,  # no .hypothesis/ directory in the tree
        derandomize=True,  # the same cases every run: CI stays deterministic
        suppress_health_check=list(HealthCheck),
        report_multiple_bugs=False,
    )
    def check(case: schemathesis.Case[Operation]) -> None:
        case.call_and_validate(checks=[not_a_server_error])

    check()


def test_found_by_schemathesis_a_huge_sweep_size_is_a_422(app: FastAPI) -> None:
    """Was a 500: 2**63 passed validation and overflowed SQLite's 64-bit INTEGER."""
    with TestClient(app) as client:
        response = client.post("/api/runs", json={"code": "x = 1", "sizes": [2**63]})
    assert response.status_code == 422
    assert response.json()["error"]["field"] == "body.sizes.0"
