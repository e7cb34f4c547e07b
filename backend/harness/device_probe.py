"""What the worker's device can do, measured once when the worker starts.

    python -m backend.harness.device_probe [--device auto|cpu|cuda]   (prints one JSON line)

- Bandwidth: three streaming kernels over buffers of 8x the last-level cache each (so the
  data cannot live in it): a copy (one read, one write), an add (two reads, one write, the
  shape of most element-wise work) and a sum (reads only). Each is timed as a batch of
  back-to-back calls between two events (a single call's time would include the launch
  gap, a few per cent of a 100 µs kernel), median of the batches; the best of the three is
  the roof a memory-bound kernel is measured against. The datasheet's number is not
  reachable, and no one pattern is the fastest everywhere: on the H200 (2026-12-02) a
  copy timed one call at a time gave 4.05-4.15 TB/s while Inductor's fused a + b reached
  4.36 TB/s, so a copy alone was a roof that kernels passed.
- Matrix FLOP/s in float32 (TF32 off) and bfloat16, from square matmuls: the compute roof
  of the roofline.
Run in its own process (the worker never imports torch), once per device and host
(backend/worker/peaks.py): a few seconds, most of them torch's import.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

import torch

REPEATS = 7
CPU_REPEATS = 3  # a CPU copy of 512 MiB takes a tenth of a second or more
BATCH = 5  # calls timed back to back per sample on a GPU
MIN_COPY_BYTES = 256 * 1024**2
# A CPU's "last-level cache" can be a VM's fiction of 480 MiB; 512 MiB is past any real one.
MAX_CPU_COPY_BYTES = 512 * 1024**2


def measure(device: torch.device) -> dict[str, Any]:
    cache = _last_level_cache(device)
    copy_bytes = max(MIN_COPY_BYTES, 8 * (cache or 0))
    if device.type == "cpu":
        copy_bytes = min(copy_bytes, MAX_CPU_COPY_BYTES)
    flops = {"float32": _matmul_flops(device, torch.float32)}
    if device.type == "cuda":
        flops["bfloat16"] = _matmul_flops(device, torch.bfloat16)
    return {
        "device": device.type,
        "l2_cache_bytes": cache,
        "peak_bandwidth_bytes_per_s": _stream_bandwidth(device, copy_bytes),
        "bandwidth_measured_with_bytes": copy_bytes,
        "peak_flops": flops,
    }


def _last_level_cache(device: torch.device) -> int | None:
    if device.type == "cuda":
        return int(getattr(torch.cuda.get_device_properties(device), "L2_cache_size", 0)) or None
    from backend.harness.environment import describe_device

    cache = describe_device(device, None).get("l2_cache_bytes")
    return int(cache) if cache else None


def _seconds(device: torch.device, work: Callable[[], object]) -> float:
    """Median seconds of one call of `work`, after a warm-up."""
    work()
    samples = []
    for _ in range(REPEATS if device.type == "cuda" else CPU_REPEATS):
        if device.type == "cuda":
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            for _ in range(BATCH):
                work()
            end.record()
            end.synchronize()
            samples.append(start.elapsed_time(end) / 1e3 / BATCH)
        else:
            began = time.perf_counter()
            work()
            samples.append(time.perf_counter() - began)
    return float(statistics.median(samples))


def _stream_bandwidth(device: torch.device, size: int) -> float:
    """Bytes per second of the best of a copy, an add and a sum over `size`-byte buffers."""
    a = torch.empty(size // 4, dtype=torch.float32, device=device).fill_(1.0)
    b, out = torch.ones_like(a), torch.empty_like(a)
    copy = 2 * size / _seconds(device, lambda: out.copy_(a))  # read once, written once
    add = 3 * size / _seconds(device, lambda: torch.add(a, b, out=out))  # two reads, a write
    read = size / _seconds(device, a.sum)
    return max(copy, add, read)


def _matmul_flops(device: torch.device, dtype: torch.dtype) -> float | None:
    n = 8192 if device.type == "cuda" else 1024
    previous = torch.backends.cuda.matmul.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = False  # the float32 roof is float32's
    try:
        a = torch.randn(n, n, device=device).to(dtype)
        b = torch.randn(n, n, device=device).to(dtype)
        seconds = _seconds(device, lambda: a @ b)
    except RuntimeError:  # a dtype this device cannot multiply
        return None
    finally:
        torch.backends.cuda.matmul.allow_tf32 = previous
    return 2 * n**3 / seconds


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m backend.harness.device_probe")
    parser.add_argument("--device", choices=("auto", "cpu", "cuda"), default="auto")
    args = parser.parse_args(argv)
    use_cuda = args.device == "cuda" or (args.device == "auto" and torch.cuda.is_available())
    print(json.dumps(measure(torch.device("cuda", 0) if use_cuda else torch.device("cpu"))))


if __name__ == "__main__":
    main()
