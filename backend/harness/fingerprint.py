"""Small fingerprints of tensor values, to recognise the same numbers in the other variant.

A copy of every intermediate would cost as much memory as the snippet itself (several GiB
at real sizes). A fingerprint is a handful of numbers computed on the tensor's own device
in chunks, so the extra memory is one chunk's worth whatever the tensor's size:

- floating point: [n, NaN count, +Inf count, -Inf count, sum |x|, sum x^2, P_1 .. P_K] in
  fp64, where P_j = sum_i s_j(i) * x_i with signs s_j(i) = +-1 hashed from the *logical*
  index i. E[(P_j(a) - P_j(b))^2] = ||a - b||^2, so the projections estimate the relative
  L2 distance of two values without either being kept (backend/analysis/values.py).
  Strides, padding and chunking do not change a fingerprint.
- integers and bools: the element count and an exact, order-independent hash of the bits.

docs/result-document.md ("How `eliminated` is decided") says how fingerprints are used.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import torch

PROJECTIONS = 8
CUDA_CHUNK = 1 << 18  # elements per pass on a GPU: about 40 MB of temporaries
CPU_CHUNK = 1 << 18


class Pending:
    """A fingerprint still on the device: read it (one sync) when the pass is over."""

    def __init__(self, kind: str, acc: torch.Tensor) -> None:
        self.kind = kind
        self.acc = acc

    def result(self) -> dict[str, Any]:
        if self.kind == "exact":
            count, bits = self.acc.tolist()
            return {"kind": "exact", "n": int(count), "hash": int(bits)}
        return {"kind": "float", "v": [float(x) for x in self.acc.tolist()]}


@torch.no_grad()  # type: ignore[untyped-decorator]
def fingerprint(t: torch.Tensor) -> Pending | None:
    """Start a fingerprint of `t` (asynchronous on CUDA); None for dtypes it cannot read."""
    x = t.detach()
    if x.is_complex():
        x = torch.view_as_real(x)
    if x.is_floating_point():
        return Pending("float", _float_fingerprint(x))
    if x.element_size() in _INT_VIEWS:  # integers and bools, compared bit for bit
        return Pending("exact", _exact_fingerprint(x))
    return None


_INT_VIEWS = {1: torch.uint8, 2: torch.int16, 4: torch.int32, 8: torch.int64}


def _chunk_size(x: torch.Tensor) -> int:
    return CUDA_CHUNK if x.is_cuda else CPU_CHUNK


def logical_chunks(
    x: torch.Tensor, chunk: int, start: int = 0
) -> Iterator[tuple[int, torch.Tensor]]:
    """Logical (row-major) 1-D pieces of x, copying at most one chunk of a strided view: a
    contiguous tensor is sliced flat; otherwise whole rows are taken a chunk's worth at a
    time (a (2M, 4) tensor in a few hundred pieces, not two million)."""
    if x.is_contiguous() or x.dim() <= 1 or x.numel() <= chunk:
        flat = x.reshape(-1)  # a view when contiguous; a copy of at most one chunk otherwise
        for offset in range(0, flat.numel(), chunk):
            yield start + offset, flat[offset : offset + chunk]
        return
    inner = x[0].numel()
    if inner > chunk:  # rows larger than a chunk: each row on its own
        for row in range(x.shape[0]):
            yield from logical_chunks(x[row], chunk, start + row * inner)
        return
    rows = max(1, chunk // inner)
    for first in range(0, x.shape[0], rows):
        yield start + first * inner, x[first : first + rows].reshape(-1)


def _signs(index: torch.Tensor) -> torch.Tensor:
    """(m, K) matrix of +-1 from an integer hash of the logical index: device-independent."""
    h = ((index & 0xFFFFFFFF) * 0x5BD1E995 + 0x9E3779B9) & 0xFFFFFFFF
    h = ((h ^ (h >> 15)) * 0x2C1B3C6D) & 0xFFFFFFFF
    h = h ^ (h >> 12)
    bits = (h.unsqueeze(1) >> torch.arange(PROJECTIONS, device=index.device)) & 1
    return bits.to(torch.float64) * 2 - 1


def _float_fingerprint(x: torch.Tensor) -> torch.Tensor:
    acc = torch.zeros(6 + PROJECTIONS, dtype=torch.float64, device=x.device)
    acc[0] = x.numel()
    for start, piece in logical_chunks(x, _chunk_size(x)):
        d = piece.to(torch.float64)
        acc[1] += d.isnan().sum()
        acc[2] += (d == float("inf")).sum()
        acc[3] += (d == float("-inf")).sum()
        d = torch.nan_to_num(d, nan=0.0, posinf=0.0, neginf=0.0)
        acc[4] += d.abs().sum()
        acc[5] += (d * d).sum()
        index = torch.arange(start, start + d.numel(), device=d.device)
        acc[6:] += d @ _signs(index)
    return acc


def _exact_fingerprint(x: torch.Tensor) -> torch.Tensor:
    """int64 sum of bits * odd hash(index): wraps mod 2**64, so exact and order-free."""
    acc = torch.zeros(2, dtype=torch.int64, device=x.device)
    acc[0] = x.numel()
    as_int = _INT_VIEWS[x.element_size()]
    for start, piece in logical_chunks(x, _chunk_size(x)):
        bits = piece.contiguous().view(as_int).to(torch.int64)
        index = torch.arange(start, start + bits.numel(), device=bits.device)
        acc[1] += (bits * (((index * 0x5BD1E995) & 0xFFFFFFFF) | 1)).sum()
    return acc
