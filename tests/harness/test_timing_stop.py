"""When timing stops: early once the median is pinned down, never before enough samples,
and not while the samples scatter. A fake timer stands in for the clock."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
import torch

from backend.harness import measure


class SameInputs:
    def for_call(self) -> tuple[()]:
        return ()


def timed_with(samples: Iterator[float], monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    monkeypatch.setattr(measure, "_perf_counter_timer", lambda *_: next(samples))
    return measure.time_calls(lambda: None, SameInputs(), torch.device("cpu"))


def test_steady_samples_stop_after_the_fewest_repeats(monkeypatch: pytest.MonkeyPatch) -> None:
    timing = timed_with(itertools.repeat(1000.0), monkeypatch)  # 1 ms each: budget is 300
    assert timing["repeats"] == measure.STEADY_REPEATS
    assert timing["median_us"] == 1000.0


def test_scattered_samples_spend_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    spread = [700.0 + 10 * step for step in range(61)]  # 0.7-1.3 ms, evenly
    timing = timed_with(itertools.cycle(spread), monkeypatch)
    assert timing["repeats"] == measure.MAX_REPEATS  # 100 of them fit 0.3 s


def test_a_long_call_still_stops_at_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    timing = timed_with(itertools.cycle([70_000.0, 100_000.0, 130_000.0]), monkeypatch)
    assert timing["repeats"] == measure.MIN_REPEATS  # 5 x ~0.1 s is past the budget


def test_the_median_interval_is_read_from_order_statistics() -> None:
    steady = [1000.0] * 10 + [990.0, 1010.0] * 5  # 20 samples within 1%
    assert measure.median_is_steady(steady)
    assert not measure.median_is_steady(steady[: measure.STEADY_REPEATS - 1])
    two_clusters = [500.0] * 10 + [2000.0] * 10
    assert not measure.median_is_steady(two_clusters)
    most_alike = [1000.0] * 12 + [500.0] * 4 + [2000.0] * 4  # over half agree: pinned
    assert measure.median_is_steady(most_alike)
    one_slow_call = [1000.0] * 19 + [50_000.0]  # one outlier cannot move the median's interval
    assert measure.median_is_steady(one_slow_call)
