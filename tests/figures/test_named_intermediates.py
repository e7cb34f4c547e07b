"""The traffic picture names the intermediates it exists to show.

Before: the MLP's blocks read "32 MiB" and its ghosts "never written / 32 MiB saved";
softmax's `x - m` block was its bytes alone; gelu_chain's three ghosts used three label
formats and ran on past the one kernel that absorbed them; a Model's intermediates were
unlabelled arrows. Each block, ghost and transfer arrow is now named, shortened by
dropping trailing words where it must be, and the ghosts of a figure share one format.
"""

from __future__ import annotations

import re
from typing import Any

import plotly.graph_objects as go
import pytest

from backend.figures import traffic_figure
from backend.figures.labels import name_forms
from backend.figures.traffic_geometry import GHOST_Y, LABEL_ROWS, LABEL_Y, TRIP_Y
from backend.result import RunResult
from tests.recorded import H200_EXAMPLES, cpu_recorded_run, recorded_run

EAGER, COMPILED = "x", "x2"
CPU = ("softmax_by_hand", "softmax_max", "mlp_model", "mlp_two_layers", "print_tensor")
RUNS = [(f"h200 {e}", recorded_run(e)) for e in H200_EXAMPLES]
RUNS += [(f"cpu {e}", cpu_recorded_run(e)) for e in CPU]
IDS = [name for name, _ in RUNS]


def labels_at(figure: go.Figure, axis: str, inside: tuple[float, float]) -> list[str]:
    """The texts of a panel's label traces drawn between the heights `inside`."""
    found: list[str] = []
    for trace in figure.data:
        if trace.xaxis != axis or trace.text is None or "text" not in (trace.mode or ""):
            continue
        ys = [y for y in trace.y if y is not None]
        if ys and all(inside[0] <= y <= inside[1] for y in ys):
            found += list(trace.text)
    return found


def plain(text: str) -> str:
    return text.replace("<br>", " ").replace("&gt;", ">").replace("&lt;", "<").replace("&amp;", "&")


def named(label: str, tensor: str, among: set[str]) -> bool:
    """The label holds the tensor's name, whole or in one of its shortened forms."""
    text = plain(label)
    return any(" ".join(lines) in text for lines in name_forms(tensor, among))


def every_tensor(result: RunResult) -> set[str]:
    names = {t.tensor for t in result.round_trips}
    for variant in result.variants.values():
        names |= {t.tensor for k in variant.kernels for t in k.transfers}
    return names


@pytest.mark.parametrize(("name", "result"), RUNS, ids=IDS)
def test_every_round_trip_block_is_named(name: str, result: RunResult) -> None:
    figure = traffic_figure(result)
    among = every_tensor(result)
    blocks = labels_at(figure, EAGER, TRIP_Y)
    trips = [t.tensor for t in result.round_trips]
    for label in blocks:
        assert label, (name, blocks)  # never the hover alone
        assert any(named(label, t, among) for t in trips), (name, label)
        assert not re.fullmatch(r"[\d.,]+ (?:[KMGT]i)?B", plain(label)), label  # bytes alone


@pytest.mark.parametrize(("name", "result"), RUNS, ids=IDS)
def test_every_ghost_is_named_and_all_share_one_format(name: str, result: RunResult) -> None:
    figure = traffic_figure(result)
    ghosts = labels_at(figure, COMPILED, GHOST_Y)
    gone = [t.tensor for t in result.round_trips if t.eliminated]
    among = every_tensor(result)
    for label in ghosts:
        assert not plain(label).startswith(("never written", "eliminated")), (name, label)
        counted = re.match(r"[\d,]+ intermediates", plain(label))
        assert counted or any(named(label, t, among) for t in gone), (name, label)
    # the format is what follows the names: the same words for every ghost of the figure
    tails = {re.sub(r"[\d.,]+ (?:[KMGT]i)?B", "N", label.split("<br>")[-1]) for label in ghosts}
    assert len(tails) <= 1, (name, ghosts)


def ghost_rectangles(figure: go.Figure) -> list[tuple[float, float]]:
    (trace,) = [
        t
        for t in figure.data
        if t.xaxis == COMPILED and t.fill == "toself" and t.line.dash == "dash"
    ]
    xs = list(trace.x)
    return [(min(xs[i : i + 5]), max(xs[i : i + 5])) for i in range(0, len(xs), 6)]


def test_gelu_chains_eliminated_intermediates_sit_under_the_kernel_that_absorbed_them() -> None:
    figure = traffic_figure(recorded_run("gelu_chain"))
    (kernel,) = [s for s in figure.layout.shapes if s.xref == COMPILED and s.type == "rect"][1:]
    (ghost,) = ghost_rectangles(figure)  # was three boxes, two of them under no kernel
    assert ghost[0] == kernel.x0 and ghost[1] >= kernel.x1
    (label,) = labels_at(figure, COMPILED, GHOST_Y)
    for tensor in ("a * b", "a * b + 1.0", "gelu(a * b + 1.0)"):
        assert tensor in plain(label)


def test_softmax_names_x_minus_m_and_its_ghost() -> None:
    figure = traffic_figure(cpu_recorded_run("softmax_by_hand"))
    assert any(plain(b).startswith("x - m") for b in labels_at(figure, EAGER, TRIP_Y))
    (ghost,) = labels_at(figure, COMPILED, GHOST_Y)
    assert plain(ghost).startswith("x - m, e — never written")


def transfer_labels(figure: go.Figure, axis: str) -> list[Any]:
    rows = (min(LABEL_Y, *LABEL_ROWS), max(LABEL_Y, *LABEL_ROWS))
    return labels_at(figure, axis, rows)


def test_a_models_transfers_are_all_labelled() -> None:
    result = cpu_recorded_run("mlp_model")
    figure = traffic_figure(result)
    for axis in (EAGER, COMPILED):
        labels = transfer_labels(figure, axis)
        assert labels and all(labels), labels  # was '' for the intermediates' arrows
    eager = [plain(label) for label in transfer_labels(figure, EAGER)]
    assert "↑ fc1.weight 4 MiB" in eager and "↑ fc2.weight 4 MiB" in eager
    assert "↓ addmm(…) 16 MiB" in eager  # its arguments dropped, never cut mid-word


def test_name_forms_drop_trailing_words_first() -> None:
    assert name_forms("a * b + 1.0") == [
        ["a * b + 1.0"],
        ["a * b", "+ 1.0"],
        ["a * b + …"],
        ["a * b …"],
        ["a * …"],
        ["a …"],
    ]
    # shortened forms that would fit another tensor as well are left out
    among = {"a * b", "a * b + 1.0"}
    assert ["a * b …"] in name_forms("a * b + 1.0", among)
    assert ["a * …"] not in name_forms("a * b + 1.0", among)
    assert name_forms("addmm(b, x, w)")[-1] == ["addmm(…)"]
