"""One number, one spelling: the pages' JavaScript and the server's
figures and reports format the same bytes the same way."""

from __future__ import annotations

import pytest

from backend.figures.units import human_bytes
from tests.browser.pages import BrowserSession
from tests.figures.test_units_and_palette import BYTE_TIES

pytestmark = [pytest.mark.slow, pytest.mark.browser]

SAMPLES = [0, 492, 1023, 1024, 4_000_000, 8_000_000, 67_108_864, 1_342_177_280]


def test_the_page_and_the_server_round_bytes_alike(session: BrowserSession) -> None:
    page = session.new_page()
    page.goto("/")
    values = SAMPLES + [count for count, _ in BYTE_TIES]
    shown = page.evaluate(
        "async (values) => { const { bytes } = await import('/static/ui.js');"
        " return values.map((v) => bytes(v)); }",
        values,
    )
    assert shown == [human_bytes(v) for v in values]
    assert shown[len(SAMPLES)] == "3.13 MiB"
