"""Saving a finished run's document: its files as blobs, its rows in one transaction.

`Store.save_result` and `Store.save_within_quota` (`backend.store.repository`) are the API;
here is how a save goes: blobs first and outside the transaction (a row never points at a
missing file), the owner's and the instance's quotas checked inside it, the run's previous
children replaced, and the files a failed save or a replaced document leaves unreferenced
released. A run past its quota is stored as failed instead (`quota_failure`).
"""

from sqlalchemy import Engine, delete
from sqlmodel import Session, col

from backend import result as doc
from backend.store import artifacts, children, mapping
from backend.store.artifacts import artifact_shas
from backend.store.blobs import BlobStore
from backend.store.db import gc_paused, write_session
from backend.store.models import Artifact, RoundTrip, Run, Variant
from backend.store.quota import BlobQuota, QuotaExceeded, row_bytes_of

# (kind, name, data, content_type), e.g. ("eager_trace", "eager.json", b"...", "application/json")
ArtifactInput = tuple[str, str, bytes, str]


def save_result(
    engine: Engine,
    blobs: BlobStore,
    quota: BlobQuota,
    result: doc.RunResult,
    code: str,
    files: list[ArtifactInput],
    within_quota: bool,
) -> None:
    """Store a finished document in one transaction, replacing the run's previous children
    and releasing the files they alone held (`Store.save_result` says the rest)."""
    keys = [(kind, name) for kind, name, _, _ in files]
    if len(set(keys)) != len(keys):
        raise ValueError(f"duplicate artifact (kind, name) in {keys}")
    put: set[str] = set()
    try:
        with blobs.keeping():
            # Blobs first and outside the transaction: a row never points at a missing
            # file, and the write lock is not held while megabytes are hashed and fsynced.
            artifact_rows = [
                Artifact(
                    run_id=result.id,
                    kind=kind,
                    name=name,
                    sha256=_note(put, blobs.put(data)),
                    size_bytes=len(data),
                    content_type=content_type,
                )
                for kind, name, data, content_type in files
            ]
            rows = row_bytes_of(result, code)
            with gc_paused(), write_session(engine) as session:
                if within_quota:
                    _check_quota(quota, session, result.id, artifact_rows, rows)
                replaced = set(artifact_shas(session, [result.id]))
                _upsert_run(session, result, code, rows)
                for table in (Variant, RoundTrip, Artifact):  # kernels, transfers cascade
                    session.exec(delete(table).where(col(table.run_id) == result.id))
                children.insert_children(session.connection(), result)
                session.add_all(artifact_rows)
    except BaseException:
        artifacts.release_blobs(engine, blobs, put)  # a save that failed leaves no file behind
        raise
    # a run saved again (a retry) drops its old files
    artifacts.release_blobs(engine, blobs, replaced - put)


def quota_failure(result: doc.RunResult, exc: QuotaExceeded) -> doc.RunResult:
    """The run as failed with the quota's message: what it printed kept, nothing of its
    analysis or files."""
    message = f"The run finished; its traces and code were not stored. {exc}"
    error = doc.ErrorInfo(kind="storage_quota", message=message)
    return doc.RunResult(
        id=result.id,
        status="failed",
        error=error,
        title=result.title,
        created_at=result.created_at,
        finished_at=result.finished_at,
        code_sha256=result.code_sha256,
        size=result.size,
        sweep_id=result.sweep_id,
        notes=result.notes,
        device=result.device,
        versions=result.versions,
        output=result.output,
        duration_s=result.duration_s,
        step_seconds=result.step_seconds,
    )


def _check_quota(
    quota: BlobQuota, session: Session, run_id: str, rows_of: list[Artifact], rows: int
) -> None:
    run = session.get(Run, run_id)
    owner_id = run.owner_id if run is not None else None
    try:
        files = [(row.sha256, row.size_bytes) for row in rows_of]
        quota.check_save(session, run_id, owner_id, files, rows)
    except QuotaExceeded as exc:
        raise quota.refused(exc, "store") from None


def _note(found: set[str], sha: str) -> str:
    found.add(sha)
    return sha


def _upsert_run(session: Session, result: doc.RunResult, code: str, rows: int) -> None:
    columns = {**mapping.run_columns(result), "code": code, "row_bytes": rows}
    run = session.get(Run, result.id)
    if run is None:
        # A result for a run this store never queued (e.g. imported): take its compile mode.
        mode = result.compile.mode if result.compile is not None else "default"
        run = Run(id=result.id, compile_mode=mode, **columns)
    else:
        run.sqlmodel_update(columns)
    session.add(run)
    session.flush()  # the run row must exist before children reference it
