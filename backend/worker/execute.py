"""One run, start to finish: harness process -> bundle -> analysis -> store.

The worker never imports torch: CUDA state, Inductor caches and crashes stay in the child.
`execute_run` is the server's and `kernelscope run`'s path (it stores the result);
`run_job` is the part a remote worker shares (it reports the result over HTTP instead).
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from pathlib import Path

from pydantic import ValidationError

from backend import __version__
from backend.analysis.assemble import Analysis
from backend.analysis.dram import merge_dram
from backend.analysis.hardware import apply_device
from backend.limits import default_cache_dir
from backend.result import ErrorInfo, Measurement, Output, RunResult
from backend.store.repository import ArtifactInput, Store
from backend.worker import device, dram, peaks
from backend.worker.bundle import Bundle, BundleRefused, InvalidBundle
from backend.worker.child import ChildOutcome, ChildRequest, run_child
from backend.worker.process import Job, WorkerSetup
from backend.worker.progress import ProgressCallback
from backend.worker.spares import SpareKeeper
from backend.worker.time_limit import snippet_time_limit

LOCAL_WORKER = "local"  # the server's own worker, or `kernelscope run`
__all__ = ["LOCAL_WORKER", "execute_run", "result_from_outcome", "run_job"]


def execute_run(
    store: Store,
    run_id: str,
    setup: WorkerSetup,
    *,
    size: int | None = None,
    compile_mode: str = "default",
    measure: tuple[str, ...] = (),
    spares: SpareKeeper | None = None,
    stop: threading.Event | None = None,
    on_progress: ProgressCallback | None = None,
) -> RunResult:
    """Run a queued run and store its result; every way it can end is a stored result."""
    code = store.get_code(run_id)
    queued = store.load_result(run_id)
    if code is None or queued is None:
        raise LookupError(f"no run {run_id}")
    store.set_status(run_id, "running", progress_step="starting")

    def progress(step: str, elapsed_s: float) -> None:
        store.set_status(run_id, "running", progress_step=step)
        if on_progress is not None:
            on_progress(step, elapsed_s)

    job = Job(code, size, compile_mode, measure)
    outcome = run_job(job, setup, name=run_id, spares=spares, stop=stop, on_progress=progress)
    result, artifacts = result_from_outcome(queued, outcome, host_cache=setup.host_cache)
    # The author may have renamed the run while it executed: keep the name it has now.
    result.title = store.get_title(run_id)
    return store.save_within_quota(result, code, artifacts)


def run_job(
    job: Job,
    setup: WorkerSetup,
    *,
    name: str | None = None,
    spares: SpareKeeper | None = None,
    stop: threading.Event | None = None,
    on_progress: ProgressCallback | None = None,
) -> ChildOutcome:
    """Run one snippet in a spare of `spares` when one fits, else in a process of its own
    (its work directory named `name`). ChildStopped when `stop` is set meanwhile."""
    device.prefetch()  # nvidia-smi, answered while the snippet runs rather than after it
    limit_s, limit_note = snippet_time_limit(job.code, setup.limits.timeout_s)
    spare = spares.take(setup) if spares is not None else None  # spares serve the server's
    setup = setup.with_timeout(limit_s)  # the snippet's own limit, in each pass of its run
    request = ChildRequest(job, setup, name=name, stop=stop)
    watch = device.watch_gpu()  # what else is on the GPU, asked while the snippet runs
    outcome = run_child(request, on_progress, spare)
    outcome.notes += [limit_note] if limit_note is not None else []
    outcome.gpu_processes = watch.result() if watch is not None else None
    if dram.DRAM in job.measure:  # one more pass, under ncu, in a process of its own
        found = dram.measure_dram(
            job, setup, outcome, name=name, steps=outcome.steps, stop=stop, on_progress=on_progress
        )
        outcome.measurements.append(found.measurement)
        outcome.ncu_kernels = found.kernels
    return outcome


def result_from_outcome(
    queued: RunResult,
    outcome: ChildOutcome,
    worker: str = LOCAL_WORKER,
    *,
    recorded_elsewhere: bool = False,
    host_cache: Path | None = None,
) -> tuple[RunResult, list[ArtifactInput]]:
    """The stored document and artifacts of a finished child. What the bundle says is the
    run's own report; the device's name, driver and host are this worker's (`worker`),
    except for a bundle `recorded_elsewhere` (scripts/import_bundles.py: our own recordings
    from a GPU host), whose device is the one it was recorded on. `host_cache`: the
    worker's host cache folder, where its device's measured peaks are kept (WorkerSetup's;
    default: `default_cache_dir()`).
    A bundle refused here (too large once inflated, not analysable, a device this worker
    does not have) makes a failed run that stores nothing of it."""
    status, error = outcome.status, outcome.error
    try:
        where = host_cache or default_cache_dir()
        analysis = _analysis(outcome, None if recorded_elsewhere else worker, where)
        _merge_measured(outcome, analysis)
        result = _result(queued, outcome, status, error, analysis)
        artifacts = _artifacts(outcome.bundle) if outcome.bundle is not None else []
    except BundleRefused as exc:
        result = _result(queued, outcome, "failed", exc.as_error(), None)
        artifacts = []
    return result, artifacts


def _merge_measured(outcome: ChildOutcome, analysis: Analysis | None) -> None:
    """ncu's DRAM bytes into the analysed kernels, and what matched into the measurement."""
    if outcome.ncu_kernels is None:
        return
    measurement = next(m for m in outcome.measurements if m.kind == dram.DRAM)
    if analysis is None:
        return  # `_result` says why
    match = merge_dram(analysis.variants, outcome.ncu_kernels)
    measurement.kernels_matched = dict(match.matched)  # type: ignore[assignment]
    measurement.kernels_profiled = dict(match.profiled)  # type: ignore[assignment]
    if not match.any:
        measurement.measured, measurement.cause = False, "no_kernels"
        measurement.reason = (
            "not measured: none of the kernels ncu profiled matched the run's kernels by name"
        )
        return
    unmatched = {
        name: len(variant.kernels) - match.matched.get(name, 0)
        for name, variant in analysis.variants.items()
    }
    if any(unmatched.values()):
        missing = ", ".join(f"{n} {name}" for name, n in unmatched.items() if n)
        measurement.reason = f"partly measured: no ncu numbers for {missing} kernel(s)"


def _analysis(outcome: ChildOutcome, worker: str | None, host_cache: Path) -> Analysis | None:
    bundle = outcome.bundle
    if bundle is None:
        return None
    analysis = bundle.analyse()
    if worker is not None:  # else a recording from another host: its device as recorded
        analysis.device, driver = device.recorded_device(analysis.device, worker)
        analysis.versions.driver = driver  # nvidia-smi's, never the trace's (the run's)
        analysis.device = peaks.with_peaks(analysis.device, host_cache)  # the worker's measurement
        if analysis.device is not None and analysis.device.type == "cuda":
            analysis.add_gpu_processes(outcome.gpu_processes)  # the worker's, not the run's
    apply_device(analysis.variants, analysis.device)
    return analysis


def _result(
    queued: RunResult,
    outcome: ChildOutcome,
    status: str,
    error: dict[str, object] | None,
    analysis: Analysis | None,
) -> RunResult:
    result = queued.model_copy(
        update={
            "status": status,
            "error": ErrorInfo.model_validate(error) if error else None,
            "finished_at": datetime.now(UTC).isoformat(),
            "output": Output(
                stdout=outcome.stdout, stderr=outcome.stderr, truncated=outcome.truncated
            ),
            "duration_s": round(outcome.duration_s, 3),
            **(vars(analysis) if analysis is not None else {}),
        }
    )
    result.notes = [*result.notes, *outcome.notes]  # e.g. "ran without a sandbox: why"
    result.versions.kernelscope = __version__
    result.prewarm_s = outcome.prewarm_s
    result.measurements = [_unless_analysed(m, analysis) for m in outcome.measurements]
    result.step_seconds = outcome.steps.seconds()  # `analysing` up to now: the result is made
    try:
        return RunResult.model_validate(result.model_dump())
    except ValidationError as exc:  # numbers of the run's that no result can hold
        raise InvalidBundle(
            f"The run's bundle gives a result that does not validate ({exc.errors()[0]['msg']} "
            f"at {'.'.join(map(str, exc.errors()[0]['loc']))}). Nothing of it was stored."
        ) from None


def _unless_analysed(measurement: Measurement, analysis: Analysis | None) -> Measurement:
    """A measurement is only in the kernels of a result that was analysed."""
    if analysis is not None or not measurement.measured:
        return measurement
    return measurement.model_copy(
        update={
            "measured": False,
            "cause": "run_failed",
            "reason": "not measured: the run's own result could not be analysed",
        }
    )


def _artifacts(bundle: Bundle) -> list[ArtifactInput]:
    """Traces exactly as torch.profiler wrote them (Perfetto, HTA), and the generated code:
    the bytes read (within the limits) when the child ended."""
    found: list[ArtifactInput] = []
    for variant in ("eager", "compiled"):
        name = (bundle.document.get(variant) or {}).get("trace")
        if name:
            data = bundle.files[name]
            found.append((f"{variant}_trace", f"{variant}_trace.json.gz", data, "application/gzip"))
    for mode in bundle.document.get("further_modes", []):  # compiled:<mode>
        name = mode["compiled"]["trace"]
        kind = f"compiled:{mode['mode']}_trace"
        found.append((kind, name, bundle.files[name], "application/gzip"))
    compiled_parts = [bundle.document.get("compiled") or {}]
    compiled_parts += [mode["compiled"] for mode in bundle.document.get("further_modes", [])]
    for graph in (graph for part in compiled_parts for graph in part.get("graphs", [])):
        name = graph["output_code"]
        found.append(("output_code", name, bundle.files[name], "text/x-python"))
    return found
