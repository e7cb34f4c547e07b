"""Byte units, plurals, and the colour/pattern channels every figure shares."""

from __future__ import annotations

import pytest

from backend.figures.palette import EAGER_ISLAND, KIND_STYLES, MERGED, tint
from backend.figures.units import human_bytes, join_words, plural
from backend.result import Kernel

# exact ties at the third digit, rounded away from zero as the pages' ui.js bytes() does
# (tests/browser/test_small_agreements.py runs the same values through it)
BYTE_TIES = [
    (3_276_800, "3.13 MiB"),  # 3.125 MiB: once "3.12 MiB" here beside "3.13 MiB" on the card
    (10_496, "10.3 KiB"),  # 10.25 KiB
    (102_912, "101 KiB"),  # 100.5 KiB
    (-3_276_800, "-3.13 MiB"),
    (1_023_488, "1000 KiB"),  # 999.5 KiB
    (1_048_064, "1024 KiB"),  # 1023.5 KiB stays in KiB, as on the page
]

OKABE_ITO = {"#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"}


@pytest.mark.parametrize(
    ("count", "text"),
    [
        (0, "0 B"),
        (1, "1 B"),
        (1023, "1,023 B"),
        (1024, "1 KiB"),
        (4_000_000, "3.81 MiB"),
        (67_108_864, "64 MiB"),
        (134_217_728, "128 MiB"),
        (1_342_177_280, "1.25 GiB"),
        *BYTE_TIES,
    ],
)
def test_human_bytes(count: int, text: str) -> None:
    assert human_bytes(count) == text


def test_plural_and_join() -> None:
    assert [plural(n, "kernel") for n in (0, 1, 2, 1000)] == [
        "0 kernels",
        "1 kernel",
        "2 kernels",
        "1,000 kernels",
    ]
    assert join_words(["a"]) == "a"
    assert join_words(["a", "b"]) == "a and b"
    assert join_words(["a", "b", "c"]) == "a, b and c"


def test_every_kind_has_a_style() -> None:
    kinds = Kernel.model_fields["kind"].annotation.__args__  # type: ignore[union-attr]
    assert set(KIND_STYLES) == set(kinds)


def test_no_two_styles_share_a_colour_or_a_pattern() -> None:
    styles = [*KIND_STYLES.values(), EAGER_ISLAND, MERGED]
    assert len({s.color for s in styles}) == len(styles)
    assert len({s.pattern for s in styles}) == len(styles)  # meaning survives without colour
    assert {s.color for s in KIND_STYLES.values()} | {EAGER_ISLAND.color} <= OKABE_ITO
    assert KIND_STYLES["fused"].pattern == "" and KIND_STYLES["copy"].pattern == "/"


def test_tint() -> None:
    assert tint("#0072B2", 0.35) == "rgba(0,114,178,0.35)"
