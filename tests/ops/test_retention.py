"""Retention: old finished runs go with all their rows; a blob goes once no artifact
references it and it is older than the grace period."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlmodel import SQLModel, col, func, select

from backend.api.app import create_app
from backend.cli import main
from backend.ops.retention import BLOB_GRACE_S, collect_blobs, prune
from backend.settings import Settings
from backend.store.db import read_session
from backend.store.models import Artifact, Kernel, RoundTrip, Transfer, Variant
from backend.store.repository import Store
from tests.factories import CODE, save_finished, trace_artifact
from tests.helpers import age_blobs, blob_names

OLD_S = BLOB_GRACE_S + 60


def count_rows(store: Store, table: type[SQLModel]) -> int:
    with read_session(store.engine) as session:
        return int(session.exec(select(func.count()).select_from(table)).one())


def rows_of(store: Store, table: type[Variant | RoundTrip | Artifact], run_id: str) -> int:
    query = select(func.count()).where(col(table.run_id) == run_id)
    with read_session(store.engine) as session:
        return int(session.exec(query).one())


def test_old_finished_runs_go_with_every_row_and_their_blobs(empty_store: Store) -> None:
    old = save_finished(empty_store, finished_days_ago=40).id
    recent = save_finished(empty_store, finished_days_ago=2).id
    kernels, transfers = count_rows(empty_store, Kernel), count_rows(empty_store, Transfer)
    age_blobs(empty_store, OLD_S)

    report = prune(empty_store, older_than_days=30)

    assert report.run_ids == [old] and not report.dry_run
    assert (report.blob_count, len(blob_names(empty_store))) == (1, 1)
    assert empty_store.load_result(old) is None and empty_store.run_state(old) is None
    for table in (Variant, RoundTrip, Artifact):
        assert rows_of(empty_store, table, old) == 0, table.__name__
        assert rows_of(empty_store, table, recent) > 0, table.__name__
    # Kernels and transfers cascade from the variants: exactly half of them are left.
    assert (count_rows(empty_store, Kernel), count_rows(empty_store, Transfer)) == (
        kernels // 2,
        transfers // 2,
    )
    assert empty_store.artifact_bytes(recent, "eager_trace", "eager_trace.json.gz") is not None


def test_a_blob_another_run_still_uses_is_kept(empty_store: Store) -> None:
    shared = trace_artifact("shared by both runs")
    own = ("output_code", "output_code_0.py", b"# only the old run's code\n", "text/x-python")
    old = save_finished(empty_store, finished_days_ago=40, artifacts=[shared, own]).id
    recent = save_finished(empty_store, finished_days_ago=1, artifacts=[shared]).id
    age_blobs(empty_store, OLD_S)

    report = prune(empty_store, older_than_days=30)

    assert report.run_ids == [old] and report.blob_count == 1
    assert empty_store.artifact_bytes(recent, "eager_trace", "eager_trace.json.gz") == shared[2]
    assert len(blob_names(empty_store)) == 1


def test_a_young_unreferenced_blob_waits_for_the_grace_period(empty_store: Store) -> None:
    """A blob written moments ago may belong to a result being saved right now."""
    old = save_finished(empty_store, finished_days_ago=40).id
    assert prune(empty_store, older_than_days=30).run_ids == [old]
    assert len(blob_names(empty_store)) == 1  # unreferenced, but too young to collect
    age_blobs(empty_store, OLD_S)
    assert collect_blobs(empty_store)[0] == 1 and blob_names(empty_store) == set()


def test_storing_a_blob_again_makes_it_young(empty_store: Store) -> None:
    """save_result re-putting an existing blob refreshes it, so GC cannot race the save."""
    old = save_finished(
        empty_store, finished_days_ago=40, artifacts=[trace_artifact("same bytes")]
    ).id
    age_blobs(empty_store, OLD_S)
    empty_store.blobs.put(
        trace_artifact("same bytes")[2]
    )  # a new run's save starts with the same trace
    prune(empty_store, older_than_days=30)
    assert empty_store.load_result(old) is None and len(blob_names(empty_store)) == 1


def test_stale_temp_files_are_collected(empty_store: Store) -> None:
    (empty_store.blobs.root / ".incoming-crashed").write_bytes(b"half a trace")
    age_blobs(empty_store, OLD_S)
    assert collect_blobs(empty_store) == (1, len(b"half a trace"))


def test_queued_and_running_runs_never_expire(empty_store: Store) -> None:
    queued = empty_store.create_run(CODE)
    running = empty_store.create_run(CODE, status="running")
    finished = save_finished(empty_store, finished_days_ago=0).id
    a_year_later = datetime.now(UTC) + timedelta(days=365)

    report = prune(empty_store, older_than_days=30, now=a_year_later)

    assert report.run_ids == [finished]
    assert empty_store.run_state(queued) is not None and empty_store.run_state(running) is not None


def test_a_dry_run_deletes_nothing_and_says_what_would_go(empty_store: Store) -> None:
    old = save_finished(empty_store, finished_days_ago=40).id
    save_finished(empty_store, finished_days_ago=1)
    age_blobs(empty_store, OLD_S)

    report = prune(empty_store, older_than_days=30, dry_run=True)

    assert (report.run_ids, report.blob_count, report.dry_run) == ([old], 1, True)
    assert report.describe().startswith("would delete 1 run(s)")
    assert empty_store.load_result(old) is not None and len(blob_names(empty_store)) == 2


def test_prune_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data_dir = tmp_path / "data"
    with Store.open(data_dir) as store:
        old = save_finished(store, finished_days_ago=10).id
        recent = save_finished(store, finished_days_ago=1).id

    assert main(["prune", "--older-than", "7", "--dry-run", "--data-dir", str(data_dir)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("would delete 1 run(s)") and lines[1:] == [old]
    assert main(["prune", "--older-than", "7", "--data-dir", str(data_dir)]) == 0
    assert capsys.readouterr().out.startswith("deleted 1 run(s)")
    with Store.open(data_dir) as store:
        assert store.load_result(old) is None and store.load_result(recent) is not None


def test_prune_command_takes_the_setting_or_refuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data_dir = tmp_path / "data"
    Store.open(data_dir).close()
    monkeypatch.delenv("KERNELSCOPE_RETENTION_DAYS", raising=False)
    assert main(["prune", "--data-dir", str(data_dir)]) == 2
    assert "--older-than DAYS" in capsys.readouterr().err
    monkeypatch.setenv("KERNELSCOPE_RETENTION_DAYS", "90")
    assert main(["prune", "--data-dir", str(data_dir)]) == 0
    assert "deleted 0 run(s)" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exited:
        main(["prune", "--older-than", "-3", "--data-dir", str(data_dir)])
    assert exited.value.code == 2
    assert "DAYS must be a positive number" in capsys.readouterr().err


def test_the_api_prunes_when_it_starts(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    with Store.open(data_dir) as store:
        old = save_finished(store, finished_days_ago=40).id
        recent = save_finished(store, finished_days_ago=1).id
    settings = Settings(data_dir=data_dir, local_workers=0, retention_days=30)
    with TestClient(create_app(settings)) as client:
        deadline = time.monotonic() + 30
        while client.get(f"/api/runs/{old}").status_code != 404:
            assert time.monotonic() < deadline, "the retention task never pruned"
            time.sleep(0.1)
        assert client.get(f"/api/runs/{recent}").status_code == 200
