"""`kernelscope backup`: a consistent copy of a live data directory, taken while runs are
being saved, that restores into a working store."""

from __future__ import annotations

import shutil
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from backend.cli import main
from backend.ops.backup import MANIFEST, BackupError, backup
from backend.store.repository import BLOBS_DIRNAME, DB_FILENAME, Store
from tests.factories import save_finished, trace_artifact
from tests.helpers import blob_names


class Writer(threading.Thread):
    """Saves finished runs (each with its own trace blob) until stopped."""

    def __init__(self, store: Store) -> None:
        super().__init__(name="backup-test-writer")
        self.store = store
        self.saved: list[str] = []
        self.stop = threading.Event()
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                run_id = self.store.create_run("x = 1")
                save_finished_as(self.store, run_id)
                self.saved.append(run_id)
        except BaseException as exc:  # surfaced by the test, not lost in the thread
            self.error = exc


def save_finished_as(store: Store, run_id: str) -> None:
    queued = store.load_result(run_id)
    assert queued is not None
    store.save_result(
        queued.model_copy(update={"status": "failed"}), "x = 1", [trace_artifact(run_id)]
    )


def wait_for(writer: Writer, count: int) -> None:
    deadline = time.monotonic() + 60
    while len(writer.saved) < count:
        assert writer.error is None, writer.error
        assert time.monotonic() < deadline, "the writer thread made no progress"
        time.sleep(0.01)


def test_backup_while_runs_are_saved_is_consistent_and_restores(tmp_path: Path) -> None:
    data_dir, destination = tmp_path / "data", tmp_path / "backup"
    with Store.open(data_dir) as store:
        before = save_finished(store).id
        writer = Writer(store)
        writer.start()
        try:
            wait_for(writer, 5)
            saved_before = len(writer.saved)
            report = backup(data_dir, destination)
            saved_after = len(writer.saved)
        finally:
            writer.stop.set()
            writer.join()
        assert writer.error is None

    # A consistent snapshot: every run saved before it started, none half-saved.
    assert saved_before + 1 <= report.runs <= saved_after + 2  # (+1: the one in progress)
    check = sqlite3.connect(destination / DB_FILENAME)
    try:
        assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert check.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    finally:
        check.close()
    assert not (destination / (DB_FILENAME + "-wal")).exists()
    assert (destination / MANIFEST).is_file()

    restored = _restore(destination, tmp_path / "restored")
    with Store.open(restored) as copy:
        result = copy.load_result(before)
        assert result is not None and result.status == "succeeded"
        # Every artifact of every restored run has its blob.
        runs = copy.list_runs(limit=report.runs + 1)
        assert len(runs) == report.runs
        artifacts = [(run.id, a) for run in runs for a in copy.list_artifacts(run.id)]
        assert len(artifacts) >= saved_before + 1
        for run_id, artifact in artifacts:
            assert copy.artifact_bytes(run_id, artifact.kind, artifact.name) is not None


def _restore(backup_dir: Path, data_dir: Path) -> Path:
    """What docs/deploy.md says to do, with the server stopped: copy both back."""
    data_dir.mkdir()
    shutil.copy2(backup_dir / DB_FILENAME, data_dir / DB_FILENAME)
    shutil.copytree(backup_dir / BLOBS_DIRNAME, data_dir / BLOBS_DIRNAME)
    return data_dir


def test_a_second_backup_copies_only_new_blobs(tmp_path: Path) -> None:
    data_dir, destination = tmp_path / "data", tmp_path / "backup"
    with Store.open(data_dir) as store:
        save_finished(store)
        first = backup(data_dir, destination)
        latest = save_finished(store).id
    second = backup(data_dir, destination)
    assert (first.blobs_copied, second.blobs_copied, second.blobs_total) == (1, 1, 2)
    assert second.runs == 2
    with Store.open(data_dir) as store:
        assert blob_names(store) == {
            "".join(p.relative_to(destination / BLOBS_DIRNAME).parts)
            for p in (destination / BLOBS_DIRNAME).rglob("*")
            if p.is_file()
        }
    with Store.open(_restore(destination, tmp_path / "restored")) as copy:
        assert copy.load_result(latest) is not None


def test_backup_refuses_a_directory_without_a_database(tmp_path: Path) -> None:
    with pytest.raises(BackupError, match="no Kernelscope database"):
        backup(tmp_path / "empty", tmp_path / "backup")
    with Store.open(tmp_path / "data"):
        pass
    with pytest.raises(BackupError, match="must not be the data directory"):
        backup(tmp_path / "data", tmp_path / "data")


def test_backup_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data_dir = tmp_path / "data"
    with Store.open(data_dir) as store:
        save_finished(store)
    assert main(["backup", str(tmp_path / "backup"), "--data-dir", str(data_dir)]) == 0
    assert capsys.readouterr().out.startswith("backed up 1 run(s) to")
    assert main(["backup", str(tmp_path / "b2"), "--data-dir", str(tmp_path / "nothing")]) == 1
    assert "backup failed: no Kernelscope database" in capsys.readouterr().err
