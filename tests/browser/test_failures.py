"""What the pages do with runs that fail, with hostile text, and with refused snippets."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.live import ROOT, Server, editor_text, open_new_run, paste_code
from tests.browser.pages import (
    FAILING_CODE,
    FAILING_LINE,
    MAX_SNIPPET_BYTES,
    XSS_CODE,
    XSS_TITLE,
    XSS_WORD,
    LiveRun,
)

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_failed_run_shows_the_error_and_marks_its_line(page: Any, failed_run: str) -> None:
    page.goto(f"/r/{failed_run}")
    failure = page.locator("#failure")
    expect(failure).to_be_visible()
    expect(failure.locator("h2")).to_have_text("The run failed (line 4)")
    expect(failure.get_by_role("alert")).to_contain_text("'Tensor' object has no attribute 'nope'")
    expect(failure.get_by_role("alert")).to_contain_text("line 4")
    expect(page.locator("#status .badge")).to_have_text("failed")
    expect(page.locator("#summary")).to_be_hidden()
    expect(page.locator("#timeline-card")).to_be_hidden()

    marked = page.locator("#snippet .cm-ks-error")
    expect(marked).to_have_count(1)
    assert marked.text_content() == FAILING_LINE
    # no hint points at what a run with no kernels does not have
    for hint in ("#snippet-hint", "#detail-card", "#traces-hint"):
        expect(page.locator(hint)).to_be_hidden()

    # Editing it again keeps the mark on the line to fix.
    page.get_by_role("link", name="Edit as new run").click()
    page.wait_for_url(f"**/?from={failed_run}")
    marked = page.locator("#editor .cm-ks-error")
    expect(marked).to_have_count(1)
    assert marked.text_content() == FAILING_LINE
    assert editor_text(page) == FAILING_CODE
    expect(page.locator("#title")).to_have_value("")


def assert_nothing_injected(page: Any) -> None:
    # An injected <img src=x onerror=...> fires on its failed load: wait for the network
    # to go quiet, then look for the flag and for elements the text could have become.
    page.wait_for_load_state("networkidle")
    assert page.evaluate("window.__xss") is None
    assert page.locator("img, main script, main b").count() == 0


def test_markup_stays_text_on_every_page(
    page: Any, server: Server, xss_run: str, add_relu_run: LiveRun
) -> None:
    page.goto(f"/r/{xss_run}")
    expect(page.locator("#failure")).to_be_visible()
    expect(page.locator("#output-card")).to_be_visible()
    expect(page.locator("#run-title")).to_have_text(XSS_TITLE)
    assert page.title() == f"{XSS_TITLE} · Kernelscope"
    stdout = page.locator("#output pre").first.text_content()
    assert stdout == "<script>window.__xss=2</script>\n"
    message = page.locator("#failure [role=alert] p").text_content()
    assert "<b>bold</b><script>window.__xss=3</script>" in message
    assert "<script>" in page.locator("#snippet").text_content()
    assert_nothing_injected(page)

    page.goto(f"/runs?q={XSS_WORD}")
    rows = page.locator("#runs tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first.get_by_role("link")).to_have_text(XSS_TITLE)
    assert_nothing_injected(page)

    page.goto(f"/compare/{add_relu_run.id}/{xss_run}")
    expect(page.locator("#deltas-card")).to_be_visible()
    expect(page.locator("#diff-card")).to_be_visible()
    assert_nothing_injected(page)

    page.goto(f"/?from={xss_run}")
    expect(page.locator("#title")).to_have_value(XSS_TITLE)
    page.wait_for_function(f"document.querySelector('#editor').textContent.includes('{XSS_WORD}')")
    assert editor_text(page) == XSS_CODE
    assert_nothing_injected(page)
    assert server.get(f"/api/runs/{xss_run}")["title"] == XSS_TITLE


def test_oversized_snippet_is_refused_on_the_new_run_page(page: Any, server: Server) -> None:
    marker = "oversized_snippet_marker"
    padding = "".join(f"# padding {i}: {'x' * 600}\n" for i in range(4))  # few lines: all drawn
    code = f"# {marker}\n{padding}" + (ROOT / "examples" / "add_relu.py").read_text()
    size = len(code.encode())
    assert size > MAX_SNIPPET_BYTES

    open_new_run(page)
    paste_code(page, code)
    assert editor_text(page) == code
    page.locator("#run").click()

    error = page.locator("#submit-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("Snippet too large: ")  # the kind in words, not its key
    expect(error).to_contain_text(
        f"The snippet is {size:,} bytes; the limit is {MAX_SNIPPET_BYTES:,} bytes"
    )
    expect(page.locator("#run")).to_be_enabled()
    assert page.url == f"{server.url}/"
    assert server.get(f"/api/runs?q={marker}")["runs"] == []
