"""The measuring pass: the snippet's eager call and compiled call once each, inside NVTX
ranges "EAGER" and "COMPILED", for Nsight Compute (`ncu --nvtx`) to profile around it.

Started by the worker as `ncu ... python -m backend.harness --ncu-pass ...`, after the run
itself, in a process of its own (ncu and torch.profiler both use CUPTI: never in one
process). Everything that launches kernels but is not the measured call (input building,
warm-up, compiling) happens outside the ranges, so only the measured calls' kernels are in
them. The snippet's own stdout goes to stderr: stdout is ncu's, for its CSV.
Imports torch and the standard library only (and the harness's own modules).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import torch

from backend.harness import environment, inductor
from backend.harness.inputs import Inputs
from backend.harness.snippet import autograd_reason, find_entry_point, load_module

EAGER_RANGE = "EAGER"
COMPILED_RANGE = "COMPILED"
# Exit statuses the worker tells apart (anything else: the pass failed).
NOT_CUDA = 3


def ncu_pass(snippet: Path, size: int | None, compile_mode: str, device_name: str) -> int:
    """Run the measured calls; 0 when both ran, else an exit status (the reason on stderr)."""
    os.dup2(2, 1)  # the snippet's prints must not end up inside ncu's CSV
    sys.stdout = sys.stderr
    device, _ = environment.pick_device(device_name)
    if device.type != "cuda":
        print("kernelscope ncu pass: no CUDA device", file=sys.stderr)
        return NOT_CUDA
    torch.manual_seed(0)
    module = load_module(snippet, device)
    entry = find_entry_point(module, snippet, size)
    inputs = Inputs(entry, lambda _what, call: call())
    args = inputs.first()
    with _grad_mode(snippet):
        before = inputs.versions(args)
        entry.call(*args)  # warm-up: lazy initialisation, library handles
        inputs.check_mutation(args, before)
        _in_range(EAGER_RANGE, entry.call, inputs)
        inductor.configure_inductor(device)  # as in the run: the same kernels
        inductor.link_host_builds(device)
        compiled = inductor.compile_entry(entry.call, compile_mode)
        compiled(*inputs.for_call())  # compiles, outside the range
        compiled(*inputs.for_call())  # settles lazy initialisation, as the run does
        _in_range(COMPILED_RANGE, compiled, inputs)
    return 0


def _in_range(name: str, call: Callable[..., Any], inputs: Inputs) -> None:
    args = inputs.for_call()  # rebuilt inputs (if any) launch their kernels out here
    torch.cuda.synchronize()
    torch.cuda.nvtx.range_push(name)
    try:
        call(*args)
        torch.cuda.synchronize()
    finally:
        torch.cuda.nvtx.range_pop()


@contextlib.contextmanager
def _grad_mode(snippet: Path) -> Iterator[None]:
    """Inference unless the snippet computes gradients itself: as the run did."""
    if autograd_reason(snippet.read_text()) is not None:
        yield
        return
    with torch.no_grad():
        yield
