"""Fingerprints and output checks at device bandwidth: the one-pass Triton kernels against
the chunked torch versions, on tensors of real size (run on a GPU).

Prints, per tensor, the time of each way, the bandwidth of the one-pass kernels (bytes of
the tensor read, or of both tensors for an output check) and the ratio, all measured in this
run; and whether both ways agree. Needs CUDA and Triton: `python bench/bench_fused_passes.py`.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from backend.harness import accuracy, fingerprint, fused_passes


def _seconds(work: Callable[[], object], repeats: int = 3) -> float:
    work()  # compiles (Triton) and warms the allocator
    torch.cuda.synchronize()
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        work()
        torch.cuda.synchronize()
        best = min(best, time.perf_counter() - started)
    return best


def _first_call_s(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    torch.cuda.synchronize()
    return time.perf_counter() - started


def _row(name: str, nbytes: int, one_pass: float, chunked: float, agree: bool) -> None:
    rate = nbytes / one_pass / 1e9
    print(
        f"{name:34s} one pass {one_pass * 1e3:8.2f} ms ({rate:7.0f} GB/s)  "
        f"chunked {chunked * 1e3:9.2f} ms  ratio {chunked / one_pass:6.1f}x  agree {agree}"
    )


def _fingerprints(name: str, x: torch.Tensor) -> None:
    new = fused_passes.float_fingerprint(x)
    old = fingerprint._chunked_float_fingerprint(x)
    assert new is not None
    agree = bool(torch.allclose(new, old, rtol=1e-9, atol=1e-6))
    _row(
        f"fingerprint {name}",
        x.numel() * x.element_size(),
        _seconds(lambda: fused_passes.float_fingerprint(x)),
        _seconds(lambda: fingerprint._chunked_float_fingerprint(x), repeats=1),
        agree,
    )


def _chunked_errors(r: torch.Tensor, c: torch.Tensor) -> accuracy.Errors:
    fused = accuracy.fused
    accuracy.fused = lambda t: None  # type: ignore[assignment]
    try:
        return accuracy.errors(r, c)
    finally:
        accuracy.fused = fused


def _errors(name: str, r: torch.Tensor, c: torch.Tensor) -> None:
    new, old = accuracy.errors(r, c), _chunked_errors(r, c)
    agree = abs(new.rel_l2 - old.rel_l2) <= 1e-9 + 1e-6 * old.rel_l2
    _row(
        f"output check {name}",
        2 * r.numel() * r.element_size(),
        _seconds(lambda: accuracy.errors(r, c)),
        _seconds(lambda: _chunked_errors(r, c), repeats=1),
        agree,
    )


def main() -> None:
    if not torch.cuda.is_available():
        sys.exit("bench_fused_passes needs a GPU (CUDA) and Triton")
    print(torch.cuda.get_device_name(), "torch", torch.__version__)
    small = torch.randn(1 << 20, device="cuda")
    first = _first_call_s(lambda: fused_passes.float_fingerprint(small))
    print(f"first fingerprint (Triton compile or its disk cache): {first:.2f} s")
    first = _first_call_s(lambda: fused_passes.error_sums(small, small))
    print(f"first output check: {first:.2f} s")
    for log2 in (20, 26, 28):
        x = torch.randn(1 << log2, device="cuda")
        _fingerprints(f"2**{log2} float32", x)
        _errors(f"2**{log2} float32", x, x + 1e-6)
    square = torch.randn(1 << 14, 1 << 14, device="cuda")
    _fingerprints("16384^2 transposed", square.t())
    _fingerprints("16384^2 bfloat16", square.bfloat16())
    _errors("16384^2 transposed", square, square.t().contiguous().t())


if __name__ == "__main__":
    main()
