"""How the harness talks to the worker: progress lines and the bundle on disk.

The harness imports torch and runs untrusted code, so it shares nothing with the worker
but files: a bundle directory (bundle.json plus traces and generated code) and JSON
progress lines on an inherited file descriptor. Standard library only: this package must
run on a GPU host that has torch and nothing else of ours installed.
"""

from __future__ import annotations

import gzip
import json
import os
import time
from pathlib import Path
from typing import Any

BUNDLE_SCHEMA_VERSION = 1
BUNDLE_FILE = "bundle.json"
# record_function label around the profiled call the analysis reads (the other is warm-up)
MEASURED_CALL = "kernelscope: measured call"

# The steps a user sees while a run is in progress, in order.
STEPS = (
    "starting",
    "loading snippet",
    "eager warm-up",
    "eager profile",
    "compiling",
    "checking outputs",  # the accounted compiled call, checked at once: no output outlives it
    "compiled profile",
    "timing",
    "writing results",
)


class Progress:
    """Writes one JSON line per step to a file descriptor the worker reads."""

    def __init__(self, fd: int | None) -> None:
        self._stream = os.fdopen(fd, "w", buffering=1) if fd is not None else None
        self._started = time.monotonic()

    def step(self, name: str, **extra: Any) -> None:
        if self._stream is None:
            return
        line = {"step": name, "elapsed_s": round(time.monotonic() - self._started, 3), **extra}
        try:
            self._stream.write(json.dumps(line) + "\n")
        except (BrokenPipeError, OSError):
            self._stream = None  # the worker stopped listening; keep running


class BundleWriter:
    """Collects the bundle document and writes its files into one directory."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        directory.mkdir(parents=True, exist_ok=True)
        self.document: dict[str, Any] = {"schema_version": BUNDLE_SCHEMA_VERSION}

    def add_file(self, name: str, data: bytes, *, compress: bool = False) -> str:
        if compress:
            data = gzip.compress(data, compresslevel=6)
            name += ".gz"
        (self.directory / name).write_bytes(data)
        return name

    def finish(self) -> None:
        path = self.directory / BUNDLE_FILE
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.document, default=str))
        os.replace(tmp, path)  # the worker never sees half a bundle
