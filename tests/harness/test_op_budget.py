"""The eager accounting's per-op budget: a call of thousands of small ops (an LSTM run step
by step) gets full detail for its first ops, then only their traffic, then only their
names, and the run's notes say so. Counts, never times, are asserted."""

from pathlib import Path

import pytest
import torch

from backend.analysis.variants import UNACCOUNTED_NOTE, eager_sources
from backend.harness import measure, op_budget, trace_fit
from backend.harness.eager_capture import _literal
from backend.harness.inputs import Inputs
from backend.harness.memory import PeakTracker
from backend.harness.op_budget import FULL, NAME, NONE, TRAFFIC, OpBudget
from backend.harness.run import Options, Run
from backend.worker.bundle import BundleLimits, load_bundle
from backend.worker.bundle_variants import Eager

LSTM = Path(__file__).parents[1] / "data" / "lstm_small.py"


def test_levels_go_down_by_count_and_never_come_back() -> None:
    budget = OpBudget(full_ops=2, traffic_ops=5, full_s=1e9, traffic_s=1e9)
    levels = [budget.next_level() for _ in range(8)]
    assert levels == [FULL] * 2 + [TRAFFIC] * 3 + [NAME] * 3
    assert budget.ended_by == {FULL: "count", TRAFFIC: "count"}
    assert budget.as_dict()["name_only"] == 3


def test_past_the_rows_a_bundle_holds_ops_are_counted_without_a_row() -> None:
    budget = OpBudget(full_ops=2, traffic_ops=4, row_ops=4, full_s=1e9, traffic_s=1e9)
    levels = [budget.next_level() for _ in range(7)]
    assert levels == [FULL] * 2 + [TRAFFIC] * 2 + [NONE] * 3
    assert budget.as_dict()["unrecorded"] == 3 and budget.as_dict()["ops"] == 7
    assert "the last 3 ran but were not recorded (a run's bundle holds 4 ops" in str(budget.note())


def test_name_rows_too_end_at_the_rows_a_bundle_holds() -> None:
    budget = OpBudget(full_ops=1, traffic_ops=100, row_ops=3, full_s=1e9, traffic_s=0.0)
    levels = [budget.next_level() for _ in range(5)]
    assert levels == [FULL, NAME, NAME, NONE, NONE]


def test_the_rows_fit_what_a_bundle_may_carry() -> None:
    limits = BundleLimits()
    assert limits.eager_ops >= op_budget.ROW_OPS
    assert op_budget.TRAFFIC_OPS <= op_budget.ROW_OPS


def test_a_spent_time_budget_ends_a_level_whatever_the_count() -> None:
    budget = OpBudget(full_ops=1000, full_s=0.0, traffic_ops=1000, traffic_s=1e9)
    assert budget.next_level() == TRAFFIC
    assert budget.ended_by == {FULL: "time"}
    assert "0 s budget for ops in full detail ran out" in str(budget.note())


def test_no_note_while_the_budget_holds() -> None:
    budget = OpBudget()
    budget.next_level()
    assert budget.note() is None and not budget.degraded


@pytest.fixture
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(op_budget, "FULL_OPS", 100)
    monkeypatch.setattr(op_budget, "TRAFFIC_OPS", 300)
    monkeypatch.setattr(measure, "SHAPES_KERNELS_LIMIT", 100)


def _eager_only(tmp_path: Path) -> Run:
    """The harness's steps up to and including the eager profile, on the LSTM snippet at
    sequence length 4 (6 layers x 2 directions x 4 steps: about 700 ops a call)."""
    options = Options(LSTM, tmp_path / "bundle", 4, "default", "cpu", None)
    run = Run(options)
    run.doc["notes"] = []
    run.peaks = PeakTracker(torch.device("cpu"))
    entry = run._load(torch.device("cpu"))
    run.inputs = Inputs(entry, lambda what, call: run._user_code(what, call))
    run.inputs.first()
    with torch.no_grad():
        run._eager(entry)
    return run


@pytest.mark.usefixtures("small_budget")
def test_an_lstm_call_is_accounted_within_the_budget_and_says_so(tmp_path: Path) -> None:
    run = _eager_only(tmp_path)
    eager = run.doc["eager"]
    accounting = eager["accounting"]
    assert accounting["full"] == 100 and accounting["traffic_only"] == 200
    assert accounting["name_only"] == accounting["ops"] - 300 > 0
    assert any("full detail for the first 100 of" in note for note in run.doc["notes"])
    assert any("records no input shapes" in note for note in run.doc["notes"])
    writers = [v.writer for v in run.eager_table.values if v.pending is not None]
    assert writers and all(w is not None and w < 100 for w in writers)
    rows = eager["ops"]
    assert all("accounted" not in row for row in rows[:300])
    assert all(row["accounted"] is False and not row["writes"] for row in rows[300:])
    assert not any(row.get("inner") for row in rows[100:])
    names = {run.eager_table.values[vid].name for row in rows[100:300] for vid in row["writes"]}
    assert not any(name.endswith("()") for name in names)  # no operands kept to name them by
    eager["values"] = [v.as_dict() for v in run.eager_table.values]
    Eager.model_validate(eager)  # the worker reads it: the new fields are declared
    unaccounted = [s for s in eager_sources(eager) if s.op_index is not None and s.op_index >= 300]
    assert unaccounted and all(s.note == UNACCOUNTED_NOTE for s in unaccounted)


def test_an_operand_is_never_walked_to_describe_it() -> None:
    """repr() of a GPU storage reads it one element at a time (a device sync each): an H100
    run of a 6-layer LSTM spent minutes in it. Only plain values are written out."""

    class Walked:
        def __repr__(self) -> str:
            raise AssertionError("repr walked the operand")

    assert _literal(Walked()) == "Walked"
    assert _literal(torch.UntypedStorage(4)) == "UntypedStorage"
    plain = (_literal(2), _literal(0.12345678912345), _literal(torch.int8))
    assert plain == ("2", "0.1235", "torch.int8")


@pytest.mark.slow
def test_a_call_past_what_a_bundle_holds_is_cut_to_fit_and_read_back_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The whole harness on a call of ~700 ops with a bundle scaled down to hold 300 ops
    and 3,000 trace events: the run succeeds, the worker reads its bundle within those
    limits, and the notes say what was left out (at full scale, an 80,000-op
    LSTM call was refused whole as too large)."""
    monkeypatch.setattr(op_budget, "FULL_OPS", 100)
    monkeypatch.setattr(op_budget, "TRAFFIC_OPS", 300)
    monkeypatch.setattr(op_budget, "ROW_OPS", 300)
    monkeypatch.setattr(trace_fit, "RUN_TRACE_EVENTS", 3000)
    bundle = tmp_path / "bundle"
    Run(Options(LSTM, bundle, 4, "default", "cpu", None)).execute()
    limits = BundleLimits(eager_ops=300, trace_events=3000)
    loaded = load_bundle(bundle, limits)
    assert loaded is not None and loaded.status == "succeeded"
    accounting = loaded.document["eager"]["accounting"]
    assert len(loaded.document["eager"]["ops"]) == 300 < accounting["ops"]
    assert accounting["unrecorded"] == accounting["ops"] - 300
    notes = loaded.document["notes"]
    assert any("ran but were not recorded" in note for note in notes)
    assert any("the eager trace keeps" in note and "only the first" in note for note in notes)
    analysis = loaded.analyse()
    assert analysis.variants["eager"].kernels
