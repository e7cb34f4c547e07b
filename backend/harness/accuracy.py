"""Do the compiled outputs agree with eager's, beyond floating-point noise?

The rule (docs/fusion-facts.md section 4, measured against TF32 and reassociation noise and
simulated miscompiles on an H200), in constant extra memory (chunks):
1. NaN and Inf must appear in the same places;
2. relative L2 error ||c - e|| / ||e|| and relative max error max|c - e| / max|e| must stay
   under the dtype's limits (looser where TF32 may have been used);
3. when they do not and memory allows, eager is run again in float64 and the compiled
   result passes if it is not much less accurate than eager against that reference
   (the rule of torch._dynamo.utils.same: rmse(ref, c) <= m * rmse(ref, e) + tol / 10).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import torch

from backend.harness.fingerprint import fused, logical_chunks
from backend.harness.tensors import flatten_tensors

CHUNK = 1 << 22
# (relative L2, relative max) limits per dtype
LIMITS = {
    "float32": (1e-4, 1e-3),
    "float32_tf32": (2e-3, 2e-2),
    "float16": (5e-3, 2e-2),
    "bfloat16": (1e-2, 5e-2),
    "float64": (1e-10, 1e-8),
    "complex64": (1e-4, 1e-3),
    "complex128": (1e-10, 1e-8),
}


@dataclass
class Errors:
    """Error sums of one output pair, accumulated chunk by chunk."""

    diff_sq: float = 0.0
    ref_sq: float = 0.0
    diff_max: float = 0.0
    ref_max: float = 0.0
    same_specials: bool = True
    count: int = 0

    @property
    def rel_l2(self) -> float:
        return math.sqrt(self.diff_sq / self.ref_sq) if self.ref_sq else math.sqrt(self.diff_sq)

    @property
    def rel_inf(self) -> float:
        return self.diff_max / self.ref_max if self.ref_max else self.diff_max

    @property
    def rmse(self) -> float:
        return math.sqrt(self.diff_sq / self.count) if self.count else 0.0


def _pieces(t: torch.Tensor) -> Iterator[torch.Tensor]:
    """The same logical pieces of any two tensors of one shape, whatever their strides."""
    for _, piece in logical_chunks(t.detach(), CHUNK):
        yield piece


@torch.no_grad()  # type: ignore[untyped-decorator]
def errors(reference: torch.Tensor, candidate: torch.Tensor) -> Errors:
    """Errors of `candidate` against `reference` (either may live on the host)."""
    if reference.is_complex():  # compare real and imaginary parts as numbers
        reference, candidate = torch.view_as_real(reference), torch.view_as_real(candidate)
    passes = fused(candidate)
    sums = passes.error_sums(reference, candidate) if passes is not None else None
    if sums is not None:  # one pass on the GPU
        diff_sq, ref_sq, diff_max, ref_max, mismatches = sums
        return Errors(diff_sq, ref_sq, diff_max, ref_max, mismatches == 0, reference.numel())
    found = Errors(count=reference.numel())
    device = candidate.device
    for ref, cand in zip(_pieces(reference), _pieces(candidate), strict=True):
        r, c = ref.to(device, torch.float64), cand.to(torch.float64)
        found.same_specials &= bool(torch.equal(r.isnan(), c.isnan()))
        found.same_specials &= bool(torch.equal(r.isposinf(), c.isposinf()))
        found.same_specials &= bool(torch.equal(r.isneginf(), c.isneginf()))
        finite = r.isfinite() & c.isfinite()
        d = torch.where(finite, c - r, 0.0)
        r = torch.where(finite, r, 0.0)
        found.diff_sq += float((d * d).sum())
        found.ref_sq += float((r * r).sum())
        found.diff_max = max(found.diff_max, float(d.abs().max()) if d.numel() else 0.0)
        found.ref_max = max(found.ref_max, float(r.abs().max()) if r.numel() else 0.0)
    return found


def limits_for(dtype: torch.dtype, tf32: bool) -> tuple[float, float]:
    name = str(dtype).removeprefix("torch.")
    if name == "float32" and tf32:
        name = "float32_tf32"
    return LIMITS.get(name, (0.0, 0.0))  # integers and bools: exact


def compare(
    reference: Any,
    candidate: Any,
    tf32: bool,
    fp64_reference: Callable[[], Any] | str | None = None,
) -> dict[str, Any]:
    """The correctness record of the result document (docs/result-document.md)."""
    ref, cand = flatten_tensors(reference), flatten_tensors(candidate)
    if not ref or len(ref) != len(cand):
        note = "no tensor outputs to compare" if not ref else "outputs differ in structure"
        return _record(None, None, note=note)
    if any(r.shape != c.shape or r.dtype != c.dtype for r, c in zip(ref, cand, strict=True)):
        return _record(None, False, note="output shapes or dtypes differ")
    pairs = [(errors(r, c), limits_for(r.dtype, tf32)) for r, c in zip(ref, cand, strict=True)]
    worst = _worst(pairs)
    passed = all(e.same_specials and _within(e, lim) for e, lim in pairs)
    if passed:
        return _record(worst, True, limits=_limits(pairs))
    if not all(e.same_specials for e, _ in pairs):
        return _record(worst, False, limits=_limits(pairs), note="NaN or Inf in other places")
    if isinstance(fp64_reference, str):  # why no float64 reference may run
        note = f"over the limits, and not confirmed: {fp64_reference}"
        return _record(worst, False, limits=_limits(pairs), note=note)
    reference64 = fp64_reference() if fp64_reference is not None else None
    if isinstance(reference64, str):  # why the float64 rerun failed (memory)
        note = f"over the limits, and not confirmed: {reference64}"
        return _record(worst, False, limits=_limits(pairs), note=note)
    if reference64 is None:
        note = "over the limits; no float64 reference could run (memory, or the snippet's own "
        note += "float32 tensors), so not confirmed"
        return _record(worst, False, limits=_limits(pairs), note=note)
    return _against_fp64(worst, pairs, ref, cand, reference64)


def _against_fp64(
    worst: Errors,
    pairs: list[tuple[Errors, tuple[float, float]]],
    eager: list[torch.Tensor],
    compiled: list[torch.Tensor],
    reference: Any,
) -> dict[str, Any]:
    exact = flatten_tensors(reference)
    eager_rmse = compiled_rmse = 0.0
    passed = True
    for ref64, e, c in zip(exact, eager, compiled, strict=False):
        e_err, c_err = errors(ref64, e), errors(ref64, c)
        small = e.numel() < 1000 or e.dtype in (torch.float16, torch.bfloat16)
        multiplier, tol = (3.0 if small else 2.0), (1e-2 if e.element_size() < 4 else 1e-4)
        passed &= c_err.rmse <= multiplier * e_err.rmse + tol / 10
        eager_rmse, compiled_rmse = max(eager_rmse, e_err.rmse), max(compiled_rmse, c_err.rmse)
    record = _record(worst, passed, limits=_limits(pairs), method="float64_reference")
    record.update(eager_rmse_vs_float64=eager_rmse, compiled_rmse_vs_float64=compiled_rmse)
    if not passed:
        record["note"] = "the compiled result is less accurate than eager against float64"
    else:
        record["note"] = "over the limits, but as accurate as eager against float64"
    return record


def _within(found: Errors, limits: tuple[float, float]) -> bool:
    return found.rel_l2 <= limits[0] and found.rel_inf <= limits[1]


def _worst(pairs: list[tuple[Errors, tuple[float, float]]]) -> Errors:
    return max((e for e, _ in pairs), key=lambda e: (e.rel_inf, e.rel_l2))


def _limits(pairs: list[tuple[Errors, tuple[float, float]]]) -> dict[str, float]:
    rel_l2, rel_inf = min((lim for _, lim in pairs), key=lambda lim: lim[0])
    return {"rel_l2": rel_l2, "rel_inf": rel_inf}


def _record(
    worst: Errors | None,
    match: bool | None,
    *,
    limits: dict[str, float] | None = None,
    note: str | None = None,
    method: str = "relative_error",
) -> dict[str, Any]:
    return {
        "method": method,
        "match": match,
        "max_abs_error": worst.diff_max if worst else None,
        "max_rel_error": worst.rel_inf if worst else None,
        "rel_l2_error": worst.rel_l2 if worst else None,
        "limits": limits,
        "note": note,
    }
