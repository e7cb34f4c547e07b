"""Eager again in float64, the accuracy check's third opinion, within the memory target.

The check compares eager and compiled outputs; a float64 rerun of eager says which of the
two is nearer the exact answer. It runs within the harness's memory target: on a GPU the
allocator is capped at it meanwhile, so a rerun that does not fit fails instead of passing
the target, and the check says so. A model without gradients runs one module at a time in
float64 (reference.parameters_in_float64_while_running); a training step needs a float64
copy of its model, about twice eager's peak (35 GiB for a 12 GiB GPT-Neo-2.7B), and is
not even tried where that room is plainly not there.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import torch

from backend.harness import memory, reference
from backend.harness.inputs import Inputs
from backend.harness.memory import PeakTracker, is_out_of_memory
from backend.harness.snippet import EntryPoint

BUDGET = f"Kernelscope's budget of {memory.TARGET_FACTOR:g}x the snippet's own peak + 1 GiB"


def float64_rerun(
    entry: EntryPoint, inputs: Inputs, peaks: PeakTracker, peak: int | None, device: torch.device
) -> Callable[[], Any] | str:
    """The float64 call (`peak`: eager's), or why it cannot run. It returns the float64
    output, why it did not fit, or None for a snippet that cannot run in float64 (a
    float32 tensor of its own, say): no reference, not an error."""
    copied = torch.is_grad_enabled() and entry.module is not None
    if peak is not None and copied and 2 * peak > peaks.room_within_target(peak):
        return f"a float64 rerun would need about {memory.gib(2 * peak)} more, beyond {BUDGET}"

    def in_float64() -> Any:
        capped = (
            reference.device_memory_capped(device, memory.target_bytes(peak))
            if peak is not None
            else contextlib.nullcontext()
        )
        try:
            with capped:
                return reference.float64_call(entry, inputs)
        except Exception as exc:
            if is_out_of_memory(exc):
                return f"a float64 rerun did not fit {BUDGET}"
            return None

    return in_float64
