"""History (/runs): newest first, filters in the URL, keyset paging."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.live import Server, serve
from tests.browser.pages import XSS_TITLE, XSS_WORD, BrowserSession, LiveRun

pytestmark = [pytest.mark.slow, pytest.mark.browser]
PAGE_SIZE = 50  # what runs.js asks for


def listed_ids(page: Any) -> list[str]:
    expect(page.locator("#runs table, #runs p")).to_be_visible()
    ids: list[str] = page.locator("#runs tbody tr").evaluate_all(
        "(rows) => rows.map((row) => row.dataset.run)"
    )
    return ids


def test_history_lists_newest_first_and_filters(
    page: Any, server: Server, add_relu_run: LiveRun, failed_run: str, xss_run: str
) -> None:
    mine = {add_relu_run.id, failed_run, xss_run}
    created = {r["id"]: r["created_at"] for r in server.get("/api/runs?limit=200")["runs"]}

    page.goto("/runs")
    ids = listed_ids(page)
    assert mine <= set(ids)
    assert len(ids) == len(created)  # every run, on one page
    shown = [i for i in ids if i in mine]
    assert shown == sorted(mine, key=lambda i: created[i], reverse=True)
    row = page.locator(f"#runs tr[data-run='{add_relu_run.id}']")
    expect(row.locator(".badge")).to_have_text("succeeded")
    expect(row.locator("td").nth(4)).to_have_text("2 → 1")  # kernels, eager → compiled
    expect(page.locator("#older")).to_be_hidden()
    expect(page.locator("#newest")).to_be_hidden()

    page.locator("#status").select_option("failed")
    page.get_by_role("button", name="Filter").click()
    page.wait_for_url("**/runs?status=failed")
    failed = listed_ids(page)
    assert {failed_run, xss_run} <= set(failed) and add_relu_run.id not in failed
    badges = page.locator("#runs tbody .badge")
    expect(badges).to_have_text(["failed"] * len(failed))
    expect(page.locator("#status")).to_have_value("failed")  # the form shows the URL's filter

    page.goto("/runs")
    page.locator("#q").fill(XSS_WORD)
    page.locator("#q").press("Enter")
    page.wait_for_url(f"**/runs?q={XSS_WORD}")
    assert listed_ids(page) == [xss_run]
    expect(page.locator("#runs tbody a")).to_have_text(XSS_TITLE)

    page.goto("/runs?q=no-run-has-this-text")
    expect(page.locator("#runs")).to_have_text("No runs match.")


@pytest.fixture(scope="module")
def idle_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with no worker: submitted runs stay queued, so 50+ rows cost nothing."""
    with serve(tmp_path_factory.mktemp("browser-idle") / "data", workers=0) as live:
        yield live


def test_history_pages_with_older_and_newest(session: BrowserSession, idle_server: Server) -> None:
    submitted = [idle_server.submit(f"x = {n}\n", title=f"queued {n}") for n in range(53)]
    newest_first = submitted[::-1]

    page = session.new_context(base_url=idle_server.url).new_page()
    page.goto("/runs")
    first = listed_ids(page)
    assert first == newest_first[:PAGE_SIZE]
    expect(page.locator("#runs tbody .badge").first).to_have_text("queued")
    expect(page.locator("#newest")).to_be_hidden()

    page.get_by_role("link", name="Older runs").click()
    page.wait_for_url(f"**/runs?before={first[-1]}")
    assert listed_ids(page) == newest_first[PAGE_SIZE:]
    expect(page.locator("#older")).to_be_hidden()

    page.get_by_role("link", name="Newest").click()
    page.wait_for_url("**/runs")
    assert listed_ids(page) == first
