"""Suites in Chromium, found and read: the Suites list in the nav, a suite's page that fits
1280 px with each failure in a row of its own and says where its problems ran, a problem's
run page naming its suite and problem, History naming and filtering suites, and
compare-suites with statuses in words and a link to each pair's run compare.

The suites are stored directly (recorded runs, no worker): a problem that succeeded on an
H200, one that failed with a long message, one cancelled and one timed out."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from backend.result import ErrorInfo, RunResult
from backend.store.repository import Store
from backend.store.suites import create_suite
from tests.browser.live import Server
from tests.recorded import recorded_run

pytestmark = [pytest.mark.slow, pytest.mark.browser]
CODE = "def fn(a, b):\n    return (a + b).relu()\n"
LONG_MESSAGE = "RuntimeError: " + " ".join(
    f"shape[{i}] of the tensor does not fit" for i in range(30)
)


def _ended(status: str, message: str | None) -> RunResult:
    run = recorded_run("add_relu")
    if status == "succeeded":
        return run
    error = ErrorInfo(kind="exception", message=message or status)
    return run.model_copy(update={"status": status, "variants": {}, "error": error})


def _stored_suite(server: Server, title: str, endings: dict[str, tuple[str, str | None]]) -> str:
    with Store.open(server.data_dir) as store:
        suite_id = create_suite(store, title=title, compile_mode="default", device_kind="cpu")
        for name, (status, message) in endings.items():
            run_id = store.create_run(  # "running": the live worker must not claim it
                CODE, title=name, status="running", suite_id=suite_id, problem=name
            )
            store.save_result(_ended(status, message).model_copy(update={"id": run_id}), CODE, [])
    return suite_id


@pytest.fixture(scope="module")
def suites(server: Server) -> tuple[str, str]:
    before = _stored_suite(
        server,
        "level 1 before",
        {
            "add_relu": ("succeeded", None),
            "broken": ("failed", LONG_MESSAGE),
            "stopped": ("cancelled", "cancelled by its author"),
            "hangs": ("timed_out", "over its time limit of 10 s"),
        },
    )
    after = _stored_suite(server, "level 1 after", {"add_relu": ("succeeded", None)})
    return before, after


def test_the_suites_list_is_in_the_nav_and_says_where_problems_stand(
    page: Any, suites: tuple[str, str]
) -> None:
    before, _ = suites
    page.goto("/runs")
    page.locator("nav a", has_text="Suites").click()
    page.wait_for_url("**/suites")
    row = page.locator(f"#suites tr[data-suite='{before}']")
    expect(row).to_contain_text("level 1 before")
    expect(row).to_contain_text("1 succeeded, 1 failed, 1 timed out, 1 cancelled")
    expect(row).to_contain_text("NVIDIA H200")
    row.locator("a", has_text="level 1 before").click()
    page.wait_for_url(f"**/s/{before}")


def test_the_suite_page_fits_1280_px_with_each_failure_in_a_row_of_its_own(
    page: Any, suites: tuple[str, str]
) -> None:
    before, _ = suites
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"/s/{before}")
    # where its problems ran, not the queue they waited in ("cpu")
    expect(page.locator("#suite-meta")).to_contain_text("ran on NVIDIA H200")
    expect(page.locator("#suite-meta")).not_to_contain_text("· cpu ·")
    total = "4 problems: 1 succeeded, 2 failed, 1 cancelled"
    expect(page.locator("[data-total=problems]")).to_have_text(total)
    reason = page.locator("#problems .failure-reason[data-problem=broken]")
    expect(reason).to_contain_text("shape[4] of the tensor")
    spans = reason.evaluate("(node) => node.closest('td').colSpan")
    assert spans == page.locator("#problems thead th").count()  # across the table
    status = page.locator("#problems tr[data-problem=broken] td").nth(1)
    assert status.evaluate("(td) => td.getBoundingClientRect().height") < 40  # one line
    wrap = page.locator("#problems .table-wrap")
    fits = wrap.evaluate("(node) => node.scrollWidth <= node.clientWidth")
    assert fits or page.locator("#problems .scroll-cue").is_visible(), "clipped, with no cue"
    assert fits, "the suite table does not fit 1280 px"


def test_a_problems_run_page_names_its_suite_and_problem(
    page: Any, server: Server, suites: tuple[str, str]
) -> None:
    before, _ = suites
    problems = server.get(f"/api/suites/{before}")["problems"]
    broken = next(row for row in problems if row["name"] == "broken")
    page.goto(f"/r/{broken['run_id']}")
    context = page.locator("#suite-context")
    expect(context).to_have_text("Problem “broken” of the suite level 1 before.")
    expect(context.locator("a")).to_have_attribute("href", f"/s/{before}")


def test_history_names_each_problems_suite_and_filters_to_suites(
    page: Any, suites: tuple[str, str]
) -> None:
    before, _ = suites
    page.goto("/runs")
    page.locator("#suites").select_option("true")
    page.locator("#filters button[type=submit]").click()
    page.wait_for_url("**/runs?suites=true")
    rows = page.locator("#runs tbody tr")
    expect(rows).to_have_count(5)  # the two suites' problems, nothing else
    expect(rows.locator(".suite-of").first).to_be_visible()
    broken = page.locator("#runs tr", has_text="problem broken of level 1 before")
    expect(broken.locator(".suite-of a")).to_have_attribute("href", f"/s/{before}")


def test_compare_suites_says_statuses_in_words_and_links_each_pair(
    page: Any, server: Server, suites: tuple[str, str]
) -> None:
    before, after = suites
    page.goto(f"/compare-suites/{before}/{after}")
    hangs = page.locator("#pairs tr[data-problem=hangs]")
    expect(hangs).to_contain_text("timed out")
    expect(page.locator("#pairs")).not_to_contain_text("timed_out")
    runs = {
        name: {row["name"]: row["run_id"] for row in server.get(f"/api/suites/{name}")["problems"]}
        for name in (before, after)
    }
    link = page.locator("#pairs tr[data-problem=add_relu] a.compare-pair")
    a, b = runs[before]["add_relu"], runs[after]["add_relu"]
    expect(link).to_have_attribute("href", f"/compare/{a}/{b}?order=given")
    expect(hangs.locator("a.compare-pair")).to_have_count(0)  # only in A: nothing to compare
