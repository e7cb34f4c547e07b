"""Kernel durations from several profiled calls: the median per kernel, with its
spread, never one call's. Multi-call traces are made from the recorded H200 traces by
repeating their measured call, one copy ten times slower (a loaded machine)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from backend.analysis.assemble import analyse
from backend.analysis.calls import combine_calls
from backend.analysis.window import measured_call, measured_calls
from backend.harness.protocol import MEASURED_CALL
from backend.result import Kernel
from backend.worker.bundle import read_bundle, read_trace
from tests.recorded import bundle_folder

SLOW = 10.0


def _raw(example: str) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    folder = bundle_folder(example)
    bundle = read_bundle(folder)
    assert bundle is not None
    eager, compiled = (read_trace(folder, bundle, v) for v in ("eager", "compiled"))
    assert eager is not None and compiled is not None
    return bundle, eager, compiled


def _repeated(raw: dict[str, Any], calls: int, slow_call: int) -> dict[str, Any]:
    """The trace's measured call repeated `calls` times after its warm-up; in call
    `slow_call` every event lasts SLOW times longer (device kernels and CPU ops alike)."""
    events = raw["traceEvents"]
    mark = next(e for e in events if e.get("name") == MEASURED_CALL)
    timed = [e for e in measured_call(raw)["traceEvents"] if e.get("ph") != "M"]
    before = [e for e in events if e.get("ph") == "M" or float(e.get("ts", 0)) < mark["ts"]]
    end = max(float(e["ts"]) + float(e.get("dur", 0)) for e in timed)
    span = (end - float(mark["ts"])) * SLOW + 1000.0
    out = [e for e in before if e.get("name") != MEASURED_CALL]
    for call in range(calls):
        for event in [mark, *timed]:
            moved = copy.deepcopy(event)
            moved["ts"] = (
                float(mark["ts"])
                + call * span
                + (float(event["ts"]) - mark["ts"]) * (SLOW if call == slow_call else 1)
            )
            if call == slow_call and "dur" in moved:
                moved["dur"] = float(moved["dur"]) * SLOW
            out.append(moved)
    return {**raw, "traceEvents": out}


@pytest.mark.parametrize("slow_call", [0, 2])  # whichever one call were read, one test fails
@pytest.mark.parametrize("example", ["add_relu", "layernorm_residual", "kernelbench_style"])
def test_one_slow_call_does_not_move_the_medians(example: str, slow_call: int) -> None:
    bundle, eager, compiled = _raw(example)
    one = analyse(bundle, eager, compiled)
    three = analyse(bundle, _repeated(eager, 3, slow_call), _repeated(compiled, 3, slow_call))
    for name in ("eager", "compiled"):
        single, median = one.variants[name], three.variants[name]
        assert single.profiled_calls == 1 and median.profiled_calls == 3
        assert [k.name for k in median.kernels] == [k.name for k in single.kernels]
        for a, b in zip(single.kernels, median.kernels, strict=True):
            assert b.dur_us == pytest.approx(a.dur_us, abs=1e-3)  # not the slow call's
            assert b.duration_p10_us == pytest.approx(a.dur_us, abs=1e-3)
            assert b.duration_p90_us is not None and b.duration_p90_us > a.dur_us * 2
            assert b.start_us == pytest.approx(a.start_us, abs=1e-3)  # a normal call drawn
        assert median.kernel_time_us == pytest.approx(single.kernel_time_us, abs=0.01)
        assert median.kernel_time_p90_us is not None
        assert median.kernel_time_p90_us > 2 * single.kernel_time_us
        assert single.kernel_time_p10_us is None  # one call: no spread to report
    assert three.kernel_speedup == pytest.approx(one.kernel_speedup, rel=1e-3)


def test_the_warm_up_call_is_never_read() -> None:
    _, eager, _ = _raw("add_relu")
    windows = measured_calls(_repeated(eager, 4, 0))
    assert len(windows) == 4
    mark_ts = min(e["ts"] for e in eager["traceEvents"] if e.get("name") == MEASURED_CALL)
    for window in windows:
        timed = [e for e in window["traceEvents"] if e.get("ph") != "M"]
        assert timed and all(float(e["ts"]) >= mark_ts for e in timed)
        assert not [e for e in timed if e.get("name") == MEASURED_CALL]
        assert [e for e in window["traceEvents"] if e.get("ph") == "M"]  # metadata kept


def test_a_trace_without_marks_is_one_call() -> None:
    doc = {"traceEvents": [{"ph": "X", "name": "aten::add", "ts": 1.0, "dur": 2.0}]}
    assert measured_calls(doc) == [doc]


def _kernel(name: str, start: float, dur: float) -> Kernel:
    return Kernel(
        index=0, name=name, short_name=name, op=None, kind="other", start_us=start,
        dur_us=dur, bytes_read=0, bytes_written=0, transfers=[],
    )  # fmt: skip


def test_calls_with_other_kernels_are_left_out() -> None:
    normal = [[_kernel("a", 0, d), _kernel("b", d, 2 * d)] for d in (1.0, 1.2, 1.1)]
    recompiled = [_kernel("a", 0, 50.0), _kernel("c", 50, 50.0), _kernel("b", 100, 50.0)]
    combined = combine_calls([normal[0], recompiled, normal[1], normal[2]])
    assert combined.count == 3
    assert [k.name for k in combined.kernels] == ["a", "b"]
    assert combined.kernels[0].dur_us == pytest.approx(1.1)
    assert combined.kernels[1].dur_us == pytest.approx(2.2)
    assert combined.kernels[1].start_us == pytest.approx(1.1)  # the median call is drawn


def test_one_call_keeps_its_durations_and_no_spread() -> None:
    combined = combine_calls([[_kernel("a", 0, 3.0)]])
    assert combined.count == 1
    assert combined.kernels[0].dur_us == 3.0
    assert combined.kernels[0].duration_p10_us is None


def test_a_trace_forged_with_thousands_of_marks_is_refused_not_analysed_for_minutes() -> None:
    """The trace comes from the snippet's process: each mark used to cost a scan of every
    event and a copy of the metadata rows, quadratic in a forged trace."""
    meta = {"ph": "M", "name": "process_name", "pid": 1, "args": {"name": "x"}}
    marks = [
        {"ph": "X", "cat": "user_annotation", "name": MEASURED_CALL, "ts": i, "dur": 1}
        for i in range(5_000)
    ]
    with pytest.raises(ValueError, match="5,000 measured calls"):
        measured_calls({"traceEvents": [meta, *marks]})
    # at the limit: each call gets its own kernels and the shared metadata rows
    kernels = [
        {"ph": "X", "cat": "kernel", "name": "k", "ts": i + 0.5, "dur": 0.1} for i in range(32)
    ]
    calls = measured_calls({"traceEvents": [meta, *marks[:32], *kernels]})
    assert len(calls) == 32
    assert all(c["traceEvents"] == [meta, kernels[i]] for i, c in enumerate(calls))
