"""How many calls the harness profiles: several, fewer for a long call, and never
more kernels than the bundle's traces can carry. Pure arithmetic: no clock is read."""

from __future__ import annotations

from backend.harness import measure


def test_a_short_call_is_profiled_the_most_times() -> None:
    assert measure.profiled_calls(0.001, 10) == measure.MAX_PROFILED_CALLS


def test_a_call_past_the_budget_is_still_profiled_at_least_three_times() -> None:
    assert measure.profiled_calls(measure.TIMING_BUDGET_S, 10) == measure.MIN_PROFILED_CALLS


def test_a_long_call_is_profiled_twice() -> None:
    assert measure.profiled_calls(measure.LONG_CALL_S * 5, 10) == 2


def test_a_run_of_many_kernels_is_profiled_within_the_trace_budget() -> None:
    many = measure.PROFILED_KERNELS_BUDGET // 2
    assert measure.profiled_calls(0.001, many) == 2
    assert measure.profiled_calls(0.001, measure.PROFILED_KERNELS_BUDGET * 3) == 1
