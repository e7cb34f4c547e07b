"""Run one snippet in a harness process and turn however it ended into data.

The process is a spare started ahead of need (`spares.SpareKeeper`) or one started now
(`process.HarnessProcess`); either way it gets its own directory, a clean environment, a
wall-clock limit enforced on its whole process group, and capped output. It reports
progress on a pipe and leaves a bundle; a process that dies without one (segfault, hard
exit, killed) is still a stored result.

The limit counts from the moment the harness starts loading the snippet (`SnippetClock`):
what comes before, starting Python and importing torch, is ours, and on a busy host it
alone can take tens of seconds that a snippet's limit must not pay for. That part has a
bound of its own (the limit, and at least `STARTUP_S`), so a harness stuck before the
snippet is still stopped.
"""

from __future__ import annotations

import logging
import os
import selectors
import signal
import subprocess
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from backend.analysis.ncu import NcuKernel
from backend.harness.protocol import SNIPPET_STEP
from backend.result import ANALYSING_STEP, GpuProcess, Measurement
from backend.worker import device, preimports
from backend.worker.bundle import Bundle, BundleLimits, BundleRefused, load_bundle
from backend.worker.crash import describe_exit
from backend.worker.process import HarnessProcess, Job, ProcessGone, WorkerSetup
from backend.worker.progress import ProgressCallback, ProgressReader, StepClock

log = logging.getLogger(__name__)

# Lines the profiler itself prints to stderr; they are not the snippet's output.
NOISE_PREFIXES = ("USDT:",)
SELECT_S = 0.5  # how often a stop or the time limit is looked at while the snippet is silent
STARTUP_S = 120.0  # the least a harness is given to reach the snippet (a loaded host's imports)


# A run that took a parked spare (spares.py): its compile and first profile include the
# device's start, which a warm spare pays ahead of need. Said, so a user comparing runs
# knows why this one's first steps were slower.
PARKED_NOTE = (
    "This run's process had imported torch ahead of need but not yet started the device "
    "(every warm spare was taken: runs came back to back), so its first steps include the "
    "device's start."
)


@dataclass
class ChildRequest:
    job: Job
    setup: WorkerSetup
    name: str | None = None  # the work directory of a process started for this run
    # Set by the owner to stop the child early (cancel, server shutdown): raises ChildStopped.
    stop: threading.Event | None = None
    bundle_limits: BundleLimits = field(default_factory=BundleLimits)  # what is read back


class ChildStopped(Exception):
    """The child was killed because its owner asked (`ChildRequest.stop`), not by a limit."""


@dataclass
class ChildOutcome:
    status: str  # succeeded | failed | timed_out | crashed
    bundle: Bundle | None  # read back within its limits; None when refused or left none
    error: dict[str, Any] | None
    stdout: str
    stderr: str
    truncated: bool
    duration_s: float
    notes: list[str] = field(default_factory=list)  # how it ran, e.g. without a sandbox
    steps: StepClock = field(default_factory=StepClock)  # seconds per step, `analysing` last
    prewarm_s: float | None = None  # what its process spent getting ready before the snippet
    # other processes on the run's GPU while it ran (nvidia-smi); None: not asked or unknown
    gpu_processes: list[GpuProcess] | None = None
    # hardware measurements asked for (`Job.measure`): what came of each (worker/dram.py)
    measurements: list[Measurement] = field(default_factory=list)
    ncu_kernels: list[NcuKernel] | None = None  # the ncu pass's kernels, when it ran


class _Stream:
    def __init__(self, cap: int) -> None:
        self.kept = bytearray()
        self.total = 0
        self.cap = cap

    def add(self, chunk: bytes) -> None:
        self.total += len(chunk)
        room = self.cap - len(self.kept)
        if room > 0:
            self.kept += chunk[:room]

    def text(self) -> str:
        text = self.kept.decode(errors="replace")
        lines = [
            line for line in text.splitlines(keepends=True) if not line.startswith(NOISE_PREFIXES)
        ]
        text = "".join(lines)
        if self.total > self.cap:
            text += (
                f"\n[... output truncated: {self.total:,} bytes in all, first {self.cap:,} kept]\n"
            )
        return text


def run_child(
    request: ChildRequest,
    on_progress: ProgressCallback | None = None,
    spare: HarnessProcess | None = None,
) -> ChildOutcome:
    """Run the request's snippet in `spare` (one started with the same setup), else in a
    process started now. Whatever happens, nothing of the process is left afterwards."""
    steps = StepClock()
    process = _given(request, spare)
    try:
        with device.running_run(process.pid):  # for other slots' busy-GPU warnings
            outcome = _run(request, process, steps, on_progress)
    finally:
        process.close()  # nothing of the run survives it: processes, cgroup, uid, files
    outcome.notes += process.notes
    return outcome


def _given(request: ChildRequest, spare: HarnessProcess | None) -> HarnessProcess:
    """The process the snippet runs in, with its job sent."""
    if spare is not None:
        try:
            spare.send(request.job)
            return spare
        except ProcessGone as exc:  # died between the keeper's look and now: start afresh
            log.warning("%s; the run starts a process of its own", exc)
            spare.close()
    process = HarnessProcess(request.setup, request.name)
    try:
        process.send(request.job)
    except BaseException:
        process.close()
        raise
    return process


def _run(
    request: ChildRequest,
    process: HarnessProcess,
    steps: StepClock,
    on_progress: ProgressCallback | None,
) -> ChildOutcome:
    started = process.job_sent_at or time.monotonic()
    clock = SnippetClock(request.setup.limits.timeout_s, started)

    def step(name: str, elapsed_s: float) -> None:
        steps.enter(name)
        clock.passed(name)
        if on_progress is not None:
            on_progress(name, elapsed_s)

    limits = request.setup.limits
    streams = {name: _Stream(limits.output_cap_bytes) for name in ("stdout", "stderr")}
    progress = ProgressReader(step, key=process.progress_key)
    try:
        ended_by = _pump(process, streams, request, clock, progress)
        if ended_by == "timeout":
            _dump_stack(process)
    finally:
        process.stop()
    if ended_by == "stopped":  # the run stays at the step it was stopped in
        raise ChildStopped(f"stopped after {time.monotonic() - started:.1f} s")
    step(ANALYSING_STEP, time.monotonic() - started)  # the worker's part: read, analyse
    outcome = _outcome(request, process, ended_by, streams, started)
    if outcome.bundle is not None:  # what its snippet imported: spares may import it ahead
        preimports.LEARNER.saw(outcome.bundle.document.get("snippet_imports"))
    outcome.steps, outcome.prewarm_s = steps, process.prewarm_s
    if process.prewarm and process.prewarmed_device is False:
        outcome.notes.append(PARKED_NOTE)
    if (note := progress.note()) is not None:
        log.warning("run in %s: %s", process.name, note)
        outcome.notes.append(note)
    return outcome


class SnippetClock:
    """The run's time limit, counted from the harness's `loading snippet` step; until that
    step, from the job's arrival, bounded by the limit or `STARTUP_S`, whichever is longer.
    The snippet cannot move it: its own progress lines count only after the harness's (the
    reader keeps steps in order), and the step is taken once."""

    def __init__(self, limit_s: float, started: float) -> None:
        self.limit_s = limit_s
        self.counting_from = started
        self.snippet_started = False

    def passed(self, step: str) -> None:
        if step == SNIPPET_STEP and not self.snippet_started:
            self.snippet_started = True
            self.counting_from = time.monotonic()

    def remaining_s(self) -> float:
        bound = self.limit_s if self.snippet_started else max(self.limit_s, STARTUP_S)
        return bound - (time.monotonic() - self.counting_from)


def _pump(
    process: HarnessProcess,
    streams: dict[str, _Stream],
    request: ChildRequest,
    clock: SnippetClock,
    progress: ProgressReader,
) -> str | None:
    """Read output and progress until the child exits; returns why we stopped it, if we did."""
    child = process.process
    assert child is not None and child.stdout is not None and child.stderr is not None
    selector = selectors.DefaultSelector()
    selector.register(child.stdout, selectors.EVENT_READ, "stdout")
    selector.register(child.stderr, selectors.EVENT_READ, "stderr")
    selector.register(process.progress_fd, selectors.EVENT_READ, "progress")
    limits = request.setup.limits
    while selector.get_map():
        if request.stop is not None and request.stop.is_set():
            return "stopped"
        remaining = clock.remaining_s()
        if remaining <= 0:
            return "timeout"
        for key, _ in selector.select(timeout=min(remaining, SELECT_S)):
            chunk = os.read(key.fd, 65536)
            if not chunk:
                selector.unregister(key.fileobj)
            elif key.data == "progress":
                progress.feed(process.progress(chunk))
            else:
                streams[key.data].add(chunk)
        if sum(s.total for s in streams.values()) > limits.output_kill_bytes:
            return "output_limit"
    try:
        child.wait(timeout=max(0.1, clock.remaining_s()))
    except subprocess.TimeoutExpired:
        return "timeout"
    return None


def _dump_stack(process: HarnessProcess) -> None:
    """Ask the harness's faulthandler where the snippet is stuck, before killing it."""
    try:
        process.signal_run(signal.SIGUSR1)
        if process.process is not None:
            process.process.wait(timeout=1.0)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        pass


def _outcome(
    request: ChildRequest,
    process: HarnessProcess,
    ended_by: str | None,
    streams: dict[str, _Stream],
    started: float,
) -> ChildOutcome:
    bundle, refused = _read_bundle(process, request.bundle_limits, ended_by)
    returncode = process.exit_status()
    document = bundle.document if bundle is not None else None
    limits = request.setup.limits
    status, error = describe_exit(limits, process.workdir, returncode, ended_by, document)
    if refused is not None:  # what the run handed back is refused, however it ended
        status, error = "failed", refused.as_error()
    if process.sandbox is not None:
        status, error = process.sandbox.explain(status, error, returncode)
    return ChildOutcome(
        status=status,
        bundle=bundle,
        error=error,
        stdout=streams["stdout"].text(),
        stderr=streams["stderr"].text(),
        truncated=any(s.total > s.cap for s in streams.values()),
        duration_s=time.monotonic() - started,
    )


def _read_bundle(
    process: HarnessProcess, limits: BundleLimits, ended_by: str | None
) -> tuple[Bundle | None, BundleRefused | None]:
    """The bundle, read now, while the run's work directory (a tmpfs in the sandbox) is
    still there; or why it is refused. A run we stopped is not read at all."""
    if ended_by is not None:
        return None, None
    try:
        return load_bundle(process.bundle_dir, limits), None
    except BundleRefused as exc:
        log.warning("run in %s: bundle refused: %s", process.name, exc)
        return None, exc
