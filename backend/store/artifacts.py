"""A run's artifacts: the files (traces, generated code) its rows point at in the
content-addressed `BlobStore`, listed, read and released when no row needs them.
"""

import logging

from pydantic import BaseModel
from sqlalchemy import Engine
from sqlmodel import Session, col, select

from backend.store.blobs import BlobStore
from backend.store.db import read_session
from backend.store.models import Artifact

log = logging.getLogger(__name__)


class ArtifactInfo(BaseModel):
    kind: str
    name: str
    sha256: str
    size_bytes: int
    content_type: str


def list_artifacts(engine: Engine, run_id: str) -> list[ArtifactInfo]:
    query = select(Artifact).where(Artifact.run_id == run_id).order_by(col(Artifact.id))
    with read_session(engine) as session:
        return [ArtifactInfo.model_validate(row.model_dump()) for row in session.exec(query)]


def artifact_bytes(
    engine: Engine, blobs: BlobStore, run_id: str, kind: str, name: str
) -> bytes | None:
    """An artifact's bytes, or None when the run has no such artifact."""
    query = select(Artifact.sha256).where(
        Artifact.run_id == run_id, Artifact.kind == kind, Artifact.name == name
    )
    with read_session(engine) as session:
        sha = session.exec(query).first()
    return None if sha is None else blobs.get(sha)


def release_blobs(engine: Engine, blobs: BlobStore, shas: set[str]) -> int:
    """Delete the blob files of `shas` that no artifact references (any more): those of
    a deleted run, of a failed save, of replaced artifacts. The bytes freed.

    Exclusive against `BlobStore.keeping()`: a save of the same content that has put its
    blob but not committed its row yet is waited for, so its row is seen; a save that
    starts later writes the blob afresh (`put` finds it gone)."""
    if not shas:
        return 0
    with blobs.releasing() as locked:
        if not locked:  # a long backup: `kernelscope prune` collects them later
            log.warning("blobs of a deleted run kept for the next prune: the lock is busy")
            return 0
        query = select(Artifact.sha256).where(col(Artifact.sha256).in_(shas))
        with read_session(engine) as session:
            kept = set(session.exec(query))
        return sum(blobs.delete(sha) for sha in sorted(shas - kept))


def artifact_shas(session: Session, run_ids: list[str]) -> list[str]:
    query = select(Artifact.sha256).where(col(Artifact.run_id).in_(run_ids))
    return list(session.exec(query))
