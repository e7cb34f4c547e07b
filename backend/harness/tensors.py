"""Tensor identity and names shared by the eager and compiled accounting passes.

A *value* is what one kernel wrote into one storage: in-place ops make a new value of the
same storage. Values are the unit of transfers and round trips. Every tensor seen is kept
alive during a pass so that the allocator cannot hand its address to a later tensor.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import torch


def footprint_bytes(t: torch.Tensor) -> int:
    """Bytes a kernel moves for this tensor: broadcast (stride-0) dims are read once."""
    if t.numel() == 0:
        return 0
    extent = math.prod(size for size, stride in zip(t.shape, t.stride(), strict=True) if stride)
    return int(extent) * int(t.element_size())


def storage_key(t: torch.Tensor) -> int:
    return int(t.untyped_storage().data_ptr())


def dtype_name(dtype: torch.dtype) -> str:
    return str(dtype).removeprefix("torch.")


@dataclass
class Value:
    id: int
    storage: int
    name: str
    role: str  # input | parameter | output | intermediate | scratch
    shape: list[int]
    dtype: str
    bytes: int
    writer: int | None = None  # index of the op / launch that wrote it; None for inputs
    snapshot: torch.Tensor | None = field(default=None, repr=False)

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "role": self.role,
            "shape": self.shape,
            "dtype": self.dtype,
            "bytes": self.bytes,
            "writer": self.writer,
        }


class ValueTable:
    """Maps storages to their current value; creates values on writes."""

    def __init__(self, snapshot_budget_bytes: int) -> None:
        self.values: list[Value] = []
        self._current: dict[int, Value] = {}
        self._keep_alive: list[torch.Tensor] = []
        self._snapshot_budget = snapshot_budget_bytes
        self.snapshots_complete = True

    def known(self, t: torch.Tensor) -> Value | None:
        return self._current.get(storage_key(t))

    def add_source(self, t: torch.Tensor, name: str, role: str) -> Value:
        """A tensor that exists before the pass: an argument, a parameter, a global."""
        existing = self.known(t)
        if existing is not None:
            return existing
        return self._new(t, name, role, writer=None)

    def read(self, t: torch.Tensor, fallback_name: str) -> Value:
        value = self.known(t)
        if value is None:  # created outside any op we saw (a closure constant, say)
            value = self._new(t, fallback_name, "input", writer=None)
        return value

    def write(self, t: torch.Tensor, writer: int, name: str) -> Value:
        previous = self.known(t)
        if previous is None:
            return self._new(t, name, "intermediate", writer=writer)
        # in place (or out=): the same tensor with new contents keeps its name and role
        return self._new(t, previous.name, previous.role, writer=writer)

    def _new(self, t: torch.Tensor, name: str, role: str, writer: int | None) -> Value:
        value = Value(
            id=len(self.values),
            storage=storage_key(t),
            name=name,
            role=role,
            shape=list(t.shape),
            dtype=dtype_name(t.dtype),
            bytes=footprint_bytes(t),
            writer=writer,
        )
        if writer is not None:
            value.snapshot = self._snapshot(t)
        self._keep_alive.append(t)
        self.values.append(value)
        self._current[value.storage] = value
        return value

    def _snapshot(self, t: torch.Tensor) -> torch.Tensor | None:
        """A copy of what was written, to recognise the same value in the other variant."""
        if not t.is_floating_point() and t.dtype not in (torch.int32, torch.int64, torch.bool):
            return None
        size = footprint_bytes(t)
        if size > self._snapshot_budget:
            self.snapshots_complete = False
            return None
        self._snapshot_budget -= size
        return t.detach().clone()

    def mark_outputs(self, outputs: list[torch.Tensor]) -> None:
        for index, t in enumerate(outputs):
            value = self.known(t)
            if value is not None and value.role in ("intermediate", "scratch"):
                value.role = "output"
                if value.name.startswith("tmp"):
                    value.name = "output" if len(outputs) == 1 else f"output[{index}]"


def flatten_tensors(obj: Any) -> list[torch.Tensor]:
    from torch.utils._pytree import tree_flatten

    return [x for x in tree_flatten(obj)[0] if isinstance(x, torch.Tensor)]


def same_values(a: torch.Tensor, b: torch.Tensor) -> bool:
    """Do two snapshots hold the same numbers (allowing for reassociated arithmetic)?"""
    if a.shape != b.shape or a.dtype != b.dtype or a.device != b.device:
        return False
    if a.is_floating_point():
        return bool(torch.allclose(a, b, rtol=1e-3, atol=1e-4, equal_nan=True))
    return bool(torch.equal(a, b))
