"""Measured DRAM bytes on request (`measure: ["dram"]`): one more pass of both variants
under Nsight Compute, after the run, in a process of its own.

The pass is `ncu --csv --nvtx ... python -m backend.harness --ncu-pass`: the harness runs
the eager call and the compiled call once each inside NVTX ranges "EAGER" and "COMPILED"
(backend/harness/ncu_pass.py) and ncu prints one CSV row per kernel and metric. Like the
run itself it is bounded: the run's time limit, and caps on what is read back (ncu's CSV
is the run's output: parsed within limits, its numbers checked before they are kept).

It runs only where it can say something true: a run that succeeded on a CUDA device, on a
worker with `ncu` on its PATH. The snippet never runs outside the sandbox when the sandbox
is on: under it, the pass is not run yet (the run says so). Every other way it ends (no
permission to the counters, a timeout, a failed pass) is a `Measurement` saying why.
"""

from __future__ import annotations

import contextlib
import logging
import os
import selectors
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass

from backend.analysis.ncu import NcuKernel, parse_ncu_csv
from backend.limits import RunLimits
from backend.result import ANALYSING_STEP, DRAM_STEP, MeasureKind, Measurement
from backend.worker import sandbox
from backend.worker.child import ChildOutcome, ChildStopped
from backend.worker.process import SNIPPET_FILE, Job, WorkerSetup, harness_env
from backend.worker.progress import ProgressCallback, StepClock

log = logging.getLogger(__name__)

DRAM: MeasureKind = "dram"
METRICS = "dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum"
NVTX_INCLUDE = ("EAGER/", "COMPILED/")  # only the measured calls are profiled
MAX_CSV_BYTES = 16 * 1024 * 1024  # ncu's CSV (about 1.5 kB per kernel and metric)
MAX_STDERR_BYTES = 64 * 1024  # kept to say why a pass failed
MAX_KERNELS = 50_000  # profiled kernels kept from one pass
PERMISSION_ERROR = "ERR_NVGPUCTRPERM"
SELECT_S = 0.5


@dataclass
class DramPass:
    """What the pass gave: the measurement to record, and ncu's kernels when it ran."""

    measurement: Measurement
    kernels: list[NcuKernel] | None = None


def sandbox_in_effect(limits: RunLimits) -> bool:
    """Would a snippet of this worker run sandboxed? (`auto` falls back to none only
    where bubblewrap cannot work, as `open_sandbox` does.)"""
    if limits.sandbox == "none":
        return False
    return limits.sandbox == "bwrap" or sandbox.probe() is None


def _not(cause: str, reason: str) -> DramPass:
    return DramPass(Measurement(kind=DRAM, measured=False, cause=cause, reason=reason))


def measure_dram(
    job: Job,
    setup: WorkerSetup,
    outcome: ChildOutcome,
    *,
    name: str | None = None,
    steps: StepClock | None = None,
    stop: threading.Event | None = None,
    on_progress: ProgressCallback | None = None,
) -> DramPass:
    """The pass, when it can run; else why not. ChildStopped when `stop` is set meanwhile."""
    if outcome.status != "succeeded" or outcome.bundle is None:
        return _not("run_failed", "not measured: the run did not succeed")
    device = outcome.bundle.document.get("device")
    if not isinstance(device, dict) or device.get("type") != "cuda":
        return _not(
            "cpu_device",
            "not measured: the run ran on the CPU; DRAM bytes are measured on a CUDA GPU "
            "with Nsight Compute",
        )
    ncu = shutil.which("ncu")
    if ncu is None:
        return _not(
            "ncu_missing",
            "not measured: Nsight Compute (`ncu`) is not installed on this worker (not on "
            "its PATH)",
        )
    if sandbox_in_effect(setup.limits):
        return _not(
            "sandbox",
            "not available under the sandbox yet: the ncu pass would run the snippet "
            "outside bubblewrap, so it was not run (a worker started with --sandbox none "
            "can measure)",
        )
    if steps is not None:
        steps.enter(DRAM_STEP)
    if on_progress is not None:
        on_progress(DRAM_STEP, outcome.duration_s)
    started = time.monotonic()
    try:
        found = _run_pass(ncu, job, setup, name or "run", stop)
    finally:
        if steps is not None:
            steps.enter(ANALYSING_STEP)
    found.measurement.seconds = round(time.monotonic() - started, 3)
    return found


def _command(ncu: str, job: Job, setup: WorkerSetup, snippet: str) -> list[str]:
    command = [ncu, "--csv", "--nvtx"]
    for range_name in NVTX_INCLUDE:
        command += ["--nvtx-include", range_name]
    command += ["--clock-control", "none", "--metrics", METRICS, "--target-processes", "all"]
    command += [sys.executable, "-m", "backend.harness", "--ncu-pass", "--snippet", snippet]
    command += ["--bundle", "ncu-bundle", "--device", "cuda"]
    # the pass measures `variants.compiled`: the first of the job's comma-separated modes
    first_mode = job.compile_mode.split(",")[0].strip() or "default"
    # no --parent-pid: the pass's parent is ncu, not this worker (it would exit at once)
    command += ["--compile-mode", first_mode]
    if job.size is not None:
        command += ["--size", str(job.size)]
    return command


def _run_pass(
    ncu: str, job: Job, setup: WorkerSetup, name: str, stop: threading.Event | None
) -> DramPass:
    workdir = setup.work_root / f"{name}-ncu"
    shutil.rmtree(workdir, ignore_errors=True)
    (workdir / "cwd").mkdir(parents=True)
    try:
        snippet = workdir / SNIPPET_FILE
        snippet.write_text(job.code)
        process = subprocess.Popen(
            _command(ncu, job, setup, str(snippet)),
            cwd=workdir / "cwd",
            env=harness_env(setup, workdir, sandboxed=False),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,  # its own process group: one kill stops ncu and the run
        )
        try:
            ended_by, out, err = _pump(process, setup.limits.timeout_s, stop)
        finally:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    if ended_by == "stopped":
        raise ChildStopped("stopped while measuring DRAM bytes")
    return _read(ended_by, process.returncode, out, err, setup.limits.timeout_s)


def _pump(
    process: subprocess.Popen[bytes], timeout_s: float, stop: threading.Event | None
) -> tuple[str | None, bytes, bytes]:
    """ncu's stdout (its CSV) and stderr, within their caps, until it exits; and why we
    stopped it, if we did."""
    assert process.stdout is not None and process.stderr is not None
    kept = {"stdout": bytearray(), "stderr": bytearray()}
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ, "stdout")
    selector.register(process.stderr, selectors.EVENT_READ, "stderr")
    started = time.monotonic()
    ended_by: str | None = None
    while selector.get_map():
        if stop is not None and stop.is_set():
            ended_by = "stopped"
            break
        remaining = timeout_s - (time.monotonic() - started)
        if remaining <= 0:
            ended_by = "timeout"
            break
        for key, _ in selector.select(timeout=min(remaining, SELECT_S)):
            chunk = os.read(key.fd, 65536)
            if not chunk:
                selector.unregister(key.fileobj)
            elif key.data == "stdout":
                kept["stdout"] += chunk
            else:  # the tail is what says why it failed
                kept["stderr"] = (kept["stderr"] + chunk)[-MAX_STDERR_BYTES:]
        if len(kept["stdout"]) > MAX_CSV_BYTES:
            ended_by = "output_limit"
            break
    selector.close()
    if ended_by is None:
        try:
            process.wait(timeout=max(0.1, timeout_s - (time.monotonic() - started)))
        except subprocess.TimeoutExpired:
            ended_by = "timeout"
    for pipe in (process.stdout, process.stderr):
        pipe.close()
    return ended_by, bytes(kept["stdout"]), bytes(kept["stderr"])


def _read(
    ended_by: str | None, returncode: int | None, out: bytes, err: bytes, timeout_s: float
) -> DramPass:
    if ended_by == "timeout":
        return _not(
            "timeout",
            f"not measured: the ncu pass did not finish within {timeout_s:g} s (the run's "
            "time limit)",
        )
    if ended_by == "output_limit":
        return _not(
            "output_limit",
            f"not measured: ncu's output passed {MAX_CSV_BYTES // (1024 * 1024)} MiB "
            "(too many kernels for one pass)",
        )
    text, errors = out.decode(errors="replace"), err.decode(errors="replace")
    if PERMISSION_ERROR in text or PERMISSION_ERROR in errors:
        return _not(
            "counters_not_permitted",
            "not measured: this worker may not read the GPU's performance counters (ncu: "
            f"{PERMISSION_ERROR}); allow it with the driver option "
            "NVreg_RestrictProfilingToAdminUsers=0, or run the worker as root",
        )
    kernels = [k for k in parse_ncu_csv(text) if k.nvtx_range in ("EAGER", "COMPILED")]
    if returncode != 0 or not kernels:
        tail = _tail(errors or text)
        why = f"exit status {returncode}" if returncode != 0 else "no kernel in its ranges"
        cause = "pass_failed" if returncode != 0 else "no_kernels"
        return _not(cause, f"not measured: the ncu pass failed ({why}){tail}")
    if len(kernels) > MAX_KERNELS:
        return _not("output_limit", f"not measured: ncu profiled over {MAX_KERNELS:,} kernels")
    return DramPass(Measurement(kind=DRAM, measured=True), kernels)


def _tail(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return f": {lines[-1][:300]}" if lines else ""
