"""The run page at model scale: a real CPU run of a two-block GPT-2 leads with
the model's summary and its folded module tree, above the fold at 1280 px; opening one
block redraws the traffic picture and the timeline for that block; kept round trips are
one entry per group. A snippet without modules keeps the page it had."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.live import Server
from tests.browser.pages import RUN_TIMEOUT_MS, TIMEOUT_MS, LiveRun

pytestmark = [pytest.mark.slow, pytest.mark.browser]
GPT2 = Path(__file__).resolve().parents[1] / "data" / "models" / "gpt2_tiny.py"
BLOCKS = "model.transformer.h"
TRAFFIC_TITLES = "() => document.getElementById('traffic').layout.annotations.map(a => a.text)"
TIMELINE_BARS = """() => document.getElementById('timeline').data
  .flatMap(t => t.customdata || []).filter(cd => cd[1] >= 0)"""
FOLD_BOTTOM_PX = 800  # the viewport's height: what a person sees without scrolling


@pytest.fixture(scope="module")
def gpt2_run(server: Server) -> str:
    pytest.importorskip("transformers")
    run_id = server.submit(GPT2.read_text(), title="gpt2 tiny")
    run = server.wait_finished(run_id, timeout_s=RUN_TIMEOUT_MS / 1000)
    assert run["status"] == "succeeded", (run.get("error"), server.log_tail())
    return run_id


def _bottom(page: Any, selector: str) -> float:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return float(box["y"] + box["height"])


def _drawn(page: Any, module: str) -> None:
    """Wait until both figures show `module`."""
    expect(page.locator("#traffic")).to_have_attribute("data-module", module, timeout=TIMEOUT_MS)
    expect(page.locator("#timeline")).to_have_attribute("data-module", module, timeout=TIMEOUT_MS)


def test_the_summary_and_folded_tree_lead_and_a_block_opens(
    page: Any, server: Server, gpt2_run: str
) -> None:
    ledger = server.get(f"/api/runs/{gpt2_run}/modules")
    page.goto(f"/r/{gpt2_run}")
    summary = page.locator("#model-summary")
    expect(summary).to_contain_text("2 × GPT2Block")
    root = ledger["root"]
    kernels = f"{root['eager']['kernels']} eager → {root['compiled']['kernels']} compiled"
    expect(summary).to_contain_text(kernels)
    tree = page.locator("#module-tree")
    folded = tree.locator(f"li[data-path='{BLOCKS}.0']")
    expect(folded).to_contain_text("2 × GPT2Block")
    assert _bottom(page, "#model-summary") <= FOLD_BOTTOM_PX
    assert _bottom(page, f"#module-tree li[data-path='{BLOCKS}.0'] .tree-row") <= FOLD_BOTTOM_PX
    # the first repeated block is drawn first, and picked in the tree
    _drawn(page, f"{BLOCKS}.0")
    expect(folded).to_have_attribute("aria-selected", "true")
    expect(page.locator("#traffic-h")).to_contain_text(f"· {BLOCKS}.0")

    # kept round trips: one entry per group, not one per block
    why = page.locator("#why-list > li")
    expect(why).to_have_count(len(ledger["kept_groups"]))
    expect(why.first).to_contain_text(ledger["kept_groups"][0]["label"])
    assert len(ledger["kept_groups"]) < ledger["kept_total"]

    # open the blocks one by one, and pick the second: both figures redraw for it
    folded.get_by_role("button", name="list each").click()
    second = tree.locator(f"li[data-path='{BLOCKS}.1']")
    second.locator(".tree-pick").click()
    _drawn(page, f"{BLOCKS}.1")
    unfolded = server.get(f"/api/runs/{gpt2_run}/modules?unfold={BLOCKS}")
    block = _find(unfolded["root"], f"{BLOCKS}.1")
    assert block is not None
    titles = page.evaluate(TRAFFIC_TITLES)
    assert titles[0].startswith(f"<b>eager</b>: {block['eager']['kernels']} kernels"), titles
    meta = page.evaluate("() => document.getElementById('timeline').layout.meta")
    assert meta["kernels_in_window_by_lane"]["eager"] == block["eager"]["kernels"], meta
    # every bar is one of the block's kernels, on the axis (timed from the block's first)
    bars = page.evaluate(TIMELINE_BARS)
    assert {cd[11].startswith(f"{BLOCKS}.1") for cd in bars} == {True}, bars
    assert all(meta["window_us"][0] <= cd[2] <= meta["window_us"][1] for cd in bars), meta

    # the kernel table lists the block's kernels, each with its module
    table = page.locator("#kernels")
    expect(table).to_have_attribute("data-module", f"{BLOCKS}.1", timeout=TIMEOUT_MS)
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(block["eager"]["kernels"] + block["compiled"]["kernels"])
    expect(rows.first).to_contain_text(f"{BLOCKS}.1.")

    # the timeline colours the block's kernels by the module they ran in
    page.locator("#timeline-colours").get_by_role("button", name="module").click()
    expect(page.locator("#timeline")).to_have_attribute("data-colour", "module")
    names = page.evaluate("() => document.getElementById('timeline').data.map(t => t.name)")
    assert f"{BLOCKS}.1.attn" in names and f"{BLOCKS}.1.mlp" in names, names

    # keyboard: the block's toggle opens it with Enter, and the sort buttons reorder
    second.locator(".tree-toggle").focus()
    page.keyboard.press("Enter")
    mlp = tree.locator(f"li[data-path='{BLOCKS}.1.mlp']")
    expect(mlp).to_be_visible()
    expect(second.locator(".tree-toggle").first).to_be_focused()  # kept across the redraw
    # arrows: Left closes, Right opens, Down moves to the first child's module button
    pick = second.locator(":scope > .tree-row .tree-pick")
    pick.focus()
    page.keyboard.press("ArrowLeft")
    expect(mlp).to_have_count(0)
    expect(second).to_have_attribute("aria-expanded", "false")
    page.keyboard.press("ArrowRight")
    expect(mlp).to_be_visible()
    page.keyboard.press("ArrowDown")
    first_child = second.locator("ul > li").first.locator(":scope > .tree-row .tree-pick")
    expect(first_child).to_be_focused()
    page.get_by_role("button", name="bytes saved").click()
    expect(tree).to_have_attribute("data-sort", "saved")


def _find(node: dict[str, Any], path: str) -> dict[str, Any] | None:
    if node["path"] == path:
        return node
    for child in node["children"]:
        if (found := _find(child, path)) is not None:
            return found
    return None


def test_the_headline_cards_hold_their_values(page: Any, gpt2_run: str) -> None:
    """A model's "47 kernels, 153 transfers" was drawn on one line, into the next card."""
    page.goto(f"/r/{gpt2_run}")
    expect(page.locator("#headline .stat").first).to_be_visible()
    spilled = page.evaluate(
        """() => [...document.querySelectorAll('#headline .stat .value')]
          .filter((value) => value.scrollWidth > value.clientWidth + 1)
          .map((value) => value.textContent)"""
    )
    assert spilled == []


def test_a_snippet_without_modules_keeps_its_page(page: Any, add_relu_run: LiveRun) -> None:
    page.goto(f"/r/{add_relu_run.id}")
    expect(page.locator("#timeline")).to_have_attribute("data-ready", "true", timeout=TIMEOUT_MS)
    expect(page.locator("#traffic")).to_have_attribute("data-module", "", timeout=TIMEOUT_MS)
    expect(page.locator("#model-grid")).to_be_hidden()
    expect(page.locator("#timeline-colours")).to_be_hidden()
    expect(page.locator("#kernels")).to_have_attribute("data-module", "", timeout=TIMEOUT_MS)
    expect(page.locator("#kernels-h")).to_have_text("Kernels")
    expect(page.locator("#traffic-h")).to_have_text("Memory traffic")
    expect(page.locator("#timeline-h")).to_have_text("Kernel timelines")
