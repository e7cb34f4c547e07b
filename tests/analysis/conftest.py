"""Loaders for the analysis tests: recorded H200 bundles -> `analyse(...)`, cached per session.

Each example under tests/data/h200_bundles/<example>/ holds the snippet that ran
(`snippet.py`) and the harness's bundle (`bundle/bundle.json` plus the two gzipped Chrome
traces that `bundle.json`'s `eager.trace` / `compiled.trace` name).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from backend.analysis.assemble import Analysis, analyse
from backend.analysis.window import measured_call
from backend.worker.bundle import read_bundle, read_trace

ROOT = Path(__file__).resolve().parents[2]
H200_BUNDLES = ROOT / "tests" / "data" / "h200_bundles"
EXAMPLES: tuple[str, ...] = tuple(
    sorted(p.name for p in H200_BUNDLES.iterdir() if (p / "bundle" / "bundle.json").is_file())
)
DEVICE_KERNEL_CATS = ("kernel", "gpu_memcpy", "gpu_memset")


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


@pytest.fixture(scope="session")
def h200_analysis() -> Callable[[str], Analysis]:
    """`h200_analysis("gelu_chain")` -> the (cached) Analysis of that example."""
    return analysed
