"""Profiling one call, timing many, and comparing outputs."""

from __future__ import annotations

import math
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch
from torch.profiler import ProfilerActivity, profile, record_function

from backend.harness.protocol import MEASURED_CALL

MIN_REPEATS = 5
MAX_REPEATS = 100
TIMING_BUDGET_S = 0.3  # per variant: 30-100 samples of a millisecond-scale call
# Timing stops early once the median is known well enough: at least STEADY_REPEATS samples
# whose distribution-free 95% interval of the median lies within STEADY_HALF_WIDTH of it. A
# GPU's samples are steady, so a call of milliseconds is timed in tens of them instead of a
# whole budget; a noisy CPU's never are, so it still spends the budget.
STEADY_REPEATS = 15
STEADY_HALF_WIDTH = 0.01
# Profiled calls per variant (besides the profiler's warm-up call): as many as fit the
# timing budget up to the most, at least the least, two for a call longer than LONG_CALL_S,
# and never more measured kernels than PROFILED_KERNELS_BUDGET (the bundle's trace limits).
MAX_PROFILED_CALLS = 5
MIN_PROFILED_CALLS = 3
LONG_CALL_S = 1.0
PROFILED_KERNELS_BUDGET = 12_000
# Past this many kernels a call, the eager profile records no input shapes: they cost the
# profiler about half its time on a call of small ops (20,000 of an LSTM: 1.7 s against
# 1.0 s for two calls), and the analysis reads shapes only from compiled launches.
SHAPES_KERNELS_LIMIT = PROFILED_KERNELS_BUDGET


def synchronize(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def profiled_calls(first_call_s: float, kernels_per_call: int) -> int:
    """How many measured calls to profile: MAX_PROFILED_CALLS while they fit the timing
    budget, at least MIN_PROFILED_CALLS (a median of three outvotes one slow call), two when
    one call is long, and never more kernels in all than the trace can carry."""
    if first_call_s * MAX_PROFILED_CALLS <= TIMING_BUDGET_S:
        calls = MAX_PROFILED_CALLS
    elif first_call_s > LONG_CALL_S:
        calls = 2
    else:
        calls = max(MIN_PROFILED_CALLS, int(TIMING_BUDGET_S / max(first_call_s, 1e-9)))
    fits = PROFILED_KERNELS_BUDGET // max(1, kernels_per_call)
    return max(1, min(calls, MAX_PROFILED_CALLS, fits))


def profile_call(
    call: Callable[..., Any],
    args_for_call: Callable[[], tuple[Any, ...]],
    device: torch.device,
    kernels_per_call: int = 1,
    record_shapes: bool = True,
) -> tuple[bytes, int]:
    """Several calls inside torch.profiler (`record_shapes` on unless the caller turns it
    off); the Chrome trace JSON and how
    many calls it measured.

    The first op of every profiling session carries the profiler's own start-up cost
    (milliseconds); the first call absorbs it and is not read. Each later call is marked by
    a `kernelscope: measured call` annotation: the analysis reads every one of them, so a
    kernel's duration is a median over calls, never one call's (a loaded machine can make
    any single call ten times slower). How many depends on the first call's time.
    """
    activities = [ProfilerActivity.CPU]
    if device.type == "cuda":
        activities.append(ProfilerActivity.CUDA)
    with profile(activities=activities, record_shapes=record_shapes) as prof:
        started = time.perf_counter()
        call(*args_for_call())
        synchronize(device)
        calls = profiled_calls(time.perf_counter() - started, kernels_per_call)
        for _ in range(calls):
            args = args_for_call()
            synchronize(device)  # rebuilt inputs' kernels finish before the call's mark
            with record_function(MEASURED_CALL):
                call(*args)
                synchronize(device)
            del args
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "trace.json"
        prof.export_chrome_trace(str(path))
        return path.read_bytes(), calls


def time_calls(call: Callable[..., Any], inputs: Any, device: torch.device) -> dict[str, Any]:
    """Median wall time of one call; warm-up is the caller's job and is not counted.
    `inputs.for_call()` gives each call's arguments (rebuilt, outside the timed region,
    for a snippet that modifies them)."""
    measure = _cuda_event_timer if device.type == "cuda" else _perf_counter_timer
    samples_us: list[float] = []
    spent_s = 0.0
    while len(samples_us) < MAX_REPEATS and (
        len(samples_us) < MIN_REPEATS or spent_s < TIMING_BUDGET_S
    ):
        sample = measure(call, inputs.for_call(), device)
        samples_us.append(sample)
        spent_s += sample / 1e6
        if median_is_steady(samples_us):
            break
    return {
        "median_us": statistics.median(samples_us),
        "repeats": len(samples_us),
        "samples_us": [round(s, 3) for s in samples_us],
        "method": "cuda_events" if device.type == "cuda" else "perf_counter",
    }


def median_is_steady(samples_us: list[float]) -> bool:
    """Whether the median's 95% interval, from order statistics (no assumption about the
    samples' distribution), lies within STEADY_HALF_WIDTH of it."""
    count = len(samples_us)
    if count < STEADY_REPEATS:
        return False
    ordered = sorted(samples_us)
    spread = 0.98 * math.sqrt(count)  # 1.96 x Binomial(n, 1/2)'s standard deviation, sqrt(n)/2
    low = ordered[max(0, math.floor(count / 2 - spread) - 1)]
    high = ordered[min(count - 1, math.ceil(count / 2 + spread))]
    middle = statistics.median(ordered)
    return middle > 0 and (high - low) / 2 <= STEADY_HALF_WIDTH * middle


def _perf_counter_timer(call: Callable[..., Any], args: tuple[Any, ...], _: torch.device) -> float:
    start = time.perf_counter()
    call(*args)
    return (time.perf_counter() - start) * 1e6


def _cuda_event_timer(
    call: Callable[..., Any], args: tuple[Any, ...], device: torch.device
) -> float:
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    call(*args)
    end.record()
    end.synchronize()
    return float(start.elapsed_time(end)) * 1000.0
