"""Raw internals stay off the pages: an error's kind is a key for scripts ("syntax_error")
and reads as words ("Syntax error") on the run page and in History."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from backend.result import ErrorInfo
from tests.browser.live import Server
from tests.browser.pages import BrowserSession
from tests.browser.test_speed_truth import _stored
from tests.recorded import recorded_run

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_an_errors_kind_reads_as_words_not_as_its_key(
    session: BrowserSession, server: Server
) -> None:
    error = ErrorInfo(kind="syntax_error", message="invalid syntax (line 3)", line=3)
    failed = recorded_run("add_relu").model_copy(
        update={"status": "failed", "variants": {}, "error": error, "title": "plain words"}
    )
    run_id = _stored(server, failed)
    page = session.new_page()
    page.goto(f"/r/{run_id}")
    alert = page.locator("#failure [role=alert]")
    expect(alert).to_contain_text("Syntax error: invalid syntax (line 3)")
    expect(alert).not_to_contain_text("syntax_error")
    page.goto("/runs")
    reason = page.locator(f"#runs tr[data-run='{run_id}'] .failure-reason")
    expect(reason).to_have_text("Syntax error: invalid syntax (line 3)")
