"""The New run page's and the run page's loose ends, in Chromium against the real server."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from backend.store.repository import Store
from scripts.import_bundles import import_bundle
from tests.browser.live import Server, open_new_run, paste_code

pytestmark = [pytest.mark.browser]
CPU_BUNDLES = Path(__file__).resolve().parents[1] / "data" / "cpu_bundles"


def imported(server: Server, name: str) -> str:
    with Store.open(server.data_dir) as store:
        return import_bundle(store, CPU_BUNDLES / name)


BROKEN = """import torch


def fn(x:
    return x


def inputs():
    return (torch.ones(4),)
"""


def test_a_syntax_error_is_refused_at_submit_and_its_line_marked(page: Any) -> None:
    open_new_run(page)
    paste_code(page, BROKEN)
    page.locator("#run").click()
    error = page.locator("#submit-error")
    expect(error).to_contain_text("Syntax error on line 4, column 7")
    marked = page.locator("#editor .cm-ks-error")
    expect(marked).to_have_count(1)
    expect(marked).to_contain_text("def fn(x:")
    assert page.url.endswith("/")  # no run was made to wait in the queue


def test_ctrl_enter_runs_from_anywhere_on_the_form(page: Any) -> None:
    open_new_run(page)
    paste_code(page, "  ")  # refused at once: the test needs the request, not a run
    page.locator("#title").fill("from the title field")
    page.locator("#title").focus()
    with page.expect_request(lambda r: r.url.endswith("/api/runs") and r.method == "POST") as sent:
        page.keyboard.press("ControlOrMeta+Enter")
    assert sent.value.post_data_json["title"] == "from the title field"
    expect(page.locator("#submit-error")).to_contain_text("The snippet is empty")
    page.locator("#sizes").focus()
    with page.expect_request(lambda r: r.url.endswith("/api/runs") and r.method == "POST"):
        page.keyboard.press("ControlOrMeta+Enter")


def test_ctrl_enter_in_the_editor_submits_once(page: Any) -> None:
    open_new_run(page)
    paste_code(page, "  ")
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.locator("#editor .cm-content").click()
    page.keyboard.press("ControlOrMeta+Enter")
    expect(page.locator("#submit-error")).to_contain_text("The snippet is empty")
    page.wait_for_timeout(300)  # a second submit would have been sent by now
    assert len(posts) == 1, posts


# ---- reasons on the run page ---------------------------------------------------------------


def test_the_break_banner_leads_with_plain_words(page: Any, server: Server) -> None:
    page.goto(f"/r/{imported(server, 'print_break')}")
    item = page.locator("#breaks li")
    expect(item).to_have_count(1)
    text = item.inner_text()
    assert text.startswith("line 7: a call to print()"), text
    expect(item.locator(".dynamo-reason")).to_have_text(
        " (Dynamo: Failed to trace builtin operator)"
    )
    hint = page.locator('#why-list li[data-kind="graph_break"] .hint')
    expect(hint.first).to_contain_text("remove the print")


def test_library_calls_are_named_lines_apart_and_try_it_offered_on_a_cpu(
    page: Any, server: Server
) -> None:
    page.goto(f"/r/{imported(server, 'mlp_two_layers')}")
    page.locator("#why-card[data-ready=true]").wait_for()
    items = page.locator("#why-list li")
    expect(items).to_have_count(2)
    first, h = items.nth(0), items.nth(1)
    expect(first).to_contain_text("addmm runs as a library call")
    expect(first).not_to_contain_text("add runs as")
    expect(h).to_contain_text("library call")
    expect(h).to_contain_text("reads h in memory")
    expect(h.locator("p.muted").first).to_have_text("In the snippet: line 8, line 9")
    expect(
        page.get_by_role("button", name="Try it: rerun with max-autotune-no-cudagraphs")
    ).to_be_visible()
