"""The API through FastAPI's TestClient (real app, real store in a temp data directory).

Most tests run with no local worker (`local_workers=0`) so queued runs stay queued and
every state can be set up exactly; tests/api/test_end_to_end.py runs real snippets.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from backend.api.app import create_app
from backend.result import RunResult
from backend.settings import Settings
from backend.store.repository import Store
from tests.store.factories import CODE, rich_result


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(data_dir=tmp_path / "data", local_workers=0, max_snippet_bytes=4096)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client


@pytest.fixture
def store(client: TestClient) -> Store:
    """The app's own store, to set up runs in states the API alone cannot reach quickly."""
    opened: Store = client.app.state.context.store  # type: ignore[attr-defined]
    return opened


def save_finished(store: Store, size: int = 1024, sweep_id: str | None = None) -> RunResult:
    """A succeeded run (realistic H200-shaped numbers) stored through the normal path."""
    run_id = store.create_run(CODE, size=size, sweep_id=sweep_id)
    queued = store.load_result(run_id)
    assert queued is not None
    # Keep the store's own creation time: history order and "previous run" depend on it.
    result = rich_result(run_id, size=size, sweep_id=sweep_id).model_copy(
        update={"created_at": queued.created_at}
    )
    trace = b'{"traceEvents": []}'
    artifacts = [("eager_trace", "eager_trace.json.gz", trace, "application/gzip")]
    store.save_result(result, CODE, artifacts)
    return result
