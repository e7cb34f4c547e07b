"""The run page by keyboard: the first kernel row was 24 Tab presses away. A skip link
("Skip to kernels") is the first stop, ↑/↓ move between kernel rows, Enter opens the
kernel as a click does, and "?" lists the keys."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.pages import LiveRun

pytestmark = [pytest.mark.slow, pytest.mark.browser]

FOCUSED = "document.activeElement.dataset.kernel || document.activeElement.id || ''"


def _open(page: Any, run: LiveRun) -> list[str]:
    """The run's page with its kernel table drawn; the rows' keys in the order shown."""
    page.goto(f"/r/{run.id}")
    rows = page.locator("#kernels tr[data-kernel]")
    rows.first.wait_for()
    keys: list[str] = rows.evaluate_all("(rows) => rows.map((row) => row.dataset.kernel)")
    return keys


def _tabs_to_a_kernel_row(page: Any, limit: int = 40) -> int:
    """Tab presses (Enter on the skip link on the way) until a kernel row has focus."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED) == "skip-kernels":
            page.keyboard.press("Enter")
        if page.evaluate("Boolean(document.activeElement.dataset.kernel)"):
            return presses
    return limit + 1


def test_one_tab_and_the_skip_link_reach_the_first_kernel_row(
    page: Any, add_relu_run: LiveRun
) -> None:
    keys = _open(page, add_relu_run)
    assert _tabs_to_a_kernel_row(page) == 1
    assert page.evaluate(FOCUSED) == keys[0]


def test_arrows_move_between_kernel_rows_and_enter_opens_one(
    page: Any, add_relu_run: LiveRun
) -> None:
    keys = _open(page, add_relu_run)
    assert len(keys) >= 3  # add+relu: two eager kernels, one compiled
    page.locator(f"#kernels tr[data-kernel='{keys[0]}']").focus()
    page.keyboard.press("ArrowUp")  # the first row stays, the page does not scroll away
    assert page.evaluate(FOCUSED) == keys[0]
    for key in keys[1:]:
        page.keyboard.press("ArrowDown")
        assert page.evaluate(FOCUSED) == key
    page.keyboard.press("ArrowUp")
    assert page.evaluate(FOCUSED) == keys[-2]
    name = page.locator(f"#kernels tr[data-kernel='{keys[-2]}'] td").nth(2).inner_text()
    page.keyboard.press("Enter")
    page.locator("#kernel-detail h3", has_text=name).wait_for()


def test_question_mark_shows_the_keys_and_escape_hides_them(
    page: Any, add_relu_run: LiveRun
) -> None:
    _open(page, add_relu_run)
    help_box = page.locator("#shortcuts")
    page.locator("#compare-id").press("?")  # typed into a field, it is text
    assert not help_box.is_visible()
    page.locator("#run-title").click()
    page.keyboard.press("?")
    assert help_box.is_visible()
    assert "↑" in help_box.inner_text() and "Skip to kernels" in help_box.inner_text()
    page.keyboard.press("Escape")
    assert not help_box.is_visible()
