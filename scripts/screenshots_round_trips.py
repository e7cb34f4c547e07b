"""Screenshots of round trips on both sides and of timelines drawn to the timed calls,
from any checkout, for docs/screenshots/.

    python -m scripts.screenshots_round_trips --checkout /tmp/ks-before --label before
    python -m scripts.screenshots_round_trips --checkout . --label after

Like scripts/screenshots.py: starts `kernelscope serve` from the checkout on a fresh data
directory (no worker runs anything), stores recorded bundles with that checkout's own
scripts/import_bundles.py (its analysis, its store), and saves PNGs of parts of the run
page through Debian's Chromium with Playwright. The bundles are this tree's: H200 ones from
tests/data/h200_bundles, CPU ones recorded on the busy 2-core dev machine from
tests/data/cpu_bundles, so both checkouts draw the same runs.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from scripts.screenshots import CHROMIUM, CHROMIUM_ARGS, free_port, settle, start_server

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
VIEWPORT = {"width": 1200, "height": 900}

# name -> (bundle folder, the run page's parts to shoot)
RUNS = {
    "cpu-kernelbench_style": (
        DATA / "cpu_bundles" / "kernelbench_style",
        ["#summary", "#why-card"],
    ),
    "cpu-add_relu_busy": (DATA / "cpu_bundles" / "add_relu_busy", ["#timeline-card"]),
    "h200-kernelbench_style": (DATA / "h200_bundles" / "kernelbench_style", ["#summary"]),
    "h200-many_small_ops": (DATA / "h200_bundles" / "many_small_ops", ["#traffic-card"]),
}

IMPORT = """
import json, sys
from pathlib import Path
from backend.store.repository import Store
from scripts.import_bundles import import_bundle
data_dir, runs = Path(sys.argv[1]), json.loads(sys.argv[2])
with Store.open(data_dir) as store:
    print(json.dumps({name: import_bundle(store, Path(folder)) for name, folder in runs.items()}))
"""


def shoot_parts(page: Any, selectors: list[str], path: Path) -> None:
    """One image of the given parts of the page, from the first one's top to the last
    one's bottom."""
    boxes = [page.locator(selector).bounding_box() for selector in selectors]
    scroll = page.evaluate("window.scrollY")
    top = min(b["y"] for b in boxes) + scroll
    bottom = max(b["y"] + b["height"] for b in boxes) + scroll
    clip = {"x": 0, "y": top - 8, "width": VIEWPORT["width"], "height": bottom - top + 16}
    page.screenshot(path=str(path), clip=clip, full_page=True)
    print(f"{path} ({path.stat().st_size // 1024} KiB)")


def screenshots(base: str, ids: dict[str, str], out: Path, label: str) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_context(viewport=VIEWPORT, base_url=base).new_page()
        for name, (_, selectors) in RUNS.items():
            page.goto(f"/r/{ids[name]}")
            settle(page, "#traffic .main-svg")
            page.locator("#timeline .main-svg").first.wait_for(timeout=30_000)
            shoot_parts(page, selectors, out / f"{name}-{label}.png")
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkout", type=Path, required=True)
    parser.add_argument("--label", required=True, help="before or after: the files' suffix")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    checkout, out = args.checkout.resolve(), args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    runs = {name: str(folder) for name, (folder, _) in RUNS.items()}
    with tempfile.TemporaryDirectory(prefix="ks-shots-") as tmp:
        data_dir = Path(tmp) / "data"
        env = {**os.environ, "PYTHONPATH": str(checkout)}
        made = subprocess.run(
            [sys.executable, "-c", IMPORT, str(data_dir), json.dumps(runs)],
            cwd=checkout,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
        ids = json.loads(made.stdout.strip().splitlines()[-1])
        port = free_port()
        server = start_server(checkout, data_dir, port)
        try:
            screenshots(f"http://127.0.0.1:{port}", ids, out, args.label)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
