"""Screenshots of the run page at model scale for docs/screenshots/: the tiny
two-block GPT-2 (tests/data/models/gpt2_tiny.py) and its training step (gpt2_train.py),
run for real on this machine's CPU by a local server.

    python scripts/screenshots_models.py                       # serves, runs both (~3 min)
    python scripts/screenshots_models.py --url http://127.0.0.1:8765 --runs ID_INFER ID_TRAIN

Per model: what a person sees at 1280x800 without scrolling (summary and folded tree),
then the traffic picture and the timeline (coloured by module) of the second block, picked
in the tree.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.live import Server, launch_chromium, serve  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
MODELS = {"gpt2": "gpt2_tiny.py", "gpt2-train": "gpt2_train.py"}
VIEWPORT = {"width": 1280, "height": 800}
BLOCKS = "model.transformer.h"
PAINTED_JS = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def run_models(server: Server) -> list[str]:
    ids = []
    for name, file in MODELS.items():
        code = (ROOT / "tests" / "data" / "models" / file).read_text()
        ids.append(server.submit(code, title=f"{name} (tiny, 2 blocks)"))
    for run_id in ids:
        assert server.wait_finished(run_id, timeout_s=600)["status"] == "succeeded", run_id
    return ids


def shoot(page: Any, name: str, run_id: str) -> None:
    page.goto(f"/r/{run_id}")
    page.locator(f"#timeline[data-module='{BLOCKS}.0']").wait_for()
    page.locator(f"#traffic[data-module='{BLOCKS}.0']").wait_for()
    page.evaluate(PAINTED_JS)
    page.screenshot(path=OUT / f"{name}-model-fold.png")
    folded = page.locator(f"#module-tree li[data-path='{BLOCKS}.0']")
    folded.get_by_role("button", name="list each").click()
    page.locator(f"#module-tree li[data-path='{BLOCKS}.1'] .tree-pick").click()
    page.locator(f"#timeline[data-module='{BLOCKS}.1']").wait_for()
    page.locator(f"#traffic[data-module='{BLOCKS}.1']").wait_for()
    page.evaluate(PAINTED_JS)
    # the timeline coloured by the module each kernel ran in (the block's children)
    page.locator("#timeline-colours").get_by_role("button", name="module").click()
    page.locator("#timeline[data-colour='module']").wait_for()
    page.evaluate(PAINTED_JS)
    for card in ("traffic-card", "timeline-card", *(["why-card"] if name == "gpt2" else [])):
        page.locator(f"#{card}").screenshot(path=OUT / f"{name}-model-{card}.png")
    print(f"  {name}: docs/screenshots/{name}-model-*.png")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--runs", nargs=2, help="its finished GPT-2 and training runs")
    args = parser.parse_args()
    with ExitStack() as stack:
        if args.url:
            server = Server(args.url, Path(), Path())
        else:
            data = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            server = stack.enter_context(serve(data / "data"))
        ids = args.runs or run_models(server)
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            page = browser.new_page(viewport=VIEWPORT, base_url=server.url)
            page.set_default_timeout(60_000)
            for name, run_id in zip(MODELS, ids, strict=True):
                shoot(page, name, run_id)
            browser.close()


if __name__ == "__main__":
    main()
