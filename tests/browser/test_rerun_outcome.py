"""The compare page of a "Try it" rerun leads its headline with what the
rerun changed in memory traffic, "nothing, because ..." included, and says nothing of the
kind for two runs that are no rerun of each other."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.live import Server
from tests.browser.test_speed_truth import _stored
from tests.compare.test_rerun_outcome import AUTOTUNE, rerun_of
from tests.recorded import recorded_run

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_a_rerun_that_changed_nothing_says_so_and_why_above_the_rows(
    page: Any, server: Server
) -> None:
    first = recorded_run("mlp_bias_gelu")  # x @ w kept: mm is a library call in both modes
    a, b = _stored(server, first), _stored(server, rerun_of(first, AUTOTUNE))
    page.goto(f"/compare/{a}/{b}")
    outcome = page.locator("#deltas-card #rerun")
    expect(outcome).to_be_visible()
    expect(outcome).to_contain_text(f"The rerun with {AUTOTUNE} (A ran default) changed nothing")
    expect(outcome).to_contain_text("because mm runs as a library call (cuBLAS)")
    said = server.get(f"/api/compare?a={a}&b={b}")["rerun"]
    expect(outcome).to_have_text(said)
    # prominent: directly under the card's heading, before the differences and the rows
    above = page.evaluate(
        """() => {
          const top = (s) => document.querySelector(s).getBoundingClientRect().top;
          return top("#rerun") < top("#differences") && top("#rerun") < top("#deltas");
        }"""
    )
    assert above


def test_two_runs_of_the_same_mode_get_no_rerun_sentence(page: Any, server: Server) -> None:
    first = recorded_run("mlp_bias_gelu")
    a, b = _stored(server, first), _stored(server, first)
    page.goto(f"/compare/{a}/{b}")
    expect(page.locator("#deltas")).to_be_visible()
    expect(page.locator("#rerun")).to_be_hidden()
