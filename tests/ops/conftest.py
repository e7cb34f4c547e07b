"""Operations tests: a real app and store in a temp data directory (no local worker, so
queued runs stay queued), and helpers that store finished runs with real artifact blobs."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from backend.api.app import create_app
from backend.settings import Settings
from backend.store.repository import ArtifactInput, Store
from tests.store.factories import CODE, rich_result


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(data_dir=tmp_path / "data", local_workers=0)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client


@pytest.fixture
def app_store(client: TestClient) -> Store:
    """The app's own store: results saved through it are seen by its metrics."""
    opened: Store = client.app.state.context.store  # type: ignore[attr-defined]
    return opened


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path / "store") as opened:
        yield opened


def trace(label: str) -> ArtifactInput:
    """An artifact whose bytes (and so blob) are unique to `label`."""
    return ("eager_trace", "eager_trace.json.gz", f'{{"run": "{label}"}}'.encode(), "text/json")


def save_finished(
    store: Store,
    *,
    finished_days_ago: float = 0.0,
    artifacts: list[ArtifactInput] | None = None,
    duration_s: float = 3.0,
) -> str:
    """Store a succeeded run (created as queued, then saved like a worker does) that
    finished `finished_days_ago` days ago, with the given artifacts; its id."""
    run_id = store.create_run(CODE)
    queued = store.load_result(run_id)
    assert queued is not None
    finished = datetime.now(UTC) - timedelta(days=finished_days_ago)
    result = rich_result(run_id).model_copy(
        update={
            "created_at": queued.created_at,
            "finished_at": finished.isoformat(),
            "duration_s": duration_s,
        }
    )
    store.save_result(result, CODE, artifacts if artifacts is not None else [trace(run_id)])
    return run_id


def age_blobs(store: Store, seconds: float) -> None:
    """Make every blob file look `seconds` old (the GC leaves younger files alone)."""
    then = time.time() - seconds
    for path in store.blobs.root.rglob("*"):
        if path.is_file():
            os.utime(path, (then, then))


def blob_names(store: Store) -> set[str]:
    root = store.blobs.root
    return {"".join(p.relative_to(root).parts) for p in root.rglob("*") if p.is_file()}
