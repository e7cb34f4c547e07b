"""Text first: a run page is readable before plotly.js (4.8 MB) arrives. The page loads it
async; the headline, the failure and the kernel table need none of it, and the figures are
drawn once it comes. Each test holds Plotly's request back (Playwright's routing) and lets
it go only after the text is checked."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from backend.result import ErrorInfo, RunResult
from backend.store.repository import Store
from tests.browser.live import Server
from tests.browser.pages import BrowserSession
from tests.recorded import recorded_run

pytestmark = [pytest.mark.slow, pytest.mark.browser]
PLOTLY = "**/static/vendor/plotly.min.js"
CODE = "def fn(a, b):\n    return (a + b).relu()\n"


def _stored(server: Server, result: RunResult) -> str:
    with Store.open(server.data_dir) as store:
        run_id = store.create_run(CODE, status="running")  # the live worker must not claim it
        store.save_result(result.model_copy(update={"id": run_id}), CODE, [])
    return run_id


class HeldBack:
    """A context's requests for plotly.js, kept waiting (neither continued nor fulfilled)
    until release()."""

    def __init__(self, context: Any) -> None:
        self.routes: list[Any] = []
        self.released = False
        context.route(PLOTLY, self._arrived)

    def _arrived(self, route: Any) -> None:
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.routes:
            route.continue_()


def _page_with_plotly_held(session: BrowserSession) -> tuple[Any, HeldBack]:
    context = session.new_context()
    held = HeldBack(context)
    return context.new_page(), held


def test_the_headline_and_table_show_while_plotly_is_on_its_way(
    session: BrowserSession, server: Server
) -> None:
    page, held = _page_with_plotly_held(session)
    # "commit": the load event waits for every script, plotly.js included
    page.goto(f"/r/{_stored(server, recorded_run('add_relu'))}", wait_until="commit")
    page.locator("#headline .stat", has_text="speedup").wait_for()  # the page's own timeout
    expect(page.locator("#lesson")).not_to_be_empty()
    expect(page.locator("#kernels tbody tr").first).to_be_visible()
    assert held.routes, "the page never asked for plotly.js"
    assert page.evaluate("() => window.Plotly === undefined")
    assert page.locator("#timeline[data-ready=true]").count() == 0

    held.release()
    page.locator("#timeline[data-ready=true]").wait_for()  # drawn once it arrived
    expect(page.locator("#traffic .main-svg").first).to_be_attached()


def test_a_failure_shows_while_plotly_is_on_its_way(
    session: BrowserSession, server: Server
) -> None:
    error = ErrorInfo(kind="exception", message="NameError: name 'b' is not defined", line=2)
    failed = recorded_run("add_relu").model_copy(
        update={"status": "failed", "variants": {}, "error": error}
    )
    page, held = _page_with_plotly_held(session)
    page.goto(f"/r/{_stored(server, failed)}", wait_until="commit")
    page.locator("#failure [role=alert]").wait_for()
    expect(page.locator("#failure [role=alert]")).to_contain_text("name 'b' is not defined")
    assert held.routes and page.evaluate("() => window.Plotly === undefined")
    held.release()
