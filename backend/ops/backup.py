"""Online backup: a consistent copy of the data directory while the server runs.

The database is copied with SQLite's online backup API in one step, inside one read
transaction: in WAL mode writers carry on meanwhile, and the copy is the database as of
that transaction (committed WAL frames included, no half-written transaction). Blobs are
copied after the snapshot: every blob a row of the snapshot points at was written before
the row was committed, and blobs are immutable, so the copy is complete. A backup into a
directory that holds an earlier one refreshes it, copying only the blobs it lacks.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from backend import __version__
from backend.store.blobs import BlobStore
from backend.store.repository import BLOBS_DIRNAME, DB_FILENAME

MANIFEST = "backup.json"
_INCOMING_PREFIX = ".incoming-"


class BackupError(Exception):
    """The backup could not be made; the message says why."""


@dataclass
class BackupReport:
    destination: str
    taken_at: str  # when the database snapshot was taken (UTC, ISO 8601)
    runs: int  # runs in the snapshot
    database_bytes: int
    blobs_copied: int  # blob files new to this destination
    blobs_total: int  # blob files now in the destination
    kernelscope: str = __version__

    def describe(self) -> str:
        return (
            f"backed up {self.runs} run(s) to {self.destination}: database "
            f"{self.database_bytes / 1e6:.1f} MB, {self.blobs_copied} new blob(s) "
            f"({self.blobs_total} in all)"
        )


def backup(data_dir: Path, destination: Path) -> BackupReport:
    """Copy `data_dir`'s database (online, consistent) and blobs into `destination`."""
    source_db = data_dir / DB_FILENAME
    if not source_db.is_file():
        raise BackupError(f"no Kernelscope database at {source_db}: check --data-dir")
    if destination.resolve() == data_dir.resolve():
        raise BackupError("the backup destination must not be the data directory itself")
    destination.mkdir(parents=True, exist_ok=True)
    taken_at = datetime.now(UTC).isoformat(timespec="seconds")
    # A run deleted meanwhile frees its blobs at once: not while the snapshot's are copied.
    with BlobStore(data_dir / BLOBS_DIRNAME).keeping():
        runs = snapshot_database(source_db, destination / DB_FILENAME)
        copied, total = copy_blobs(data_dir / BLOBS_DIRNAME, destination / BLOBS_DIRNAME)
    report = BackupReport(
        destination=str(destination),
        taken_at=taken_at,
        runs=runs,
        database_bytes=(destination / DB_FILENAME).stat().st_size,
        blobs_copied=copied,
        blobs_total=total,
    )
    (destination / MANIFEST).write_text(json.dumps(asdict(report), indent=2) + "\n")
    return report


def snapshot_database(source: Path, target: Path) -> int:
    """Online-copy `source` to `target` (replaced atomically); the snapshot's run count."""
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    # Read-only: the backup must never write to (or create) the live database.
    with _connect(f"file:{source}?mode=ro", uri=True) as live, _connect(str(partial)) as copy:
        live.backup(copy)  # pages=-1: one step, one read transaction, one consistent snapshot
        copy.execute("PRAGMA journal_mode = DELETE")  # a self-contained single file
        problems = copy.execute("PRAGMA quick_check").fetchone()[0]
        if problems != "ok":
            raise BackupError(f"the copied database fails its check: {problems}")
        runs = int(copy.execute("SELECT count(*) FROM runs").fetchone()[0])
    partial.replace(target)
    return runs


class _connect:
    """sqlite3.connect that closes on exit (sqlite3's own context manager only commits)."""

    def __init__(self, database: str, uri: bool = False) -> None:
        self.connection = sqlite3.connect(database, uri=uri, timeout=30)

    def __enter__(self) -> sqlite3.Connection:
        return self.connection

    def __exit__(self, *_exc: object) -> None:
        self.connection.close()


def copy_blobs(source: Path, target: Path) -> tuple[int, int]:
    """Copy blob files `target` lacks (same name, same bytes: they are content-addressed);
    (copied, total in target). Temp files of blobs still being written are skipped."""
    copied = total = 0
    for path in sorted(source.rglob("*")) if source.is_dir() else []:
        if not path.is_file() or path.name.startswith(_INCOMING_PREFIX):
            continue
        destination = target / path.relative_to(source)
        total += 1
        if destination.exists():
            continue
        if _copy_blob(path, destination):
            copied += 1
        else:
            total -= 1
    return copied, total


def _copy_blob(path: Path, destination: Path) -> bool:
    """False when the blob vanished meanwhile (a prune removed it as unreferenced)."""
    destination.parent.mkdir(parents=True, exist_ok=True)
    temp = destination.with_name(_INCOMING_PREFIX + destination.name)
    try:
        shutil.copyfile(path, temp)
    except FileNotFoundError:
        return False
    temp.replace(destination)  # never a half-copied blob under its final name
    return True
