"""Reading a harness bundle from disk: the document, its two traces, and their analysis."""

from __future__ import annotations

import errno
import gzip
import json
import os
import stat
from pathlib import Path
from typing import Any

from backend.analysis.assemble import Analysis, analyse
from backend.harness.protocol import BUNDLE_FILE


def read_inside(directory: Path, name: str) -> bytes:
    """A regular file the child wrote into `directory` (its own), read without following
    a link. The snippet runs in the harness's process and can put anything there: a symlink
    to the database or to /proc/self/environ, which the worker (root, outside the sandbox)
    would read and store as an artifact, or a FIFO that would block it. OSError for anything
    but a regular file with a plain name, directly in `directory`."""
    if name in ("", ".", "..") or "/" in name or "\0" in name:
        raise OSError(errno.EINVAL, f"not a plain file name: {name!r}")
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC
    directory_fd = os.open(directory, flags | os.O_DIRECTORY)
    try:
        fd = os.open(name, flags | os.O_NONBLOCK, dir_fd=directory_fd)
    finally:
        os.close(directory_fd)
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise OSError(errno.EINVAL, f"{name} is not a regular file")
        return file.read()


def read_bundle(bundle_dir: Path) -> dict[str, Any] | None:
    """The bundle document, or None when the child left none (crashed, killed)."""
    try:
        document = json.loads(read_inside(bundle_dir, BUNDLE_FILE))
    except (OSError, ValueError):
        return None
    return document if isinstance(document, dict) else None


def read_trace(bundle_dir: Path, bundle: dict[str, Any], variant: str) -> dict[str, Any] | None:
    """A variant's Chrome trace as torch.profiler exported it (stored gzipped)."""
    name = (bundle.get(variant) or {}).get("trace")
    if not name:
        return None
    document = json.loads(gzip.decompress(read_inside(bundle_dir, name)))
    return document if isinstance(document, dict) else None


def analyse_bundle(bundle_dir: Path, bundle: dict[str, Any]) -> Analysis:
    traces = [read_trace(bundle_dir, bundle, variant) for variant in ("eager", "compiled")]
    return analyse(bundle, traces[0], traces[1])
