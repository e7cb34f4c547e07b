"""Screenshots of stored runs' cards, from a data directory brought back from a GPU host
(scripts/gpu_validate.sh tars one), for docs/screenshots/.

    python scripts/shoot_runs.py --data-dir DIR --out docs/screenshots \\
        RUN_ID=name[:card,card...] ...

Serves DIR with `kernelscope serve --workers 0` (nothing runs; the runs are shown as they
were stored) and saves <name>-<card>.png for each card (default: roofline) through Debian's
Chromium. Cards: roofline, why, timeline, traffic, headline.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.live import launch_chromium, serve  # noqa: E402

CARDS = {  # card -> (the element to shoot, the JS condition that says it is drawn)
    "roofline": ("#roofline-card", "document.getElementById('roofline')?.data"),
    "why": ("#why-card", "document.getElementById('why-card')?.dataset.ready"),
    "timeline": ("#timeline", "document.getElementById('timeline')?.data"),
    "traffic": ("#traffic", "document.getElementById('traffic')?.data"),
    "headline": ("#headline", "document.getElementById('headline')?.textContent"),
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("shots", nargs="+", help="RUN_ID=name[:card,card...]")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with serve(args.data_dir, workers=0) as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_default_timeout(30_000)
        for shot in args.shots:
            run_id, _, rest = shot.partition("=")
            name, _, cards = rest.partition(":")
            page.goto(f"{server.url}/r/{run_id}")
            for card in (cards or "roofline").split(","):
                selector, drawn = CARDS[card]
                page.wait_for_function(f"() => Boolean({drawn})")
                page.wait_for_timeout(300)  # Plotly's transitions
                target = args.out / f"{name}-{card}.png"
                page.locator(selector).screenshot(path=str(target))
                print(target)
        browser.close()


if __name__ == "__main__":
    main()
