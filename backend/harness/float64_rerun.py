"""Eager again in float64, the accuracy check's third opinion, when the device has room.

The check compares eager and compiled outputs; a float64 rerun of eager says which of the
two is nearer the exact answer. In float64 every tensor eager held is twice its size, so
the rerun needs about twice eager's peak (a whole model's weights again, and twice: 35 GiB
for a 12 GiB GPT-Neo-2.7B): it runs only when that fits the harness's memory target.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from backend.harness import memory, reference
from backend.harness.inputs import Inputs
from backend.harness.memory import PeakTracker
from backend.harness.snippet import EntryPoint


def float64_rerun(
    entry: EntryPoint, inputs: Inputs, peaks: PeakTracker, peak: int | None
) -> Callable[[], Any] | str:
    """The float64 call, when it fits the harness's memory target beside what is held now
    (`peak`: eager's); else why it cannot run. A snippet that cannot run in float64 (a
    float32 tensor of its own, say) gets no reference, not an error: None from the call."""
    if peak is not None and 2 * peak > peaks.room_within_target(peak):
        return (
            f"a float64 rerun would need about {memory.gib(2 * peak)} more device "
            f"memory, beyond Kernelscope's budget of {memory.TARGET_FACTOR:g}x the "
            "snippet's own peak + 1 GiB"
        )

    def in_float64() -> Any:
        try:
            return reference.float64_call(entry, inputs)
        except Exception:
            return None

    return in_float64
