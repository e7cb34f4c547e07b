"""The New run page's and the run page's loose ends, in Chromium against the real server."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.browser.live import open_new_run, paste_code

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
