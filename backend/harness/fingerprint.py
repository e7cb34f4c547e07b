"""Small fingerprints of tensor values, to recognise the same numbers in the other variant.

A copy of every intermediate would cost as much memory as the snippet itself (several GiB
at real sizes). A fingerprint is a handful of numbers computed on the tensor's own device
in chunks, so the extra memory is one chunk's worth whatever the tensor's size:

- floating point: [n, NaN count, +Inf count, -Inf count, sum |x|, sum x^2, P_1 .. P_K] in
  fp64, where P_j = sum_i s_j(i) * x_i with signs s_j(i) = +-1 hashed from the *logical*
  index i. E[(P_j(a) - P_j(b))^2] = ||a - b||^2, so the projections estimate the relative
  L2 distance of two values without either being kept (backend/analysis/values.py).
  Strides, padding and chunking change a fingerprint only by the rounding of its fp64
  sums (the CPU's vector units may add in another order): the counts stay exact, and the
  same numbers in any layout are `same_numbers` at every dtype's tolerance.
- integers and bools: the element count and an exact, order-independent hash of the bits.

On a GPU with Triton each fingerprint is one pass over the tensor (fused_passes.py); the
torch version below is the CPU's and the fallback.

docs/result-document.md ("How `eliminated` is decided") says how fingerprints are used.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

import torch

PROJECTIONS = 8
# elements per pass on a GPU: about 100 MB of temporaries, a quarter of the launches of 1 << 18
CUDA_CHUNK = 1 << 20
CPU_CHUNK = 1 << 18
# On a CPU the hash of the index costs more than the rest of a fingerprint and is the same
# for the same chunk of every tensor: the bytes of the last chunks used are kept (1 MiB each).
CPU_KEPT_CHUNKS = 32


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
    """Logical (row-major) 1-D pieces of x, copying at most one chunk of a strided view.

    A contiguous tensor is cut flat (its flat view is free); a strided one in blocks of
    whole rows that fit a chunk (each block's copy is at most a chunk), so a 4096 x 1024
    transpose takes 16 pieces, not 4096."""
    if x.numel() <= chunk or x.dim() <= 1 or x.is_contiguous():
        flat = x.reshape(-1)
        for offset in range(0, flat.numel(), chunk):
            yield start + offset, flat[offset : offset + chunk]
        return
    inner = x[0].numel()
    if inner > chunk:
        for row in range(x.shape[0]):
            yield from logical_chunks(x[row], chunk, start + row * inner)
        return
    rows = chunk // inner
    for row in range(0, x.shape[0], rows):
        yield start + row * inner, x[row : row + rows].reshape(-1)


def _sign_byte(index: torch.Tensor) -> torch.Tensor:
    """The low byte of an integer hash of the logical index: its bit j is projection j's
    sign (PROJECTIONS <= 8). Device-independent."""
    h = ((index & 0xFFFFFFFF) * 0x5BD1E995 + 0x9E3779B9) & 0xFFFFFFFF
    h = ((h ^ (h >> 15)) * 0x2C1B3C6D) & 0xFFFFFFFF
    return (h ^ (h >> 12)) & 0xFF


def _sign_table(device: torch.device) -> torch.Tensor:
    """(256, K): row b holds +-1 for the bits of byte b."""
    bits = (
        torch.arange(256, device=device).unsqueeze(1) >> torch.arange(PROJECTIONS, device=device)
    ) & 1
    return bits.to(torch.float64) * 2 - 1


def _projections(start: int, d: torch.Tensor) -> torch.Tensor:
    """sum_i s_j(i) * d_i for each projection j, over logical indexes start, start + 1, ..."""
    table = _sign_table(d.device)
    if d.is_cuda:  # one matrix product: fast there, and deterministic
        index = torch.arange(start, start + d.numel(), device=d.device)
        return d @ table[_sign_byte(index)]
    # On a CPU the (m, K) sign matrix costs more than everything else: add each element
    # into its byte's bin instead (one pass, in index order), then project 256 bins.
    bins = torch.zeros(256, dtype=torch.float64).index_add_(0, _cpu_bytes(start, d.numel()), d)
    return bins @ table


def _cpu_bytes(start: int, count: int) -> torch.Tensor:
    chunk, offset = divmod(start, CPU_CHUNK)
    if offset == 0 and count <= CPU_CHUNK:
        return _cpu_chunk_bytes(chunk)[:count]
    return _sign_byte(torch.arange(start, start + count)).to(torch.int32)


@functools.lru_cache(maxsize=CPU_KEPT_CHUNKS)
def _cpu_chunk_bytes(chunk: int) -> torch.Tensor:
    start = chunk * CPU_CHUNK
    return _sign_byte(torch.arange(start, start + CPU_CHUNK)).to(torch.int32)


@functools.cache
def _fused_passes() -> Any:
    """backend.harness.fused_passes where Triton can be imported, else None."""
    try:
        from backend.harness import fused_passes
    except ImportError:
        return None
    return fused_passes


def fused(x: torch.Tensor) -> Any:
    """The one-pass kernels for a tensor on a GPU, or None (the CPU, or no Triton)."""
    return _fused_passes() if x.is_cuda else None


def _float_fingerprint(x: torch.Tensor) -> torch.Tensor:
    passes = fused(x)
    acc = passes.float_fingerprint(x) if passes is not None else None
    return acc if acc is not None else _chunked_float_fingerprint(x)


def _chunked_float_fingerprint(x: torch.Tensor) -> torch.Tensor:
    acc = torch.zeros(6 + PROJECTIONS, dtype=torch.float64, device=x.device)
    acc[0] = x.numel()
    for start, piece in logical_chunks(x, _chunk_size(x)):
        d = piece.to(torch.float64)
        # On a CPU, asking whether all is finite costs no sync, and saves four passes.
        if d.is_cuda or not bool(torch.isfinite(d).all()):
            acc[1] += d.isnan().sum()
            acc[2] += (d == float("inf")).sum()
            acc[3] += (d == float("-inf")).sum()
            d = torch.nan_to_num(d, nan=0.0, posinf=0.0, neginf=0.0)
        acc[4] += d.abs().sum()
        acc[5] += torch.dot(d, d)
        acc[6:] += _projections(start, d)
    return acc


def _exact_fingerprint(x: torch.Tensor) -> torch.Tensor:
    """int64 sum of bits * odd hash(index): wraps mod 2**64, so exact and order-free."""
    as_int = _INT_VIEWS[x.element_size()]
    passes = fused(x)
    found = passes.exact_fingerprint(x.view(as_int)) if passes is not None else None
    if found is not None:
        return found
    acc = torch.zeros(2, dtype=torch.int64, device=x.device)
    acc[0] = x.numel()
    for start, piece in logical_chunks(x, _chunk_size(x)):
        bits = piece.contiguous().view(as_int).to(torch.int64)
        index = torch.arange(start, start + bits.numel(), device=bits.device)
        acc[1] += (bits * (((index * 0x5BD1E995) & 0xFFFFFFFF) | 1)).sum()
    return acc
