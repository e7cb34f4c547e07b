"""Result documents for the compare tests.

`recorded_run("add_relu")` is the RunResult the worker would store for a recorded H200 bundle
(tests/data/h200_bundles/<example>/): the bundle analysed as `backend.worker.execute` does,
with the snippet's own sha256. `kernel(...)` and `run_with(...)` build small documents by
hand for the edge cases.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from backend.result import Kernel, KernelKind, RunResult, Variant, VariantName
from backend.worker.bundle import analyse_bundle, read_bundle

ROOT = Path(__file__).resolve().parents[2]
H200_BUNDLES = ROOT / "tests" / "data" / "h200_bundles"
EXAMPLES: tuple[str, ...] = tuple(
    sorted(p.name for p in H200_BUNDLES.iterdir() if (p / "bundle" / "bundle.json").is_file())
)
CREATED_AT = "2026-11-30T12:00:00+00:00"


def recorded_run(example: str) -> RunResult:
    """A fresh (deep) copy of the recorded example's document: tests may change it."""
    return _recorded(example).model_copy(deep=True)


@functools.cache
def _recorded(example: str) -> RunResult:
    folder = H200_BUNDLES / example / "bundle"
    bundle = read_bundle(folder)
    assert bundle is not None, f"no bundle in {folder}"
    analysis = analyse_bundle(folder)
    code = (H200_BUNDLES / example / "snippet.py").read_bytes()
    return RunResult.model_validate(
        {
            "id": example,
            "status": bundle["status"],
            "created_at": CREATED_AT,
            "code_sha256": hashlib.sha256(code).hexdigest(),
            "size": bundle.get("size"),
            **vars(analysis),
        }
    )


def kernel(
    index: int,
    short_name: str,
    op: str | None = None,
    kind: KernelKind = "elementwise",
    dur_us: float = 10.0,
    bytes_read: int = 8_000,
    bytes_written: int = 4_000,
) -> Kernel:
    return Kernel(
        index=index,
        name=short_name,
        short_name=short_name,
        op=op,
        kind=kind,
        start_us=0.0,
        dur_us=dur_us,
        bytes_read=bytes_read,
        bytes_written=bytes_written,
        transfers=[],
    )


def eager_kernels(*ops: str) -> list[Kernel]:
    """One eager kernel per ATen op name (`add` -> short name add, op aten::add)."""
    return [kernel(i, op, f"aten::{op}") for i, op in enumerate(ops)]


def variant_of(kernels: list[Kernel], wall_time_us: float = 100.0) -> Variant:
    """A variant whose totals add up from its kernels."""
    return Variant(
        kernel_count=len(kernels),
        transfer_count=sum(len(k.transfers) for k in kernels),
        bytes_read=sum(k.bytes_read for k in kernels),
        bytes_written=sum(k.bytes_written for k in kernels),
        kernel_time_us=round(sum(k.dur_us for k in kernels), 3),
        wall_time_us=wall_time_us,
        timing_repeats=10,
        timing_method="cuda_events",
        kernels=kernels,
    )


def run_with(
    run_id: str, eager: list[Kernel] | None = None, compiled: list[Kernel] | None = None
) -> RunResult:
    """A succeeded run of the given kernels (a missing list: no such variant)."""
    given: dict[VariantName, list[Kernel] | None] = {"eager": eager, "compiled": compiled}
    return RunResult(
        id=run_id,
        status="succeeded",
        created_at=CREATED_AT,
        code_sha256="0" * 64,
        variants={name: variant_of(ks) for name, ks in given.items() if ks is not None},
    )


def drop_kernel(run: RunResult, variant: VariantName, index: int) -> RunResult:
    """A copy of `run` whose `variant` lacks kernel `index`; later kernels are re-indexed."""
    copy = run.model_copy(deep=True)
    kept = [k for k in copy.variants[variant].kernels if k.index != index]
    for position, k in enumerate(kept):
        k.index = position
    old = copy.variants[variant]
    copy.variants[variant] = variant_of(kept, old.wall_time_us)
    return copy
