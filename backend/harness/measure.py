"""Profiling one call, timing many, and comparing outputs."""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch
from torch.profiler import ProfilerActivity, profile, record_function

from backend.harness.protocol import MEASURED_CALL
from backend.harness.tensors import flatten_tensors

MIN_REPEATS = 5
MAX_REPEATS = 100
TIMING_BUDGET_S = 1.0


def synchronize(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def clone_args(args: tuple[Any, ...]) -> tuple[Any, ...]:
    """Fresh copies, so an in-place snippet sees the same inputs in every call."""
    return tuple(a.clone() if isinstance(a, torch.Tensor) else a for a in args)


def profile_call(
    call: Callable[..., Any], make_args: Callable[[], tuple[Any, ...]], device: torch.device
) -> bytes:
    """Two calls inside torch.profiler (record_shapes on); returns the Chrome trace JSON.

    The first op of every profiling session carries the profiler's own start-up cost
    (milliseconds); the first call absorbs it and the analysis reads only the second,
    marked by a `kernelscope: measured call` annotation.
    """
    activities = [ProfilerActivity.CPU]
    if device.type == "cuda":
        activities.append(ProfilerActivity.CUDA)
    first, second = make_args(), make_args()
    with profile(activities=activities, record_shapes=True) as prof:
        call(*first)
        synchronize(device)
        with record_function(MEASURED_CALL):
            call(*second)
            synchronize(device)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "trace.json"
        prof.export_chrome_trace(str(path))
        return path.read_bytes()


def time_calls(
    call: Callable[..., Any], args: tuple[Any, ...], device: torch.device
) -> dict[str, Any]:
    """Median wall time of one call; warm-up is the caller's job and is not counted."""
    measure = _cuda_event_timer if device.type == "cuda" else _perf_counter_timer
    samples_us: list[float] = []
    spent_s = 0.0
    while len(samples_us) < MAX_REPEATS and (
        len(samples_us) < MIN_REPEATS or spent_s < TIMING_BUDGET_S
    ):
        sample = measure(call, args, device)
        samples_us.append(sample)
        spent_s += sample / 1e6
    return {
        "median_us": statistics.median(samples_us),
        "repeats": len(samples_us),
        "samples_us": [round(s, 3) for s in samples_us],
        "method": "cuda_events" if device.type == "cuda" else "perf_counter",
    }


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


def compare_outputs(reference: Any, candidate: Any) -> dict[str, Any]:
    """Max absolute and relative (to the reference's largest magnitude) error over outputs."""
    ref, cand = flatten_tensors(reference), flatten_tensors(candidate)
    atol, rtol = 1e-4, 1e-3
    base = {"atol": atol, "rtol": rtol}
    if len(ref) != len(cand) or not ref:
        note = "no tensor outputs to compare" if not ref else "outputs differ in structure"
        return {**base, "max_abs_error": None, "max_rel_error": None, "match": None, "note": note}
    if any(r.shape != c.shape for r, c in zip(ref, cand, strict=True)):
        return {**base, "max_abs_error": None, "max_rel_error": None, "match": False,
                "note": "output shapes differ"}  # fmt: skip
    abs_err = rel_err = 0.0
    match = True
    for r, c in zip(ref, cand, strict=True):
        r64, c64 = r.detach().double(), c.detach().double().to(r.device)
        diff = float((r64 - c64).abs().max()) if r.numel() else 0.0
        scale = float(r64.abs().max()) if r.numel() else 0.0
        abs_err = max(abs_err, diff)
        rel_err = max(rel_err, diff / scale if scale else diff)
        match = match and bool(torch.allclose(c64, r64, rtol=rtol, atol=atol, equal_nan=True))
    return {
        **base,
        "max_abs_error": abs_err,
        "max_rel_error": rel_err,
        "match": match,
        "note": None,
    }
