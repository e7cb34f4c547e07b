"""The analysis's cost is bounded by time as well as by counts: past its budget it leaves
out further profiled calls and compile modes and says so, and its matching of names in
order reads each trace op a bounded number of times (not once per op looked for)."""

from __future__ import annotations

import gc
from collections.abc import Sequence
from pathlib import Path
from typing import Any, overload

import pytest

from backend.analysis.assemble import Analysis, analyse
from backend.analysis.kernel_matching import NamePositions, match_in_order
from backend.analysis.noise import noise_warnings
from backend.worker.bundle import load_bundle

TWO_MODES = Path(__file__).parents[1] / "data" / "h200_mode_bundles" / "gemm_epilogue_two_modes"


def _analysed(budget_s: float) -> Analysis:
    loaded = load_bundle(TWO_MODES / "bundle")
    assert loaded is not None
    further = [
        loaded.trace_named(mode["compiled"].get("trace"))
        for mode in loaded.document.get("further_modes", [])
    ]
    document, eager, compiled = loaded.document, loaded.trace("eager"), loaded.trace("compiled")
    return analyse(document, eager, compiled, further, budget_s=budget_s)


def test_within_its_budget_every_call_and_mode_is_analysed() -> None:
    analysis = _analysed(budget_s=600)
    assert [analysis.variants[v].profiled_calls for v in ("eager", "compiled")] == [5, 5]
    assert len(analysis.compiled_modes) == 2
    assert not any("budget ran out" in note for note in analysis.notes)


def test_past_its_budget_the_analysis_keeps_one_call_and_the_first_mode_and_says_so() -> None:
    analysis = _analysed(budget_s=0)
    assert [analysis.variants[v].profiled_calls for v in ("eager", "compiled")] == [1, 1]
    assert list(analysis.variants) == ["eager", "compiled"]  # the further mode left out
    assert analysis.round_trips and analysis.speedup is not None  # still a whole run
    left_out = [note for note in analysis.notes if "budget ran out" in note]
    assert any("medians over 1 of its 5 profiled calls" in note for note in left_out)
    assert any("max-autotune-no-cudagraphs was not analysed" in note for note in left_out)


class _Counted(Sequence[str]):
    """A trace's op names that count how often they are read."""

    def __init__(self, names: list[str]) -> None:
        self.names, self.reads = names, 0

    def __len__(self) -> int:
        return len(self.names)

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: Any) -> Any:
        self.reads += 1
        return self.names[index]


def test_names_the_trace_lacks_do_not_rescan_the_trace() -> None:
    trace = _Counted([f"aten::op{i}" for i in range(2_000)])
    wanted = ["aten::missing"] * 2_000 + ["aten::op5", "aten::op3", "aten::op7"]
    assert match_in_order(wanted, trace) == {2_000: 5, 2_002: 7}
    assert trace.reads <= 2 * len(trace)  # a scan per missing name read it 4,000,000 times


def test_the_next_of_several_names_is_the_nearest_one() -> None:
    positions = NamePositions(["a", "b", "a", None, "c"])
    assert positions.next_of({"a", "c"}, 1) == 2
    assert positions.next_of({"b", "c"}, 2) == 4
    assert positions.next_of({"b"}, 2) is None


def test_the_cycle_collector_rests_while_the_analysis_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    warnings = noise_warnings

    def noting(*args: Any) -> Any:
        seen.append(gc.isenabled())
        return warnings(*args)

    monkeypatch.setattr("backend.analysis.assemble.noise_warnings", noting)
    assert gc.isenabled()
    _analysed(budget_s=600)
    assert seen == [False] and gc.isenabled()
