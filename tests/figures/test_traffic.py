"""The memory-traffic picture and its sentence, on the recorded H200 runs.

add_relu at the snippet's default 1,000,000 fp32 elements: one array is 4,000,000 bytes,
3.81 MiB (4,000,000 / 2**20 = 3.815). Eager: add reads a, b and writes a + b; relu reads
a + b back and writes the output. Compiled: one fused kernel reads a, b and writes the
output once; the round trip of a + b (8,000,000 bytes, 7.63 MiB) never happens.
"""

from __future__ import annotations

import json
from typing import Any

import plotly.graph_objects as go
import pytest

from backend.figures import traffic_figure, traffic_summary
from backend.figures.palette import ELIMINATED_COLOR, VERMILLION
from backend.figures.placement import MAX_ARROWS_PER_KERNEL
from backend.figures.traffic_geometry import KERNEL_Y, MEMORY_Y
from backend.figures.units import human_bytes
from tests.factories import failed_result
from tests.recorded import H200_EXAMPLES, recorded_run

EAGER, COMPILED = "x", "x2"  # each panel's x axis


def panel_traces(figure: go.Figure, axis: str) -> list[Any]:
    return [t for t in figure.data if t.xaxis == axis and t.x != (None,)]


def texts(figure: go.Figure, axis: str) -> list[list[str]]:
    """The text of each labelled trace of a panel, in drawing order."""
    return [list(t.text) for t in panel_traces(figure, axis) if t.text is not None]


def arrows(figure: go.Figure, axis: str) -> list[tuple[str, float, float, float]]:
    """(colour, x, tail y, head y) of every arrow: the head is the point with a marker."""
    found = []
    for trace in panel_traces(figure, axis):
        if trace.mode != "lines+markers":
            continue
        for i in range(0, len(trace.x), 6):  # tail, near tail, gap, near head, head, gap
            found.append((trace.line.color, trace.x[i], trace.y[i], trace.y[i + 4]))
            assert trace.marker.size[i + 4] > 0 and trace.marker.size[i] == 0
    return sorted(found, key=lambda a: a[1])


def kernel_boxes(figure: go.Figure, axis: str) -> list[Any]:
    return [s for s in figure.layout.shapes if s.xref == axis and s.y0 == KERNEL_Y[0]]


# ---- add + relu ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def add_relu() -> go.Figure:
    return traffic_figure(recorded_run("add_relu"))


def test_eager_reads_and_writes_in_order(add_relu: go.Figure) -> None:
    labels, kernels = texts(add_relu, EAGER)[:2]
    assert labels == [
        "↑ a<br>3.81 MiB",
        "↑ b<br>3.81 MiB",
        "↓ a + b<br>3.81 MiB",
        "↑ a + b<br>3.81 MiB",
        "↓ output<br>3.81 MiB",
    ]
    assert kernels == ["add", "relu"]


def test_compiled_reads_a_and_b_and_writes_once(add_relu: go.Figure) -> None:
    labels, kernels = texts(add_relu, COMPILED)[:2]
    assert labels == ["↑ a<br>3.81 MiB", "↑ b<br>3.81 MiB", "↓ output<br>3.81 MiB"]
    assert kernels == ["triton_poi_fused_add_relu_0"]


def test_arrows_point_from_memory_to_kernel_for_reads_and_back_for_writes(
    add_relu: go.Figure,
) -> None:
    memory, kernels = MEMORY_Y[1], KERNEL_Y[0]
    for axis, directions in ((EAGER, "rrwrw"), (COMPILED, "rrw")):
        drawn = arrows(add_relu, axis)
        assert "".join("r" if head > tail else "w" for _, _, tail, head in drawn) == directions
        for colour, _, tail, head in drawn:
            up = head > tail
            assert colour == ("#0072B2" if up else "#E69F00")  # blue reads, orange writes
            ends = (memory, kernels) if up else (kernels, memory)
            assert tail == ends[0] and abs(head - ends[1]) < 0.1  # the head touches its target
    write_lines = {t.line.dash for t in panel_traces(add_relu, EAGER) if t.line.color == "#E69F00"}
    assert write_lines == {"dash"}


def test_eager_round_trip_of_a_plus_b_is_highlighted(add_relu: go.Figure) -> None:
    eager = texts(add_relu, EAGER)
    assert ["a + b · round trip 7.63 MiB<br>eliminated when compiled"] in eager
    compiled = texts(add_relu, COMPILED)
    assert not any("round trip" in text for trace in compiled for text in trace)


def test_compiled_ghost_of_a_plus_b_sits_under_the_fused_kernel(add_relu: go.Figure) -> None:
    assert ["a + b — never written<br>(eliminated, 7.63 MiB saved)"] in texts(add_relu, COMPILED)
    (ghost,) = [t for t in panel_traces(add_relu, COMPILED) if t.fill == "toself"]
    assert ghost.line.dash == "dash" and ghost.line.color == ELIMINATED_COLOR
    assert ghost.fillpattern.shape == "/"
    (box,) = kernel_boxes(add_relu, COMPILED)
    assert ghost.x[0] == box.x0  # the ghost starts where the kernel that absorbed it starts
    assert max(y for y in ghost.y if y is not None) < MEMORY_Y[1]  # inside the memory band


def test_ghost_bytes_are_the_round_trip_bytes() -> None:
    result = recorded_run("add_relu_2p24")
    (trip,) = result.round_trips
    assert trip.bytes == 2 * 67_108_864  # one write and one read back of 2**24 fp32
    figure = traffic_figure(result)
    assert ["a + b — never written<br>(eliminated, 128 MiB saved)"] in texts(figure, COMPILED)


def test_panel_titles_count_kernels_and_transfers(add_relu: go.Figure) -> None:
    assert [a.text for a in add_relu.layout.annotations] == [
        "<b>eager</b>: 2 kernels, 5 transfers, 19.1 MiB moved",  # 20,000,000 bytes
        "<b>compiled</b>: 1 kernel, 3 transfers, 11.4 MiB moved",  # 12,000,000 bytes
    ]


# ---- other recordings ---------------------------------------------------------------------


def test_graph_break_island_kernel_has_its_own_outline() -> None:
    figure = traffic_figure(recorded_run("graph_break"))
    dotted = [s for s in kernel_boxes(figure, COMPILED) if s.line.dash == "dot"]
    assert len(dotted) == 1 and dotted[0].line.color == VERMILLION
    assert not [s for s in kernel_boxes(figure, EAGER) if s.line.dash == "dot"]


def test_a_round_trip_compile_kept_is_said_to_be_kept() -> None:
    figure = traffic_figure(recorded_run("mlp_bias_gelu"))
    eager = [text for trace in texts(figure, EAGER) for text in trace]
    # fitted for a phone-wide figure: a block drops the words "round trip" and keeps the
    # name and the bytes; a narrower one wraps its name and keeps its bytes (a block
    # that read "64 MiB" alone did not say which intermediate it is)
    assert "x @ w · 64 MiB<br>kept when compiled" in eager
    assert "x @ w<br>+ bias · 64 MiB" in eager
    compiled = [text for trace in texts(figure, COMPILED) for text in trace]
    assert "x @ w · 64 MiB<br>still through memory" in compiled
    assert "x @ w + bias — never written<br>(eliminated, 64 MiB saved)" in compiled


def hovers(figure: go.Figure, axis: str) -> list[str]:
    return [h for t in panel_traces(figure, axis) if t.hovertext for h in t.hovertext]


def test_hovering_a_kept_round_trip_says_why_and_what_to_try() -> None:
    figure = traffic_figure(recorded_run("mlp_bias_gelu"))
    (kept,) = [h for h in hovers(figure, EAGER) if h.startswith("<b>x @ w</b> · eager round")]
    lines = kept.split("<br>")
    assert lines[3] == "kept when compiled (library_call): mm runs as a library call (cuBLAS):"
    assert any(line.startswith("hint: Try mode='max-autotune-no-cudagraphs'") for line in lines)
    assert max(len(line) for line in lines[3:]) <= 72  # wrapped: Plotly does not wrap hovers
    # the same round trip where it still happens, in the compiled panel
    (still,) = [h for h in hovers(figure, COMPILED) if "compiled round trip" in h]
    assert still.split("<br>")[3].startswith("still through memory (library_call): mm runs")
    fused = [h for h in hovers(figure, EAGER) if h.startswith("<b>x @ w + bias</b> · eager")]
    assert fused == [
        "<b>x @ w + bias</b> · eager round trip<br>written by add, read back by gelu<br>"
        "64 MiB (67,108,864 bytes) through memory<br>"
        "eliminated when compiled: fused into triton_poi_fused_add_gelu_0"
    ]


def test_many_kernels_are_cut_at_max_kernels_and_the_title_says_so() -> None:
    result = recorded_run("many_small_ops")
    assert result.variants["eager"].kernel_count == 400
    for limit in (40, 5):
        figure = traffic_figure(result, max_kernels=limit)
        assert len(kernel_boxes(figure, EAGER)) == limit
        assert len(kernel_boxes(figure, COMPILED)) == 1
        assert f"(first {limit} drawn, {400 - limit} kernels left out)" in (
            figure.layout.annotations[0].text
        )
        # kernel boxes plus one memory band per panel; only the two titles as annotations
        assert len(figure.layout.shapes) == limit + 1 + 1 + 1
        assert len(figure.layout.annotations) == 2


def test_399_ghosts_under_one_kernel_become_one() -> None:
    figure = traffic_figure(recorded_run("many_small_ops"))
    ghosts = [t for t in panel_traces(figure, COMPILED) if t.fill == "toself"]
    assert len(ghosts) == 1 and len(ghosts[0].x) == 6  # one rectangle
    saved = human_bytes(recorded_run("many_small_ops").totals.bytes_saved)  # type: ignore[union-attr]
    assert [f"399 intermediates — never written<br>(eliminated, {saved} saved)"] in texts(
        figure, COMPILED
    )


@pytest.mark.parametrize("example", H200_EXAMPLES)
def test_every_recording_draws_every_transfer_of_its_drawn_kernels(example: str) -> None:
    result = recorded_run(example)
    figure = traffic_figure(result)
    for axis, name in ((EAGER, "eager"), (COMPILED, "compiled")):
        kernels = result.variants[name].kernels[:40]  # type: ignore[index]
        assert len(kernel_boxes(figure, axis)) == len(kernels)
        expected = sum(min(len(k.transfers), MAX_ARROWS_PER_KERNEL) for k in kernels)
        assert len(arrows(figure, axis)) == expected
    json.loads(figure.to_json())


def test_failed_run_says_why_there_is_nothing() -> None:
    figure = traffic_figure(failed_result("run-failed"))
    assert figure.layout.annotations[0].text == "no memory traffic to show: the run failed"
    assert figure.data == ()
    json.loads(figure.to_json())


# ---- the sentence -------------------------------------------------------------------------


def test_summary_for_add_relu() -> None:
    result = recorded_run("add_relu")
    eager, compiled = result.variants["eager"], result.variants["compiled"]
    assert (eager.kernel_count, eager.transfer_count) == (2, 5)
    assert (compiled.kernel_count, compiled.transfer_count) == (1, 3)
    assert result.totals is not None and result.totals.bytes_saved == 8_000_000
    assert traffic_summary(result) == [
        "eager: 2 kernels, 5 transfers; compiled: 1 kernel, 3 transfers; "
        "the intermediate a + b never touches memory (7.63 MiB saved)"
    ]


def test_summary_names_up_to_three_intermediates() -> None:
    result = recorded_run("gelu_chain")
    assert result.totals is not None and result.totals.bytes_saved == 96_000_000  # 91.55 MiB
    assert traffic_summary(result) == [
        "eager: 4 kernels, 9 transfers; compiled: 1 kernel, 3 transfers; the intermediates "
        "a * b, a * b + 1.0 and gelu(a * b + 1.0) never touch memory (91.6 MiB saved)"
    ]


def test_summary_counts_many_intermediates_and_names_those_kept() -> None:
    assert traffic_summary(recorded_run("many_small_ops")) == [
        "eager: 400 kernels, 800 transfers; compiled: 1 kernel, 2 transfers; "
        "399 intermediates never touch memory (3.12 MiB saved)"  # 3,268,608 bytes
    ]
    kept = [t for t in recorded_run("graph_break").round_trips if not t.eliminated]
    assert [(t.tensor, t.bytes) for t in kept] == [("y", 12_000_000), ("sum(y) > 0", 2)]
    assert traffic_summary(recorded_run("graph_break"))[1] == (
        "y and sum(y) > 0 still go through memory when compiled "
        "(each written and read back: 11.4 MiB in all)"
    )


def test_summary_of_a_failed_run_is_empty() -> None:
    assert traffic_summary(failed_result("run-failed")) == []


def test_meta_lists_the_label_traces_a_narrow_screen_may_hide(add_relu: go.Figure) -> None:
    labels = add_relu.layout.meta["label_traces"]
    # labels carry invisible markers: a label left to hover (too narrow) still hovers
    assert [add_relu.data[i].mode for i in labels] == ["markers+text"] * len(labels)
    # per panel: transfers, kernel names, and the round-trip block (eager) or ghost (compiled)
    assert len(labels) == 6
