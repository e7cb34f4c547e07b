"""How the harness talks to the worker: the job, progress lines and the bundle on disk.

The harness imports torch and runs untrusted code, so it shares nothing with the worker
but files and pipes: a job (the snippet's size and compile mode; the snippet itself is a
file in the run's directory) read once from one pipe, JSON progress lines on another, and
a bundle directory (bundle.json plus traces and generated code). A process started ahead
of need (a spare) says it is ready with one line on the progress pipe before it reads its
job: nothing of a snippet has run in it then, so that line is the harness's own. A spare
kept parked (warm on the host only) gets a WARM_DEVICE line on the job pipe before its
job when its worker wants it warm on the device; if its job comes first, it says it is
ready (not on the device) and runs it.
Standard library only: this package must run on a GPU host that has torch and nothing
else of ours installed.
"""

from __future__ import annotations

import bisect
import gzip
import json
import math
import os
import re
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

BUNDLE_SCHEMA_VERSION = 1
BUNDLE_FILE = "bundle.json"
# The folder of builds that depend on the host alone (on a CPU, Inductor's precompiled header
# and instruction-set checks; on a GPU, Kernelscope's own Triton kernels), made by the worker
# once per host (backend/harness/host_builds.py): each run links them into place.
HOST_BUILDS_ENV = "KERNELSCOPE_HOST_BUILDS"
# record_function label around each profiled call the analysis reads (not the warm-up's)
MEASURED_CALL = "kernelscope: measured call"
# What the device itself ran, in a trace: each launched by a runtime call on a CPU thread.
DEVICE_KERNEL_CATS = frozenset({"kernel", "gpu_memcpy", "gpu_memset"})

# The steps a user sees while a run is in progress, in order.
FURTHER_MODES_STEP = "further compile modes"
# Taken just before the snippet's own code runs: the worker's time limit counts from it.
SNIPPET_STEP = "loading snippet"
STEPS = (
    "starting",
    SNIPPET_STEP,
    "eager warm-up",
    "eager profile",
    "compiling",
    "checking outputs",  # the accounted compiled call, checked at once: no output outlives it
    "compiled profile",
    "timing",
    FURTHER_MODES_STEP,  # one step for them all: each compiles, checks, profiles, times
    "writing results",
)


# Installed packages a warm spare imports ahead of need (harness/imports.py), comma-separated
# top-level names, each a Python identifier; at most MAX_PACKAGES.
PREIMPORT_ENV = "KERNELSCOPE_PREIMPORT"
PACKAGE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}\Z")
MAX_PACKAGES = 32

MAX_JOB_BYTES = 4096  # a message is a few small fields: it fits a pipe's buffer in one write
READY = "ready"
# A parked spare (warm on the host, no device context yet) is told to warm the device with
# this line before its job; the job itself is the pipe's last message, ended by its close.
WARM_DEVICE = "warm_device"


class JobError(ValueError):
    """The job pipe held something that is not a job."""


def encode_job(size: int | None, compile_mode: str, progress_key: str | None = None) -> bytes:
    """`progress_key`: a secret the harness puts in each progress line. The snippet can
    write to the progress pipe (its number is in `sys.argv`), but the key arrives here,
    read before the snippet loads, so a line the snippet prints cannot pass for a step."""
    fields = {"size": size, "compile_mode": compile_mode}
    if progress_key is not None:
        fields["progress_key"] = progress_key
    job = json.dumps(fields).encode()
    if len(job) > MAX_JOB_BYTES:
        raise JobError(f"a job must fit in {MAX_JOB_BYTES} bytes")
    return job


def encode_warm_device() -> bytes:
    return (json.dumps({WARM_DEVICE: True}) + "\n").encode()


class JobPipe:
    """The messages on a harness process's job pipe, in order: at most one WARM_DEVICE
    line, then one job (closed by the worker after it). Bounded: the worker is trusted, but
    a message longer than MAX_JOB_BYTES is still an error, never a growing buffer."""

    def __init__(self, fd: int) -> None:
        self._fd: int | None = fd
        self._data = b""
        self.progress_key: str | None = None  # the job's, once it is read

    def next(self) -> tuple[int | None, str] | str | None:
        """WARM_DEVICE, a job (size, compile mode), or None once the worker closed the pipe
        with nothing more (it discarded this process, or died)."""
        message = self._next_bytes()
        if not message:
            return None
        said = json.loads(message)
        if isinstance(said, dict) and said.get(WARM_DEVICE) is True:
            return WARM_DEVICE
        job = _job(said, message)
        key = said.get("progress_key")
        self.progress_key = key if isinstance(key, str) else None
        return job

    def _next_bytes(self) -> bytes:
        """The next non-blank line, or what is left once the pipe is closed (b"": nothing)."""
        while True:
            line, newline, rest = self._data.partition(b"\n")
            if newline or self._fd is None:
                self._data = rest
                if len(line) > MAX_JOB_BYTES:
                    raise JobError(f"a message on the job pipe is over {MAX_JOB_BYTES} bytes")
                if line.strip() or not newline:
                    return line.strip()
                continue  # a blank line: nothing to act on
            if len(self._data) > MAX_JOB_BYTES:
                raise JobError(f"a message on the job pipe is over {MAX_JOB_BYTES} bytes")
            chunk = os.read(self._fd, MAX_JOB_BYTES + 1)
            self._data += chunk
            if not chunk:
                os.close(self._fd)
                self._fd = None


def _job(said: object, raw: bytes) -> tuple[int | None, str]:
    size = said.get("size") if isinstance(said, dict) else None
    mode = said.get("compile_mode") if isinstance(said, dict) else None
    if not (size is None or (isinstance(size, int) and size > 0)) or not isinstance(mode, str):
        raise JobError(f"not a job: {raw[:200]!r}")
    return size, mode


def ready_line(
    prewarm_s: float | None, error: str | None = None, *, on_device: bool = True
) -> bytes:
    """What a harness process says, once, before it runs its job: ready, after how long a
    pre-warm, and whether that warmed the device too (a parked spare's job came first)."""
    line: dict[str, Any] = {READY: True, "prewarm_s": None, "on_device": on_device}
    if prewarm_s is not None:
        line["prewarm_s"] = round(prewarm_s, 3)
    if error is not None:
        line["error"] = error[:500]
    return (json.dumps(line) + "\n").encode()


class Progress:
    """Writes one JSON line per step to a file descriptor the worker reads."""

    def __init__(self, fd: int | None, key: str | None = None) -> None:
        self._stream = os.fdopen(fd, "w", buffering=1) if fd is not None else None
        self._started = time.monotonic()
        self._key = key  # the job's progress key: what tells the worker a line is ours

    def step(self, name: str, **extra: Any) -> None:
        if self._stream is None:
            return
        line = {"step": name, "elapsed_s": round(time.monotonic() - self._started, 3), **extra}
        if self._key is not None:
            line["key"] = self._key
        try:
            self._stream.write(json.dumps(line) + "\n")
        except (BrokenPipeError, OSError):
            self._stream = None  # the worker stopped listening; keep running

    def close(self) -> None:
        """For tests: the harness itself ends with os._exit, which closes everything."""
        if self._stream is not None:
            self._stream.close()
            self._stream = None


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


def json_values(text: bytes | bytearray | str) -> int:
    """An upper bound on the values `json.loads(text)` creates: each is an element after a
    comma, or an array or object, or the first. Counted in C, before any is created. The
    worker holds a bundle to it; the harness fits its traces by it (trace_fit.py)."""
    if isinstance(text, str):
        return text.count(",") + text.count("[") + text.count("{") + 1
    return text.count(b",") + text.count(b"[") + text.count(b"{") + 1


# ---- measured calls in a trace: the harness cuts a trace by this rule, the analysis reads it


def is_call_mark(event: Any) -> bool:
    return (
        isinstance(event, Mapping)
        and event.get("name") == MEASURED_CALL
        and event.get("cat") == "user_annotation"
    )


def call_marks(events: Iterable[Any]) -> list[tuple[float, float]]:
    """(start, end) of each measured call's mark, in time order; an end never written is inf."""
    return sorted(
        (float(e["ts"]), float(e["ts"]) + float(e["dur"]) if e.get("dur") else math.inf)
        for e in events
        if is_call_mark(e)
    )


def by_call(
    events: Iterable[Any], marks: list[tuple[float, float]]
) -> tuple[list[Any], list[list[Any]]]:
    """Metadata (events without a time) and each measured call's events, marks included;
    events outside every call (the warm-up, inputs rebuilt between calls) go."""
    metadata: list[Any] = []
    calls: list[list[Any]] = [[] for _ in marks]
    for event in events:
        if not isinstance(event, Mapping):
            continue
        where = _call_of(event, marks)
        if where is None:
            metadata.append(event)
        elif where >= 0:
            calls[where].append(event)
    return metadata, calls


def _call_of(event: Mapping[str, Any], marks: list[tuple[float, float]]) -> int | None:
    """The index of the call whose mark holds the event; -1 outside every mark (the warm-up
    call, inputs rebuilt between calls); None for events without a time (metadata)."""
    ts = event.get("ts")
    if ts is None or event.get("ph") == "M":
        return None
    try:
        at = float(ts)
    except (TypeError, ValueError):
        return None
    where = bisect.bisect_right(marks, (at, math.inf)) - 1  # the last mark started by then
    return where if where >= 0 and at <= marks[where][1] else -1
