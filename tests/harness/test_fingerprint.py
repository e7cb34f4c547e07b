"""Fingerprints recognise the same numbers in constant memory, whatever the layout."""

from typing import Any

import torch

from backend.analysis.values import TOLERANCE, distance, same_numbers
from backend.harness.fingerprint import CPU_CHUNK, fingerprint, logical_chunks


def _fp(t: torch.Tensor) -> dict[str, Any]:
    pending = fingerprint(t)
    assert pending is not None
    found: dict[str, Any] = pending.result()
    return found


def test_reassociated_arithmetic_matches_and_other_values_do_not() -> None:
    torch.manual_seed(0)
    a, b = torch.randn(3000, 700), torch.randn(3000, 700)
    left = (a * b).sum(1, keepdim=True) + a  # same value, different rounding order
    right = a + (b * a).sum(1, keepdim=True)
    assert distance(_fp(left), _fp(right)) < 1e-6
    assert same_numbers(_fp(left), _fp(right), "float32")
    other = a - (b * a).sum(1, keepdim=True)
    assert distance(_fp(left), _fp(other)) > 0.5


def same_in_every_layout(a: torch.Tensor, b: torch.Tensor) -> None:
    """What a fingerprint promises for the same numbers in two layouts: the counts are
    equal, and the estimated distance is within the tightest tolerance `same_numbers`
    documents (float64's), whatever order the CPU's vector units summed in."""
    left, right = _fp(a), _fp(b)
    assert left["v"][:4] == right["v"][:4]  # n, NaN, +Inf, -Inf: exact
    assert distance(left, right) <= TOLERANCE["float64"]
    assert same_numbers(left, right, "float64") and same_numbers(left, right, "float32")


def test_layout_and_chunking_do_not_change_a_fingerprint() -> None:
    torch.manual_seed(1)
    x = torch.randn(4, CPU_CHUNK + 17)  # more than one chunk per row
    padded = torch.empty(4, CPU_CHUNK + 40)[:, : CPU_CHUNK + 17]
    padded.copy_(x)
    same_in_every_layout(x, padded)
    channels_last = torch.randn(2, 8, 5, 5).contiguous(memory_format=torch.channels_last)
    same_in_every_layout(channels_last, channels_last.contiguous())
    same_in_every_layout(x[:, :100], x[:, :100].t().contiguous().t())


def test_a_transposed_copy_is_a_different_value() -> None:
    square = torch.randn(64, 64)
    assert distance(_fp(square), _fp(square.t().contiguous())) > 0.5


def test_relative_distance_estimates_the_true_error() -> None:
    torch.manual_seed(2)
    x = torch.randn(200_000)
    noisy = x + 1e-2 * torch.randn(200_000)
    true = float((noisy - x).norm() / x.norm())
    estimate = distance(_fp(x), _fp(noisy))
    assert 0.3 * true < estimate < 3 * true


def test_integers_and_bools_compare_exactly() -> None:
    ints = torch.arange(10_000, dtype=torch.int64)
    assert distance(_fp(ints), _fp(ints.clone())) == 0.0
    changed = ints.clone()
    changed[1234] += 1
    assert distance(_fp(ints), _fp(changed)) == float("inf")
    mask = ints % 3 == 0
    assert _fp(mask)["kind"] == "exact"
    assert distance(_fp(mask), _fp(~mask)) == float("inf")


def test_nan_and_inf_patterns_must_agree() -> None:
    x = torch.randn(1000)
    y = x.clone()
    y[5] = float("nan")
    assert distance(_fp(x), _fp(y)) == float("inf")
    assert distance(_fp(y), _fp(y.clone())) == 0.0


def test_a_strided_tensor_is_read_in_blocks_of_rows_not_row_by_row() -> None:
    """The pieces bound the extra memory; their number bounds the time (each piece costs a
    dozen small ops: 4096 one-row pieces took seconds per tensor on a CPU)."""
    x = torch.randn(1024, 4096).t()  # 4096 rows of 1024, not contiguous
    pieces = list(logical_chunks(x, CPU_CHUNK))
    assert len(pieces) == x.numel() // CPU_CHUNK
    assert all(piece.numel() <= CPU_CHUNK for _, piece in pieces)
    assert distance(_fp(x), _fp(x.contiguous())) == 0.0


def test_many_short_rows_are_read_in_few_pieces() -> None:
    tall = torch.randn(4, 2_000_000).t()  # (2M, 4), not contiguous
    pieces = list(logical_chunks(tall, CPU_CHUNK))
    assert len(pieces) <= 2 * tall.numel() // CPU_CHUNK + 1
    assert distance(_fp(tall), _fp(tall.contiguous())) < 1e-12
