"""Device memory: each variant's peak, the harness's own peak, and out-of-memory messages.

The peak of one call of a variant (inputs included) is what users compare: compile often
lowers it. The harness's own peak over the whole run is what Kernelscope costs beside the
snippet (bench/bench_memory.py prints the ratio).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import torch

from backend.harness.errors import SnippetError, user_frames

T = TypeVar("T")
GIB = 1024**3
# The harness's whole-run peak is to stay within this x the snippet's own peak, plus this.
TARGET_FACTOR, TARGET_SLACK_BYTES = 1.25, GIB


class PeakTracker:
    """torch.cuda's peak counter is one per process: reset it around each measured call,
    and fold every reading into the run's own peak first."""

    def __init__(self, device: torch.device) -> None:
        self.device = device
        self.overall = 0

    @property
    def on(self) -> bool:
        return bool(self.device.type == "cuda")

    def measure(self, call: Callable[[], T]) -> tuple[T, int | None]:
        """Run `call`; its result and the device's peak allocation while it ran."""
        if not self.on:
            return call(), None
        self._fold()
        torch.cuda.reset_peak_memory_stats(self.device)
        result = call()
        torch.cuda.synchronize(self.device)
        peak = int(torch.cuda.max_memory_allocated(self.device))
        self._fold()
        return result, peak

    def _fold(self) -> None:
        self.overall = max(self.overall, int(torch.cuda.max_memory_allocated(self.device)))

    def run_peak(self) -> int | None:
        if not self.on:
            return None
        self._fold()
        return self.overall

    def in_use_by(self, held: Any) -> int:
        """Device bytes of the tensors in `held` (what the harness keeps between calls)."""
        if not self.on or held is None:
            return 0
        from torch.utils._pytree import tree_flatten

        tensors = [t for t in tree_flatten(held)[0] if isinstance(t, torch.Tensor)]
        return sum(t.untyped_storage().nbytes() for t in tensors if t.device == self.device)

    def room_within_target(self, snippet_peak: int) -> int:
        """Device bytes the harness may still take beside what is allocated now without
        passing its target: its whole peak within `TARGET_FACTOR` x the snippet's own
        peak + `TARGET_SLACK_BYTES` (bench/bench_memory.py prints the ratio); no limit
        worth checking on the CPU."""
        if not self.on:
            return 1 << 62
        used = int(torch.cuda.memory_allocated(self.device))
        return max(0, min(target_bytes(snippet_peak) - used, self.free_bytes()))

    def free_bytes(self) -> int:
        """Free device memory (CUDA), or no limit worth checking (the CPU)."""
        if not self.on:
            return 1 << 62
        free, _ = torch.cuda.mem_get_info(self.device)
        return int(free)


def target_bytes(snippet_peak: int) -> int:
    """The most the harness is to hold at once, for a snippet of this peak."""
    return int(TARGET_FACTOR * snippet_peak) + TARGET_SLACK_BYTES


def is_out_of_memory(exc: BaseException) -> bool:
    if exc.__cause__ is not None and is_out_of_memory(exc.__cause__):
        return True  # e.g. our accounting ran out of room beside the snippet's tensors
    if isinstance(exc, torch.OutOfMemoryError):
        return True
    text = str(exc)
    return isinstance(exc, RuntimeError) and (
        "DefaultCPUAllocator: can't allocate memory" in text or "out of memory" in text.lower()
    )


_ASKED = re.compile(r"Tried to allocate ([\d.]+ [KMGT]?i?B)")
_ASKED_HOST = re.compile(r"you tried to allocate (\d+) bytes")
_THIS_PROCESS = re.compile(r"this process has ([\d.]+ [KMGT]?i?B) memory in use")


def out_of_memory_error(
    exc: BaseException, step: str, device: torch.device, snippet: Path | None = None
) -> SnippetError:
    """The snippet's own failure, said plainly: what it asked for, what was free, who else
    held the device, and the snippet's line that asked."""
    text = str(exc)
    frames = user_frames(exc, snippet) if snippet is not None else []
    line = frames[-1].lineno if frames else None
    trace = [f"line {f.lineno}, in {f.name}: {(f.line or '').strip()}" for f in frames]
    at = f" on line {line}" if line else ""
    if device.type != "cuda":
        host = _ASKED_HOST.search(text)
        what = f"asked for {gib(int(host.group(1)))}" if host else "needed more memory"
        message = (
            f"Out of host memory {step}{at}: the snippet {what}, more than this worker "
            "could give. Use smaller tensors (or a `size` argument), or a larger worker."
        )
        return SnippetError("out_of_memory", message, line=line, traceback=trace)
    asked = _ASKED.search(text)
    what = f"asked for {asked.group(1)} more" if asked else "needed more memory"
    free, total = torch.cuda.mem_get_info(device)
    ours = _THIS_PROCESS.search(text)
    held_here = ours.group(1) if ours else gib(torch.cuda.memory_reserved(device))
    others = _others(text, total, free)
    message = (
        f"Out of GPU memory {step}{at}: the snippet {what}, with {gib(free)} free of "
        f"{gib(total)} ({held_here} held by this run{others}). Make the tensors smaller "
        "(or pass a smaller `size`), or run it when the GPU is not shared."
    )
    return SnippetError("out_of_memory", message, line=line, traceback=trace)


def _others(text: str, total: int, free: int) -> str:
    """Memory held by other processes, from the message torch gives, else the device."""
    mentioned = re.findall(r"Process (\d+) has ([\d.]+ [KMGT]?i?B) memory in use", text)
    if len(mentioned) > 1:
        return "; other processes: " + ", ".join(f"{pid} {held}" for pid, held in mentioned[1:])
    elsewhere = total - free - torch.cuda.memory_reserved()
    return f"; {gib(elsewhere)} held by other processes" if elsewhere > GIB // 4 else ""


def gib(n: float | int) -> str:
    return f"{n / GIB:.2f} GiB"
