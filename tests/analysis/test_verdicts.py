"""The one rule for "better / worse / within noise / too noisy to tell":
from the intervals and the spread of the calls behind them, never from an inflated number,
and a speedup's verdict agrees with the rows it is made of."""

from __future__ import annotations

import pytest

from backend.analysis.spread import (
    NO_CHANGE,
    Reading,
    Verdict,
    calls,
    speedup_verdict,
    verdict,
)

TIGHT_A = calls(100.0, 95.0, 105.0)  # a wall time of 100 µs, its calls within 1.1x
TIGHT_FAST = calls(50.0, 48.0, 53.0)
TIGHT_SAME = calls(101.0, 96.0, 106.0)
WIDE = calls(50.0, 10.0, 1070.0)  # calls that varied 107x
INFLATED = calls(50.0, 48.0, 53.0, inflated=True)
NO_SPREAD = Reading(50.0, None)


@pytest.mark.parametrize(
    ("a", "b", "higher_is_better", "expected"),
    [
        (TIGHT_A, TIGHT_FAST, False, "better"),  # a time that fell, apart from A's
        (TIGHT_FAST, TIGHT_A, False, "worse"),  # swapping A and B swaps the verdict
        (TIGHT_A, TIGHT_SAME, False, "within noise"),  # overlapping calls
        (TIGHT_A, WIDE, False, "too noisy to tell"),  # 107x apart in its own calls
        (WIDE, TIGHT_A, False, "too noisy to tell"),
        (TIGHT_A, INFLATED, False, "too noisy to tell"),  # never on an inflated number
        (TIGHT_A, NO_SPREAD, False, "too noisy to tell"),  # nothing to judge the noise by
        (TIGHT_A, TIGHT_FAST, True, "worse"),  # a speedup that fell
        (calls(100.0, 90.0, 130.0), calls(160.0, 150.0, 220.0), False, "worse"),  # 1.47x: read
        (calls(100.0, 90.0, 130.0), calls(260.0, 150.0, 300.0), False, "too noisy to tell"),
    ],
)
def test_the_rule(a: Reading, b: Reading, higher_is_better: bool, expected: Verdict) -> None:
    assert verdict(a, b, higher_is_better) == expected


@pytest.mark.parametrize(
    ("speedup", "expected"),
    [
        (Reading(1.15, (1.14, 1.16)), "better"),
        (Reading(0.8, (0.7, 0.9)), "worse"),
        (Reading(1.02, (0.95, 1.1)), "within noise"),  # an interval across 1x
        (Reading(41.7, (26.7, 77.1), spread=60.4), "too noisy to tell"),  # the busy add_relu
        (Reading(1.5, None), "too noisy to tell"),
    ],
)
def test_a_speedup_against_no_change(speedup: Reading, expected: Verdict) -> None:
    assert verdict(NO_CHANGE, speedup, higher_is_better=True) == expected


@pytest.mark.parametrize(
    ("own", "eager", "compiled", "expected"),
    [
        # the `* 0.5` fork: a speedup "12.70x better" while eager's row is within noise and
        # compiled's calls were too noisy to read
        ("better", "within noise", "too noisy to tell", "too noisy to tell"),
        ("better", "within noise", "within noise", "within noise"),  # rows moved nothing
        ("better", "within noise", "better", "better"),  # compiled got faster: agrees
        ("better", "worse", "within noise", "better"),  # eager got slower: speedup rises
        ("better", "better", "within noise", "too noisy to tell"),  # rows say it fell
        ("worse", "better", "within noise", "worse"),
        ("within noise", "within noise", "better", "within noise"),
        ("better", "better", "better", "better"),  # both faster; the ratio's own test decides
    ],
)
def test_a_speedups_verdict_agrees_with_its_rows(
    own: Verdict, eager: Verdict, compiled: Verdict, expected: Verdict
) -> None:
    assert speedup_verdict(own, eager, compiled) == expected
