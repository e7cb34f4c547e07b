"""How the harness talks to the worker: the job, progress lines and the bundle on disk.

The harness imports torch and runs untrusted code, so it shares nothing with the worker
but files and pipes: a job (the snippet's size and compile mode; the snippet itself is a
file in the run's directory) read once from one pipe, JSON progress lines on another, and
a bundle directory (bundle.json plus traces and generated code). A process started ahead
of need (a spare) says it is ready with one line on the progress pipe before it reads its
job: nothing of a snippet has run in it then, so that line is the harness's own.
Standard library only: this package must run on a GPU host that has torch and nothing
else of ours installed.
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
# The folder of builds that depend on the host alone (on a CPU, Inductor's precompiled header
# and instruction-set checks; on a GPU, Kernelscope's own Triton kernels), made by the worker
# once per host (backend/harness/host_builds.py): each run links them into place.
HOST_BUILDS_ENV = "KERNELSCOPE_HOST_BUILDS"
# record_function label around the profiled call the analysis reads (the other is warm-up)
MEASURED_CALL = "kernelscope: measured call"

# The steps a user sees while a run is in progress, in order.
FURTHER_MODES_STEP = "further compile modes"
STEPS = (
    "starting",
    "loading snippet",
    "eager warm-up",
    "eager profile",
    "compiling",
    "checking outputs",  # the accounted compiled call, checked at once: no output outlives it
    "compiled profile",
    "timing",
    FURTHER_MODES_STEP,  # one step for them all: each compiles, checks, profiles, times
    "writing results",
)


MAX_JOB_BYTES = 4096  # a job is two small fields: it fits a pipe's buffer in one write
READY = "ready"


class JobError(ValueError):
    """The job pipe held something that is not a job."""


def encode_job(size: int | None, compile_mode: str) -> bytes:
    job = json.dumps({"size": size, "compile_mode": compile_mode}).encode()
    if len(job) > MAX_JOB_BYTES:
        raise JobError(f"a job must fit in {MAX_JOB_BYTES} bytes")
    return job


def read_job(fd: int) -> tuple[int | None, str] | None:
    """(size, compile mode) from the job pipe, read to its end; None when the worker closed
    the pipe without a job (it discarded this process, or died)."""
    data = b""
    while chunk := os.read(fd, MAX_JOB_BYTES + 1 - len(data)):
        data += chunk
        if len(data) > MAX_JOB_BYTES:
            raise JobError(f"the job is longer than {MAX_JOB_BYTES} bytes")
    os.close(fd)
    if not data:
        return None
    job = json.loads(data)
    size, mode = job.get("size"), job.get("compile_mode")
    if not (size is None or (isinstance(size, int) and size > 0)) or not isinstance(mode, str):
        raise JobError(f"not a job: {data[:200]!r}")
    return size, mode


def ready_line(prewarm_s: float | None, error: str | None = None) -> bytes:
    """What a harness process says, once, before it reads its job."""
    line: dict[str, Any] = {READY: True, "prewarm_s": None}
    if prewarm_s is not None:
        line["prewarm_s"] = round(prewarm_s, 3)
    if error is not None:
        line["error"] = error[:500]
    return (json.dumps(line) + "\n").encode()


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
