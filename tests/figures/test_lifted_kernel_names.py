"""Every fused kernel's box in the traffic figure is named on the page: a name with room
neither in nor beside its box goes above the boxes, on a leader line down to its box."""

from __future__ import annotations

import itertools

import plotly.graph_objects as go
import pytest

from backend.figures.labels import FIGURE_MIN_PX, drawn_label_boxes, kernel_forms, word_tails
from backend.figures.traffic import MAX_KERNELS, traffic_figure
from backend.figures.traffic_geometry import KERNEL_Y
from backend.result import RunResult, VariantName
from tests.paths import CPU_BUNDLES
from tests.recorded import H200_EXAMPLES as EXAMPLES
from tests.recorded import cpu_recorded_run, recorded_run

CPU_EXAMPLES = sorted(p.name for p in CPU_BUNDLES.iterdir() if (p / "bundle").is_dir())
RUNS = [(f"h200 {e}", e) for e in EXAMPLES] + [(f"cpu {e}", e) for e in CPU_EXAMPLES]


def _result(name: str) -> RunResult:
    device, example = name.split(" ", 1)
    return recorded_run(example) if device == "h200" else cpu_recorded_run(example)


def _named(figure: go.Figure, axis: str) -> dict[str, str]:
    """Each kernel named on panel `axis`: its name (from the hover) -> the drawn text."""
    named = {}
    for trace in figure.data:
        if (trace.xaxis or "x") != axis or "text" not in (trace.mode or ""):
            continue
        if trace.textfont.size != 13 or trace.hovertext is None:  # kernel names only
            continue
        for text, hover in zip(trace.text, trace.hovertext, strict=True):
            if text:
                named[hover.split("</b>")[0].removeprefix("<b>")] = text
    return named


@pytest.mark.parametrize("name", [n for n, _ in RUNS])
def test_every_fused_kernel_box_is_named(name: str) -> None:
    result = _result(name)
    figure = traffic_figure(result)
    sides: tuple[tuple[str, VariantName], ...] = (("x", "eager"), ("x2", "compiled"))
    for axis, variant in sides:
        named = _named(figure, axis)
        for kernel in result.variants[variant].kernels[:MAX_KERNELS]:
            if "fused" not in kernel.short_name:
                continue
            text = named.get(kernel.short_name)
            assert text is not None, (name, variant, kernel.short_name)
            assert text in ["<br>".join(form) for form in kernel_forms(kernel.short_name)]


@pytest.mark.parametrize("name", [n for n, _ in RUNS])
def test_lifted_names_overlap_no_other_label(name: str) -> None:
    boxes = drawn_label_boxes(traffic_figure(_result(name)), FIGURE_MIN_PX)
    clashes = [(a.text, b.text) for a, b in itertools.combinations(boxes, 2) if a.overlaps(b)]
    assert clashes == []


def test_graph_breaks_per_kernel_is_named_above_its_box_on_a_leader_line() -> None:
    """On the H200, `triton_per_fused_gt_sum_2` sits too close to `local_scalar_dense`
    for its name inside or beside the box: hover-only before."""
    figure = traffic_figure(recorded_run("graph_break"))
    name = "triton_per_fused_gt_sum_2"
    lifted = [
        (x, y, text)
        for trace in figure.data
        if trace.xaxis == "x2" and trace.mode == "markers+text" and trace.hovertext
        for x, y, text, hover in zip(trace.x, trace.y, trace.text, trace.hovertext, strict=True)
        if y > KERNEL_Y[1] and f"<b>{name}</b>" in hover
    ]
    assert len(lifted) == 1
    x, y, text = lifted[0]
    assert text in [name, *word_tails(name)]
    leaders = [t for t in figure.data if t.xaxis == "x2" and t.mode == "lines" and t.fill is None]
    segments = [  # each leader: (x, x, None) and (bottom, top, None)
        (t.x[i], t.y[i], t.y[i + 1]) for t in leaders for i in range(0, len(t.x), 3)
    ]
    assert any(sx == x and y0 == KERNEL_Y[1] and KERNEL_Y[1] < y1 < y for sx, y0, y1 in segments)
    top = figure.layout.yaxis2.range[1]
    assert y < top  # the panel grew to hold the row
