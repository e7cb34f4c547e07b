"""The remote worker's spool: each report on disk, one tar, until the API acknowledges it,
so a result finished while the API is away is delivered when it is back, even after the
worker restarts."""

from __future__ import annotations

import io
import os
import tarfile
import time
from pathlib import Path

from backend.result import RunResult
from backend.store.repository import ArtifactInput
from backend.worker_protocol import REPORT_FILE, RESULT_FILE, ArtifactEntry, Report, RunBeat


class Spool:
    """Reports waiting for the API, one tar each: `<run id>.<attempt>.tar`."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        directory.mkdir(parents=True, exist_ok=True)

    def put(
        self,
        report: Report,
        run_id: str,
        result: RunResult | None = None,
        artifacts: list[ArtifactInput] | None = None,
    ) -> Path:
        entries = [
            ArtifactEntry(kind=kind, name=name, content_type=ctype, member=f"artifacts/{i}")
            for i, (kind, name, _, ctype) in enumerate(artifacts or [])
        ]
        report = report.model_copy(update={"artifacts": entries})
        path = self.directory / f"{run_id}.{report.attempt}.tar"
        partial = path.with_suffix(".partial")
        with tarfile.open(partial, "w") as tar:
            _add(tar, REPORT_FILE, report.model_dump_json().encode())
            if result is not None:
                _add(tar, RESULT_FILE, result.model_dump_json().encode())
            for entry, (_, _, data, _) in zip(entries, artifacts or [], strict=True):
                _add(tar, entry.member, data)
        with partial.open("rb") as written:
            os.fsync(written.fileno())  # on disk before it counts as kept
        partial.replace(path)
        return path

    def pending(self) -> list[Path]:
        return sorted(self.directory.glob("*.tar"), key=lambda path: path.stat().st_mtime)

    def beats(self) -> list[RunBeat]:
        """The runs whose reports wait here: the API must not give them up meanwhile."""
        found = []
        for path in self.pending():
            run_id, _, attempt = path.stem.rpartition(".")
            if attempt.isdigit():
                found.append(RunBeat(run_id=run_id, attempt=int(attempt)))
        return found


def _add(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size, info.mtime = len(data), int(time.time())
    tar.addfile(info, io.BytesIO(data))
