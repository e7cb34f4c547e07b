"""Names from a run reach Plotly as text.

Plotly renders a subset of HTML in hover text, text labels and titles, and every name in a
result document comes from the run, which the snippet can forge: a tensor named
`<a href="https://evil.example">x</a>` must show as those characters, never as a link.
Each figure below is built from a recorded run whose every name is replaced by markup, and
every string of its JSON is searched for tags that are not Plotly markup of ours.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from backend.figures import Lane, run_timeline, timeline_figure, traffic_figure
from backend.figures.markup import plain
from backend.result import RunResult
from tests.recorded import recorded_run

LINK = '<a href="https://evil.example">x</a>'
OURS = {"b", "br", "extra", "sup"}  # the tags our figures use on purpose
TAG = re.compile(r"<\s*/?\s*([A-Za-z]+)[^<>]*>")
FRONTEND = Path(__file__).resolve().parents[2] / "frontend" / "static"


def poisoned(example: str) -> RunResult:
    """A recorded run with markup in every name the figures show."""
    document = recorded_run(example).model_dump()
    for variant in document["variants"].values():
        for number, k in enumerate(variant["kernels"]):
            k["name"] = k["short_name"] = f"<b onmouseover=x>k{number}</b>{LINK}"
            k["op"] = f"aten::<i>{number}</i>"
            k["source_ops"] = [LINK, "<script>alert(1)</script>"]
            for t in k["transfers"]:
                t["tensor"], t["dtype"] = f"{LINK}{t['tensor']}", "<u>f32</u>"
    for trip in document["round_trips"]:
        trip["tensor"] = f"{LINK}{trip['tensor']}"
        trip["producer"], trip["consumers"] = LINK, [LINK, "<img src=x>"]
        if trip["fused_into"]:
            trip["fused_into"] = LINK
    return RunResult.model_validate(document)


def injected(figure: Any) -> list[str]:
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, str):
            found.extend(m.group(0) for m in TAG.finditer(node) if m.group(1).lower() not in OURS)
        elif isinstance(node, dict):
            for item in node.values():
                walk(item)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(json.loads(figure.to_json()))
    return found


@pytest.mark.parametrize("example", ["add_relu", "graph_break", "many_small_ops"])
def test_no_name_becomes_markup_in_any_figure(example: str) -> None:
    run = poisoned(example)
    lanes = [Lane(f"A {name}", v.kernels, name == "compiled") for name, v in run.variants.items()]
    for figure in (traffic_figure(run), run_timeline(run), timeline_figure(lanes)):
        assert injected(figure) == []


def test_the_names_still_show_as_written() -> None:
    strings = re.findall(r'"((?:[^"\\]|\\.)*)"', traffic_figure(poisoned("add_relu")).to_json())
    shown = "\n".join(json.loads(f'"{text}"') for text in strings)
    assert plain(LINK) in shown  # as text: &lt;a href="..."&gt;x&lt;/a&gt;
    assert "<b>" in shown  # our own markup is untouched


def test_plain_escapes_exactly_what_plotly_reads_as_markup() -> None:
    assert plain(LINK) == '&lt;a href="https://evil.example"&gt;x&lt;/a&gt;'
    assert plain("a & b") == "a &amp; b" and plain("relu(a + b)") == "relu(a + b)"
    assert plain("&lt;") == "&amp;lt;"  # an entity in a name is shown, not decoded


def test_pages_build_their_dom_from_text() -> None:
    """The pages put every string in with textContent (ui.js `el`): no HTML parsing."""
    parsing = re.compile(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|DOMParser|"
                         r"createContextualFragment|srcdoc|eval\(|new Function")  # fmt: skip
    found = {p.name: parsing.findall(p.read_text()) for p in FRONTEND.glob("*.js")}
    assert {name: hits for name, hits in found.items() if hits} == {}
