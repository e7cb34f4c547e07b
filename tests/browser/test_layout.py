"""Layout at desktop and phone widths (no sideways page scroll), and keyboard reach."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.live import ROOT, editor_text, open_new_run
from tests.browser.pages import BrowserSession, LiveRun

pytestmark = [pytest.mark.slow, pytest.mark.browser]

VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844)}


def wait_drawn(page: Any, path: str) -> None:
    """Until the page's content is in: the gallery, the figures, the history table."""
    if path == "/":
        page.locator("[data-example=add_relu]").wait_for()
    elif path == "/runs":
        page.locator("#runs table").wait_for()
    else:
        page.locator("#timeline[data-ready=true]").wait_for()
        page.locator("#traffic .main-svg").first.wait_for()
        page.locator("#kernels table").wait_for()


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("where", ["new", "run", "history"])
def test_no_horizontal_page_scroll(
    session: BrowserSession, add_relu_run: LiveRun, viewport: str, where: str
) -> None:
    width, height = VIEWPORTS[viewport]
    path = {"new": "/", "run": f"/r/{add_relu_run.id}", "history": "/runs"}[where]
    page = session.new_page(viewport={"width": width, "height": height})
    page.goto(path)
    wait_drawn(page, path)
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"{path} at {width}px scrolls sideways: {widths}"


def focused(page: Any) -> str:
    description: str = page.evaluate(
        """() => {
            const el = document.activeElement;
            if (el.closest('#editor')) return 'editor';
            if (el.dataset.example) return 'example:' + el.dataset.example;
            return el.id ? '#' + el.id : el.tagName.toLowerCase() + ':' + el.textContent.trim();
        }"""
    )
    return description


def test_tab_reaches_run_and_the_gallery(page: Any) -> None:
    example = (ROOT / "examples" / "add_relu.py").read_text()
    examples = len(list((ROOT / "examples").glob("*.py")))
    open_new_run(page)
    # Tab indents inside the editor; the page says how to leave it (Esc, then Tab).
    expect(page.locator("#editor-help")).to_contain_text("Esc, then Tab")
    seen: list[str] = []
    for _ in range(15 + examples):  # 3 of the stops are the "Also compile with" boxes
        page.keyboard.press("Tab")
        seen.append(focused(page))
        if seen[-1] == "editor":
            page.keyboard.press("Escape")
    assert seen[0] == "a:Skip to content"
    assert "editor" in seen and "#run" in seen
    assert seen.index("editor") < seen.index("#title") < seen.index("#run")
    gallery = [s for s in seen if s.startswith("example:")]
    assert gallery[0] == "example:add_relu" and len(gallery) == examples
    assert editor_text(page) == example  # tabbing through did not indent the code
