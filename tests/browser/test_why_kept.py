"""What compile did not fuse, on the run page: the reason for each round trip still through
memory (list and traffic hover), its lines, its hint, and "Try it" (a rerun in the hinted
mode that opens the comparison)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from backend.store.repository import Store
from scripts.import_bundles import import_bundle
from tests.browser.live import Server
from tests.browser.pages import TIMEOUT_MS

pytestmark = [pytest.mark.slow, pytest.mark.browser]
# The H200 recording of x @ w + bias, gelu: the matmul is cuBLAS, so x @ w stays in memory.
MLP_BIAS_GELU = Path(__file__).resolve().parents[1] / "data" / "h200_bundles" / "mlp_bias_gelu"
AUTOTUNE = "max-autotune-no-cudagraphs"
TRAFFIC_HOVERS = """() => document.getElementById('traffic').data
  .flatMap(t => t.hovertext || []).filter(h => h.includes('round trip<br>'))"""


@pytest.fixture(scope="module")
def mlp_run(server: Server) -> str:
    with Store.open(server.data_dir) as store:
        return import_bundle(store, MLP_BIAS_GELU)


def test_a_kept_round_trip_says_why_and_try_it_opens_the_comparison(
    page: Any, server: Server, mlp_run: str
) -> None:
    page.goto(f"/r/{mlp_run}")
    card = page.locator("#why-card")
    expect(card).to_be_visible()
    (item,) = card.locator("li").all()
    expect(item).to_have_attribute("data-kind", "library_call")
    expect(item).to_contain_text("x @ w · 64 MiB round trip · library call")
    expect(item).to_contain_text("mm runs as a library call (cuBLAS)")

    item.get_by_role("button", name="line 7").click()  # the line that made it, lit up
    expect(page.locator("#snippet .cm-ks-linked")).to_have_text(re.compile(r"x @ w"))

    page.wait_for_function("() => document.getElementById('traffic').data")
    hovers = page.evaluate(TRAFFIC_HOVERS)
    kept = [h for h in hovers if h.startswith("<b>x @ w</b> · eager")]
    assert len(kept) == 1 and "kept when compiled (library_call)" in kept[0], hovers
    assert f"hint: Try mode='{AUTOTUNE}'" in kept[0]

    # one "Try it" per mode in the card, whichever round trips name it
    try_it = card.get_by_role("button", name=f"Try it: rerun with {AUTOTUNE}")
    expect(try_it).to_have_count(1)
    rerun_url = f"/api/runs/{mlp_run}/rerun"
    with page.expect_request(lambda r: r.url.endswith(rerun_url) and r.method == "POST") as sent:
        try_it.click()
    assert sent.value.post_data_json == {"compile_mode": AUTOTUNE}
    page.wait_for_url(re.compile(rf"/compare/{mlp_run}/[\w-]+$"))
    rerun = page.url.rsplit("/", 1)[1]
    # the rerun is queued or running on this CPU: the page waits for it, saying so
    expect(page.locator("#compare-wait")).to_contain_text(f"Run {rerun} is")
    expect(page.locator("#compare-wait")).to_contain_text("appears when it finishes")
    copied = server.get(f"/api/runs/{rerun}")
    original = server.get(f"/api/runs/{mlp_run}")
    assert copied["title"].endswith(f" · {AUTOTUNE}")
    assert copied["code"] == original["code"] and copied["size"] == original["size"]
    server.request("POST", f"/api/runs/{rerun}/cancel")  # free the worker for other tests
    # cancelled is finished, so the two are compared
    expect(page.locator("#deltas-card")).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.locator("#compare-wait")).to_be_hidden()


def test_a_run_whose_round_trips_were_all_eliminated_has_no_why_card(
    page: Any, server: Server
) -> None:
    add_relu = MLP_BIAS_GELU.parent / "add_relu"
    with Store.open(server.data_dir) as store:
        run_id = import_bundle(store, add_relu)
    page.goto(f"/r/{run_id}")
    page.locator("#why-card[data-ready=true]").wait_for(state="attached")
    expect(page.locator("#why-card")).to_be_hidden()
