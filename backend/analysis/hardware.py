"""What each kernel asked of the hardware: FLOPs, and bandwidth as a share of what the
device can do.

FLOPs are counted where they are known: GEMMs and convolutions from their operands' shapes
(the formulas torch.profiler's FLOP counter uses), Inductor's own estimate for kernels it
generates when it makes one (templates under max-autotune); element-wise kernels have
none, and sit on the bandwidth axis of the roofline. Bandwidth is logical bytes over the
kernel's duration against the device's measured streaming bandwidth (backend.worker.peaks).
A kernel above 100% whose data fits a few times in the last-level cache did not move those
bytes through DRAM: it is marked cache-resident instead of showing an impossible number.
One above 100% with data far larger than the cache did go through DRAM, a little faster than
the probe's kernels did (both are measurements, a few per cent apart): it is at the roof,
100%, never labelled cache-resident (on the H200 a probe of 4.05 TB/s once made a 805 MB
add_relu "L2-resident" at 108%).
Pure: no I/O.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from backend.analysis.naming import op_display
from backend.result import DeviceInfo, Kernel, Transfer, Variant, believed_time_scale

GEMMS_2D = frozenset({"mm", "addmm", "_addmm_activation"})
GEMMS_3D = frozenset({"bmm", "baddbmm"})
CONVOLUTIONS = frozenset({"convolution", "_convolution", "cudnn_convolution", "conv2d", "conv1d"})
# Data at least this many times the last-level cache streams from DRAM (the H200's measured
# vs logical check uses the same line).
DRAM_BOUND_TIMES_CACHE = 4


def kernel_flops(op: str | None, transfers: Sequence[Transfer]) -> int | None:
    """FLOPs of a GEMM or convolution kernel from its operands' shapes; None otherwise."""
    if op is None:
        return None
    name = op_display(op)
    reads = [list(t.shape) for t in transfers if t.direction == "read"]
    out = next((list(t.shape) for t in transfers if t.direction == "write"), None)
    if out is None or not out:
        return None
    if name in GEMMS_2D and len(out) == 2:
        left = next((s for s in reads if len(s) == 2 and s[0] == out[0]), None)
        return _contraction(out, left[1] if left else None)
    if name in GEMMS_3D and len(out) == 3:
        left = next((s for s in reads if len(s) == 3 and s[1] == out[1]), None)
        return _contraction(out, left[2] if left else None)
    if name in CONVOLUTIONS and len(out) >= 3:
        # weight: (out_channels, in_channels / groups, *kernel)
        weight = next((s for s in reads if len(s) == len(out) and s[0] == out[1]), None)
        return _contraction(out, math.prod(weight[1:]) if weight else None)
    return None


# FLOPs and shapes come from the run's own trace and accounting: a count no kernel does
# (or one SQLite cannot store) is not believed.
MAX_FLOPS = 2**62


def believable_flops(flops: int | None) -> int | None:
    return flops if flops is not None and 0 < flops <= MAX_FLOPS else None


def _contraction(out: list[int], depth: int | None) -> int | None:
    """2 x (output elements) x (the length of the sum behind each one)."""
    return believable_flops(2 * math.prod(out) * depth) if depth else None


def apply_device(variants: Mapping[str, Variant], device: DeviceInfo | None) -> None:
    """Fill each kernel's FLOPs and share of the device's measured bandwidth (or that its
    data was cache-resident), and each variant's share. In place. Rates are over the times
    the page believes: a variant whose kernel times the profiler inflated has them fitted
    to its timed call (`believed_time_scale`), never the inflated ones."""
    peak = device.peak_bandwidth_bytes_per_s if device is not None else None
    cache = device.l2_cache_bytes if device is not None else None
    for variant in variants.values():
        scale = believed_time_scale(variant)
        for kernel in variant.kernels:
            kernel.flops = believable_flops(kernel.flops)  # Inductor's estimate, if believable
            if kernel.flops is None and kernel.helper is None:  # a helper does no GEMM
                kernel.flops = kernel_flops(kernel.op, kernel.transfers)
            kernel.achieved_bandwidth_pct, kernel.cache_resident = bandwidth_share(
                kernel, peak, cache, scale
            )
        moved = variant.bytes_read + variant.bytes_written
        pct = percent_of_peak(moved, variant.kernel_time_us * scale, peak)
        largest = max((_footprint(k) for k in variant.kernels), default=0)
        if pct is not None and pct > 100 and _streams_from_dram(largest, cache):
            pct = 100.0  # at the roof; above 100 the summary says the data was cached
        variant.bandwidth_pct = pct


def bandwidth_share(
    kernel: Kernel, peak: float | None, cache_bytes: int | None = None, scale: float = 1.0
) -> tuple[float | None, bool]:
    """(% of the peak, cache-resident?) over the kernel's time times `scale` (its believed
    time). Above 100%, data that fits the cache was served from it; data far larger than
    the cache went through DRAM at the roof (100%)."""
    pct = percent_of_peak(_footprint(kernel), kernel.dur_us * scale, peak)
    if pct is None or pct <= 100:
        return pct, False
    if _streams_from_dram(_footprint(kernel), cache_bytes):
        return 100.0, False
    return None, True


def _footprint(kernel: Kernel) -> int:
    return kernel.bytes_read + kernel.bytes_written


def _streams_from_dram(data_bytes: int, cache_bytes: int | None) -> bool:
    return bool(cache_bytes) and data_bytes >= DRAM_BOUND_TIMES_CACHE * (cache_bytes or 0)


def percent_of_peak(moved: int, dur_us: float, peak: float | None) -> float | None:
    if not peak or dur_us <= 0 or moved <= 0:
        return None
    return round(100 * moved / (dur_us * 1e-6) / peak, 1)
