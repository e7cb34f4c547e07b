"""Graph breaks on the timeline: a dashed marker where a compiled graph ends,
labelled with the break's line, and none where the program was one graph."""

from __future__ import annotations

from backend.figures import Lane, LaneTimes, run_timeline, timeline_figure
from backend.result import GraphBreak
from tests.factories import timed_kernel
from tests.recorded import recorded_run


def test_the_recorded_break_is_marked_between_the_graphs_with_its_line() -> None:
    result = recorded_run("graph_break")  # line 8: `if y.sum() > 0`, on the H200
    compiled = result.variants["compiled"].kernels
    figure = run_timeline(result)
    (x,) = figure.layout.meta["graph_breaks_us"]
    last_of_graph_0 = max(k.start_us + k.dur_us for k in compiled if k.graph == 0)
    island = next(k for k in compiled if k.graph is None)
    assert last_of_graph_0 <= x <= island.start_us  # in the gap before the eager island
    (shape,) = figure.layout.shapes
    assert (shape.x0, shape.x1, shape.line.dash) == (x, x, "dash")
    assert (shape.y0, shape.y1) == (1 - 0.45, 1 + 0.45)  # across the compiled lane only
    (note,) = figure.layout.annotations
    assert note.text == "graph break · line 8" and note.y == "compiled"
    assert note.hovertext == "line 8: generic_jump TensorVariable()"


def test_one_graph_has_no_marker() -> None:
    figure = run_timeline(recorded_run("add_relu"))
    assert figure.layout.meta["graph_breaks_us"] == []
    assert not figure.layout.shapes and not figure.layout.annotations


def test_graph_to_graph_and_leading_eager_code_are_splits() -> None:
    kernels = [
        timed_kernel(0, 0.0, 5.0),  # eager code before the first graph
        timed_kernel(1, 10.0, 5.0, graph=0),
        timed_kernel(2, 15.0, 5.0, graph=0),
        timed_kernel(3, 30.0, 5.0, graph=1),  # straight into the next graph: a print() break
    ]
    lane = LaneTimes.of(Lane("compiled", kernels, compiled=True))
    assert lane.graph_ends_us == [7.5, 25.0]
    assert LaneTimes.of(Lane("eager", kernels)).graph_ends_us == []


def test_breaks_that_do_not_pair_with_the_splits_are_all_listed() -> None:
    kernels = [timed_kernel(0, 0.0, 5.0, graph=0), timed_kernel(1, 10.0, 5.0, graph=1)]
    breaks = [GraphBreak(reason="print", line=5), GraphBreak(reason="<b>x</b>", line=9)]
    figure = timeline_figure([Lane("compiled", kernels, compiled=True)], breaks=breaks)
    (note,) = figure.layout.annotations
    assert note.text == "graph break · line 5 and 9"
    assert note.hovertext == "line 5: print<br>line 9: &lt;b&gt;x&lt;/b&gt;"


def test_a_zoomed_window_draws_only_the_markers_inside_it() -> None:
    kernels = [timed_kernel(0, 0.0, 5.0, graph=0), timed_kernel(1, 10.0, 5.0, graph=1)]
    lanes = [Lane("compiled", kernels, compiled=True)]
    assert len(timeline_figure(lanes, window=(0.0, 20.0)).layout.shapes) == 1
    assert not timeline_figure(lanes, window=(10.0, 20.0)).layout.shapes
