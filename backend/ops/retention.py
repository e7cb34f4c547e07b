"""Retention: delete finished runs older than `retention_days`, then the blob files no
remaining artifact references (traces and generated code are shared by content).

Runs go in batches, each its own write transaction, so a large prune never holds the
write lock for long (kernels and transfers cascade). Blob GC is safe against a run being
saved at the same moment: `Store.save_result` writes (or touches) its blobs before it
inserts the rows that reference them, and GC only deletes files older than `BLOB_GRACE_S`.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from backend.store.operations import delete_runs, expired_runs, referenced_blobs
from backend.store.repository import Store

log = logging.getLogger(__name__)
BATCH_RUNS = 200
# Far longer than any save_result takes between writing a blob and committing its row.
BLOB_GRACE_S = 3600.0
PRUNE_EVERY_S = 3600.0
_INCOMING_PREFIX = ".incoming-"  # BlobStore's temp files; a crash can leave one behind


@dataclass
class PruneReport:
    cutoff: datetime  # runs that finished before this went (or would go)
    run_ids: list[str]  # the runs deleted (dry run: that would be)
    blob_count: int  # blob files deleted (dry run: unreferenced once those runs are gone)
    blob_bytes: int
    dry_run: bool

    def describe(self) -> str:
        verb = "would delete" if self.dry_run else "deleted"
        return (
            f"{verb} {len(self.run_ids)} run(s) finished before {self.cutoff:%Y-%m-%d %H:%M} UTC "
            f"and {self.blob_count} unreferenced blob(s), {self.blob_bytes / 1e6:.1f} MB"
        )


def prune(
    store: Store, older_than_days: float, *, dry_run: bool = False, now: datetime | None = None
) -> PruneReport:
    """Delete finished runs older than `older_than_days` and every blob left unreferenced."""
    cutoff = (now or datetime.now(UTC)) - timedelta(days=older_than_days)
    run_ids = expired_runs(store, cutoff)
    if dry_run:
        blobs = unreferenced_blobs(store, ignoring_runs=set(run_ids))
        size = sum(path.stat().st_size for path in blobs)
        return PruneReport(cutoff, run_ids, len(blobs), size, dry_run=True)
    for start in range(0, len(run_ids), BATCH_RUNS):
        delete_runs(store, run_ids[start : start + BATCH_RUNS])
    count, size = collect_blobs(store)
    report = PruneReport(cutoff, run_ids, count, size, dry_run=False)
    if run_ids or count:
        log.info("retention: %s", report.describe())
    return report


def _blob_files(root: Path) -> Iterator[Path]:
    """Every file under the blob root: blobs at root/ab/cdef..., temp files at the top."""
    for path in root.rglob("*"):
        if path.is_file():
            yield path


def _sha_of(root: Path, path: Path) -> str | None:
    parts = path.relative_to(root).parts
    return parts[0] + parts[1] if len(parts) == 2 else None


def unreferenced_blobs(store: Store, ignoring_runs: set[str] | None = None) -> list[Path]:
    """Blob files older than the grace period that no artifact row points at. The listing
    is taken before the references are read: a blob saved in between is too young."""
    root = store.blobs.root
    too_young = time.time() - BLOB_GRACE_S
    candidates = [path for path in _blob_files(root) if path.stat().st_mtime < too_young]
    keep = referenced_blobs(store, ignoring_runs)
    return [path for path in candidates if _sha_of(root, path) not in keep]


def collect_blobs(store: Store) -> tuple[int, int]:
    """Delete unreferenced blob files (and stale temp files); (count, bytes) freed."""
    count = size = 0
    for path in unreferenced_blobs(store):
        try:
            freed = path.stat().st_size
            path.unlink()
        except FileNotFoundError:  # another prune got there first
            continue
        count, size = count + 1, size + freed
    return count, size


class RetentionTask:
    """Prunes in a background thread: once at start, then every `every_s` seconds."""

    def __init__(
        self,
        store: Store,
        retention_days: float,
        forget: Callable[[str], None] | None = None,
        every_s: float = PRUNE_EVERY_S,
    ) -> None:
        self.store = store
        self.retention_days = retention_days
        self.forget = forget  # told each deleted run id (the API's cache of results)
        self.every_s = every_s
        self.last_report: PruneReport | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._loop, name="kernelscope-retention")
        self._thread.start()

    def stop(self, timeout_s: float = 30.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout_s)

    def _prune_once(self) -> None:
        self.last_report = prune(self.store, self.retention_days)
        if self.forget is not None:
            for run_id in self.last_report.run_ids:
                self.forget(run_id)

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                self._prune_once()
            except Exception:  # a failed prune must not stop the next one, nor the server
                log.exception("retention: prune failed; trying again in %.0f s", self.every_s)
            self._stop.wait(self.every_s)
