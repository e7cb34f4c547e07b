"""The output check tells floating-point noise from a wrong result."""

import torch

from backend.harness.accuracy import compare


def test_identical_outputs_match() -> None:
    x = torch.randn(1000)
    record = compare(x, x.clone(), tf32=False)
    assert record["match"] is True
    assert record["method"] == "relative_error"
    assert record["max_abs_error"] == 0.0


def test_reassociation_noise_passes_the_strict_float32_limits() -> None:
    """Summing in another order moves each float32 result by a few units in the last
    place. The noise is made here, not left to whichever BLAS is installed (one computes a
    split matmul bit-identically to the whole one): each element moved by 0 to 4 ulps."""
    torch.manual_seed(0)
    eager = torch.randn(512, 300)
    reordered = eager.clone()
    steps = torch.randint(0, 5, eager.shape)
    for _ in range(4):  # one ulp further from zero for each step an element has left
        moving = steps > 0
        away = torch.where(eager < 0, -torch.inf, torch.inf)
        reordered = torch.where(moving, torch.nextafter(reordered, away), reordered)
        steps -= 1
    assert (reordered != eager).float().mean() > 0.7  # the noise is there
    record = compare(eager, reordered, tf32=False)
    assert record["match"] is True
    assert 0 < record["rel_l2_error"] < 1e-5


def test_tf32_sized_noise_passes_only_where_tf32_was_possible() -> None:
    torch.manual_seed(1)
    eager = torch.randn(100_000)
    tf32_like = eager * (1 + 5e-4 * torch.randn(100_000))  # about 1.5e-4 absolute
    assert compare(eager, tf32_like, tf32=True)["match"] is True
    strict = compare(eager, tf32_like, tf32=False)  # no fp64 reference offered
    assert strict["match"] is False
    assert "not confirmed" in strict["note"]


def test_a_miscompile_is_caught_even_with_a_float64_reference() -> None:
    torch.manual_seed(2)
    x = torch.randn(64, 64)
    wrong = x.clone()
    wrong[3] += 1.0  # one row off: what a bad fusion does
    record = compare(x, wrong, tf32=True, fp64_reference=lambda: x.double())
    assert record["match"] is False
    assert record["method"] == "float64_reference"
    assert record["compiled_rmse_vs_float64"] > 100 * record["eager_rmse_vs_float64"]


def test_over_the_limits_but_as_accurate_as_eager_passes_against_float64() -> None:
    torch.manual_seed(3)
    exact = torch.randn(5000, dtype=torch.float64)
    eager = (exact + 1e-3 * torch.randn(5000, dtype=torch.float64)).float()
    compiled = (exact + 1e-3 * torch.randn(5000, dtype=torch.float64)).float()
    record = compare(eager, compiled, tf32=False, fp64_reference=lambda: exact)
    assert record["method"] == "float64_reference"
    assert record["match"] is True


def test_nan_in_a_new_place_fails() -> None:
    x = torch.randn(100)
    y = x.clone()
    y[7] = float("nan")
    assert compare(x, y, tf32=True)["match"] is False


def test_outputs_of_another_shape_or_structure_are_reported() -> None:
    assert compare(torch.zeros(3), torch.zeros(4), tf32=False)["match"] is False
    assert compare((torch.zeros(3),), (torch.zeros(3), torch.zeros(3)), tf32=False)["match"] is None


def test_host_reference_against_a_strided_candidate() -> None:
    x = torch.randn(32, 48)
    candidate = x.t().contiguous().t()  # same values, other strides
    assert compare(x.clone(), candidate, tf32=False)["max_abs_error"] == 0.0


def test_a_minus_infinity_in_a_new_place_fails() -> None:
    x = torch.randn(100)
    y = x.clone()
    y[3] = float("-inf")
    assert compare(x, y, tf32=True)["match"] is False


def test_float64_and_complex_outputs_have_limits_of_their_own() -> None:
    x = torch.randn(1000, dtype=torch.float64)
    assert compare(x, x * (1 + 1e-14), tf32=False)["match"] is True
    z = torch.randn(1000, dtype=torch.complex64)
    assert compare(z, z * (1 + 1e-6), tf32=False)["match"] is True
    assert compare(z, z * 1.01, tf32=False)["match"] is False


def test_a_float64_reference_that_cannot_run_leaves_the_check_unconfirmed() -> None:
    x = torch.randn(1000)
    record = compare(x, x + 1.0, tf32=False, fp64_reference=lambda: None)
    assert record["match"] is False and record["method"] == "relative_error"
    assert "not confirmed" in record["note"]


def test_a_float64_reference_beyond_the_memory_budget_is_not_run_and_says_why() -> None:
    """A whole model's float64 rerun needs its weights again, twice over: beyond the
    harness's memory target it is not run, and the record says why."""
    x = torch.randn(1000)
    why = "a float64 rerun would need about 25.00 GiB more device memory, beyond ..."
    record = compare(x, x + 1.0, tf32=False, fp64_reference=why)
    assert record["match"] is False and record["method"] == "relative_error"
    assert record["note"] == f"over the limits, and not confirmed: {why}"
