"""the memory-traffic figure's labels on a phone (390x844), as Chromium draws
them. The labels are fitted on the server for the narrowest width the page draws the
figure (tests/figures/test_phone_labels.py checks the estimates); here the rendered label
elements' boxes are read back: none overlaps another, none is cut mid-word, and the page
itself never scrolls sideways (the figure scrolls inside its card).

Before the label fitting, layernorm_residual's eager labels overlapped at this width.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from backend.store.repository import Store
from scripts.import_bundles import import_bundle
from tests.browser.live import Server
from tests.browser.pages import BrowserSession

pytestmark = [pytest.mark.slow, pytest.mark.browser]
BUNDLES = Path(__file__).resolve().parents[1] / "data" / "h200_bundles"
PHONE = {"width": 390, "height": 844}
EXAMPLES = ["layernorm_residual", "softmax_residual", "graph_break", "mlp_bias_gelu"]

LABEL_BOXES = """(div) => [...div.querySelectorAll('.textpoint text')]
  .filter((t) => t.textContent.trim())
  .map((t) => { const r = t.getBoundingClientRect();
    return {text: t.textContent, x0: r.left, x1: r.right, y0: r.top, y1: r.bottom}; })"""


@pytest.fixture(scope="module")
def imported_runs(server: Server) -> dict[str, str]:
    with Store.open(server.data_dir) as store:
        return {name: import_bundle(store, BUNDLES / name) for name in EXAMPLES}


def overlap(a: dict[str, Any], b: dict[str, Any], slack: float = 0.5) -> bool:
    return bool(
        a["x0"] + slack < b["x1"]
        and b["x0"] + slack < a["x1"]
        and a["y0"] + slack < b["y1"]
        and b["y0"] + slack < a["y1"]
    )


@pytest.mark.parametrize("example", EXAMPLES)
def test_traffic_labels_do_not_overlap_on_a_phone(
    session: BrowserSession, imported_runs: dict[str, str], example: str
) -> None:
    page = session.new_page(viewport=PHONE)
    page.goto(f"/r/{imported_runs[example]}")
    figure = page.locator("#traffic")
    figure.locator(".main-svg").first.wait_for()
    figure.locator(".textpoint text").first.wait_for()
    labels = page.evaluate(LABEL_BOXES, figure.element_handle())
    assert len(labels) >= 6, labels  # kernels, transfers, blocks and ghosts are labelled
    clashes = [
        (a["text"], b["text"]) for a, b in itertools.combinations(labels, 2) if overlap(a, b)
    ]
    assert clashes == [], f"{example}: labels overlap at {PHONE['width']} px"
    assert not [label["text"] for label in labels if label["text"].rstrip().endswith("…")]

    # the figure scrolls inside its card; the page does not scroll sideways
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert figure.bounding_box()["width"] >= 720
