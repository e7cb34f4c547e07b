"""Compile modes side by side on the run page: a run of two modes draws a
timeline lane per compiled variant and a headline stat per further mode; a compiled
kernel's panel lists the round trips it keeps in memory, with their reasons.

The two-mode run is built from two H200 recordings of one snippet (tests/two_modes.py says
how and why that is honest): running max-autotune on this CPU under a browser test would
cost minutes; tests/harness/test_compile_modes_cpu.py runs two modes for real."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from backend.store.repository import Store
from scripts.import_bundles import import_bundle
from tests.browser.live import Server
from tests.two_modes import MODE, two_mode_folder

pytestmark = [pytest.mark.slow, pytest.mark.browser]
FURTHER = f"compiled:{MODE}"
MLP_BIAS_GELU = Path(__file__).resolve().parents[1] / "data" / "h200_bundles" / "mlp_bias_gelu"
LANES = """() => [...new Set(document.getElementById('timeline').data
  .flatMap(t => Array.from(t.y || [])))]"""


def test_a_two_mode_run_shows_a_lane_and_a_stat_per_mode(
    page: Any, server: Server, tmp_path: Path
) -> None:
    with Store.open(server.data_dir) as store:
        run_id = import_bundle(store, two_mode_folder(tmp_path))
    run = server.get(f"/api/runs/{run_id}")
    further = run["compiled_modes"][1]
    page.goto(f"/r/{run_id}")
    page.locator("#timeline[data-ready=true]").wait_for()
    assert sorted(page.evaluate(LANES)) == sorted(["eager", "compiled", FURTHER])
    stat = page.locator(f".mode-stat[data-variant='{FURTHER}']")
    expect(stat).to_contain_text(MODE)
    expect(stat).to_contain_text(f"{further['kernel_count']} kernel")
    expect(stat).to_contain_text(f"speedup {further['speedup']:.2f}× wall")
    expect(page.locator("#lesson")).to_contain_text(f"{MODE}: {further['kernel_count']} kernel")
    # the further mode's kernels are in the table, and open in the panel with their code
    row = page.locator(f"tr[data-kernel^='{FURTHER}:']").first
    expect(row).to_be_visible()
    row.click()
    expect(page.locator("#kernel-detail")).to_contain_text(f"{FURTHER} #")


def test_a_compiled_kernel_lists_the_round_trips_it_keeps_and_why(
    page: Any, server: Server
) -> None:
    with Store.open(server.data_dir) as store:
        run_id = import_bundle(store, MLP_BIAS_GELU)
    page.goto(f"/r/{run_id}")
    page.locator("tr[data-kernel='compiled:0']").click()  # mm: writes x @ w, kept
    detail = page.locator("#kernel-detail")
    expect(detail).to_contain_text("Round trips it keeps in memory")
    (item,) = detail.locator(".kernel-why li").all()
    expect(item).to_have_attribute("data-kind", "library_call")
    expect(item).to_contain_text("x @ w · writes it · 64 MiB round trip · library call")
    expect(item).to_contain_text("mm runs as a library call (cuBLAS)")
    page.locator("tr[data-kernel='eager:0']").click()  # eager kernels list none
    expect(detail).to_contain_text("eager #0")
    expect(detail.locator(".kernel-why")).to_have_count(0)


H200_MODES = Path(__file__).resolve().parents[1] / "data" / "h200_mode_bundles"
TRAFFIC_TITLES = """() => document.getElementById('traffic').layout.annotations
  .map(a => a.text).filter(t => t.includes('kernel'))"""


def test_the_traffic_picture_switches_mode_and_the_checked_hint_shows(
    page: Any, server: Server
) -> None:
    # gemm_epilogue on the H200 with default and max-autotune (max-autotune kept cuBLAS)
    with Store.open(server.data_dir) as store:
        run_id = import_bundle(store, H200_MODES / "gemm_epilogue_two_modes")
    page.goto(f"/r/{run_id}")
    traffic = page.locator("#traffic")
    page.locator("#traffic[data-drawn='compiled']").wait_for()
    choices = page.locator("#traffic-modes button")
    expect(choices).to_have_count(2)
    expect(choices.nth(0)).to_have_attribute("aria-pressed", "true")
    assert page.evaluate(TRAFFIC_TITLES)[1].startswith("<b>compiled</b>")

    choices.nth(1).click()
    page.locator(f"#traffic[data-drawn='{FURTHER}']").wait_for()
    expect(choices.nth(1)).to_have_attribute("aria-pressed", "true")
    expect(choices.nth(0)).to_have_attribute("aria-pressed", "false")
    assert page.evaluate(TRAFFIC_TITLES)[1].startswith(f"<b>compiled ({MODE})</b>")
    assert traffic.is_visible()

    # the hint names max-autotune; the run ran it too, and the card says what it did
    why = page.locator("#why-card")
    expect(why.locator(".hint-checked")).to_contain_text(
        f"Checked in this run: with {MODE} it stays"
    )
    expect(why.get_by_role("button", name=f"Try it: rerun with {MODE}")).to_have_count(0)


def test_a_run_of_one_mode_has_no_mode_buttons(page: Any, server: Server) -> None:
    with Store.open(server.data_dir) as store:
        run_id = import_bundle(store, MLP_BIAS_GELU)
    page.goto(f"/r/{run_id}")
    page.locator("#traffic[data-drawn='compiled']").wait_for()
    expect(page.locator("#traffic-modes")).to_be_hidden()
