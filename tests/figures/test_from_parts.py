"""Figures drawn from the parts the store reads of a large run (time columns, the first
kernels of each variant, round-trip facts) are the figures of the whole document."""

from __future__ import annotations

import json
import random

import pytest

from backend.figures import (
    MAX_KERNELS,
    Lane,
    LaneTimes,
    TrafficTrips,
    draw_timeline,
    plan_timeline,
    run_timeline,
    timeline_figure,
    traffic_asks,
    traffic_figure,
    traffic_figure_of,
)
from backend.result import RunResult, Variant
from tests.factories import chain_result, timed_kernel
from tests.recorded import H200_EXAMPLES, recorded_run

RUNS = [*(recorded_run(example) for example in H200_EXAMPLES), chain_result("run-chain", 400)]
WINDOWS = [None, (0.0, 5.0), (3.0, 40.0), (100.0, 100.5)]


def _lanes(result: RunResult) -> list[Lane]:
    return [
        Lane(name, variant.kernels, compiled=name == "compiled")
        for name, variant in result.variants.items()
    ]


@pytest.mark.parametrize("result", RUNS, ids=lambda r: r.id)
@pytest.mark.parametrize("window", WINDOWS)
def test_a_timeline_needs_only_the_kernels_its_plan_draws(
    result: RunResult, window: tuple[float, float] | None
) -> None:
    lanes = _lanes(result)
    plan = plan_timeline([LaneTimes.of(lane) for lane in lanes], window=window, width_px=700)
    only_drawn = [
        {position: lane.kernels[position] for position in plan.positions(i)}
        for i, lane in enumerate(lanes)
    ]
    whole = timeline_figure(lanes, window=window, width_px=700)
    assert draw_timeline(plan, only_drawn).to_json() == whole.to_json()


def test_kernel_bars_carry_their_snippet_lines() -> None:
    """The page lights up a hovered bar's lines from customdata[9]: it holds no kernels."""
    figure = run_timeline(chain_result("run-chain", 8), width_px=10_000)
    bars = [data for trace in figure.data for data in trace.customdata if data[1] >= 0]
    assert bars and all(data[9] == [7 + data[1] % 2] for data in bars if data[0] == 0)
    assert all(data[9] == [7, 8] for data in bars if data[0] == 1)


def _brute_force(times: LaneTimes, low: float, high: float) -> list[int]:
    return [
        i
        for i, (start, duration) in enumerate(zip(times.start_us, times.dur_us, strict=True))
        if start <= high and start + duration >= low
    ]


@pytest.mark.parametrize("streams", [1, 3])
def test_the_kernels_in_a_window_are_found_by_binary_search_or_by_scan(streams: int) -> None:
    """One stream: starts never go back, and the window is found by bisection (with a long
    kernel reaching into it from far before); several streams: starts interleave, a scan."""
    rng = random.Random(streams)
    clocks = [0.0] * streams
    kernels = []
    for i in range(2_000):
        lane = rng.randrange(streams)
        duration = 500.0 if i == 300 else rng.uniform(0.1, 5.0)
        kernels.append(timed_kernel(i, clocks[lane], duration))
        clocks[lane] += duration + rng.uniform(0.0, 3.0)
    times = LaneTimes.of(Lane("eager", kernels))
    for _ in range(200):
        low = rng.uniform(-10.0, max(clocks) + 10.0)
        high = low + rng.choice([0.0, 1.0, 50.0, 5_000.0])
        assert list(times.in_window(low, high)) == _brute_force(times, low, high)


@pytest.mark.parametrize("result", RUNS, ids=lambda r: r.id)
def test_traffic_needs_only_the_first_kernels_of_each_variant(result: RunResult) -> None:
    """The rest are counted from the variants' totals ("first 40 drawn, 360 left out")."""
    first = {
        name: Variant(
            **variant.model_dump(exclude={"kernels"}), kernels=variant.kernels[:MAX_KERNELS]
        )
        for name, variant in result.variants.items()
    }
    eager, compiled = result.variants.get("eager"), result.variants.get("compiled")
    if eager is None or compiled is None:
        pytest.skip("no picture without both variants")
    trips = TrafficTrips.of(result.round_trips, traffic_asks(eager, compiled, MAX_KERNELS))
    from_parts = traffic_figure_of(result.status, first, trips)
    assert json.loads(from_parts.to_json()) == json.loads(traffic_figure(result).to_json())
