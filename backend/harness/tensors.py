"""Tensor identity and names shared by the eager and compiled accounting passes.

A *value* is what one kernel wrote into one storage: in-place ops make a new value of the
same storage. Values are the unit of transfers and round trips.

Storages are recognised by address, guarded by a weak reference: when a tensor dies and
the allocator hands its address to a new one, the weak reference has expired and the new
tensor is a new storage. Nothing is kept alive for the accounting, so a pass needs no more
device memory than the snippet itself (plus one fingerprint chunk).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import torch
from torch.multiprocessing.reductions import StorageWeakRef

from backend.harness.fingerprint import Pending, fingerprint


def footprint_bytes(t: torch.Tensor) -> int:
    """Bytes a kernel moves for this tensor: broadcast (stride-0) dims are read once."""
    if t.numel() == 0:
        return 0
    extent = math.prod(size for size, stride in zip(t.shape, t.stride(), strict=True) if stride)
    return int(extent) * int(t.element_size())


def only_metadata(func: Any) -> bool:
    """An in-place view (`transpose_`, `set_`, `squeeze_`): it changes a tensor's shape,
    strides or storage pointer and moves no data, though its schema marks `self` written;
    torch tags these `inplace_view`."""
    return torch.Tag.inplace_view in getattr(func, "tags", ())


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
    previous: int | None = None  # written in place: the value this storage held before
    pending: Pending | None = field(default=None, repr=False)

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "role": self.role,
            "shape": self.shape,
            "dtype": self.dtype,
            "bytes": self.bytes,
            "writer": self.writer,
            "previous": self.previous,
            "fingerprint": self.pending.result() if self.pending is not None else None,
        }


class ValueTable:
    """Maps live storages to their current value; creates values on writes."""

    def __init__(self) -> None:
        self.values: list[Value] = []
        self._current: dict[int, tuple[Value, StorageWeakRef]] = {}

    def known(self, t: torch.Tensor) -> Value | None:
        entry = self._current.get(storage_key(t))
        if entry is None:
            return None
        value, alive = entry
        if alive.expired():  # the address now belongs to a newer storage
            del self._current[value.storage]
            return None
        return value

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

    def write(self, t: torch.Tensor, writer: int, name: str, fingerprinted: bool = True) -> Value:
        """A new value of `t`'s storage; `fingerprinted` off (past the accounting's
        budget): its fingerprint is None, as for a dtype that cannot be fingerprinted."""
        previous = self.known(t)
        if previous is None:
            return self._new(t, name, "intermediate", writer, None, fingerprinted)
        # in place (or out=): the same tensor with new contents keeps its name and role
        return self._new(t, previous.name, previous.role, writer, previous.id, fingerprinted)

    def forget(self, t: torch.Tensor) -> None:
        """`t`'s storage got contents the table did not see: no value holds them."""
        self._current.pop(storage_key(t), None)

    def _new(
        self,
        t: torch.Tensor,
        name: str,
        role: str,
        writer: int | None,
        previous: int | None = None,
        fingerprinted: bool = True,
    ) -> Value:
        value = Value(
            id=len(self.values),
            storage=storage_key(t),
            name=name,
            role=role,
            shape=list(t.shape),
            dtype=dtype_name(t.dtype),
            bytes=footprint_bytes(t),
            writer=writer,
            previous=previous,
        )
        if writer is not None and fingerprinted:  # to recognise it in the other variant
            value.pending = fingerprint(t)
        self.values.append(value)
        self._current[value.storage] = (value, StorageWeakRef(t.untyped_storage()))
        return value

    def mark_outputs(self, outputs: list[torch.Tensor]) -> None:
        for index, t in enumerate(outputs):
            value = self.known(t)
            if value is not None and value.role in ("intermediate", "scratch"):
                value.role = "output"
                if value.name.startswith("tmp"):  # not named by the snippet yet
                    value.name = "output" if len(outputs) == 1 else f"output[{index}]"


def leaves(obj: Any) -> list[Any]:
    """The leaves of an op's arguments or result (tuples, lists and dicts of them), in
    pytree's order. torch's `tree_flatten` cost more than half of the accounting of a
    cheap op: it asks every node for its registered type; an op's arguments hold none."""
    found: list[Any] = []
    _collect(obj, found)
    return found


def _collect(obj: Any, found: list[Any]) -> None:
    if isinstance(obj, (tuple, list)):
        for item in obj:
            _collect(item, found)
    elif isinstance(obj, dict):
        for item in obj.values():
            _collect(item, found)
    else:
        found.append(obj)


def flatten_tensors(obj: Any) -> list[torch.Tensor]:
    from torch.utils._pytree import tree_flatten

    return [x for x in tree_flatten(obj)[0] if isinstance(x, torch.Tensor)]
