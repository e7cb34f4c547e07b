""" "Try it" reran a snippet in another compile mode and the comparison
drew no conclusion when the mode changed nothing (the rerun kept the same library call).
The comparison now says what the rerun changed, "nothing" included, and why."""

from __future__ import annotations

from backend.compare import compare_runs
from backend.result import RunResult
from tests.recorded import recorded_run

AUTOTUNE = "max-autotune-no-cudagraphs"


def rerun_of(run: RunResult, mode: str) -> RunResult:
    again = run.model_copy(deep=True)
    assert again.compile is not None
    again.compile.mode = mode
    again.id = f"{run.id}-again"
    return again


def test_a_rerun_that_keeps_the_library_call_says_nothing_changed_and_why() -> None:
    first = recorded_run("mlp_bias_gelu")  # x @ w kept: mm is a library call
    outcome = compare_runs(first, rerun_of(first, AUTOTUNE)).rerun
    assert outcome is not None
    assert outcome.startswith(f"The rerun with {AUTOTUNE} (A ran default) changed nothing")
    assert "because mm runs as a library call (cuBLAS)" in outcome


def test_a_rerun_that_removes_a_round_trip_names_it() -> None:
    first = recorded_run("mlp_bias_gelu")
    second = rerun_of(first, AUTOTUNE)
    (kept,) = [t for t in second.round_trips if t.eliminated is False]
    kept.eliminated, kept.why = True, None
    outcome = compare_runs(first, second).rerun
    assert outcome is not None
    assert outcome.endswith(f"{kept.tensor}: kept (library_call) → eliminated.")


def test_runs_that_are_no_rerun_of_each_other_get_no_sentence() -> None:
    first = recorded_run("mlp_bias_gelu")
    assert compare_runs(first, first).rerun is None  # the same mode
    other = rerun_of(recorded_run("add_relu"), AUTOTUNE)  # other code
    assert compare_runs(first, other).rerun is None
