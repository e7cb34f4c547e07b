"""Eager's output as the reference for the compiled run's output check, and the other
references the check may use (float64, whether TF32 could have rounded the inputs).

The reference stays on the device when the compiled run has room for it beside its own
tensors, else it waits in host memory: a copy there and back costs seconds for a few GiB,
the check on the device milliseconds.
"""

from __future__ import annotations

import copy
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
    """The snippet again with its floating inputs and parameters in float64."""
    args = tuple(
        a.double() if isinstance(a, torch.Tensor) and a.is_floating_point() else a
        for a in inputs.for_call()
    )
    if entry.module is None:
        return entry.call(*args)
    return copy.deepcopy(entry.module).double()(*args)
