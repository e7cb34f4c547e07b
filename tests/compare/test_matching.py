"""Kernel matching on small hand-built runs: keys, counters, thresholds, replace blocks."""

from __future__ import annotations

import pytest

from backend.compare import KernelDiff, compare_runs, normalise_name
from backend.result import Kernel
from tests.factories import eager_kernels, named_kernel, run_with


def _eager(a: list[Kernel], b: list[Kernel]) -> KernelDiff:
    return compare_runs(run_with("a", eager=a), run_with("b", eager=b)).kernels[0]


def _statuses(diff: KernelDiff) -> list[tuple[str, int | None, int | None, str, str | None]]:
    return [(r.status, r.a_index, r.b_index, r.name, r.b_name) for r in diff.rows]


@pytest.mark.parametrize(
    ("short_name", "normalised"),
    [
        ("triton_poi_fused_add_relu_0", "triton_poi_fused_add_relu"),
        ("triton_red_fused_sum_12", "triton_red_fused_sum"),
        ("cpp_fused_add_relu_3", "cpp_fused_add_relu"),
        ("add", "add"),
        ("sm90_xmma_gemm_f32f32", "sm90_xmma_gemm_f32f32"),  # digits, but no `_<digits>` end
        ("triton_poi_fused_0_1", "triton_poi_fused_0"),  # only the last counter goes
    ],
)
def test_normalise_name_drops_the_trailing_counter(short_name: str, normalised: str) -> None:
    assert normalise_name(short_name) == normalised


def test_counter_suffix_does_not_stop_a_match() -> None:
    a = [named_kernel(0, "triton_poi_fused_add_0", kind="fused")]
    b = [named_kernel(0, "triton_poi_fused_add_1", kind="fused")]
    diff = compare_runs(run_with("a", compiled=a), run_with("b", compiled=b)).kernels[1]
    assert _statuses(diff) == [("same", 0, 0, "triton_poi_fused_add_0", "triton_poi_fused_add_1")]


def test_cpp_counters_match_across_a_reordering_of_counters() -> None:
    names_a = ["cpp_fused_add_0", "cpp_fused_mul_1", "cpp_fused_sum_2"]
    names_b = ["cpp_fused_add_2", "cpp_fused_mul_0", "cpp_fused_sum_1"]
    diff = _eager(
        [named_kernel(i, n, kind="fused") for i, n in enumerate(names_a)],
        [named_kernel(i, n, kind="fused") for i, n in enumerate(names_b)],
    )
    assert [(r.status, r.b_name) for r in diff.rows] == [("same", n) for n in names_b]


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            named_kernel(0, "triton_poi_fused_add_0", kind="fused"),
            named_kernel(0, "triton_poi_fused_mul_0", kind="fused"),
        ),
        (named_kernel(0, "add", "aten::add"), named_kernel(0, "add", "aten::add_")),  # another op
        (
            named_kernel(0, "add", "aten::add"),
            named_kernel(0, "add", "aten::add", kind="fused"),
        ),  # another kind
    ],
    ids=["name", "op", "kind"],
)
def test_a_different_key_is_changed_even_with_equal_numbers(a: Kernel, b: Kernel) -> None:
    """A 1:1 replace block pairs up, but a kernel that is not the same kernel is never same."""
    (row,) = _eager([a], [b]).rows
    assert (row.status, row.a_index, row.b_index) == ("changed", 0, 0)
    assert (row.bytes_delta, row.dur_delta_us) == (0, 0)


def test_replace_block_of_equal_length_pairs_in_order() -> None:
    diff = _eager(
        eager_kernels("add", "relu", "exp", "mul"), eager_kernels("add", "sigmoid", "tanh", "mul")
    )
    assert _statuses(diff) == [
        ("same", 0, 0, "add", None),
        ("changed", 1, 1, "relu", "sigmoid"),
        ("changed", 2, 2, "exp", "tanh"),
        ("same", 3, 3, "mul", None),
    ]


def test_replace_block_of_unequal_length_is_removed_then_added() -> None:
    diff = _eager(
        eager_kernels("add", "relu", "mul"), eager_kernels("add", "sigmoid", "tanh", "mul")
    )
    assert _statuses(diff) == [
        ("same", 0, 0, "add", None),
        ("removed", 1, None, "relu", None),
        ("added", None, 1, "sigmoid", None),
        ("added", None, 2, "tanh", None),
        ("same", 2, 3, "mul", None),
    ]
    assert (diff.same, diff.changed, diff.removed, diff.added) == (2, 0, 1, 2)


def test_inserted_and_deleted_kernels() -> None:
    diff = _eager(
        eager_kernels("add", "relu", "mul", "sum"), eager_kernels("exp", "add", "mul", "sum", "div")
    )
    assert _statuses(diff) == [
        ("added", None, 0, "exp", None),
        ("same", 0, 1, "add", None),
        ("removed", 1, None, "relu", None),
        ("same", 2, 2, "mul", None),
        ("same", 3, 3, "sum", None),
        ("added", None, 4, "div", None),
    ]


def timed(
    dur_us: float, p10: float | None, p90: float | None, bytes_written: int = 4_000
) -> Kernel:
    """An add kernel whose profiled calls took p10..p90 µs around `dur_us`."""
    kernel = named_kernel(0, "add", "aten::add", dur_us=dur_us, bytes_written=bytes_written)
    return kernel.model_copy(update={"duration_p10_us": p10, "duration_p90_us": p90})


A = timed(10.0, 9.8, 10.3)


@pytest.mark.parametrize(
    ("b_kernel", "status", "time_verdict"),
    [
        (timed(10.4, 10.1, 10.6), "same", "within noise"),  # overlapping calls
        (timed(12.0, 11.8, 12.3), "changed", "worse"),  # calls apart: a real change
        (timed(8.0, 7.9, 8.2), "changed", "better"),
        (timed(30.0, 5.0, 60.0), "same", "too noisy to tell"),  # calls spread 12x
        (timed(12.0, None, None), "same", "too noisy to tell"),  # one call: no spread
        (timed(10.0, 9.8, 10.3, bytes_written=4_001), "changed", "within noise"),  # bytes
    ],
)
def test_a_matched_kernel_changes_on_timing_only_by_the_one_rule(
    b_kernel: Kernel, status: str, time_verdict: str
) -> None:
    (row,) = _eager([A], [b_kernel]).rows
    assert (row.status, row.time_verdict) == (status, time_verdict)
    (back,) = _eager([b_kernel], [A]).rows
    assert back.status == status  # swapping A and B never changes a row's status


def test_inflated_kernel_times_never_make_a_row_changed() -> None:
    a = run_with("a", compiled=[timed(10.0, 9.8, 10.3)])
    b = run_with("b", compiled=[timed(30.0, 29.0, 31.0)])
    assert compare_runs(a, b).kernels[1].rows[0].status == "changed"
    inflated = b.variants["compiled"]
    b.variants["compiled"] = inflated.model_copy(update={"wall_time_us": 1.0})
    (row,) = compare_runs(a, b).kernels[1].rows
    assert (row.status, row.time_verdict) == ("same", "too noisy to tell")


@pytest.mark.parametrize(
    ("b_kernel", "status"),
    [
        (named_kernel(0, "add", "aten::add", dur_us=10.4), "same"),
        (named_kernel(0, "add", "aten::add", dur_us=12.0), "same"),  # no spread to judge by
        (named_kernel(0, "add", "aten::add", bytes_written=4_001), "changed"),  # one byte more
        (
            named_kernel(0, "add", "aten::add", bytes_read=4_000, bytes_written=8_000),
            "same",
        ),  # total equal
    ],
)
def test_pair_status(b_kernel: Kernel, status: str) -> None:
    (row,) = _eager([named_kernel(0, "add", "aten::add")], [b_kernel]).rows
    assert row.status == status
    assert row.bytes_delta == b_kernel.bytes_read + b_kernel.bytes_written - 12_000
    assert row.dur_delta_us == pytest.approx(b_kernel.dur_us - 10.0)


def test_swapping_a_and_b_mirrors_every_row() -> None:
    a = eager_kernels("add", "relu", "exp", "mul", "sum")
    b = [named_kernel(0, "add", "aten::add", dur_us=30.0), *eager_kernels("mul", "sum", "div")[1:]]
    forward, backward = _eager(a, b), _eager(b, a)
    mirror = {"added": "removed", "removed": "added", "same": "same", "changed": "changed"}
    assert [(mirror[r.status], r.b_index, r.a_index) for r in forward.rows] == [
        (r.status, r.a_index, r.b_index) for r in backward.rows
    ]


def test_one_variant_missing_on_one_side() -> None:
    a = run_with(
        "a", eager=eager_kernels("add", "relu"), compiled=[named_kernel(0, "k_0", kind="fused")]
    )
    b = run_with("b", eager=eager_kernels("add", "relu"))
    comparison = compare_runs(a, b)
    eager, compiled = comparison.kernels
    assert eager.same == 2
    assert [(r.status, r.name) for r in compiled.rows] == [("removed", "k_0")]
    assert comparison.variants["compiled"].kernel_count.b is None
    assert comparison.variants["eager"].kernel_count.ratio == 1
