"""One run, start to finish: child process -> bundle -> analysis -> store.

The worker never imports torch: CUDA state, Inductor caches and crashes stay in the child.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from backend import __version__
from backend.harness.protocol import STEPS
from backend.result import ErrorInfo, Output, RunResult
from backend.store.repository import ArtifactInput, Store
from backend.worker.bundle import analyse_bundle, read_inside
from backend.worker.child import ChildLimits, ChildOutcome, ChildRequest, run_child

DEFAULT_TIMEOUT_S = 300.0
ANALYSING_STEP = "analysing"  # after the harness's own steps (backend.harness.protocol.STEPS)
RUN_STEPS = (*STEPS, ANALYSING_STEP)
ProgressCallback = Callable[[str, float], None]


@dataclass
class RunOptions:
    size: int | None = None
    compile_mode: str = "default"
    device: str = "auto"
    timeout_s: float = DEFAULT_TIMEOUT_S
    title: str | None = None
    stop: threading.Event | None = None  # set to kill the run early (raises ChildStopped)
    sandbox: str = "auto"  # auto | bwrap | none: see backend.worker.sandbox
    memory_mb: int | None = None  # memory cap of a sandboxed run (a cgroup); None: the host's


def execute_run(
    store: Store,
    data_dir: Path,
    run_id: str,
    options: RunOptions,
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

    workdir = data_dir / "work" / run_id
    try:
        outcome = run_child(_child_request(code, workdir, data_dir, options), progress)
        progress(ANALYSING_STEP, outcome.duration_s)
        result, artifacts = result_from_outcome(queued, outcome)
        # The author may have renamed the run while it executed: keep the name it has now.
        result.title = store.get_title(run_id)
        store.save_result(result, code, artifacts)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return result


def _child_request(code: str, workdir: Path, data_dir: Path, options: RunOptions) -> ChildRequest:
    shutil.rmtree(workdir, ignore_errors=True)
    return ChildRequest(
        code=code,
        workdir=workdir,
        size=options.size,
        compile_mode=options.compile_mode,
        device=options.device,
        cache_dir=data_dir / "cache" / "inductor",
        limits=ChildLimits(timeout_s=options.timeout_s),
        stop=options.stop,
        sandbox=options.sandbox,
        memory_mb=options.memory_mb,
    )


def result_from_outcome(
    queued: RunResult, outcome: ChildOutcome
) -> tuple[RunResult, list[ArtifactInput]]:
    bundle = outcome.bundle or {}
    analysis = analyse_bundle(outcome.bundle_dir, bundle) if bundle else None
    result = queued.model_copy(
        update={
            "status": outcome.status,
            "error": ErrorInfo(**outcome.error) if outcome.error else None,
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
    return RunResult.model_validate(result.model_dump()), _artifacts(outcome.bundle_dir, bundle)


def _artifacts(bundle_dir: Path, bundle: dict[str, Any]) -> list[ArtifactInput]:
    """Traces exactly as torch.profiler wrote them (Perfetto, HTA), and the generated code."""
    found: list[ArtifactInput] = []
    for variant in ("eager", "compiled"):
        name = (bundle.get(variant) or {}).get("trace")
        if name:
            data = read_inside(bundle_dir, name)
            found.append((f"{variant}_trace", f"{variant}_trace.json.gz", data, "application/gzip"))
    for graph in (bundle.get("compiled") or {}).get("graphs", []):
        data = read_inside(bundle_dir, graph["output_code"])
        found.append(("output_code", graph["output_code"], data, "text/x-python"))
    return found
