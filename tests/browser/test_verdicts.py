"""The pages read noise one way: the run page's speedup says its
verdict against no change and fits its card on one line at 1280 px, the noise warning is
one line with the details behind a disclosure, and compare's rows agree with the one rule
(an inflated kernel time is too noisy to tell; matched kernels are not "changed" on
timings the rule cannot read)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.live import Server
from tests.browser.test_run_flow import delta_cells
from tests.browser.test_speed_truth import _stored
from tests.recorded import cpu_recorded_run, recorded_run

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def _lines(page: Any, selector: str) -> float:
    """How many lines of its own text an element takes."""
    return float(
        page.evaluate(
            """(selector) => {
              const node = document.querySelector(selector);
              const style = getComputedStyle(node);
              const line = parseFloat(style.lineHeight) || 1.2 * parseFloat(style.fontSize);
              return node.getBoundingClientRect().height / line;
            }""",
            selector,
        )
    )


def test_the_noise_note_is_one_line_with_its_details_behind_a_disclosure(
    page: Any, server: Server
) -> None:
    """The busy recording warns six times (four spreads, the profiler, the loaded CPU):
    one line says each kind once and which numbers to believe, once."""
    run = cpu_recorded_run("add_relu_busy")
    page.goto(f"/r/{_stored(server, run)}")
    note = page.locator("#conditions details.noise-note")
    expect(note).to_be_visible()
    summary = note.locator("summary")
    expect(summary).to_contain_text("believe the time per call")
    assert _lines(page, "#conditions details.noise-note summary") < 1.6
    assert note.inner_text().count("believe") == 1  # said once, not per variant
    items = note.locator("li")
    expect(items.first).to_be_hidden()  # closed until asked
    summary.click()
    expect(items).to_have_count(len(run.noise))
    expect(items.nth(0)).to_have_text(run.noise[0].message)


def test_the_speedup_fits_its_card_and_says_its_verdict(page: Any, server: Server) -> None:
    h200 = recorded_run("add_relu_2p24")  # calls within 1.04x, interval 1.71-1.74x
    page.goto(f"/r/{_stored(server, h200)}")
    card = page.locator("#headline .stat", has_text="speedup")
    expect(card.locator(".verdict")).to_have_attribute("data-verdict", "better")
    expect(card.locator(".verdict")).to_contain_text("compiled is faster (90% interval")
    assert _lines(page, "#headline .stat:has(.verdict) .value") < 1.6
    busy = cpu_recorded_run("add_relu_busy")  # a 41.7x speedup from calls that varied 60x
    page.goto(f"/r/{_stored(server, busy)}")
    verdict = page.locator("#headline .stat .verdict")
    expect(verdict).to_have_attribute("data-verdict", "too noisy to tell")
    assert _lines(page, "#headline .stat:has(.verdict) .value") < 1.6


def test_compare_never_judges_an_inflated_kernel_time(page: Any, server: Server) -> None:
    a = recorded_run("add_relu_2p24")
    b = a.model_copy(deep=True)
    compiled = b.variants["compiled"]
    b.variants["compiled"] = compiled.model_copy(
        update={"kernel_time_us": compiled.kernel_time_us * 32}
    )
    old, new = _stored(server, a), _stored(server, b)
    page.goto(f"/compare/{old}/{new}")
    expect(delta_cells(page, "compiled kernel time").nth(2)).to_contain_text("too noisy to tell")
    expect(delta_cells(page, "compiled wall time").nth(2)).to_have_text("no change")
    expect(delta_cells(page, "speedup").nth(2)).to_have_text("no change")
    # kernels recorded from one profiled call have no spread: never "changed" on timing
    expect(page.locator("#diff h3").first).to_contain_text("0 changed")


def test_history_says_each_speedups_verdict_as_the_run_page_does(page: Any, server: Server) -> None:
    """History's speedup column carries the run page's verdict word, never a bare number:
    a clean H200 speedup is faster, the busy CPU's 41.7x is too noisy to tell."""
    clean = _stored(server, recorded_run("add_relu_2p24"))
    busy = _stored(server, cpu_recorded_run("add_relu_busy"))
    page.goto("/runs")
    for run_id, word, said in (
        (clean, "better", "compiled is faster"),
        (busy, "too noisy to tell", "too noisy to tell"),
    ):
        cell = page.locator(f"#runs tr[data-run='{run_id}'] td.speedup")
        expect(cell.locator(".verdict")).to_have_attribute("data-verdict", word)
        expect(cell.locator(".verdict")).to_have_text(said)
        page_verdict = server.get(f"/api/runs/{run_id}")["speedup_verdict"]
        assert page_verdict == word  # the same rule as the run page
