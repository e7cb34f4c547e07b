"""Timings with their spread: percentiles of the timed calls, and a speedup interval."""

from backend.analysis.spread import overlap, percentile, ratio_interval
from backend.compare import compare_runs
from tests.helpers import present
from tests.recorded import analysed, bundle_of, recorded_run


def test_percentiles_interpolate() -> None:
    assert percentile([], 50) is None
    assert percentile([5.0], 90) == 5.0
    assert percentile([1.0, 2.0, 3.0, 4.0, 5.0], 10) == 1.4
    assert percentile([5.0, 1.0, 3.0], 50) == 3.0


def test_a_clear_speedup_has_a_tight_interval_and_noise_a_wide_one() -> None:
    eager = [100.0 + i % 3 for i in range(30)]
    compiled = [50.0 + i % 2 for i in range(30)]
    low, high = present(ratio_interval(eager, compiled))
    assert 1.9 < low <= 2.0 <= high < 2.1
    noisy_eager = [50.0, 150.0, 60.0, 140.0, 100.0, 55.0, 145.0]
    noisy = ratio_interval(noisy_eager, [100.0, 48.0, 152.0, 90.0, 110.0, 60.0, 140.0])
    assert noisy is not None and noisy[0] < 1.0 < noisy[1]
    assert ratio_interval([1.0], [1.0, 2.0]) is None  # one call: no interval
    assert ratio_interval(eager, compiled) == ratio_interval(eager, compiled)  # seeded


def test_intervals_overlap() -> None:
    assert overlap((1.0, 2.0), (1.5, 3.0)) is True
    assert overlap((1.0, 2.0), (2.5, 3.0)) is False
    assert overlap(None, (1.0, 2.0)) is None


def test_recorded_runs_report_their_spread() -> None:
    result, bundle = analysed("add_relu_2p26"), bundle_of("add_relu_2p26")
    eager = result.variants["eager"]
    samples = bundle["eager"]["timing"]["samples_us"]
    assert eager.wall_time_p10_us is not None and eager.wall_time_p90_us is not None
    assert min(samples) <= eager.wall_time_p10_us <= eager.wall_time_us <= eager.wall_time_p90_us
    assert eager.wall_time_p90_us <= max(samples)
    assert result.speedup_interval is not None and result.speedup is not None
    low, high = result.speedup_interval
    assert low <= result.speedup <= high


def test_compare_says_when_the_difference_is_within_noise() -> None:
    a = recorded_run("add_relu")
    assert compare_runs(a, recorded_run("add_relu")).speedup_within_noise is True
    far = a.model_copy(update={"speedup": 10.0, "speedup_interval": [9.0, 11.0]})
    assert compare_runs(a, far).speedup_within_noise is False
