"""The GPU's one-pass fingerprint and error kernels agree with the torch versions.

They run here under Triton's CPU interpreter (TRITON_INTERPRET=1, set before Triton is
imported, so in a child process); on the H200 the same comparison is
scripts/gpu_validate.sh's `fused` step (docs/gpu-validation.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHECK = r"""
import json, torch
from backend.harness import accuracy, fingerprint, fused_passes

torch.manual_seed(0)
specials = torch.randn(1000)
specials[[3, 5, 7]] = torch.tensor([float("nan"), float("inf"), float("-inf")])
floats = {
    "flat": torch.randn(3000),
    "transposed": torch.randn(40, 70).t(),
    "sliced 4-d": torch.randn(2, 3, 50, 7)[:, :, ::2].transpose(1, 3),
    "scalar": torch.randn(()),
    "float16": torch.randn(100).half(),
    "bfloat16": torch.randn(100).bfloat16(),
    "specials": specials,
    "empty": torch.randn(0, 5),
    "expanded": torch.randn(7, 1).expand(7, 300),
}
out = {"float": {}, "exact": {}, "errors": {}}
for name, x in floats.items():
    got = fused_passes.float_fingerprint(x)
    want = fingerprint._chunked_float_fingerprint(x)
    out["float"][name] = [got.tolist(), want.tolist()]
ints = {
    "int32": torch.randint(-5, 1000, (3000,), dtype=torch.int32),
    "bool transposed": torch.randint(0, 2, (50, 60)).bool().t(),
    "int64 wide": torch.randint(-2**40, 2**40, (777,)),
    "int16 expanded": torch.randint(-9, 9, (1, 40), dtype=torch.int16).expand(30, 40),
}
for name, x in ints.items():
    as_int = fingerprint._INT_VIEWS[x.element_size()]
    got = fused_passes.exact_fingerprint(x.view(as_int))
    fingerprint.fused = lambda t: None  # the torch version, for the expected value
    want = fingerprint._exact_fingerprint(x)
    out["exact"][name] = [got.tolist(), want.tolist()]
ref = torch.randn(500, 30)
near = (ref + 1e-3 * torch.randn(500, 30)).t().contiguous().t()
moved = near.clone()
moved[1, 1] = float("inf")
for name, cand in {"near, other strides": near, "an Inf moved": moved}.items():
    got = fused_passes.error_sums(ref, cand)
    e = accuracy.errors(ref, cand)  # CPU tensors: the torch version
    out["errors"][name] = [got, [e.diff_sq, e.ref_sq, e.diff_max, e.ref_max, e.same_specials]]
print(json.dumps(out))
"""


def _interpreted() -> dict[str, dict[str, list[list[float]]]]:
    env = {**os.environ, "TRITON_INTERPRET": "1", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", CHECK], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, dict[str, list[list[float]]]] = json.loads(done.stdout)
    return result


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-9 + 1e-12 * abs(b)


def test_kernels_agree_with_the_torch_versions() -> None:
    found = _interpreted()
    for name, (got, want) in found["float"].items():
        assert len(got) == len(want) == 14, name
        assert all(_close(g, w) for g, w in zip(got, want, strict=True)), (name, got, want)
    for name, (got, want) in found["exact"].items():
        assert got == want, name  # integers: bit for bit
    for name, (got, want) in found["errors"].items():
        assert all(_close(g, w) for g, w in zip(got[:4], want[:4], strict=True)), name
        assert (got[4] == 0) is want[4], name  # NaN/Inf in the same places
    assert found["errors"]["an Inf moved"][0][4] == 1
    assert found["float"]["specials"][0][1:4] == [1.0, 1.0, 1.0]
