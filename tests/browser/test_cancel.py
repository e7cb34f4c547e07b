"""The run page's Cancel button, against the real server and its local worker."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.live import Server
from tests.browser.pages import RUN_TIMEOUT_MS

pytestmark = [pytest.mark.slow, pytest.mark.browser]

SLEEPER = "import time\n\ndef fn():\n    time.sleep(300)\n\ndef inputs():\n    return []\n"


def test_cancel_stops_a_running_run_and_the_page_shows_it(page: Any, server: Server) -> None:
    run_id = server.submit(SLEEPER, title="cancel me")
    page.goto(f"/r/{run_id}")
    expect(page.locator("#progress-text")).to_have_text(
        re.compile(r"Running: (eager warm-up|eager profile)"), timeout=RUN_TIMEOUT_MS
    )
    page.get_by_role("button", name="Cancel run").click()
    expect(page.locator("#cancel-note")).to_contain_text("is being stopped")
    # The worker stops the run's process group and records the run: the run's time, not a
    # page step's.
    expect(page.locator("#status .badge")).to_have_text("cancelled", timeout=RUN_TIMEOUT_MS)
    expect(page.locator("#progress")).to_be_hidden()
    expect(page.locator("#failure").get_by_role("alert")).to_contain_text("Cancelled by request")
    assert server.get(f"/api/runs/{run_id}")["error"]["kind"] == "cancelled"
