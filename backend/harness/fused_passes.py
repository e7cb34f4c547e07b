"""One pass over a CUDA tensor for a fingerprint or an error sum, at device bandwidth.

The torch versions in fingerprint.py and accuracy.py take a dozen launches and several
temporaries per chunk (about 20x the tensor's own bytes of traffic); on a GPU these Triton
kernels read each element once, from any strides, and leave one row of partial sums per
program, added up by torch (a fixed grid, so the result is deterministic).

Imported only where Triton is (CUDA builds of torch ship it); callers fall back to torch.
"""

from __future__ import annotations

from typing import Any

import torch
import triton
import triton.language as tl

BLOCK = 512
MAX_DIMS = 4  # after merging dims that are contiguous with each other
FLOAT_DTYPES = {torch.float16, torch.bfloat16, torch.float32, torch.float64}
FINGERPRINT_WIDTH = 14  # n, NaN, +Inf, -Inf, sum |x|, sum x^2, 8 projections
ERROR_WIDTH = 5  # sum d^2, sum r^2, max |d|, max |r|, places where NaN/Inf differ
# Sizes and strides vary with every tensor: one compiled kernel for all of them (Triton
# would otherwise compile a variant per size that happens to be 1 or a multiple of 16).
_GEOMETRY = ["n", "tiles", "start", "s1", "s2", "s3", "st0", "st1", "st2", "st3"]
_ERROR_GEOMETRY = ["n", "tiles", *(f"{side}{g}" for side in "rc" for g in _GEOMETRY[3:])]


def collapsed(t: torch.Tensor) -> tuple[list[int], list[int]] | None:
    """Sizes and strides of `t` with size-1 dims dropped and contiguous neighbours merged,
    padded to MAX_DIMS from the left; None when more dims than that remain."""
    sizes: list[int] = []
    strides: list[int] = []
    for size, stride in zip(t.shape, t.stride(), strict=True):
        if size == 1:
            continue
        if sizes and strides[-1] == stride * size:
            sizes[-1] *= size
            strides[-1] = stride
        else:
            sizes.append(size)
            strides.append(stride)
    if len(sizes) > MAX_DIMS:
        return None
    pad = MAX_DIMS - len(sizes)
    return [1] * pad + sizes, [0] * pad + strides


@triton.jit
def _offsets(idx, s1, s2, s3, st0, st1, st2, st3, FLAT: tl.constexpr):
    """Memory offsets of logical (row-major) indexes under up to four sizes and strides
    (the indexes themselves for a flat, contiguous tensor: no 64-bit division)."""
    if FLAT:
        return idx
    i3 = idx % s3
    rest = idx // s3
    i2 = rest % s2
    rest = rest // s2
    i1 = rest % s1
    i0 = rest // s1
    return i0 * st0 + i1 * st1 + i2 * st2 + i3 * st3


@triton.jit
def _sign_byte(idx):
    """fingerprint._sign_byte, element for element, in 32-bit unsigned arithmetic (its
    wrap-around is the torch version's `& 0xFFFFFFFF`; 64-bit multiplies are slow here)."""
    h = (idx & 0xFFFFFFFF).to(tl.uint32) * 0x5BD1E995 + 0x9E3779B9
    h = (h ^ (h >> 15)) * 0x2C1B3C6D
    return ((h ^ (h >> 12)) & 0xFF).to(tl.int32)


@triton.jit(do_not_specialize=_GEOMETRY)
def _float_kernel(
    x,
    out,
    n,
    tiles,
    start,
    s1,
    s2,
    s3,
    st0,
    st1,
    st2,
    st3,
    BLOCK: tl.constexpr,
    K: tl.constexpr,
    FLAT: tl.constexpr,
):
    pid = tl.program_id(0)
    lanes = tl.arange(0, BLOCK).to(tl.int64)
    bits = tl.arange(0, K)
    nans = tl.zeros([BLOCK], dtype=tl.float64)
    pos_infs = tl.zeros([BLOCK], dtype=tl.float64)
    neg_infs = tl.zeros([BLOCK], dtype=tl.float64)
    abs_sum = tl.zeros([BLOCK], dtype=tl.float64)
    sq_sum = tl.zeros([BLOCK], dtype=tl.float64)
    proj = tl.zeros([BLOCK, K], dtype=tl.float64)
    tile = pid.to(tl.int64)
    while tile < tiles:  # tiles pid, pid + programs, ...
        idx = tile * BLOCK + lanes
        tile += tl.num_programs(0)
        mask = idx < n
        v = tl.load(x + _offsets(idx, s1, s2, s3, st0, st1, st2, st3, FLAT), mask=mask, other=0)
        v = v.to(tl.float64)
        nan = v != v
        pos = v == float("inf")
        neg = v == float("-inf")
        nans += nan.to(tl.float64)
        pos_infs += pos.to(tl.float64)
        neg_infs += neg.to(tl.float64)
        d = tl.where(nan | pos | neg, 0.0, v)
        abs_sum += tl.abs(d)
        sq_sum += d * d
        byte = _sign_byte(idx + start)
        sign = ((byte[:, None] >> bits[None, :]) & 1).to(tl.float64) * 2.0 - 1.0
        proj += d[:, None] * sign
    row = out + pid * (6 + K)
    tl.store(row + 1, tl.sum(nans, axis=0))
    tl.store(row + 2, tl.sum(pos_infs, axis=0))
    tl.store(row + 3, tl.sum(neg_infs, axis=0))
    tl.store(row + 4, tl.sum(abs_sum, axis=0))
    tl.store(row + 5, tl.sum(sq_sum, axis=0))
    tl.store(row + 6 + bits, tl.sum(proj, axis=0))


@triton.jit(do_not_specialize=_GEOMETRY)
def _exact_kernel(
    x, out, n, tiles, start, s1, s2, s3, st0, st1, st2, st3,
    BLOCK: tl.constexpr, FLAT: tl.constexpr,
):  # fmt: skip
    pid = tl.program_id(0)
    lanes = tl.arange(0, BLOCK).to(tl.int64)
    acc = tl.zeros([BLOCK], dtype=tl.int64)
    tile = pid.to(tl.int64)
    while tile < tiles:  # tiles pid, pid + programs, ...
        idx = tile * BLOCK + lanes
        tile += tl.num_programs(0)
        mask = idx < n
        v = tl.load(x + _offsets(idx, s1, s2, s3, st0, st1, st2, st3, FLAT), mask=mask, other=0)
        weight = (((idx + start) & 0xFFFFFFFF).to(tl.uint32) * 0x5BD1E995).to(tl.int64) | 1
        acc += v.to(tl.int64) * weight  # wraps mod 2**64: exact and order-free
    tl.store(out + pid * 2 + 1, tl.sum(acc, axis=0))


@triton.jit(do_not_specialize=_ERROR_GEOMETRY)
def _error_kernel(
    r, c, out, n, tiles,
    rs1, rs2, rs3, rst0, rst1, rst2, rst3,
    cs1, cs2, cs3, cst0, cst1, cst2, cst3,
    BLOCK: tl.constexpr, R_FLAT: tl.constexpr, C_FLAT: tl.constexpr,
):  # fmt: skip
    pid = tl.program_id(0)
    lanes = tl.arange(0, BLOCK).to(tl.int64)
    sq = tl.zeros([BLOCK], dtype=tl.float64)
    ref_sq = tl.zeros([BLOCK], dtype=tl.float64)
    d_max = tl.zeros([BLOCK], dtype=tl.float64)
    r_max = tl.zeros([BLOCK], dtype=tl.float64)
    mismatches = tl.zeros([BLOCK], dtype=tl.float64)
    tile = pid.to(tl.int64)
    while tile < tiles:  # tiles pid, pid + programs, ...
        idx = tile * BLOCK + lanes
        tile += tl.num_programs(0)
        mask = idx < n
        rv = tl.load(
            r + _offsets(idx, rs1, rs2, rs3, rst0, rst1, rst2, rst3, R_FLAT), mask=mask, other=0
        )
        cv = tl.load(
            c + _offsets(idx, cs1, cs2, cs3, cst0, cst1, cst2, cst3, C_FLAT), mask=mask, other=0
        )
        rv = rv.to(tl.float64)
        cv = cv.to(tl.float64)
        r_fin = tl.abs(rv) < float("inf")  # false for NaN too
        c_fin = tl.abs(cv) < float("inf")
        same = ((rv != rv) == (cv != cv)) & ((rv == float("inf")) == (cv == float("inf")))
        same = same & ((rv == float("-inf")) == (cv == float("-inf")))
        mismatches += tl.where(same, 0.0, 1.0)
        both = r_fin & c_fin
        d = tl.where(both, cv - rv, 0.0)
        rf = tl.where(both, rv, 0.0)
        sq += d * d
        ref_sq += rf * rf
        d_max = tl.maximum(d_max, tl.abs(d))
        r_max = tl.maximum(r_max, tl.abs(rf))
    row = out + pid * 5
    tl.store(row, tl.sum(sq, axis=0))
    tl.store(row + 1, tl.sum(ref_sq, axis=0))
    tl.store(row + 2, tl.max(d_max, axis=0))
    tl.store(row + 3, tl.max(r_max, axis=0))
    tl.store(row + 4, tl.sum(mismatches, axis=0))


def _grid(n: int, device: torch.device) -> tuple[int, int]:
    """(programs, tiles): a few programs per multiprocessor (one under Triton's CPU
    interpreter), taking the tensor's tiles of BLOCK elements in turn."""
    cuda = device.type == "cuda"
    sms = torch.cuda.get_device_properties(device).multi_processor_count if cuda else 1
    tiles = triton.cdiv(n, BLOCK)
    return max(1, min(tiles, sms * 8)), tiles


def _geometry(sizes: list[int], strides: list[int]) -> list[int]:
    return [sizes[1], sizes[2], sizes[3], *strides]


def _flat(sizes: list[int], strides: list[int]) -> bool:
    """One merged dim of stride 1 (or one element): the logical index is the offset."""
    return sizes[:-1] == [1] * (MAX_DIMS - 1) and (strides[-1] == 1 or sizes[-1] == 1)


def float_fingerprint(x: torch.Tensor, start: int = 0) -> torch.Tensor | None:
    """[n, NaN, +Inf, -Inf, sum |x|, sum x^2, P_1..P_8] of a floating tensor in one pass;
    None when its dtype or layout is not one this kernel reads."""
    shape = collapsed(x)
    if x.dtype not in FLOAT_DTYPES or shape is None:
        return None
    n, (programs, tiles) = x.numel(), _grid(x.numel(), x.device)
    partials = torch.zeros(programs, FINGERPRINT_WIDTH, dtype=torch.float64, device=x.device)
    if n:
        geometry = _geometry(*shape)
        _float_kernel[(programs,)](
            x, partials, n, tiles, start, *geometry, BLOCK=BLOCK, K=8, FLAT=_flat(*shape)
        )
    acc = partials.sum(0)
    acc[0] = n
    return acc


def exact_fingerprint(bits: torch.Tensor, start: int = 0) -> torch.Tensor | None:
    """[n, sum of bits * odd hash(index) mod 2**64] of an integer view, in one pass."""
    shape = collapsed(bits)
    if shape is None:
        return None
    n, (programs, tiles) = bits.numel(), _grid(bits.numel(), bits.device)
    partials = torch.zeros(programs, 2, dtype=torch.int64, device=bits.device)
    if n:
        _exact_kernel[(programs,)](
            bits, partials, n, tiles, start, *_geometry(*shape), BLOCK=BLOCK, FLAT=_flat(*shape)
        )
    acc = partials.sum(0)
    acc[0] = n
    return acc


def error_sums(reference: torch.Tensor, candidate: torch.Tensor) -> list[Any] | None:
    """[sum d^2, sum r^2, max |d|, max |r|, NaN/Inf mismatches] of two same-shape tensors on
    one device, in one pass (one sync); None when the kernel cannot read them."""
    r_shape, c_shape = collapsed(reference), collapsed(candidate)
    readable = reference.dtype in FLOAT_DTYPES and candidate.dtype == reference.dtype
    if not readable or r_shape is None or c_shape is None or reference.device != candidate.device:
        return None
    n, (programs, tiles) = reference.numel(), _grid(reference.numel(), reference.device)
    partials = torch.zeros(programs, ERROR_WIDTH, dtype=torch.float64, device=reference.device)
    if n:
        # each side maps the same logical index through its own merged dims
        _error_kernel[(programs,)](
            reference, candidate, partials, n, tiles,
            *_geometry(*r_shape), *_geometry(*c_shape),
            BLOCK=BLOCK, R_FLAT=_flat(*r_shape), C_FLAT=_flat(*c_shape),
        )  # fmt: skip
    sums = partials[:, [0, 1, 4]].sum(0).tolist()
    maxima = partials[:, [2, 3]].amax(0).tolist()
    return [sums[0], sums[1], maxima[0], maxima[1], sums[2]]
