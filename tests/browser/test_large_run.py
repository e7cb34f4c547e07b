"""A run with thousands of kernels: the page fetches them a page at a time and asks the
server for what it does not hold (a snippet line's kernels, a kernel's transfers)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from backend.store.repository import Store
from tests.browser.live import Server
from tests.factories import CODE, chain_result

pytestmark = [pytest.mark.slow, pytest.mark.browser]
N = 2_400  # eager kernels (lines 7 and 8 in turn); 600 compiled (each from both lines)


@pytest.fixture(scope="module")
def long_run(server: Server) -> str:
    """Stored straight into the live server's data directory, as a worker would."""
    with Store.open(server.data_dir) as store:
        # "running", as the CLI makes its runs: the live server's worker must not claim it
        run_id = store.create_run(CODE, status="running")
        store.save_result(chain_result(run_id, N), CODE, [])
    return run_id


def test_the_kernel_table_pages_and_a_line_lists_its_kernels(page: Any, long_run: str) -> None:
    documents: list[Any] = []
    document_url = f"/api/runs/{long_run}"
    page.on("response", lambda r: documents.append(r) if r.url.endswith(document_url) else None)
    page.goto(f"/r/{long_run}")
    page.locator("#timeline[data-ready=true]").wait_for()

    rows = page.locator("#kernels tbody tr")
    expect(rows).to_have_count(50 + 50)  # capped: the chart stays in view
    show_all = f"Show all {N + N // 4:,} kernels ({N:,} eager, {N // 4:,} compiled)"
    page.get_by_role("button", name=show_all).click()
    expect(rows).to_have_count(1_000 + N // 4)  # the first page of eager, all of compiled
    pager = page.locator("#kernels p.row")
    expect(pager).to_have_count(1)  # compiled fits on one page
    expect(pager).to_contain_text("eager kernels 1–1,000 of 2,400")
    pager.get_by_role("button", name="Next 1,000").click()
    expect(page.locator("#kernels p.row")).to_contain_text("eager kernels 1,001–2,000 of 2,400")
    expect(page.locator('#kernels tr[data-kernel="eager:1000"]')).to_have_count(1)
    expect(page.locator('#kernels tr[data-kernel="eager:999"]')).to_have_count(0)
    (document,) = documents  # the run document: totals, no kernel list
    assert "kernels" not in document.json()["variants"]["eager"]

    # Line 7 produced every even eager kernel and every compiled one: asked of the server.
    page.locator("#snippet .cm-line").nth(6).click()
    detail = page.locator("#kernel-detail")
    expect(detail).to_contain_text(f"Line 7 produced {N // 2 + N // 4:,} kernels")
    expect(detail).to_contain_text("the first 200 of each variant are listed")
    expect(page.locator("#kernels tr.linked").first).to_be_visible()

    # A kernel on no page the table holds: its transfers are fetched on their own.
    detail.get_by_role("button", name="compiled #150: cpp_fused_add_mul_sub_maximum_150").click()
    expect(detail.locator("h3")).to_have_text("cpp_fused_add_mul_sub_maximum_150")
    expect(detail.locator("li")).to_have_count(6)  # 5 reads and 1 write


# A click on a bar, as Plotly reports it to the page's handler.
CLICK = (
    "cd => document.getElementById('timeline').emit('plotly_click', {points: [{customdata: cd}]})"
)
SHOWS_WINDOW = """([lo, hi]) => {
  const meta = document.getElementById('timeline').layout.meta;
  return meta && Math.abs(meta.window_us[0] - lo) < 1e-6 && Math.abs(meta.window_us[1] - hi) < 1e-6;
}"""


def test_clicking_a_merged_bar_draws_its_kernels(page: Any, long_run: str) -> None:
    """The timeline is planned from time columns; a zoom into a merged bar is planned from
    the kernels in its window and draws each of them."""
    page.goto(f"/r/{long_run}")
    page.locator("#timeline[data-ready=true]").wait_for()
    merged = page.evaluate(
        """() => document.getElementById('timeline').data
             .flatMap(t => t.customdata || []).filter(cd => cd[1] === -1)"""
    )
    assert merged, "expected the short early kernels merged at this width"
    start, span = merged[0][2], merged[0][3]
    with page.expect_response(lambda r: "start_us=" in r.url and "/figures/timeline" in r.url):
        page.evaluate(CLICK, merged[0])
    page.wait_for_function(SHOWS_WINDOW, arg=[start, start + span])
    meta = page.evaluate("() => document.getElementById('timeline').layout.meta")
    assert meta["kernels_in_window"] >= merged[0][6]  # every merged kernel is in view ...
    assert meta["merged_bars"] < meta["kernels_in_window"]  # ... drawn finer than one bar
