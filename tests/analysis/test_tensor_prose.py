"""A fallback tensor name ("native_layer_norm output, line 12") reads naturally inside the
sentences that explain a round trip: "the native_layer_norm output of line 12"."""

from __future__ import annotations

import re

import pytest

from backend.analysis.tensor_prose import in_prose, opening
from tests.paths import ROOT
from tests.recorded import analyse_bundle

BARE = re.compile(r"\w output, lines? \d")  # the label form, used as a noun


@pytest.mark.parametrize(
    ("name", "prose"),
    [
        ("native_layer_norm output, line 12", "the native_layer_norm output of line 12"),
        ("addmm output", "the addmm output"),
        ("cat output, line 17[1]", "the cat output [1] of line 17"),
        ("max output, line 3.indices", "the indices of the max output of line 3"),
        ("addmm output, lines 4, 9", "the addmm output of lines 4, 9"),
        ("y", "y"),
        ("relu(a + b)", "relu(a + b)"),
    ],
)
def test_fallback_names_get_an_article_and_a_preposition(name: str, prose: str) -> None:
    assert in_prose(name) == prose


def test_a_sentence_opens_with_a_capital_only_on_the_words_kernelscope_added() -> None:
    assert opening(in_prose("mul output, line 8")) == "The mul output of line 8"
    assert opening(in_prose("y")) == "y"


def test_why_messages_never_use_the_label_form_as_a_noun() -> None:
    analysis = analyse_bundle(ROOT / "tests/data/cpu_bundles/train_step/bundle")
    messages = [t.why.message for t in analysis.round_trips if t.why is not None]
    assert any("the gelu_backward output of line 10" in m for m in messages)
    assert any(m.startswith("The mm output of line 10 is added in place") for m in messages)
    assert [m for m in messages if BARE.search(m)] == []
