"""A trace too big for a bundle is cut by the harness, not refused whole by the worker:
first what the analysis never reads, then later measured calls, then the end of the one
call left (a call of tens of thousands of small ops)."""

from __future__ import annotations

import json
from typing import Any

from backend.analysis.window import measured_calls
from backend.harness import trace_fit
from backend.harness.protocol import MEASURED_CALL, json_values
from backend.harness.trace_fit import TraceShare, fit_trace
from backend.worker.bundle import BundleLimits


def _trace(calls: int, ops_per_call: int, gpu: bool = False, args: int = 1) -> dict[str, Any]:
    """Metadata, a warm-up call of unmarked ops, then `calls` marked calls; on a "GPU" each
    op launches a kernel (a runtime event and a kernel with one correlation id)."""
    events: list[dict[str, Any]] = [{"ph": "M", "name": "process_name", "pid": 1, "args": {}}]
    t, correlation = 0.0, 0
    for _ in range(ops_per_call):  # the warm-up call: outside every mark
        events.append(_op("aten::warm", t, args))
        t += 10
    for _ in range(calls):
        start = t
        mark = {"ph": "X", "cat": "user_annotation", "name": MEASURED_CALL, "ts": start}
        events.append(mark)
        for i in range(ops_per_call):
            events.append(_op(f"aten::op{i}", t, args))
            if gpu:
                correlation += 1
                launch = {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel"}
                events.append(
                    {**launch, "ts": t + 1, "dur": 1, "args": {"correlation": correlation}}
                )
                kernel = {"ph": "X", "cat": "kernel", "name": f"k{i}", "ts": t + 5, "dur": 20}
                events.append({**kernel, "args": {"correlation": correlation}})
            t += 10
        mark["dur"] = t - start + 30
        t += 100
    return {"traceEvents": events}


def _op(name: str, ts: float, args: int) -> dict[str, Any]:
    return {
        "ph": "X",
        "cat": "cpu_op",
        "name": name,
        "ts": ts,
        "dur": 5,
        "args": dict.fromkeys(map(str, range(args)), 0),
    }


def _fit(
    doc: dict[str, Any], share: TraceShare
) -> tuple[dict[str, Any], trace_fit.TraceCut | None]:
    text, cut = fit_trace(json.dumps(doc).encode(), share)
    return json.loads(text), cut


def test_a_trace_within_its_share_is_left_as_it_was() -> None:
    raw = json.dumps(_trace(3, 10)).encode()
    assert fit_trace(raw, TraceShare(10_000, 10_000, 1_000_000)) == (raw, None)


def test_first_the_warm_up_call_goes_which_the_analysis_never_reads() -> None:
    doc = _trace(3, 100)
    fitted, cut = _fit(doc, TraceShare(340, 1000, 10**6))
    assert cut is None
    names = {e["name"] for e in fitted["traceEvents"]}
    assert "aten::warm" not in names
    assert len(measured_calls(fitted)) == 3


def test_then_later_calls_go_and_the_note_says_how_many_are_left() -> None:
    fitted, cut = _fit(_trace(3, 100), TraceShare(250, 1000, 10**6))
    assert cut is not None and (cut.calls, cut.calls_profiled) == (2, 3)
    assert not cut.cut_inside_a_call
    assert len(measured_calls(fitted)) == 2
    assert "keeps 2 of its 3 measured calls" in cut.note("eager")


def test_last_the_one_call_left_is_cut_by_time_and_the_note_says_how_far() -> None:
    fitted, cut = _fit(_trace(2, 1000), TraceShare(301, 1000, 10**6))
    assert cut is not None and cut.cut_inside_a_call
    assert (cut.calls, cut.call_events, cut.kept_events) == (1, 1001, 300)
    calls = measured_calls(fitted)
    assert len(calls) == 1
    kept = [e["name"] for e in calls[0]["traceEvents"] if e.get("cat") == "cpu_op"]
    assert kept == [f"aten::op{i}" for i in range(299)]  # the first ops, in order
    assert 0.25 < cut.shown_us / cut.call_us < 0.35
    note = cut.note("eager")
    assert "only the first" in note and "299 of" not in note and "300 of 1,001" in note


def test_a_kept_launch_keeps_its_kernel_and_no_kernel_is_kept_without_its_launch() -> None:
    fitted, cut = _fit(_trace(1, 400, gpu=True), TraceShare(301, 1000, 10**6))
    assert cut is not None and cut.cut_inside_a_call
    events = fitted["traceEvents"]
    launches = {e["args"]["correlation"] for e in events if e.get("cat") == "cuda_runtime"}
    kernels = {e["args"]["correlation"] for e in events if e.get("cat") == "kernel"}
    assert launches and launches == kernels
    assert len(events) - 1 <= 301  # the metadata row aside


def test_json_values_are_held_to_the_share_as_the_worker_counts_them() -> None:
    share = TraceShare(10**6, 10**6, 20_000)
    fitted, cut = _fit(_trace(1, 2000, args=20), share)
    assert cut is not None and cut.cut_inside_a_call
    assert json_values(json.dumps(fitted).encode()) <= share.values


def test_the_traces_of_a_run_together_fit_what_the_worker_reads() -> None:
    limits = BundleLimits()
    assert limits.trace_events >= trace_fit.RUN_TRACE_EVENTS
    assert limits.trace_kernels >= trace_fit.RUN_TRACE_KERNELS
    assert trace_fit.RUN_TRACE_VALUES + limits.document_values <= limits.run_values
    shares = TraceShare.of_run(4)  # eager and three compile modes
    assert 4 * shares.events <= trace_fit.RUN_TRACE_EVENTS
