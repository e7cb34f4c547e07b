"""The new-run page offers only what its server can do: measuring DRAM bytes (Nsight
Compute) needs a GPU, so a CPU-only server does not offer it, and where it is offered it
stands on a line of its own, apart from the compile-mode choices."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def _settled(page: Any) -> None:
    """The page has asked the server what it needs (examples, device kinds) and acted."""
    page.goto("/")
    page.locator("[data-example=add_relu]").wait_for()
    page.wait_for_load_state("networkidle")


def test_a_cpu_only_server_does_not_offer_dram_bytes(page: Any) -> None:
    _settled(page)
    assert page.locator("#compile-mode").is_visible()
    assert not page.locator("#measure-dram").is_visible()
    assert "ncu" not in page.locator("#run-form").inner_text()


def test_with_a_gpu_kind_the_measurement_sits_apart_from_the_compile_modes(page: Any) -> None:
    gpu = {"device_kind": "h100", "waiting": 0, "dispatched": 0, "running": 0}
    page.route(
        "**/api/queue",
        lambda route: route.fulfill(
            content_type="application/json", body=json.dumps([gpu | {"workers": 1, "gpu": True}])
        ),
    )
    _settled(page)
    measure = page.locator("#measure-dram")
    measure.wait_for(state="visible")
    modes = page.locator("#also-modes").bounding_box()
    assert page.locator("#measure-options").bounding_box()["y"] >= modes["y"] + modes["height"]
    assert page.locator("#measure-options legend").inner_text() == "Measure"
    measure.check()
    page.route("**/api/runs", lambda route: route.abort())  # what is sent, not a real run
    with page.expect_request("**/api/runs") as sent:
        page.locator("#run").click()
    assert sent.value.post_data_json["measure"] == ["dram"]
