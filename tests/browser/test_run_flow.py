"""The main path: submit add+relu, follow it, read the result; permalink; fork and rerun;
compare."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.live import TIMELINE_LANES_JS, Server, editor_text
from tests.browser.pages import RUN_TIMEOUT_MS, BrowserSession, LiveRun, run_id_of

pytestmark = [pytest.mark.slow, pytest.mark.browser]

LESSON = "eager: 2 kernels, 5 transfers; compiled: 1 kernel, 3 transfers"


def delta_cells(page: Any, label: str) -> Any:
    """The A, B and "B vs A" cells of one row of the compare page's deltas table."""
    header = page.get_by_role("rowheader", name=label, exact=True)
    return page.locator("#deltas tr", has=header).locator("td")


def assert_add_relu_result(page: Any) -> None:
    """What the finished add+relu run page must show, wherever it was opened."""
    lesson = page.locator("#lesson")
    expect(lesson).to_contain_text(LESSON)
    expect(lesson).to_contain_text("a + b")

    timeline = page.locator("#timeline[data-ready=true]")
    timeline.wait_for()
    assert page.evaluate(TIMELINE_LANES_JS, "#timeline") == {"eager": 2, "compiled": 1}
    expect(timeline.locator(".barlayer .point path")).to_have_count(3)

    rows = page.locator("#kernels tbody tr")
    expect(rows).to_have_count(3)
    variants = [rows.nth(i).locator("td").first.text_content() for i in range(3)]
    assert variants == ["eager", "eager", "compiled"]
    expect(page.locator("#status .badge")).to_have_text("succeeded")
    expect(page.locator("#traffic .main-svg").first).to_be_visible()


def test_submit_add_relu_follows_progress_then_shows_the_result(add_relu_run: LiveRun) -> None:
    page = add_relu_run.page
    # The progress card named a step while the run went on ...
    assert re.match(r"^(Queued: position \d+|Running: \S)", add_relu_run.progress_seen)
    assert "compiling" in add_relu_run.steps_seen and "analysing" in add_relu_run.steps_seen
    # ... and the result replaced it on the same page: no reload, no navigation.
    assert page.evaluate("window.__sameDocument") is True
    assert run_id_of(page.url) == add_relu_run.id
    expect(page.locator("#progress")).to_be_hidden()
    assert_add_relu_result(page)


def test_permalink_opens_the_same_result_in_a_fresh_context(
    session: BrowserSession, add_relu_run: LiveRun
) -> None:
    first = session.new_page(permissions=["clipboard-read", "clipboard-write"])
    first.goto(f"/r/{add_relu_run.id}")
    first.get_by_role("button", name="Copy permalink").click()
    expect(first.locator("#copied")).to_contain_text(f"/r/{add_relu_run.id}")
    link = first.evaluate("navigator.clipboard.readText()")
    assert link == f"{session.server.url}/r/{add_relu_run.id}"

    other = session.new_page()  # another context: no shared state with the page that ran it
    other.goto(link)
    expect(other.locator("#summary")).to_be_visible()
    expect(other.locator("#progress")).to_be_hidden()
    assert_add_relu_result(other)


def test_fork_rerun_and_compare_with_previous(
    page: Any, server: Server, add_relu_run: LiveRun
) -> None:
    old = add_relu_run.id
    page.goto(f"/r/{old}")
    page.get_by_role("link", name="Edit as new run").click()
    page.wait_for_url(f"**/?from={old}")
    expect(page.locator("#forked")).to_contain_text(f"run {old}")
    page.wait_for_function(
        "document.querySelector('#editor .cm-content').textContent.includes('def fn(a, b)')"
    )
    assert editor_text(page) == server.get(f"/api/runs/{old}")["code"]

    page.locator("#title").fill("add+relu, again")
    page.locator("#run").click()
    page.wait_for_url(re.compile(r"/r/[A-Za-z0-9_-]+$"))
    new = run_id_of(page.url)
    assert new != old
    page.locator("#summary").wait_for(timeout=RUN_TIMEOUT_MS)
    expect(page.locator("#run-title")).to_have_text("add+relu, again")
    expect(page.locator("#lesson")).to_contain_text(LESSON)

    # the fork links its parent; "previous run" (of this code) is offered only when it is
    # another run than the parent (other tests may have run the same code meanwhile)
    expect(page.locator("#forked-from")).to_have_text(f"Forked from run {old}.")
    parent = page.get_by_role("link", name="Compare with parent")
    previous = page.get_by_role("link", name="Compare with previous run")
    if previous.is_visible():
        assert previous.get_attribute("href") != parent.get_attribute("href")
    expect(parent).to_be_visible()
    parent.click()
    page.wait_for_url(f"**/compare/{old}/{new}")

    expect(page.locator("#deltas-card")).to_be_visible()
    for label, count in (("eager kernels", "2"), ("compiled kernels", "1")):
        expect(delta_cells(page, label)).to_have_text([count, count, "no change"])
    expect(page.locator("#differences li")).to_have_text(["Same code, device and versions."])

    diff = page.locator("#diff")
    expect(diff.locator("h3")).to_have_text(
        [
            re.compile(r"^eager: 0 added, 0 removed, \d changed, \d same$"),
            re.compile(r"^compiled: 0 added, 0 removed, \d changed, \d same$"),
        ]
    )
    for table, names in ((0, ["add", "relu"]), (1, ["cpp_fused_add_relu_0"])):
        rows = diff.locator("table").nth(table).locator("tbody tr")
        expect(rows).to_have_count(len(names))
        for i, name in enumerate(names):
            row = rows.nth(i)
            expect(row).to_have_class(re.compile(r"\bstatus-(same|changed)\b"))
            expect(row.locator("td").nth(0)).to_have_text(re.compile(r"^(same|changed)$"))
            expect(row.locator("td").nth(1)).to_have_text(name)
    # Both runs' timelines on one scale: A eager, A compiled, B eager, B compiled.
    expect(page.locator("#ctimeline .barlayer .point path")).to_have_count(6)


def test_compare_form_on_the_run_page(
    page: Any, server: Server, add_relu_run: LiveRun, failed_run: str
) -> None:
    created = {i: server.get(f"/api/runs/{i}")["created_at"] for i in (add_relu_run.id, failed_run)}
    older, newer = sorted(created, key=created.__getitem__)
    page.goto(f"/r/{add_relu_run.id}")
    page.locator("#compare-id").fill(failed_run)
    page.locator("#compare-form").get_by_role("button", name="Compare").click()
    page.wait_for_url(f"**/compare/{older}/{newer}")  # in time order, whichever page asked

    expect(page.locator("#deltas-card")).to_be_visible()
    expect(page.locator("#a")).to_have_value(older)
    expect(page.locator("#b")).to_have_value(newer)
    header = page.locator("#deltas thead th")
    expect(header.nth(1)).to_have_text(f"A {older}")
    expect(header.nth(2)).to_have_text(f"B {newer}")
    failed_is_a = older == failed_run
    status = "failed → succeeded" if failed_is_a else "succeeded → failed"
    expect(page.locator("#differences")).to_contain_text(f"status: {status}")
    expect(delta_cells(page, "eager kernels")).to_have_text(
        ["–", "2", "–"] if failed_is_a else ["2", "–", "–"]
    )
    # Only one run has kernels: every one of them is added (or removed).
    expect(page.locator("#diff h3").first).to_have_text(
        "eager: 2 added, 0 removed, 0 changed, 0 same"
        if failed_is_a
        else "eager: 0 added, 2 removed, 0 changed, 0 same"
    )

    # An id that does not exist: said on the run page, which stays.
    page.goto(f"/r/{add_relu_run.id}")
    page.locator("#compare-id").fill("nosuchrun")
    page.locator("#compare-id").press("Enter")
    expect(page.locator("#compare-note")).to_contain_text('No run "nosuchrun" that you can see')
    assert page.url.endswith(f"/r/{add_relu_run.id}")
