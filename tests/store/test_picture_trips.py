"""The round trips a traffic picture shows, selected by SQLite, are those the figures pick
from a whole document: the same picture for every recorded run and a long chain."""

from __future__ import annotations

import json

import pytest

from backend import result as doc
from backend.figures import MAX_KERNELS, TrafficTrips, traffic_asks, traffic_figure
from backend.figures.placement import HOVER_TRIPS
from backend.figures.traffic import traffic_figure_of
from backend.store.repository import Store
from tests.factories import CODE, chain_result
from tests.recorded import H200_EXAMPLES, recorded_run

RUNS = [*(recorded_run(example) for example in H200_EXAMPLES), chain_result("run-chain", 400)]


@pytest.mark.parametrize("result", RUNS, ids=lambda r: r.id)
def test_sqlite_selects_the_trips_the_figures_pick(
    empty_store: Store, result: doc.RunResult
) -> None:
    eager, compiled = result.variants.get("eager"), result.variants.get("compiled")
    if eager is None or compiled is None:
        pytest.skip("no picture without both variants")
    empty_store.save_result(result, CODE, [])
    asks = traffic_asks(eager, compiled, MAX_KERNELS)
    found = empty_store.picture_trips(
        result.id, sorted(asks.tensors), sorted(asks.kernels), HOVER_TRIPS
    )
    picked = TrafficTrips.of(result.round_trips, asks)
    assert found.by_tensor == picked.by_tensor
    assert found.fused == picked.fused  # and in the same order: ghosts are placed by it
    assert list(found.fused) == list(picked.fused)
    assert vars(found.rest) == vars(picked.rest)
    from_store = traffic_figure_of(
        result.status, result.variants, TrafficTrips(found.by_tensor, found.fused, found.rest)
    )
    assert json.loads(from_store.to_json()) == json.loads(traffic_figure(result).to_json())


def test_the_rest_of_a_long_run_is_counted_not_listed(empty_store: Store) -> None:
    """400 eager ops: the first 40 compiled kernels are drawn; the other 180 eliminated
    round trips become one ghost of their totals and first few."""
    chain = chain_result(empty_store.create_run(CODE), 400)
    empty_store.save_result(chain, CODE, [])
    eager, compiled = chain.variants["eager"], chain.variants["compiled"]
    asks = traffic_asks(eager, compiled, MAX_KERNELS)
    rest = empty_store.picture_trips(chain.id, [], sorted(asks.kernels), HOVER_TRIPS).rest
    gone = [t for t in chain.round_trips if t.eliminated]
    assert rest.count == len(gone) - 3 * MAX_KERNELS == 180
    assert rest.first == tuple(gone[3 * MAX_KERNELS : 3 * MAX_KERNELS + HOVER_TRIPS])
    assert not rest.one_tensor
