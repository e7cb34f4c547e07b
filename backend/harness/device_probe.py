"""What the worker's device can do, measured once when the worker starts.

    python -m backend.harness.device_probe [--device auto|cpu|cuda]   (prints one JSON line)

- Bandwidth: a device-to-device copy of 8x the last-level cache (so the data cannot live
  in it), and a sum over the same bytes (reads only), repeated; bytes moved over the
  median time, the better of the two. This is the roof a memory-bound kernel is measured
  against (the datasheet's number is not reachable; a read-heavy kernel such as a + b
  beats a plain copy by a few per cent, so a copy alone would be a roof it can pass).
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

REPEATS = 10
CPU_REPEATS = 4  # a CPU copy of 512 MiB takes a tenth of a second or more
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
            work()
            end.record()
            end.synchronize()
            samples.append(start.elapsed_time(end) / 1e3)
        else:
            began = time.perf_counter()
            work()
            samples.append(time.perf_counter() - began)
    return float(statistics.median(samples))


def _stream_bandwidth(device: torch.device, size: int) -> float:
    source = torch.empty(size // 4, dtype=torch.float32, device=device).fill_(1.0)
    target = torch.empty_like(source)
    copy = 2 * size / _seconds(device, lambda: target.copy_(source))  # read once, written once
    read = size / _seconds(device, source.sum)
    return max(copy, read)


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
