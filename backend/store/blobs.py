"""Content-addressed files for large artifacts (Chrome traces, generated code).

SQLite stays small and fast when multi-megabyte traces live outside it; addressing by
sha256 makes writes idempotent and lets identical files share one copy.
"""

import hashlib
import os
import re
import tempfile
from collections.abc import Iterable
from functools import partial
from pathlib import Path

_SHA256 = re.compile(r"[0-9a-f]{64}")
_CHUNK_BYTES = 1 << 20


class BlobStore:
    """Files under `root/ab/cdef...`, named by the sha256 of their bytes."""

    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)

    def path_for(self, sha: str) -> Path:
        """Where blob `sha` lives. ValueError for anything but 64 lowercase hex digits, so
        a crafted value (`../../etc/passwd`) can never name a path outside root."""
        if not _SHA256.fullmatch(sha):
            raise ValueError(f"not a sha256 hex digest: {sha!r}")
        return self.root / sha[:2] / sha[2:]

    def exists(self, sha: str) -> bool:
        return self.path_for(sha).is_file()

    def get(self, sha: str) -> bytes:
        """The blob's bytes; FileNotFoundError when it was never stored."""
        return self.path_for(sha).read_bytes()

    def put(self, data: bytes) -> str:
        """Store `data` (once) and return its sha256."""
        sha = hashlib.sha256(data).hexdigest()
        return sha if self._touch(sha) else self._ingest([data])

    def _touch(self, sha: str) -> bool:
        """Mark an existing blob as just used; False when there is none. Retention's blob GC
        only deletes files untouched for an hour, so a blob being referenced again by a run
        that is being saved right now is never collected in between."""
        try:
            os.utime(self.path_for(sha))
        except FileNotFoundError:
            return False
        return True

    def put_file(self, path: Path) -> str:
        """Store a file's contents and return their sha256, streamed: traces can be large."""
        with path.open("rb") as source:
            return self._ingest(iter(partial(source.read, _CHUNK_BYTES), b""))

    def _ingest(self, chunks: Iterable[bytes]) -> str:
        # Write to a temp file in the same directory tree, then rename: a reader never
        # sees a half-written blob, and a crash leaves only a stray `.incoming-*` file.
        digest = hashlib.sha256()
        fd, temp_name = tempfile.mkstemp(dir=self.root, prefix=".incoming-")
        temp = Path(temp_name)
        try:
            with os.fdopen(fd, "wb") as handle:
                for chunk in chunks:
                    digest.update(chunk)
                    handle.write(chunk)
                handle.flush()
                os.fsync(handle.fileno())  # on disk before a database row points at it
            sha = digest.hexdigest()
            final = self.path_for(sha)
            final.parent.mkdir(exist_ok=True)
            os.replace(temp, final)  # same bytes if it already exists: replacing is harmless
        finally:
            temp.unlink(missing_ok=True)
        return sha
