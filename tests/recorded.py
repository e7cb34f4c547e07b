"""What the recordings under tests/data/ read and analyse to, through the worker's own code.

Each example under tests/data/h200_bundles/<example>/ holds the snippet that ran
(`snippet.py`) and the harness's bundle (`bundle/bundle.json` plus the two gzipped Chrome
traces that `bundle.json`'s `eager.trace` / `compiled.trace` name), recorded with
torch 2.11.0+cu130 on one H200. tests/data/h200/ and tests/data/cpu/ hold single traces.
Loading and analysing is cached per session: what is returned shared is read-only.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
from pathlib import Path
from typing import Any

from backend.analysis.assemble import Analysis, analyse
from backend.analysis.trace import ParsedTrace, parse_trace
from backend.analysis.window import measured_call
from backend.harness.protocol import DEVICE_KERNEL_CATS
from backend.result import RunResult
from backend.worker import bundle as worker_bundle
from backend.worker.bundle import read_bundle, read_trace
from tests.factories import CREATED_AT
from tests.paths import CPU_BUNDLES, DATA, H100_MODEL_BUNDLES, H200_BUNDLES

H200_EXAMPLES: tuple[str, ...] = tuple(
    sorted(p.name for p in H200_BUNDLES.iterdir() if (p / "bundle" / "bundle.json").is_file())
)


# ---- bundles and their analysis ---------------------------------------------------------


@functools.cache
def load_bundle(
    folder: Path,
) -> tuple[dict[str, Any], dict[str, Any] | None, dict[str, Any] | None]:
    """(bundle.json, eager trace, compiled trace) of one bundle folder. Treat as read-only."""
    folder = Path(folder)
    bundle = read_bundle(folder)
    assert bundle is not None, f"no bundle in {folder}"
    eager, compiled = (read_trace(folder, bundle, v) for v in ("eager", "compiled"))
    # the harness profiles a warm-up call and a measured call; tests compare with the latter
    return bundle, _measured(eager), _measured(compiled)


def _measured(trace: dict[str, Any] | None) -> dict[str, Any] | None:
    return dict(measured_call(trace)) if trace is not None else None


@functools.cache
def analyse_bundle(folder: Path) -> Analysis:
    """`analyse(...)` of one bundle folder, computed once per session. Treat as read-only."""
    return analyse(*load_bundle(Path(folder)))


def bundle_folder(example: str) -> Path:
    return H200_BUNDLES / example / "bundle"


def analysed(example: str) -> Analysis:
    """The analysis of one H200 example, by its folder name (`add_relu_2p24`)."""
    return analyse_bundle(bundle_folder(example))


def bundle_of(example: str) -> dict[str, Any]:
    return load_bundle(bundle_folder(example))[0]


def trace_of(example: str, variant: str) -> dict[str, Any]:
    _, eager, compiled = load_bundle(bundle_folder(example))
    doc = eager if variant == "eager" else compiled
    assert doc is not None, f"{example} has no {variant} trace"
    return doc


def device_events(example: str, variant: str) -> list[dict[str, Any]]:
    """The raw device activities (kernel / gpu_memcpy / gpu_memset) of a trace, by start."""
    events = [
        e
        for e in trace_of(example, variant)["traceEvents"]
        if e.get("ph") == "X" and e.get("cat") in DEVICE_KERNEL_CATS
    ]
    return sorted(events, key=lambda e: e["ts"])


# ---- result documents -------------------------------------------------------------------


def recorded_run(example: str) -> RunResult:
    """The RunResult the worker would store for a recorded H200 example (id: the example's
    name, code_sha256: its snippet's), as `backend.worker.execute` analyses it. A fresh
    (deep) copy: tests may change it."""
    return _recorded(H200_BUNDLES, example).model_copy(deep=True)


def h100_model_run(name: str) -> RunResult:
    """The same for one whole-model bundle (tests/data/h100_model_bundles/<name>)."""
    return _recorded(H100_MODEL_BUNDLES, name).model_copy(deep=True)


def cpu_recorded_run(name: str) -> RunResult:
    """The same for one CPU bundle (tests/data/cpu_bundles/<name>)."""
    return _recorded(CPU_BUNDLES, name).model_copy(deep=True)


@functools.cache
def _recorded(recordings: Path, name: str) -> RunResult:
    folder = recordings / name / "bundle"
    bundle = read_bundle(folder)
    assert bundle is not None, f"no bundle in {folder}"
    code = (recordings / name / "snippet.py").read_bytes()
    return RunResult.model_validate(
        {
            "id": name,
            "status": bundle["status"],
            "created_at": CREATED_AT,
            "code_sha256": hashlib.sha256(code).hexdigest(),
            "size": bundle.get("size"),
            **vars(worker_bundle.analyse_bundle(folder)),  # as the worker reads it
        }
    )


# ---- single traces and files ------------------------------------------------------------


def load_trace_doc(folder: str, name: str) -> dict[str, object]:
    """tests/data/<folder>/<name>_trace.json.gz, as the profiler wrote it."""
    with gzip.open(DATA / folder / f"{name}_trace.json.gz", "rt") as handle:
        doc: dict[str, object] = json.load(handle)
    return doc


def load_parsed(folder: str, name: str) -> ParsedTrace:
    return parse_trace(load_trace_doc(folder, name))


def read_text(folder: str, name: str) -> str:
    return (DATA / folder / name).read_text()
