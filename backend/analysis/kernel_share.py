"""How an op's traffic is shared among the kernels it launched (on a GPU).

An op usually launches one kernel, which carries all of the op's reads and writes. When it
launches several, each carries what it moves:

- *Split launches*: past 2**31 bytes of offsets, ATen runs one element-wise op or reduction
  as several launches of the same kernel (TensorIterator's 32-bit indexing), each over its
  own range of elements. Each takes the op's bytes in proportion to its grid (the blocks it
  ran, so the elements it covered), and all know how many launches the op took.
- *Helpers*: a memset writes its buffer (the profiler gives its bytes); a copy reads and
  writes its bytes; a layout transform (cuDNN's nchwToNhwc and the like) or another helper
  kernel reads and writes the op's tensor nearest its size: one of the op's inputs before
  the op's main kernel, one of its outputs after it. Helpers that pick the same tensor
  share one read and write of it (cuDNN's RNN runs two per step and layer, 12,288 for
  an LSTM: each carrying the tensor multiplied it by them).

The main kernel (the longest compute kernel) and split launches share the op's transfers;
helpers add to them, so an op's logical bytes include its layout transforms. A compiled
wrapper's own copy (`wrapper_copy`), with no launch to take bytes from, is sized the same way.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from backend.analysis.trace import TraceKernel
from backend.result import Transfer

_SIZED = ("memset", "copy")  # helpers whose bytes the profiler gives
_LAYOUT_TRANSFORM = re.compile(
    r"nchwToNhwc|nhwcToNchw|convertTensor|tensorTransform|transpose|Transpose|im2col|col2im"
)


@dataclass
class Share:
    """What one kernel carries of its op's traffic."""

    transfers: list[Transfer]
    launches: int | None = None  # the op's main kernel ran as this many launches
    helper: str | None = None  # memset, copy, layout transform, helper kernel
    note: str | None = None  # why it carries nothing, when it does not


def main_kernels(kernels: Sequence[TraceKernel], owners: Sequence[int | None]) -> dict[int, int]:
    """Owner -> the position of its main kernel: its longest compute kernel (a `sum`
    launches a small memset before the reduction; cuDNN converts layouts around a
    convolution; the long kernel is the one that moves the data)."""
    mains: dict[int, int] = {}
    for position, owner in enumerate(owners):
        if owner is None:
            continue
        current = mains.get(owner)
        if current is None or _main_rank(kernels[position]) > _main_rank(kernels[current]):
            mains[owner] = position
    return mains


def share_traffic(
    kernels: Sequence[TraceKernel], transfers: list[Transfer], op: str
) -> list[Share]:
    """One share per kernel of one op, in launch order."""
    if len(kernels) == 1:
        return [Share(list(transfers))]
    main = max(range(len(kernels)), key=lambda i: _main_rank(kernels[i]))
    splits = [i for i, k in enumerate(kernels) if _same_kernel(k, kernels[main])]
    shares: list[Share | None] = [None] * len(kernels)
    weights = _weights([kernels[i] for i in splits])
    for i, part in zip(splits, _split(transfers, weights), strict=True):
        shares[i] = Share(part, launches=len(splits) if len(splits) > 1 else None)
    for i, kernel in enumerate(kernels):
        if shares[i] is None:
            before = i < splits[0]
            shares[i] = _helper(kernel, transfers, before, op)
    return _one_pass_per_tensor(kernels, [s for s in shares if s is not None])


def _one_pass_per_tensor(kernels: Sequence[TraceKernel], shares: list[Share]) -> list[Share]:
    """Helpers of one op that picked the same tensor share one read and write of it. A
    layout transform moves its tensor once; cuDNN's RNN launches two small kernels per
    step and layer (12,288 for a 6-layer bidirectional LSTM over 512 steps), and each
    carrying the whole tensor multiplied the op's bytes by the launches."""
    groups: dict[tuple[str, int], list[int]] = {}
    for i, share in enumerate(shares):
        if share.helper in (None, *_SIZED) or not share.transfers:
            continue  # the op's own kernels split its bytes; a memset or copy has its own
        tensor = share.transfers[0]
        groups.setdefault((tensor.tensor, tensor.bytes), []).append(i)
    for positions in groups.values():
        weights = _weights([kernels[i] for i in positions])
        parts = _split(shares[positions[0]].transfers, weights)
        for i, part in zip(positions, parts, strict=True):
            shares[i].transfers = part
    return shares


def _main_rank(kernel: TraceKernel) -> tuple[bool, float]:
    """Compute kernels before memsets and copies, then the longer one."""
    return (kernel.cat == "kernel", kernel.dur_us)


def _same_kernel(kernel: TraceKernel, main: TraceKernel) -> bool:
    return kernel.cat == main.cat and kernel.name == main.name


def _weights(kernels: Sequence[TraceKernel]) -> list[float]:
    """Each launch's share of the elements: its blocks (grid volume); by duration where a
    launch has no grid."""
    blocks = [float(math.prod(k.grid)) if k.grid else 0.0 for k in kernels]
    sizes = blocks if all(blocks) else [max(k.dur_us, 0.0) for k in kernels]
    total = sum(sizes)
    if total <= 0:
        return [1 / len(kernels)] * len(kernels)
    return [size / total for size in sizes]


def _split(transfers: list[Transfer], weights: list[float]) -> list[list[Transfer]]:
    """Each transfer's bytes cut by the weights, the rounding left to the last launch, so
    the launches add up to the op's bytes exactly."""
    if len(weights) == 1:
        return [list(transfers)]
    parts: list[list[Transfer]] = [[] for _ in weights]
    for transfer in transfers:
        given = 0
        for position, weight in enumerate(weights):
            last = position == len(weights) - 1
            size = transfer.bytes - given if last else round(transfer.bytes * weight)
            given += size
            parts[position].append(transfer.model_copy(update={"bytes": size}))
    return parts


def _helper(kernel: TraceKernel, transfers: list[Transfer], before: bool, op: str) -> Share:
    if kernel.cat == "gpu_memset":
        return _sized(kernel, ["write"], "memset", op)
    if kernel.cat == "gpu_memcpy":
        return _sized(kernel, ["read", "write"], "copy", op)
    kind = "layout transform" if _LAYOUT_TRANSFORM.search(kernel.name) else "helper kernel"
    direction = "read" if before else "write"
    candidates = [t for t in transfers if t.direction == direction] or list(transfers)
    if not candidates:
        return Share([], helper=kind, note=f"a {kind} of {op}, which moved no tensor we saw")
    tensor = _nearest(kernel, candidates)
    moved = [
        tensor.model_copy(update={"direction": "read", "partial": False}),
        tensor.model_copy(update={"direction": "write", "partial": False}),
    ]
    return Share(moved, helper=kind)


def wrapper_copy(kernel: TraceKernel, op: str) -> Share | None:
    """A copy or fill a compiled graph's wrapper runs itself, outside any kernel Inductor
    wrote (`buf.copy_(cpu_buf)`: a CPU constant moved to the device): the launch log lists
    none, so its bytes are the profiler's, as for a helper. None for any other kernel."""
    if kernel.cat not in ("gpu_memcpy", "gpu_memset"):
        return None
    return _helper(kernel, [], False, op)


def _sized(kernel: TraceKernel, directions: list[str], kind: str, op: str) -> Share:
    size = kernel.memcpy_bytes
    if not size:
        return Share([], helper=kind, note=f"a {kind} of {op}; the profiler gave no size")
    moved = [
        Transfer(
            tensor=f"{op.split('::')[-1]} {'workspace' if kind == 'memset' else kind}",
            direction=d,  # type: ignore[arg-type]
            bytes=int(size),
            shape=[int(size)],
            dtype="uint8",
            role="scratch",
        )
        for d in directions
    ]
    return Share(moved, helper=kind)


def _nearest(kernel: TraceKernel, candidates: list[Transfer]) -> Transfer:
    """The tensor whose element count is nearest (in ratio) the threads the kernel ran: a
    transform of the input runs about one thread per few elements of it, of the weight far
    fewer."""
    threads = math.prod(kernel.grid or (1,)) * math.prod(kernel.block or (1,))

    def distance(t: Transfer) -> float:
        return abs(math.log(max(1, math.prod(t.shape) or 1)) - math.log(max(1, threads)))

    return min(candidates, key=distance)
