"""One number per round trip on each side, wherever it appears: the summary, the compiled
picture and the sentence that reconciles bytes saved with the drop in bytes moved. CPU
bundles recorded on the busy 2-core dev machine (tests/data/cpu_bundles), where Inductor
keeps addmm as a library call and writes a softmax's reductions inside its one kernel."""

from __future__ import annotations

import plotly.graph_objects as go

from backend.figures.summary import traffic_reconciled, traffic_summary, trip_size
from backend.figures.traffic import traffic_figure
from backend.result import RunResult
from tests.recorded import cpu_recorded_run, recorded_run

MiB = 1 << 20


def _labels(figure: go.Figure, axis: str) -> list[tuple[str, str]]:
    """(text, hover) of every labelled point in one panel (x: eager, x2: compiled)."""
    return [
        (text or "", hover or "")
        for trace in figure.data
        if (trace.xaxis or "x") == axis and trace.text is not None and trace.hovertext
        for text, hover in zip(trace.text, trace.hovertext, strict=True)
    ]


def _trip(run: RunResult, tensor: str):  # type: ignore[no-untyped-def]
    (found,) = [t for t in run.round_trips if t.tensor == tensor]
    return found


def test_a_kept_value_read_back_once_when_compiled_has_both_numbers() -> None:
    """kernelbench_style on a CPU: addmm writes y; eager reads it twice (sigmoid, mul),
    the fused kernel once: 48 MiB in eager, 32 MiB compiled."""
    run = cpu_recorded_run("kernelbench_style")
    y = _trip(run, "y")
    assert (y.eliminated, y.bytes, y.compiled_bytes, y.compiled_reads) == (
        False,
        48 * MiB,
        32 * MiB,
        1,
    )
    assert (
        "y still goes through memory when compiled (written and read back: "
        "32 MiB when compiled, 48 MiB in eager)"
    ) in traffic_summary(run)
    assert trip_size(y) == "32 MiB round trip when compiled (48 MiB in eager)"
    figure = traffic_figure(run)
    compiled_blocks = [t for t, h in _labels(figure, "x2") if "compiled round trip" in h]
    assert compiled_blocks and all("32 MiB" in t for t in compiled_blocks)
    eager_blocks = [
        h for t, h in _labels(figure, "x") if h.startswith("<b>y</b> · eager round trip")
    ]
    assert eager_blocks and "when compiled: 32 MiB written and read back" in eager_blocks[0]


def test_bytes_saved_is_reconciled_with_the_drop_in_bytes_moved() -> None:
    assert traffic_reconciled(cpu_recorded_run("kernelbench_style")) == (
        "bytes moved fell 116 MiB → 68 MiB (48 MiB): 32 MiB from the round trip eliminated; "
        "16 MiB from y, still through memory, but moved less when compiled"
    )
    # on the H200 Inductor splits the addmm: y is kept as its mm part's output, the same story
    assert traffic_reconciled(recorded_run("kernelbench_style")) == (
        "bytes moved fell 116 MiB → 68 MiB (48 MiB): 32 MiB from the round trip eliminated; "
        "16 MiB from y, still through memory, but moved less when compiled"
    )
    assert traffic_reconciled(recorded_run("add_relu")) == "bytes moved fell by the same 7.63 MiB"


def test_reductions_written_but_never_read_back_are_not_called_round_trips() -> None:
    """A softmax written out: the one compiled kernel writes m and sum(e) to memory, and
    only its own next loop reads them: the picture draws writes alone, so must the words."""
    run = cpu_recorded_run("softmax_by_hand")
    for name in ("m", "sum(e)"):
        trip = _trip(run, name)
        assert (trip.eliminated, trip.compiled_reads, trip.compiled_bytes) == (False, 0, 16 * 1024)
    summary = traffic_summary(run)
    assert (
        "m and sum(e) are still written to memory when compiled, but no other kernel reads "
        "them back (32 KiB written; in eager each written and read back: 64 KiB in all)"
    ) in summary
    assert not any("still go" in s or "still goes" in s for s in summary)
    figure = traffic_figure(run)
    assert not [h for _, h in _labels(figure, "x2") if "compiled round trip" in h]
    eager_m = [h for _, h in _labels(figure, "x") if h.startswith("<b>m</b> · eager round trip")]
    assert eager_m and "when compiled: 16 KiB written, never read back" in eager_m[0]
    assert "written only when compiled" in eager_m[0] and "kept" not in eager_m[0]
    reconciled = traffic_reconciled(run)
    assert reconciled is not None
    assert "32 KiB from m and sum(e), still written, but no longer read back" in reconciled
    assert "16 MiB from other tensors" in reconciled  # x: read once, where eager read it twice


def test_the_fused_kernel_is_labelled_beside_a_narrow_box() -> None:
    """many_small_ops: 400 eager kernels set the scale, so the one fused kernel's box is a
    few pixels wide; its name goes beside it, in the empty row."""
    figure = traffic_figure(recorded_run("many_small_ops"))
    fused = [
        (trace, i)
        for trace in figure.data
        if trace.xaxis == "x2" and trace.hovertext
        for i, hover in enumerate(trace.hovertext)
        if hover.startswith("<b>triton_poi_fused_add_mul_0</b>")
    ]
    assert len(fused) == 1
    trace, i = fused[0]
    assert "add_mul_0" in trace.text[i]
    assert trace.textposition[i] == "middle right"
