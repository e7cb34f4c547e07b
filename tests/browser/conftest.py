"""Browser tests: the pages driven through Debian's Chromium (Playwright) against a real
`kernelscope serve` with one local worker running snippets on this CPU.

One server and one browser per session, a fresh browser context per test. Runs are costly
(~25 s for add+relu here), so the runs the tests share are made once per session by the
fixtures below; failing snippets fail in ~2 s. The server refuses snippets over
MAX_SNIPPET_BYTES (set small, so the 413 path is cheap to reach from the page).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.browser.live import CHROMIUM, Server, launch_chromium, serve, submit_through_ui
from tests.browser.pages import (
    FAILING_CODE,
    MAX_SNIPPET_BYTES,
    RUN_TIMEOUT_MS,
    RUN_URL,
    TIMEOUT_MS,
    XSS_CODE,
    XSS_TITLE,
    BrowserSession,
    LiveRun,
    run_id_of,
)

# An assertion waits for the state it expects as long as an action does: Playwright's own
# 5 s failed on a busy box while the page was still rendering what it then showed.
expect.set_options(timeout=TIMEOUT_MS)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    data_dir = tmp_path_factory.mktemp("browser") / "data"
    env = {"KERNELSCOPE_MAX_SNIPPET_BYTES": str(MAX_SNIPPET_BYTES)}
    with serve(data_dir, workers=1, env=env) as live:
        yield live


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing: install Debian's chromium package (CI does)")
    with sync_playwright() as playwright:
        launched = launch_chromium(playwright)
        yield launched
        launched.close()


@pytest.fixture
def session(browser: Any, server: Server) -> Iterator[BrowserSession]:
    opened = BrowserSession(browser, server)
    yield opened
    opened.close()
    assert not opened.page_errors, "uncaught errors in the pages"


@pytest.fixture
def page(session: BrowserSession) -> Any:
    """A page in a fresh context (1280x800); any uncaught page error fails the test."""
    return session.new_page()


# What the run page's progress card showed while the run went, recorded as it changed (the
# page's own script hides the card once the result is drawn): whether it was shown, its
# first text, and the longest list of steps.
RECORD_PROGRESS_JS = """
window.__progress = {shown: false, text: "", steps: []};
new MutationObserver(() => {
  const card = document.querySelector("#progress");
  if (!card || !card.checkVisibility()) return;
  window.__progress.shown = true;
  const text = document.querySelector("#progress-text")?.textContent || "";
  if (text && !window.__progress.text) window.__progress.text = text;
  const steps = [...document.querySelectorAll("#steps li")].map((li) => li.textContent);
  if (steps.length > window.__progress.steps.length) window.__progress.steps = steps;
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""


@pytest.fixture(scope="session")
def add_relu_run(browser: Any, server: Server) -> Iterator[LiveRun]:
    opened = BrowserSession(browser, server)
    page = opened.new_page()
    page.add_init_script(script=RECORD_PROGRESS_JS)  # a warm run can end within a second
    page.goto("/")
    page.locator("[data-example=add_relu]").click()
    page.keyboard.press("ControlOrMeta+Enter")  # the gallery button focused the editor
    page.wait_for_url(RUN_URL)
    run_id = run_id_of(page.url)
    page.evaluate("window.__sameDocument = true")  # gone if the page reloads

    page.locator("#summary").wait_for(timeout=RUN_TIMEOUT_MS)
    progress = page.evaluate("window.__progress")
    assert progress["shown"], "the progress card was never shown while the run went"
    assert re.match(r"^(Queued|Running:)", progress["text"]), progress
    yield LiveRun(run_id, page, progress["text"], progress["steps"])
    opened.close()
    assert not opened.page_errors, "uncaught errors in the pages"


@pytest.fixture(scope="session")
def failed_run(browser: Any, server: Server) -> str:
    """A snippet that fails on line 4 (`a.nope()`), submitted through the page; finished."""
    opened = BrowserSession(browser, server)
    try:
        run_id = submit_through_ui(opened.new_page(), FAILING_CODE)
    finally:
        opened.close()
    assert server.wait_finished(run_id)["status"] == "failed"
    return run_id


@pytest.fixture(scope="session")
def xss_run(browser: Any, server: Server) -> str:
    """Markup in the title (typed in the page), in stdout and in the error; finished."""
    opened = BrowserSession(browser, server)
    try:
        run_id = submit_through_ui(opened.new_page(), XSS_CODE, title=XSS_TITLE)
    finally:
        opened.close()
    assert server.wait_finished(run_id)["status"] == "failed"
    return run_id
