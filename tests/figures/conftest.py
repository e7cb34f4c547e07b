"""Result documents for the figure tests.

Real ones come from the recorded H200 bundles in tests/data/h200_bundles/<example>/
(see its README: torch 2.11.0+cu130 on one H200), read and analysed by the same code the
worker uses (`backend.worker.bundle`), then validated as a `RunResult`. Synthetic kernels
are for shapes no recording has (200,000 launches, zero-length kernels).
"""

from __future__ import annotations

import functools
from pathlib import Path

from backend.result import Kernel, RunResult
from backend.worker.bundle import analyse_bundle, read_bundle

H200_BUNDLES = Path(__file__).resolve().parents[1] / "data" / "h200_bundles"
CPU_BUNDLES = H200_BUNDLES.parent / "cpu_bundles"  # recorded on the 2-core dev machine
EXAMPLES: tuple[str, ...] = tuple(
    sorted(p.name for p in H200_BUNDLES.iterdir() if (p / "bundle" / "bundle.json").is_file())
)


@functools.cache
def recorded(example: str) -> RunResult:
    """The result document of one recorded example. Cached: treat as read-only."""
    folder = H200_BUNDLES / example / "bundle"
    bundle = read_bundle(folder)
    assert bundle is not None, f"no bundle in {folder}"
    return RunResult.model_validate(
        {
            "id": f"run-{example}",
            "status": bundle["status"],
            "created_at": "2026-11-30T00:00:00+00:00",
            "code_sha256": "0" * 64,
            "size": bundle.get("size"),
            **vars(analyse_bundle(folder)),
        }
    )


@functools.cache
def cpu_recorded(name: str) -> RunResult:
    """The result document of one CPU bundle (tests/data/cpu_bundles/<name>). Read-only."""
    folder = CPU_BUNDLES / name / "bundle"
    bundle = read_bundle(folder)
    assert bundle is not None, f"no bundle in {folder}"
    return RunResult.model_validate(
        {
            "id": f"run-{name}",
            "status": bundle["status"],
            "created_at": "2026-12-03T00:00:00+00:00",
            "code_sha256": "0" * 64,
            **vars(analyse_bundle(folder)),
        }
    )


def failed_result() -> RunResult:
    return RunResult(
        id="run-failed", status="failed", created_at="2026-11-30T00:00:00+00:00", code_sha256="0"
    )


def kernel(index: int, start_us: float, dur_us: float, **fields: object) -> Kernel:
    """A validated kernel with no transfers (validation is faster than `model_construct`)."""
    values: dict[str, object] = {
        "index": index,
        "name": f"kernel_{index}",
        "short_name": f"k{index}",
        "op": "aten::add",
        "kind": "elementwise",
        "start_us": start_us,
        "dur_us": dur_us,
        "grid": None,
        "block": None,
        "graph": None,
        "bytes_read": 0,
        "bytes_written": 0,
        "transfers": [],
        **fields,
    }
    return Kernel.model_validate(values)
