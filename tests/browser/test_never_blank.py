"""Never blank: a page whose script fails to load, or fails while starting, says so in the
page. Each case breaks one file on its way to the browser (Playwright's routing) and looks
for the message where the page's content would be."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.live import Server
from tests.browser.pages import TIMEOUT_MS

pytestmark = [pytest.mark.slow, pytest.mark.browser]

PAGES = ("/", "/runs", "/compare", "/r/nosuchrun", "/docs")


@pytest.fixture
def context(browser: Any, server: Server) -> Iterator[Any]:
    """A context of its own: these pages are meant to fail, so errors are not collected."""
    opened = browser.new_context(base_url=server.url, viewport={"width": 1280, "height": 800})
    opened.set_default_timeout(TIMEOUT_MS)
    yield opened
    opened.close()


def test_a_missing_editor_bundle_is_said_in_the_page(context: Any) -> None:
    """The New run page imports the CodeMirror bundle; without it nothing of it runs."""
    context.route("**/static/dist/editor.js", lambda route: route.fulfill(status=404, body=""))
    page = context.new_page()
    page.goto("/")
    alert = page.locator("main #page-error[role=alert]")
    expect(alert).to_contain_text("This page could not start: /static/new.js")
    expect(alert).to_contain_text("make frontend")


def test_a_script_that_fails_while_starting_is_said_in_the_page(context: Any) -> None:
    broken = "export const x = ;"  # a syntax error: the module never runs
    context.route(
        "**/static/runs.js",
        lambda route: route.fulfill(status=200, body=broken, content_type="text/javascript"),
    )
    page = context.new_page()
    page.goto("/runs")
    expect(page.locator("main #page-error")).to_contain_text(re.compile("SyntaxError"))


@pytest.mark.parametrize("path", PAGES)
def test_every_page_reports_its_own_script_missing(context: Any, path: str) -> None:
    context.route(re.compile(r"/static/(?!boot\.js)[^/]+\.js$"), lambda route: route.abort())
    page = context.new_page()
    page.goto(path)
    expect(page.locator("#page-error")).to_contain_text("did not load")


def test_a_page_that_starts_shows_no_error(context: Any) -> None:
    page = context.new_page()
    page.goto("/")
    page.locator("[data-example=add_relu]").wait_for()
    page.wait_for_load_state("load")
    expect(page.locator("#page-error")).to_have_count(0)
