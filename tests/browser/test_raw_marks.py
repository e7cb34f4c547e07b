"""Small disagreements and raw internals off the pages: code marked with
backticks in messages and notes reads as code, never as literal backticks or as markup."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from backend.result import ErrorInfo
from tests.browser.live import Server
from tests.browser.pages import BrowserSession
from tests.browser.test_speed_truth import _stored
from tests.recorded import recorded_run

pytestmark = [pytest.mark.slow, pytest.mark.browser]

MESSAGE = "Found `fn` but no `inputs()`: <b>add</b> one"


def test_backticks_in_an_error_and_a_note_read_as_code_and_markup_stays_text(
    session: BrowserSession, server: Server
) -> None:
    error = ErrorInfo(kind="snippet_error", message=MESSAGE)
    failed = recorded_run("add_relu").model_copy(
        update={"status": "failed", "variants": {}, "error": error, "title": "marks"}
    )
    run_id = _stored(server, failed)
    page = session.new_page()
    page.goto(f"/r/{run_id}")
    alert = page.locator("#failure [role=alert]")
    expect(alert).to_contain_text("Found fn but no inputs(): <b>add</b> one")
    expect(alert.locator("code")).to_have_text(["fn", "inputs()"])
    assert alert.locator("b").count() == 0
    page.goto("/runs")
    reason = page.locator(f"#runs tr[data-run='{run_id}'] .failure-reason")
    expect(reason.locator("code")).to_have_text(["fn", "inputs()"])
    expect(reason).not_to_contain_text("`")


def test_a_runs_notes_show_their_backticks_as_code(session: BrowserSession, server: Server) -> None:
    note = "ran without a sandbox: the sandbox setting is `none`"
    run = recorded_run("add_relu").model_copy(update={"notes": [note]})
    page = session.new_page()
    page.goto(f"/r/{_stored(server, run)}")
    notes = page.locator("#env dt:text-is('notes') + dd")
    expect(notes).to_have_text("ran without a sandbox: the sandbox setting is none")
    expect(notes.locator("code")).to_have_text("none")
