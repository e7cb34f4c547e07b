"""The traffic figure's labels at a phone's width: whole or left to hover,
never cut mid-word ("ln.wei…", "relu(t…"), never over a neighbour ("↓ m↓ sum(e)↓ output").

On a phone the page draws the figure `FIGURE_MIN_PX` wide and lets it scroll; the labels
are fitted for that width, so the estimate is checked there (and wider is roomier).
The issue's tensors came from CPU runs of a Model with LayerNorm and of a hand-written
softmax; the recorded H200 bundles of the same shapes are renamed to them here.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import plotly.graph_objects as go
import pytest

from backend.figures.labels import (
    FIGURE_MIN_PX,
    dotted_tails,
    drawn_label_boxes,
    kernel_forms,
    name_forms,
    word_tails,
)
from backend.figures.traffic import traffic_figure
from backend.result import RunResult
from tests.recorded import H200_EXAMPLES, cpu_recorded_run, recorded_run

ROOT = Path(__file__).resolve().parents[2]
PHONE_TENSORS = {  # as a CPU run of the snippets names them
    "layernorm_residual": {"weight": "ln.weight", "bias": "ln.bias", "x": "relu(t)"},
    "softmax_residual": {"x": "m", "residual": "sum(e)", "x + residual": "exp(x - m)"},
}


def renamed(example: str) -> RunResult:
    result = recorded_run(example).model_copy(deep=True)
    names = PHONE_TENSORS[example]
    for variant in result.variants.values():
        for kernel in variant.kernels:
            for transfer in kernel.transfers:
                transfer.tensor = names.get(transfer.tensor, transfer.tensor)
    for trip in result.round_trips:
        trip.tensor = names.get(trip.tensor, trip.tensor)
    return result


def figures() -> list[tuple[str, go.Figure]]:
    return [(e, traffic_figure(recorded_run(e))) for e in H200_EXAMPLES] + [
        (f"{e} (renamed)", traffic_figure(renamed(e))) for e in PHONE_TENSORS
    ]


FIGURES = figures()


@pytest.mark.parametrize(("name", "figure"), FIGURES, ids=[n for n, _ in FIGURES])
def test_no_two_drawn_labels_overlap_at_the_phone_width(name: str, figure: go.Figure) -> None:
    boxes = drawn_label_boxes(figure, FIGURE_MIN_PX)
    assert boxes, name
    clashes = [(a.text, b.text) for a, b in itertools.combinations(boxes, 2) if a.overlaps(b)]
    assert clashes == []


def every_name(result: RunResult) -> set[str]:
    names = set()
    for variant in result.variants.values():
        for kernel in variant.kernels:
            names.add(kernel.short_name)
            names.update(t.tensor for t in kernel.transfers)
    names.update(t.tensor for t in result.round_trips)
    return names


def allowed_forms(names: set[str]) -> set[str]:
    """A label's first line: a name whole or its first line wrapped, a short form that
    keeps whole words from its end, or its leading whole words ("a * b + …")."""
    firsts = {lines[0] for n in names for lines in name_forms(n, names)}
    return firsts | {form for n in names for form in [*dotted_tails(n), *word_tails(n)]}


LABEL = re.compile(r"^(?:[↑↓] )?(?P<name>.+?)(?: — never written| · .*)?$")


@pytest.mark.parametrize("example", [*H200_EXAMPLES, *PHONE_TENSORS])
def test_no_label_is_cut_mid_word(example: str) -> None:
    result = renamed(example) if example in PHONE_TENSORS else recorded_run(example)
    forms = allowed_forms(every_name(result))
    kernels = {k.short_name for v in result.variants.values() for k in v.kernels}
    wrapped = {"<br>".join(form) for name in kernels for form in kernel_forms(name)}
    figure = traffic_figure(result)
    for box in drawn_label_boxes(figure, FIGURE_MIN_PX):
        text = box.text.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
        if text in wrapped:
            continue  # a kernel's name, every line of it one of its forms
        first = text.split("<br>")[0]
        if re.fullmatch(r"[\d.,]+ (?:[KMGT]i)?B|eliminated|never written", first):
            continue  # a block's bytes alone, or a ghost saying what it is
        name = LABEL.match(first)
        assert name is not None, first
        if re.fullmatch(r"[\d,]+ intermediates?", name["name"]):
            continue
        # a ghost names every intermediate its kernel absorbed: "a * b, a * b + 1.0"
        parts = [name["name"]] if name["name"] in forms else name["name"].split(", ")
        for part in parts:
            assert part in forms, (example, box.text)
            assert not re.search(r"\w…", part), box.text  # "…" only after a whole word


def test_a_crowded_dotted_name_keeps_its_end() -> None:
    texts = [
        t
        for trace in traffic_figure(renamed("layernorm_residual")).data
        if trace.text is not None
        for t in trace.text
    ]
    assert not any("ln.wei…" in t or "relu(t…" in t for t in texts)
    assert any(t.startswith(("↑ ln.weight", "↑ …weight")) for t in texts)


def test_short_forms() -> None:
    assert dotted_tails("model.ln.weight") == ["…ln.weight", "…weight"]
    assert dotted_tails("x + residual") == []
    assert dotted_tails("1.5") == []  # a number is no module path
    assert dotted_tails("conv.weight (copy)") == ["…weight (copy)"]


def test_a_shortened_name_never_fits_two_tensors() -> None:
    # in an expression a dot is no boundary: both would read "…bias)"
    assert dotted_tails("x + self.bias") == []
    assert dotted_tails("tanh(x + self.bias)") == []
    # two module paths with the same end keep their whole names
    among = {"qkv.bias", "out.bias", "blocks.0.qkv.weight"}
    assert dotted_tails("qkv.bias", among) == []
    assert dotted_tails("blocks.0.qkv.weight", among) == ["…0.qkv.weight", "…qkv.weight", "…weight"]
    assert dotted_tails("blocks.0.qkv.weight", among | {"blocks.1.qkv.weight"}) == ["…0.qkv.weight"]
    assert word_tails("triton_poi_fused_add_relu_0")[-2:] == ["…add_relu_0", "…relu_0"]


def test_a_kernel_name_wraps_after_an_underscore_before_it_is_cut() -> None:
    forms = kernel_forms("cpp_fused_add_gt_sin_sum_0")
    assert forms[:3] == [
        ["cpp_fused_add_gt_sin_sum_0"],
        ["cpp_fused_add_", "gt_sin_sum_0"],  # the most even of the two-line breaks
        ["cpp_fused_", "add_gt_", "sin_sum_0"],
    ]
    assert forms[3:] == [[tail] for tail in word_tails("cpp_fused_add_gt_sin_sum_0")]
    assert kernel_forms("relu") == [["relu"]]
    # no line is a `_` alone
    assert kernel_forms("triton__0")[:2] == [["triton__0"], ["triton_", "_0"]]


def test_the_graph_breaks_fused_kernel_is_named_whole() -> None:
    """The walk-through read "…gt_sin_sum_0" for this kernel: its box had room for the
    whole name on two lines, not on one."""
    figure = traffic_figure(cpu_recorded_run("graph_break"))
    texts = [
        text
        for trace in figure.data
        if trace.xaxis == "x2" and trace.text is not None and trace.hovertext is not None
        for text, hover in zip(trace.text, trace.hovertext, strict=True)
        if "<b>cpp_fused_add_gt_sin_sum_0</b>" in hover
    ]
    assert texts == ["cpp_fused_add_<br>gt_sin_sum_0"]


def test_the_page_never_draws_the_figure_narrower_than_the_labels_assume() -> None:
    css = (ROOT / "frontend" / "static" / "app.css").read_text()
    assert f".figure-scroll > .figure {{ min-width: {FIGURE_MIN_PX}px; }}" in css
