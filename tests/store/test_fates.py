"""The summary's round-trip totals by fate, counted by SQLite, are those the figures count
in memory: the same sentences for every recorded run and for the awkward cases."""

from __future__ import annotations

import pytest

from backend import result as doc
from backend.figures import NAMED, fates_of, summary_sentences, traffic_summary
from backend.store.repository import Store
from tests.factories import CODE, chain_result
from tests.recorded import H200_EXAMPLES, recorded_run


def _trip(
    tensor: str,
    eliminated: bool | None,
    reason: str | None = None,
    compiled_bytes: int | None = None,
    compiled_reads: int | None = None,
) -> doc.RoundTrip:
    return doc.RoundTrip(
        compiled_bytes=compiled_bytes,
        compiled_reads=compiled_reads,
        tensor=tensor,
        bytes=len(tensor) * 1000,
        shape=[4],
        dtype="torch.float32",
        producer="add",
        consumers=["mul"],
        eliminated=eliminated,
        unknown_reason=reason,
    )


def _awkward() -> doc.RunResult:
    """Seven eliminated trips of three names (a loop variable), one kept, and unknowns of
    four names, the first with a reason, two of them repeated many times in between."""
    trips = [_trip(name, True) for name in "yyzyyzw"]
    trips += [_trip("kept", False)]
    # kept, read back once when compiled where eager read twice; kept, never read back
    trips += [_trip("y2", False, compiled_bytes=1000, compiled_reads=1)]
    trips += [_trip("m", False, compiled_bytes=400, compiled_reads=0)]
    trips += [_trip("sum(e)", False, compiled_bytes=400, compiled_reads=0)]
    trips += [_trip("u1", None, "plan and values disagree"), _trip("u2", None)]
    trips += [_trip(f"u{i % 2 + 1}", None) for i in range(20)] + [_trip("u3", None)]
    trips += [_trip("u4", None)]
    result = chain_result("run-awkward", 8)
    return result.model_copy(update={"round_trips": trips, "totals": None})


RUNS = [
    *(recorded_run(example) for example in H200_EXAMPLES),
    chain_result("run-chain", 40),
    _awkward(),
]


@pytest.mark.parametrize("result", RUNS, ids=lambda r: r.id)
def test_sqlite_counts_the_fates_the_figures_count(
    empty_store: Store, result: doc.RunResult
) -> None:
    empty_store.save_result(result, CODE, [])
    counted = empty_store.round_trip_fates(result.id, NAMED)
    in_memory = {
        fate: totals for fate, totals in fates_of(result.round_trips).items() if totals.count
    }
    assert {fate: vars(totals) for fate, totals in counted.items()} == {
        fate: vars(totals) for fate, totals in in_memory.items()
    }
    eager, compiled = result.variants.get("eager"), result.variants.get("compiled")
    assert summary_sentences(eager, compiled, result.totals, counted) == traffic_summary(result)


def test_the_awkward_sentences() -> None:
    first, kept, written, unknown = traffic_summary(_awkward())
    assert first.endswith("; 7 intermediates never touch memory (6.84 KiB saved)")
    assert kept == (
        "kept and y2 still go through memory when compiled (each written and read back: "
        "4.88 KiB when compiled, 5.86 KiB in eager)"
    )
    assert written == (
        "m and sum(e) are still written to memory when compiled, but no other kernel reads "
        "them back (800 B written; in eager each written and read back: 6.84 KiB in all)"
    )
    assert unknown == (
        "whether 4 intermediates still go through memory is unknown (plan and values disagree)"
    )
