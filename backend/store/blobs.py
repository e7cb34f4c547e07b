"""Content-addressed files for large artifacts (Chrome traces, generated code).

SQLite stays small and fast when multi-megabyte traces live outside it; addressing by
sha256 makes writes idempotent and lets identical files share one copy.

A blob is shared by content, so it can only go when no run references it, and a run being
saved may be about to reference it: `keeping()` (shared) is held from a save's first `put`
to its commit (and by a backup while it copies), `releasing()` (exclusive) while references
are checked and files deleted. A file lock next to the root (`blobs.lock`: inside it, it
would look like a stray file to the blob listings), so it holds across threads and
processes (the server, `kernelscope run` and `kernelscope backup` on one data directory).
"""

import fcntl
import hashlib
import os
import re
import tempfile
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

_SHA256 = re.compile(r"[0-9a-f]{64}")
_CHUNK_BYTES = 1 << 20
RELEASE_WAIT_S = 10.0  # saves hold `keeping()` for seconds; a backup for longer


def _lock_within(fd: int, wait_s: float) -> bool:
    deadline = time.monotonic() + wait_s
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.02)


class BlobStore:
    """Files under `root/ab/cdef...`, named by the sha256 of their bytes."""

    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)
        self.lock_path = root.with_name(root.name + ".lock")

    def path_for(self, sha: str) -> Path:
        """Where blob `sha` lives. ValueError for anything but 64 lowercase hex digits, so
        a crafted value (`../../etc/passwd`) can never name a path outside root."""
        if not _SHA256.fullmatch(sha):
            raise ValueError(f"not a sha256 hex digest: {sha!r}")
        return self.root / sha[:2] / sha[2:]

    @contextmanager
    def keeping(self) -> Iterator[None]:
        """Held while no blob may go: by a save from its first `put` to its commit, by a
        backup from its database snapshot to the end of its copy. Shared: holders never
        wait for each other, only `releasing()` waits for them."""
        with self._locked(fcntl.LOCK_SH):
            yield

    @contextmanager
    def releasing(self, wait_s: float | None = None) -> Iterator[bool]:
        """Held while deciding which blobs are unreferenced and deleting them: no holder of
        `keeping()` is between its `put` and its commit meanwhile. Yields False when the
        lock was not had within `wait_s` (a long backup): leave the files to the next
        `kernelscope prune`, rather than keep a request waiting."""
        fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            yield _lock_within(fd, RELEASE_WAIT_S if wait_s is None else wait_s)
        finally:
            os.close(fd)  # releases the lock

    @contextmanager
    def _locked(self, mode: int) -> Iterator[None]:
        # One open file per holder: flock conflicts between open files, threads included.
        fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, mode)
            yield
        finally:
            os.close(fd)  # releases the lock

    def delete(self, sha: str) -> int:
        """Delete blob `sha` (under `releasing()`); the bytes freed, 0 when it was not there."""
        path = self.path_for(sha)
        try:
            size = path.stat().st_size
            path.unlink()
        except FileNotFoundError:
            return 0
        return size

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
