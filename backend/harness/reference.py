"""Eager's output as the reference for the compiled run's output check, and the other
references the check may use (float64, whether TF32 could have rounded the inputs).

The reference stays on the device when the compiled run has room for it beside its own
tensors, else it waits in host memory: a copy there and back costs seconds for a few GiB,
the check on the device milliseconds.
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Iterator
from typing import Any

import torch
from torch.utils._pytree import tree_map

from backend.harness.eager_capture import EagerOp
from backend.harness.inputs import Inputs
from backend.harness.snippet import EntryPoint
from backend.harness.tensors import flatten_tensors

HEADROOM_BYTES = 512 * 1024**2


def keep_reference(out: Any, peak: int | None, device: torch.device) -> Any:
    """Eager's output, where the check will read it. It stays on the device when it is
    small beside eager's peak, or when eager held at least one more output's worth of
    intermediates than what is resident now (inputs, parameters and this output), give or
    take the headroom: the compiled run then has that room for the reference, unless it
    keeps intermediates of its own. (x * sigmoid(x) at 4 GiB: eager holds x, sigmoid(x) and
    the output, 12 GiB; fused, x, output and reference.)"""
    size = sum(t.numel() * t.element_size() for t in flatten_tensors(out))
    if peak is None or size <= peak // 4 + HEADROOM_BYTES:
        return out
    resident = torch.cuda.memory_allocated(device) if device.type == "cuda" else 0
    if device.type == "cuda" and resident + size <= peak + HEADROOM_BYTES:
        return out
    return to_host(out)


def to_host(out: Any) -> Any:
    return tree_map(lambda x: x.cpu() if isinstance(x, torch.Tensor) else x, out)


def tf32_possible(device: torch.device, ops: list[EagerOp]) -> bool:
    """Could a library kernel have rounded float32 inputs to TF32 (cuDNN does by default)?"""
    if device.type != "cuda":
        return False
    names = " ".join(op.op for op in ops)
    convolution = "convolution" in names and torch.backends.cudnn.allow_tf32
    matmul = any(k in names for k in ("mm", "matmul", "linear", "baddbmm")) and (
        torch.backends.cuda.matmul.allow_tf32 or torch.get_float32_matmul_precision() != "highest"
    )
    return bool(convolution or matmul)


def float64_call(entry: EntryPoint, inputs: Inputs) -> Any:
    """The snippet again with its floating inputs and parameters in float64.

    A module's parameters are turned to float64 one module at a time, while that module
    runs (`parameters_in_float64_while_running`), when no gradients are computed: a whole
    model in float64 at once is twice its weights again (a 2.7B-parameter model, 21 GiB
    beside its own 10), one layer at a time is one layer's. A training step gets a float64
    copy of its own, since its backward writes the parameters' gradients."""
    args = tuple(
        a.double() if isinstance(a, torch.Tensor) and a.is_floating_point() else a
        for a in inputs.for_call()
    )
    if entry.module is None:
        return entry.call(*args)
    if torch.is_grad_enabled():
        return copy.deepcopy(entry.module).double()(*args)
    with parameters_in_float64_while_running(entry.module):
        return entry.module(*args)


@contextlib.contextmanager
def parameters_in_float64_while_running(model: torch.nn.Module) -> Iterator[None]:
    """Inside, each submodule's own floating parameters and buffers are float64 while its
    forward runs and their own tensors again after (the float32 ones are kept, not
    converted back, so nothing of the model changes). Hooks, so it holds for any model."""
    handles = []
    for module in model.modules():
        own = [*module.parameters(recurse=False), *module.buffers(recurse=False)]
        if any(t.is_floating_point() and t.dtype != torch.float64 for t in own):
            swap = _Float64Swap(own)
            handles.append(module.register_forward_pre_hook(swap.enter))
            handles.append(module.register_forward_hook(swap.leave))
    try:
        yield
    finally:
        for handle in handles:
            handle.remove()


class _Float64Swap:
    """One module's tensors: float64 data while it runs, the originals back after (a
    module re-entered, or a tensor shared with another module, swaps only once)."""

    def __init__(self, tensors: list[torch.Tensor]) -> None:
        self.tensors = [t for t in tensors if t.is_floating_point()]
        self.saved: list[torch.Tensor] | None = None

    def enter(self, *_: object) -> None:
        if self.saved is None:
            self.saved = [t.data for t in self.tensors]
            for tensor in self.tensors:
                tensor.data = tensor.data.double()

    def leave(self, *_: object) -> None:
        if self.saved is not None:
            for tensor, original in zip(self.tensors, self.saved, strict=True):
                tensor.data = original
            self.saved = None


@contextlib.contextmanager
def device_memory_capped(device: torch.device, cap_bytes: int) -> Iterator[None]:
    """The caching allocator may hold at most `cap_bytes` inside (it frees its cache and
    then raises OutOfMemoryError past it), so a float64 rerun cannot take Kernelscope's
    peak past its target; no cap on the CPU."""
    if device.type != "cuda":
        yield
        return
    total = torch.cuda.get_device_properties(device).total_memory
    torch.cuda.set_per_process_memory_fraction(min(1.0, cap_bytes / total), device)
    try:
        yield
    finally:
        torch.cuda.set_per_process_memory_fraction(1.0, device)
