"""`align`: SequenceMatcher's blocks, cut where SequenceMatcher would be too slow.

Plain SequenceMatcher takes tens of seconds on 3,000 kernels of a few repeated keys (the
same layer many times, one kernel of every layer changed); `align` must stay fast there
and still find the obvious alignment.
"""

from __future__ import annotations

import difflib
import random
from collections import Counter
from collections.abc import Sequence

import pytest

from backend.compare import MAX_MATCH_WORK, Block, align, compare_runs
from tests.factories import eager_kernels, run_with


def _check_tiling(a: list[int], b: list[int], blocks: list[Block]) -> None:
    """Blocks cover a and b in order, without gaps or overlaps."""
    i = j = 0
    for i1, i2, j1, j2 in blocks:
        assert (i1, j1) == (i, j)
        assert i2 >= i1 and j2 >= j1 and (i2 > i1 or j2 > j1)
        i, j = i2, j2
    assert (i, j) == (len(a), len(b))


def _matched(a: list[int], b: list[int], blocks: list[Block]) -> int:
    """Kernels paired with an equal key."""
    return sum(
        x == y
        for i1, i2, j1, j2 in blocks
        if i2 - i1 == j2 - j1
        for x, y in zip(a[i1:i2], b[j1:j2], strict=True)
    )


def _layers(pattern: str, layers: int) -> list[int]:
    return [ord(c) for c in pattern * layers]


def _random_pair(seed: int, n: int, keys: int, edits: int) -> tuple[list[int], list[int]]:
    rng = random.Random(seed)
    a = [rng.randrange(keys) for _ in range(n)]
    b = list(a)
    for _ in range(edits):
        position = rng.randrange(len(b))
        if rng.random() < 0.5:
            del b[position]
        else:
            b.insert(position, rng.randrange(keys + 2))
    return a, b


@pytest.mark.parametrize("seed", range(12))
def test_blocks_tile_both_sequences(seed: int) -> None:
    a, b = _random_pair(seed, n=50 + 150 * seed, keys=2 + seed % 5, edits=seed * 7)
    _check_tiling(a, b, align(a, b))


@pytest.mark.parametrize(
    ("a", "b", "matched"), [([], [], 0), ([1], [], 0), ([], [1, 2], 0), ([1], [1] * 5000, 1)]
)
def test_degenerate_sequences(a: list[int], b: list[int], matched: int) -> None:
    blocks = align(a, b)
    _check_tiling(a, b, blocks)
    assert _matched(a, b, blocks) == matched


def test_small_inputs_align_exactly_as_sequence_matcher_does() -> None:
    a, b = _random_pair(3, n=60, keys=6, edits=8)
    expected = [
        (i1, i2, j1, j2)
        for _, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    ]
    assert align(a, b) == expected


def test_scattered_edits_in_a_long_run_keep_every_other_kernel_matched() -> None:
    a, b = _random_pair(7, n=4000, keys=4, edits=20)
    blocks = align(a, b)
    _check_tiling(a, b, blocks)
    assert _matched(a, b, blocks) >= len(a) - 20


@pytest.fixture
def matcher_work(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The matching work (as `_should_cut` counts it) of every stretch handed to difflib."""
    works: list[int] = []

    class Recording(difflib.SequenceMatcher):  # type: ignore[type-arg]
        def __init__(self, junk: None, a: Sequence[int], b: Sequence[int], **kw: bool) -> None:
            in_b = Counter(b)
            works.append(0 if len(a) < 2 or len(b) < 2 else sum(in_b[key] for key in a))
            super().__init__(junk, a, b, **kw)

    monkeypatch.setattr("backend.compare.alignment.difflib.SequenceMatcher", Recording)
    return works


@pytest.mark.parametrize(
    ("pattern_a", "pattern_b", "matched_per_layer"),
    [("xyz", "xwz", 2), ("xyz", "xywz", 3), ("ab", "ab", 2)],
)
def test_repeated_layers_align_fast_and_layer_by_layer(
    pattern_a: str, pattern_b: str, matched_per_layer: int, matcher_work: list[int]
) -> None:
    """Fast by construction, not by a stopwatch: SequenceMatcher only ever gets stretches
    whose matching work is under the bound (plain SequenceMatcher: 40 s for xyz/xwz)."""
    a, b = _layers(pattern_a, 1000), _layers(pattern_b, 1000)
    blocks = align(a, b)
    assert matcher_work and max(matcher_work) <= MAX_MATCH_WORK
    _check_tiling(a, b, blocks)
    assert _matched(a, b, blocks) == matched_per_layer * 1000


def test_a_deep_model_with_one_kernel_changed_per_layer(matcher_work: list[int]) -> None:
    """Real rows, end to end: 1,000 layers of add, relu, mul against add, sigmoid, mul."""
    a = eager_kernels(*("add", "relu", "mul") * 1000)
    b = eager_kernels(*("add", "sigmoid", "mul") * 1000)
    eager = compare_runs(run_with("a", eager=a), run_with("b", eager=b)).kernels[0]
    assert matcher_work and max(matcher_work) <= MAX_MATCH_WORK  # bounded, so fast
    assert (eager.same, eager.changed, eager.added, eager.removed) == (2000, 1000, 0, 0)
    assert {(r.name, r.b_name) for r in eager.rows if r.status == "changed"} == {
        ("relu", "sigmoid")
    }
    assert all(r.a_index == r.b_index for r in eager.rows)
