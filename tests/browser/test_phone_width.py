"""At 390 px (a phone): the timeline's caption never covers its legend, and History's cells
keep their words whole (before, a failed run's row broke one letter per line)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from backend.result import ErrorInfo
from tests.browser.live import Server
from tests.browser.pages import BrowserSession
from tests.browser.test_speed_truth import _inflated, _stored
from tests.recorded import recorded_run

pytestmark = [pytest.mark.slow, pytest.mark.browser]
PHONE = {"width": 390, "height": 844}
# Every pair of boxes among the legend's and the caption's (drawn in the figure as its
# title, or as text on the page) that overlap.
OVERLAPS_JS = """() => {
  const boxes = (selector) => [...document.querySelectorAll(selector)]
    .map((node) => node.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
  const legend = boxes("#timeline .legend");
  const caption = boxes("#timeline .gtitle, #timeline-caption:not([hidden])");
  const meet = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  return { legend: legend.length, caption: caption.length,
           overlaps: legend.flatMap((a) => caption.filter((b) => meet(a, b))).length };
}"""
# The words of visible History cells wider than their cell (broken inside, or spilling
# out): each word (a line may break at a space or a dash) measured as the browser draws it
# (the sum of its pieces on every line, in its own element's font: a run id is monospace,
# and a numeric cell's `font` shorthand reads "" under tabular-nums), against the cell's
# content box.
BROKEN_WORDS_JS = """() => {
  const broken = [];
  for (const td of document.querySelectorAll("#runs tbody td")) {
    if (!td.checkVisibility()) continue;
    const style = getComputedStyle(td);
    const inner = td.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const texts = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      for (const word of node.data.matchAll(/[^\\s–-]+/g)) {
        if (word[0].length < 2 || word[0].length > 14) continue;
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const drawn = [...range.getClientRects()].reduce((sum, r) => sum + r.width, 0);
        if (drawn > inner + 1) broken.push(word[0]);
      }
    }
  }
  return broken;
}"""


def test_the_timelines_caption_does_not_cover_its_legend_at_390_px(
    session: BrowserSession, server: Server
) -> None:
    page = session.new_page(viewport=PHONE)
    page.goto(f"/r/{_stored(server, _inflated())}")
    page.locator("#timeline[data-ready=true]").wait_for()
    found = page.evaluate(OVERLAPS_JS)
    assert found["legend"] and found["caption"], found  # both drawn: the check means something
    assert found["overlaps"] == 0, found


def test_history_keeps_words_whole_at_390_px(session: BrowserSession, server: Server) -> None:
    error = ErrorInfo(
        kind="syntax_error",
        message="SyntaxError: invalid syntax (line 3): unexpected indentation after the if",
        line=3,
    )
    failed = recorded_run("add_relu").model_copy(
        update={"status": "failed", "variants": {}, "error": error, "title": "layernorm by hand"}
    )
    _stored(server, failed)
    _stored(server, _inflated())  # a speedup, with its verdict under it
    page = session.new_page(viewport=PHONE)
    page.goto("/runs")
    page.locator("#runs tbody tr").first.wait_for()
    assert page.evaluate(BROKEN_WORDS_JS) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    # the speedup keeps its verdict on a phone: a bare number would read as a win
    expect(page.locator("#runs td.speedup .verdict").first).to_be_visible()
