"""Level of detail in the page: a merged timeline bar, clicked, is fetched again finer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from backend.store.repository import Store
from scripts.import_bundles import import_bundle
from tests.browser.live import Server

pytestmark = [pytest.mark.slow, pytest.mark.browser]
# A click on a bar, as Plotly reports it to the page's handler.
CLICK = (
    "cd => document.getElementById('timeline').emit('plotly_click', {points: [{customdata: cd}]})"
)
SHOWS_WINDOW = """([lo, hi]) => {
  const meta = document.getElementById('timeline').layout.meta;
  return meta && Math.abs(meta.window_us[0] - lo) < 1e-6 && Math.abs(meta.window_us[1] - hi) < 1e-6;
}"""
MANY_SMALL_OPS = Path(__file__).resolve().parents[1] / "data" / "h200_bundles" / "many_small_ops"


@pytest.fixture(scope="module")
def many_small_ops(server: Server) -> str:
    """The H200 recording of 400 tiny eager kernels, stored in the live server's data dir."""
    with Store.open(server.data_dir) as store:
        return import_bundle(store, MANY_SMALL_OPS)


def test_clicking_a_merged_bar_fetches_finer_bars(
    browser: Any, server: Server, many_small_ops: str
) -> None:
    # At phone width 400 kernels in 5 ms are far narrower than a pixel: they merge.
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(f"{server.url}/r/{many_small_ops}")
        page.wait_for_selector("#timeline[data-ready=true]")
        merged = page.evaluate(
            """() => document.getElementById('timeline').data
                 .flatMap(t => t.customdata || []).filter(cd => cd[1] === -1)"""
        )
        assert merged, "expected merged bars at phone width"
        start, span = merged[0][2], merged[0][3]
        with page.expect_response(lambda r: "start_us=" in r.url and "/figures/timeline" in r.url):
            page.evaluate(CLICK, merged[0])
        page.wait_for_function(SHOWS_WINDOW, arg=[start, start + span])
        meta = page.evaluate("() => document.getElementById('timeline').layout.meta")
        # every kernel the bar merged is in view in its lane, and no neighbour of it ...
        lane = meta["lanes"][merged[0][0]]
        assert meta["kernels_in_window_by_lane"][lane] == merged[0][6]
        assert meta["merged_bars"] < meta["kernels_in_window"]  # ... drawn finer than one bar
    finally:
        context.close()
