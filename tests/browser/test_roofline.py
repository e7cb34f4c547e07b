"""The roofline on the run page, for a real run on this machine: the worker
measured the device's bandwidth, every kernel is on the bandwidth strip under that line
or marked cache-resident, and clicking a point opens its kernel."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.live import Server
from tests.browser.pages import TIMEOUT_MS, LiveRun

pytestmark = [pytest.mark.slow, pytest.mark.browser]
STRIP = """() => document.getElementById('roofline').data
  .filter(t => t.yaxis === 'y2' && t.mode === 'markers')
  .map(t => ({name: t.name, x: t.x, symbols: t.marker.symbol}))"""


def test_the_roofline_measures_each_kernel_against_this_device(
    page: Any, add_relu_run: LiveRun, server: Server
) -> None:
    page.goto(f"/r/{add_relu_run.id}")
    page.locator("#roofline[data-ready=true]").wait_for(timeout=TIMEOUT_MS)
    run = server.get(f"/api/runs/{add_relu_run.id}")
    peak = run["device"]["peak_bandwidth_bytes_per_s"]
    assert peak and peak > 1e8
    strip = {t["name"]: t for t in page.evaluate(STRIP)}
    assert {name: len(t["x"]) for name, t in strip.items()} == {"eager": 2, "compiled": 1}
    # open: served from the cache, so past the line; past the line and filled only for data
    # far over the cache (DRAM at the roof): add_relu's 4 MiB fits this machine's cache
    for trace in strip.values():
        for rate, symbol in zip(trace["x"], trace["symbols"], strict=True):
            assert (rate > peak) == symbol.endswith("-open"), (rate, peak, symbol)
    expect(page.locator("#roofline .legendtext", has_text="measured bandwidth")).to_be_visible()

    point = page.locator("#roofline .scatterlayer .point").last
    page.locator("#roofline").scroll_into_view_if_needed()
    box = point.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)  # Plotly finds the point under the mouse on hover, then clicks it
    expect(page.locator("#roofline .hoverlayer .hovertext")).to_contain_text("compiled #0")
    page.mouse.click(x, y)
    expect(page.locator("#kernel-detail h3")).to_have_text("cpp_fused_add_relu_0")
    for hint in ("#snippet-hint", "#traces-hint"):  # a run with kernels and traces keeps them
        expect(page.locator(hint)).to_be_visible()
    loose = "box => [...box.childNodes].filter((n) => n.nodeType === 3).map((n) => n.data)"
    assert page.eval_on_selector("#kernel-detail", loose) == []  # no absent part as "null"
    expect(page.locator("#kernels tr.linked")).to_have_count(1)
