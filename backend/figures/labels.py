"""Labels of the memory-traffic figure that fit whole where the page draws it narrowest.

The page never draws the figure narrower than `FIGURE_MIN_PX` (frontend/static/app.css:
`.figure-scroll > .figure { min-width }`); on a phone it scrolls sideways inside its card.
Every label is picked to fit at that width from forms that keep their meaning: the whole
name, then the end of a dotted name ("…weight", never "ln.wei…"), then a kernel name
on two or three lines broken after a `_`, then its trailing whole words ("…add_relu_0"),
then nothing but the hover. A label is never cut
mid-word, and its estimated width never reaches into a neighbour's.

Widths are estimates (no font metrics on the server): per character, on the wide side of
the sans-serif fonts a browser falls back to, so a label judged to fit does fit.
`drawn_label_boxes` gives every drawn label's estimated extent in pixels, for the tests.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

FIGURE_MIN_PX = 720  # keep equal to app.css `.figure-scroll > .figure { min-width }`
MARGIN = {"l": 72, "r": 16, "t": 96, "b": 16}
PAD_PX = 8  # between two neighbouring labels
LINE_EM = 1.3  # Plotly's line height for multi-line text

_NARROW = frozenset(" .,:;'|!()[]{}ijlrtfI1·")
_WIDE = frozenset("mwMW@%—…↑↓")


def char_em(char: str) -> float:
    """A character's advance in em, rounded up for Open Sans, DejaVu Sans and Arial."""
    if char in _NARROW:
        return 0.38
    if char in _WIDE:
        return 1.0
    if char.isupper() or char.isdigit():
        return 0.7
    return 0.62


def text_px(lines: Sequence[str], size: float) -> float:
    """The widest line's estimated width in pixels (lines are plain text, not markup)."""
    return max((sum(char_em(c) for c in line) * size for line in lines), default=0.0)


def plot_px(width_px: float = FIGURE_MIN_PX) -> float:
    """The plotting area's width inside a figure `width_px` wide."""
    return width_px - MARGIN["l"] - MARGIN["r"]


# A module path ("layers.0.norm.bias"), perhaps with a note ("conv.weight (copy)"): its end
# names it. In an expression ("tanh(x + self.bias)") a dot is no such boundary.
_DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.\w+)+(?: \([^.()]*\))?")


def dotted_tails(name: str, among: Collection[str] = ()) -> list[str]:
    """Shorter forms of a dotted name that keep its end: "a.b.c" → "…b.c", "…c". None
    that another name `among` shortens to as well ("qkv.bias", "out.bias": no "…bias"):
    a label must tell its tensor from the others."""
    taken = {tail for other in among if other != name for tail in _tails(other)}
    return [tail for tail in _tails(name) if tail not in taken]


def _tails(name: str) -> list[str]:
    if not _DOTTED.fullmatch(name):
        return []
    parts = name.split(".")
    return ["…" + ".".join(parts[i:]) for i in range(1, len(parts))]


def name_forms(name: str, among: Collection[str] = ()) -> list[list[str]]:
    """A tensor's name as label lines, longest first: whole, wrapped at its middle space,
    the end of a dotted name, then its leading words with the trailing ones dropped
    ("addmm(fc1.bias, x, …", "addmm(…)"). A shortened form another name `among` shares
    is left out: a label must tell its tensor from the others."""
    forms = [[name], *_wrapped(name), *([tail] for tail in dotted_tails(name, among))]
    taken = {head for other in among if other != name for head in _heads(other)}
    return forms + [[head] for head in _heads(name) if head not in taken]


def _wrapped(name: str) -> list[list[str]]:
    """The name on two lines, broken at the space nearest its middle."""
    spaces = [i for i, char in enumerate(name) if char == " "]
    if not spaces:
        return []
    cut = min(spaces, key=lambda i: abs(2 * i - len(name)))
    return [[name[:cut], name[cut + 1 :]]]


def _heads(name: str) -> list[str]:
    """Leading whole words, the trailing ones dropped, longest first: "a * b + …"."""
    words = name.split(" ")
    heads = [" ".join(words[:k]) + " …" for k in range(len(words) - 1, 0, -1)]
    call = re.fullmatch(r"(\w+)\(.+\)", name)  # last, a call without its arguments
    return heads + ([f"{call[1]}(…)"] if call else [])


def kernel_forms(name: str) -> list[list[str]]:
    """A kernel's name as label lines for its box's row, longest first: whole, then whole
    on two or three lines broken after a `_` ("triton_per_fused_" / "gt_sin_sum_0"), the
    lines as even as the words allow; only then its trailing words ("…sin_sum_0")."""
    broken = [lines for n in (2, 3) if (lines := _even_lines(name.split("_"), n))]
    return [[name], *broken, *([tail] for tail in word_tails(name))]


def _even_lines(parts: list[str], count: int) -> list[str] | None:
    """`parts` joined by `_` on `count` lines (each but the last ends with its `_`), cut
    where the widest line is narrowest; None where no cut leaves a word on every line."""

    def lines(at: tuple[int, ...]) -> list[str]:
        spans = itertools.pairwise([0, *at, len(parts)])
        return ["_".join(parts[a:b]) + ("_" if b < len(parts) else "") for a, b in spans]

    forms = [lines(at) for at in itertools.combinations(range(1, len(parts)), count - 1)]
    worded = [form for form in forms if all(line.strip("_") for line in form)]
    return min(worded, key=lambda form: text_px(form, 1.0), default=None)


def word_tails(name: str) -> list[str]:
    """Shorter forms of a generated kernel name, which says what it fuses at its end:
    whole `_` words from the end, "triton_poi_fused_add_relu_0" → "…fused_add_relu_0"…"""
    parts = name.split("_")
    if len(parts) < 2:
        return []
    tails = ["…" + "_".join(parts[i:]) for i in range(1, len(parts))]
    return [t for t in tails if len(t) > 2]  # "…0" alone says nothing


def fit(forms: Iterable[Sequence[str]], budget_px: float, size: float) -> list[str] | None:
    """The first form (its lines) whose estimate fits `budget_px`; None: hover only."""
    for form in forms:
        if text_px(form, size) <= budget_px:
            return list(form)
    return None


# ---- estimated extents, for tests -------------------------------------------------------


@dataclass(frozen=True)
class LabelBox:
    """A drawn label's estimated extent in pixels inside its panel's plotting area."""

    axis: str
    text: str
    x0: float
    x1: float
    y0: float
    y1: float

    def overlaps(self, other: LabelBox) -> bool:
        return (
            self.axis == other.axis
            and self.x0 < other.x1
            and other.x0 < self.x1
            and self.y0 < other.y1
            and other.y0 < self.y1
        )


def drawn_label_boxes(figure: Any, width_px: float = FIGURE_MIN_PX) -> list[LabelBox]:
    """Every non-empty text label of a traffic figure drawn `width_px` wide, as boxes."""
    layout = figure.layout
    height = layout.height - MARGIN["t"] - MARGIN["b"]
    boxes = []
    for trace in figure.data:
        if "text" not in (trace.mode or "") or trace.text is None:
            continue
        axis = trace.xaxis or "x"
        suffix = axis[1:]
        xaxis, yaxis = layout[f"xaxis{suffix}"], layout[f"yaxis{suffix}"]
        x_lo, x_hi = xaxis.range
        y_lo, y_hi = yaxis.range
        x_scale = plot_px(width_px) / (x_hi - x_lo)
        domain = yaxis.domain
        y_scale = height * (domain[1] - domain[0]) / (y_hi - y_lo)
        size = trace.textfont.size or layout.font.size
        anchors = trace.textposition or "middle center"
        if isinstance(anchors, str):
            anchors = [anchors] * len(trace.x)
        for x, y, text, anchor in zip(trace.x, trace.y, trace.text, anchors, strict=True):
            if not text:
                continue
            lines = [_unescape(line) for line in text.split("<br>")]
            width, tall = text_px(lines, size), len(lines) * size * LINE_EM
            cx, cy = (x - x_lo) * x_scale, (y - y_lo) * y_scale
            left = cx if anchor.endswith("right") else cx - width / 2
            boxes.append(LabelBox(axis, text, left, left + width, cy - tall / 2, cy + tall / 2))
    return boxes


def _unescape(text: str) -> str:
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
