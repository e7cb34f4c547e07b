"""The ATen ops a library op dispatches from inside its own kernel code.

A TorchDispatchMode sees the ops below autograd, but an op with a backend kernel of its own
(`_native_multi_head_attention`, `mse_loss`, `cat` on some paths) calls further ATen ops
from C++, and those never reach the mode: the mode is off while the op runs. On the GPU
each of those inner ops launches kernels of its own (the bmm, the softmax, the mean), and
the profiler shows them under the outer op. To give every kernel the traffic of the op that
launched it, the eager pass runs such an op's backend kernel directly with the mode on
again (`_op_dk`), so its inner calls come back to the mode and are recorded here, in the
order they started (the profiler's order), with the tensors each read and wrote.

Inner tensors are not values of the snippet: they are resolved after the outer op returns,
either to one of its own inputs or outputs (a value of the table) or to a *local*, a buffer
that lived only inside the op (qkv, the attention scores). Nothing is kept alive for this.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import torch
from torch.multiprocessing.reductions import StorageWeakRef

from backend.harness.tensors import dtype_name, footprint_bytes, leaves, only_metadata, storage_key

# An op launches a handful of inner ops (MultiheadAttention: about 20); more are recorded
# only up to this many, so a pathological library op cannot grow the bundle without end.
MAX_INNER_OPS = 256
MAX_LOCALS = 256
# in-place ops whose destination's old contents do not matter
_OVERWRITES = {"copy", "fill", "zero", "normal", "uniform", "random", "bernoulli", "exponential"}
_READS_TO_HOST = {"local_scalar_dense", "equal", "is_nonzero"}  # no tensor out, a copy to host
_NO_TRAFFIC = {
    "empty",
    "empty_strided",
    "empty_like",
    "resolve_conj",
    "resolve_neg",
    "detach",
    "resize",
    "set",
    "as_strided",
}


@dataclass
class Access:
    """One tensor an inner op read or wrote, as seen while the op ran."""

    direction: str  # read | write
    buffer: int  # which buffer: a new one when an address is handed to a new storage
    bytes: int


@dataclass
class InnerOp:
    op: str
    depth: int  # 1 = called by the outer op itself, 2 = by one of its inner ops, ...
    accesses: list[Access] = field(default_factory=list)


@dataclass
class Buffer:
    storage: int
    shape: list[int]
    dtype: str
    bytes: int
    alive: StorageWeakRef


class InnerRecorder:
    """Collects the inner ops of one outer op while its kernel runs."""

    def __init__(self) -> None:
        self.ops: list[InnerOp] = []
        self.buffers: list[Buffer] = []
        self._current: dict[int, int] = {}  # address -> its buffer now
        self.depth = 1

    def record(self, func: Any, args: Any, kwargs: Any, out: Any, position: int) -> None:
        """Record one inner op that has run, at `position` (where it started: its own inner
        ops, recorded meanwhile, come after it)."""
        name = str(func)
        if _base(name) in _NO_TRAFFIC or _returns_alias(func):
            return
        if len(self.ops) >= MAX_INNER_OPS:
            return  # the bundle holds this many; the op's own row still has all its traffic
        inputs = _dense(leaves(_read_arguments(func, args, kwargs)))
        outputs = _dense(leaves(out))
        read_storages = {storage_key(t) for t in inputs}
        in_place = _writes(func)
        if not in_place and outputs and all(storage_key(t) in read_storages for t in outputs):
            return  # `_unsafe_view` and the like: the input's own storage, nothing moved
        if not outputs and not in_place and _base(name) not in _READS_TO_HOST:
            return  # `result_type` and other questions about a tensor: no kernel
        op = InnerOp(name, self.depth)
        op.accesses = [Access("read", self._buffer(t), footprint_bytes(t)) for t in inputs]
        op.accesses += [Access("write", self._buffer(t), footprint_bytes(t)) for t in outputs]
        self.ops.insert(position, op)

    def _buffer(self, t: torch.Tensor) -> int:
        address = storage_key(t)
        known = self._current.get(address)
        if known is not None and not self.buffers[known].alive.expired():
            return known
        self._current[address] = len(self.buffers)
        alive = StorageWeakRef(t.untyped_storage())
        shape, dtype = list(t.shape), dtype_name(t.dtype)
        self.buffers.append(Buffer(address, shape, dtype, footprint_bytes(t), alive))
        return self._current[address]


def backend_key(func: Any, args: Any, kwargs: Any) -> Any:
    """The dispatch key whose kernel to run directly (CUDA or CPU, else the op's explicit
    composite), or None where there is none (a factory, mixed or exotic tensors): those run
    as usual and show no inner ops."""
    if _base(str(func)) in _NO_TRAFFIC or _returns_alias(func):
        return None  # views and allocations call nothing that moves data: no detour
    tensors = _dense(leaves((args, kwargs)))
    kinds = {t.device.type for t in tensors}
    if not tensors or not kinds <= {"cpu", "cuda"}:
        return None
    backend = torch._C.DispatchKey.CUDA if "cuda" in kinds else torch._C.DispatchKey.CPU
    # `convolution` has no CUDA kernel of its own but a composite one that calls
    # `cudnn_convolution` and the bias `add_`: run that, so they are seen too
    for key in (backend, torch._C.DispatchKey.CompositeExplicitAutograd):
        try:
            if func.has_kernel_for_dispatch_key(key):
                return key
        except (AttributeError, RuntimeError):
            return None
    return None


def resolve(
    recorder: InnerRecorder, reads: dict[int, int], writes: dict[int, int], outer_name: str
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The inner ops as bundle rows, and the locals they used. `reads` and `writes` map a
    storage to the value id the outer op read or wrote there (its inputs, its outputs, all
    alive now). Each row's transfers name either a `value` of the table or a `local`."""
    locals_: list[dict[str, Any]] = []
    local_of: dict[int, int] = {}
    rows = []
    for op in recorder.ops:
        transfers = []
        for access in op.accesses:
            buffer = recorder.buffers[access.buffer]
            first, second = (reads, writes) if access.direction == "read" else (writes, reads)
            outer = first.get(buffer.storage, second.get(buffer.storage))
            if outer is not None and not buffer.alive.expired():
                ref = {"value": outer}
            elif access.buffer in local_of or len(locals_) < MAX_LOCALS:
                if access.buffer not in local_of:
                    local_of[access.buffer] = len(locals_)
                    writer = op.op if access.direction == "write" else "scratch"
                    locals_.append(_local(buffer, writer, outer_name))
                ref = {"local": local_of[access.buffer]}
            else:
                continue
            transfers.append({"direction": access.direction, "bytes": access.bytes, **ref})
        if transfers:
            rows.append({"op": op.op, "depth": op.depth, "transfers": transfers})
    return rows, locals_


def _local(buffer: Buffer, writer: str, outer_name: str) -> dict[str, Any]:
    return {
        "name": f"{_base(writer)} inside {_base(outer_name)}",
        "shape": buffer.shape,
        "dtype": buffer.dtype,
        "bytes": buffer.bytes,
    }


def _read_arguments(func: Any, args: Any, kwargs: Any) -> list[Any]:
    """The arguments an op reads: all but its `out=` buffers (which it only writes; an
    input passed as its own `out`, like softmax in place, is still read as the input) and
    the destination of an op that overwrites it (`copy_`, `fill_`: written, never read)."""
    overwrites = _base(str(func)) in _OVERWRITES
    read = []
    for position, argument in enumerate(func._schema.arguments):
        if argument.kwarg_only or position >= len(args):
            value = kwargs.get(argument.name)
        else:
            value = args[position]
        written = argument.alias_info is not None and argument.alias_info.is_write
        if not argument.is_out and not (overwrites and written):
            read.append(value)
    return read


def _writes(func: Any) -> bool:
    return any(r.alias_info is not None and r.alias_info.is_write for r in func._schema.returns)


def _returns_alias(func: Any) -> bool:
    """A view (returns part of an input without writing it) moves nothing; nor does an
    in-place view (cuDNN's batch-first LSTM ends with `transpose_` on its output)."""
    returns = func._schema.returns
    if only_metadata(func):
        return True
    return not _writes(func) and any(r.alias_info is not None for r in returns)


def _dense(items: list[Any]) -> list[torch.Tensor]:
    return [
        x
        for x in items
        if isinstance(x, torch.Tensor) and x.layout == torch.strided and not x.is_nested
    ]


def _base(op: str) -> str:
    parts = op.split(".")
    return (parts[1] if len(parts) > 1 else op).rstrip("_").lstrip("_")
