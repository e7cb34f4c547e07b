"""the run page tells one consistent story: the cases a new user walked, each
on the page that failed them. Recorded H200 bundles (tests/data/h200_bundles, see its
README) are imported for the runs whose numbers matter; the graph break on line 5 and the
submissions are live on this CPU.

Each test failed on the pages before this story was told: no fork link and the newer run as A, an
unmarked break, 401 table rows, no sweep context at the top, history running off a phone,
"1e4,,1e5" accepted and "1e20" answered by the validator.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from backend.store.ids import new_run_id
from backend.store.repository import Store
from scripts.import_bundles import import_bundle
from tests.browser.live import Server, open_new_run, paste_code
from tests.browser.pages import RUN_TIMEOUT_MS, BrowserSession

pytestmark = [pytest.mark.slow, pytest.mark.browser]
BUNDLES = Path(__file__).resolve().parents[1] / "data" / "h200_bundles"
PHONE = {"width": 390, "height": 844}

# The case: print() on line 5 splits the compiled program in two.
PRINT_BREAK = """import torch

def fn(x):
    y = x.sin() + 1
    print("between the graphs")
    return (y * 2).cos()

def inputs(size=4096):
    return (torch.randn(size, device=device),)
"""


def imported(server: Server, name: str, **options: Any) -> str:
    with Store.open(server.data_dir) as store:
        return import_bundle(store, BUNDLES / name, **options)


# ---- forks and compare ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def parent_and_fork(server: Server) -> tuple[str, str]:
    parent = imported(server, "add_relu")
    return parent, imported(server, "add_relu", forked_from=parent)


def a_and_b(page: Any) -> tuple[str, str]:
    expect(page.locator("#deltas-card")).to_be_visible()
    head = page.locator("#deltas thead th")
    return head.nth(1).locator("a").inner_text(), head.nth(2).locator("a").inner_text()


def test_a_fork_links_to_its_parent_and_compares_with_it(
    page: Any, parent_and_fork: tuple[str, str]
) -> None:
    parent, fork = parent_and_fork
    page.goto(f"/r/{fork}")
    expect(page.locator("#forked-from")).to_have_text(f"Forked from run {parent}.")
    page.get_by_role("link", name="Compare with parent").click()
    page.wait_for_url(f"**/compare/{parent}/{fork}")
    assert a_and_b(page) == (parent, fork)


def test_compare_puts_the_older_run_first_unless_swapped(
    page: Any, parent_and_fork: tuple[str, str]
) -> None:
    parent, fork = parent_and_fork
    page.goto(f"/r/{parent}")  # the issue: the newer fork's id typed on the older run
    page.locator("#compare-id").fill(fork)
    page.locator("#compare-form button").click()
    page.wait_for_url(re.compile(r"/compare/"))
    assert a_and_b(page) == (parent, fork)
    expect(page.locator("#order-note")).to_contain_text("A is the older run")

    page.goto(f"/compare/{fork}/{parent}")  # a link in the other order is put in time order
    assert a_and_b(page) == (parent, fork)
    assert page.url.endswith(f"/compare/{parent}/{fork}")

    page.get_by_role("button", name="Swap A and B").click()  # unless the reader asks
    page.wait_for_url(f"**/compare/{fork}/{parent}?order=given")
    assert a_and_b(page) == (fork, parent)
    expect(page.locator("#order-note")).to_contain_text("A is the newer run")


def test_compare_with_one_or_a_wrong_id_says_what_is_missing(
    page: Any, parent_and_fork: tuple[str, str]
) -> None:
    parent, _ = parent_and_fork
    page.goto(f"/r/{parent}")
    note = page.locator("#compare-note")
    page.locator("#compare-form button").click()
    expect(note).to_contain_text("Type the id of another run")
    page.locator("#compare-id").fill("no-such-run")
    page.locator("#compare-form button").click()
    expect(note).to_contain_text('No run "no-such-run" that you can see')
    assert page.url.endswith(f"/r/{parent}")

    page.goto(f"/compare?a={parent}")
    expect(page.locator("#compare-error")).to_contain_text(f"Only one run given ({parent})")
    page.goto(f"/compare/{parent}/no-such-run")
    expect(page.locator("#compare-error")).to_contain_text('No run "no-such-run"')


def test_edit_as_new_run_submits_a_fork(page: Any, server: Server, parent_and_fork: Any) -> None:
    parent, _ = parent_and_fork
    page.goto(f"/?from={parent}")
    expect(page.locator("#forked")).to_contain_text(f"run {parent}")
    with page.expect_request(lambda r: r.url.endswith("/api/runs") and r.method == "POST") as sent:
        page.locator("#run").click()
    assert sent.value.post_data_json["forked_from"] == parent
    page.wait_for_url(re.compile(r"/r/[\w-]+$"))
    fork = page.url.rsplit("/", 1)[1]
    server.request("POST", f"/api/runs/{fork}/cancel")  # free the worker
    expect(page.locator("#forked-from")).to_have_text(f"Forked from run {parent}.")


# ---- a graph break on line 5 ---------------------------------------------------------------


def test_a_graph_break_is_in_the_summary_the_snippet_and_the_timeline(
    session: BrowserSession, server: Server
) -> None:
    run_id = server.submit(PRINT_BREAK)
    assert server.wait_finished(run_id, timeout_s=RUN_TIMEOUT_MS / 1000)["status"] == "succeeded"
    (graph_break,) = server.get(f"/api/runs/{run_id}")["compile"]["graph_breaks"]
    assert graph_break["line"] == 5

    page = session.new_page()
    page.goto(f"/r/{run_id}")
    breaks = page.locator("#breaks")
    expect(breaks).to_contain_text("1 graph break")
    expect(breaks).to_contain_text("torch.compile split the snippet into 2 graphs")
    marked = page.locator("#snippet .cm-ks-break")
    expect(marked).to_have_count(1)
    expect(marked).to_contain_text('print("between the graphs")')
    assert graph_break["reason"] in (marked.get_attribute("title") or "")

    breaks.get_by_role("button", name="line 5").click()
    expect(page.locator("#snippet .cm-ks-linked")).to_contain_text("print(")

    page.locator("#timeline[data-ready=true]").wait_for()
    notes = page.evaluate("document.getElementById('timeline').layout.annotations.map(a => a.text)")
    assert notes == ["graph break · line 5"]

    # what print() wrote, and nothing else: no "null" for the stderr it never wrote
    output = page.locator("#output")
    expect(output.locator("pre")).to_contain_text("between the graphs")
    expect(output.locator("summary")).to_have_text(["stdout"])
    assert "null" not in (output.text_content() or "")


# ---- page structure at any size ------------------------------------------------------------


def test_many_small_ops_caps_the_table_until_show_all(page: Any, server: Server) -> None:
    run_id = imported(server, "many_small_ops")  # 400 eager kernels, 1 compiled
    page.goto(f"/r/{run_id}")
    rows = page.locator("#kernels tbody tr")
    expect(rows).to_have_count(50 + 1)
    expect(page.locator("#kernels caption")).to_contain_text("eager kernels 1–50 of 400")
    page.get_by_role("button", name="Show all 401 kernels (400 eager, 1 compiled)").click()
    expect(rows).to_have_count(401)
    expect(page.get_by_role("button", name=re.compile("Show all"))).to_have_count(0)

    # chart toolbars: no "share" button, and no tab stops before the kernel table
    assert page.locator(".modebar [data-attr=sendDataToCloud], .modebar-btn--logo").count() == 0
    focusable = page.locator(
        ".modebar a:not([tabindex='-1']), .modebar button:not([tabindex='-1'])"
    )
    assert focusable.count() == 0


def test_a_sweep_says_so_at_the_top_and_shows_its_chart_first(page: Any, server: Server) -> None:
    sweep_id = new_run_id()
    small = imported(server, "add_relu_2p24", sweep_id=sweep_id)
    large = imported(server, "add_relu_2p26", sweep_id=sweep_id)
    page.goto(f"/r/{small}")
    context = page.locator("#sweep-context")
    expect(context).to_contain_text("Part of a sweep of 2 sizes")
    expect(context.locator("strong")).to_have_text("16,777,216 (this run)")
    expect(context.get_by_role("link", name="67,108,864")).to_have_attribute("href", f"/r/{large}")
    page.locator("#sweep .main-svg").first.wait_for()
    for card in ("#sweep-card", "#traffic-card", "#kernels-card"):  # each panel shows its own
        expect(page.locator(card)).to_be_visible()  # card when it has drawn (a busy CPU: later)
    sweep_top = page.locator("#sweep-card").bounding_box()["y"]
    traffic_top = page.locator("#traffic-card").bounding_box()["y"]
    assert sweep_top < traffic_top < page.locator("#kernels-card").bounding_box()["y"]
    assert context.bounding_box()["y"] < page.locator("#summary").bounding_box()["y"]


# ---- history on a phone, failures that say why ---------------------------------------------


def test_history_fits_a_phone_and_failed_rows_say_why(
    session: BrowserSession, failed_run: str
) -> None:
    page = session.new_page(viewport=PHONE)
    page.goto("/runs")
    row = page.locator(f"#runs tr[data-run='{failed_run}']")
    expect(row.locator(".failure-reason")).to_contain_text("AttributeError")
    expect(row.locator(".failure-reason")).to_contain_text("nope")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the history is {width} px wide on a {PHONE['width']} px phone"
    table = page.locator("#runs .table-wrap")
    assert page.evaluate("(el) => el.scrollWidth <= el.clientWidth", table.element_handle())


# ---- submit validation ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sizes", "said"),
    [
        ("1e4,,1e5", 'Sizes: "1e4,,1e5" has an empty entry between two commas.'),
        ("2e12", "Sizes: 2e12 is too large: the largest size is 2^40"),
        ("1e4, 0.5", "Sizes: 0.5 is not a whole number of at least 1."),
    ],
)
def test_bad_sizes_are_refused_in_words_before_sending(page: Any, sizes: str, said: str) -> None:
    open_new_run(page)
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    page.locator("#sizes").fill(sizes)
    page.locator("#run").click()
    expect(page.locator("#submit-error")).to_contain_text(said)
    assert not sent and page.url.endswith("/")


def test_blank_code_is_refused_at_submit(page: Any) -> None:
    open_new_run(page)
    paste_code(page, "   \n  ")
    page.locator("#run").click()
    error = page.locator("#submit-error")
    expect(error).to_contain_text("The snippet is empty")
    expect(error).not_to_contain_text("String should")
    assert page.url.endswith("/")
