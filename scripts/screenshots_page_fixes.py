"""Screenshots of the page fixes (noise note and verdicts, named round trips, rates from
believed times, History at 390 px, the Suites list), from any checkout, for docs/screenshots/.

    python -m scripts.screenshots_page_fixes --checkout /tmp/ks-before --label before
    python -m scripts.screenshots_page_fixes --checkout . --label after

Like scripts/screenshots_round_trips.py: stores this tree's recorded bundles with the
checkout's own scripts/import_bundles.py into a fresh data directory, serves it from the
checkout with no worker and shoots parts of pages through Debian's Chromium with
Playwright. With `--suites` (after only: the page did not exist before) the runs are also
grouped into a stored suite and the Suites list is shot.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from scripts.screenshots import CHROMIUM, CHROMIUM_ARGS, settle
from scripts.screenshots_round_trips import shoot_parts
from tests.browser.live import serve

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
VIEWPORT = {"width": 1200, "height": 900}
PHONE = {"width": 390, "height": 844}

BUNDLES = {
    "busy": DATA / "cpu_bundles" / "add_relu_busy",
    "gelu": DATA / "h200_bundles" / "gelu_chain",
    "add_relu": DATA / "h200_bundles" / "add_relu",
    "softmax": DATA / "cpu_bundles" / "softmax_by_hand",
}

IMPORT = """
import json, sys
from pathlib import Path
from backend.store.repository import Store
from scripts.import_bundles import import_bundle
data_dir, runs, suite = Path(sys.argv[1]), json.loads(sys.argv[2]), sys.argv[3] == "1"
with Store.open(data_dir) as store:
    ids = {name: import_bundle(store, Path(folder)) for name, folder in runs.items()}
    if suite:
        from backend.store.db import write_session
        from backend.store.models import Run
        from backend.store.suites import create_suite
        suite_id = create_suite(store, title="recorded examples", compile_mode="default",
                                device_kind="cpu")
        with write_session(store.engine) as session:
            for name in ("busy", "softmax"):
                run = session.get(Run, ids[name])
                run.suite_id, run.problem = suite_id, name
print(json.dumps(ids))
"""


def screenshots(base: str, ids: dict[str, str], out: Path, label: str, suites: bool) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_context(viewport=VIEWPORT, base_url=base).new_page()

        page.goto(f"/r/{ids['busy']}")
        settle(page, "#roofline .main-svg")
        shoot_parts(page, ["#summary"], out / f"cpu-add_relu_busy-headline-{label}.png")
        shoot_parts(page, ["#roofline-card"], out / f"cpu-add_relu_busy-roofline-{label}.png")

        page.goto(f"/r/{ids['gelu']}")
        settle(page, "#traffic .main-svg")
        shoot_parts(page, ["#traffic-card"], out / f"h200-gelu_chain-traffic-{label}.png")

        phone = browser.new_context(viewport=PHONE, base_url=base, is_mobile=True).new_page()
        phone.goto("/runs")
        settle(phone, "#runs tr, #runs li, #runs .run")
        phone.screenshot(path=str(out / f"history-390-{label}.png"))
        print(out / f"history-390-{label}.png")

        if suites:
            page.goto("/suites")
            settle(page, "#suites tr[data-suite]")
            clip = {"x": 0, "y": 0, "width": VIEWPORT["width"], "height": 320}
            page.screenshot(path=str(out / "suites-list-after.png"), clip=clip)
            print(out / "suites-list-after.png")
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkout", type=Path, required=True)
    parser.add_argument("--label", required=True, help="before or after: the files' suffix")
    parser.add_argument("--suites", action="store_true", help="store a suite, shoot /suites")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    checkout, out = args.checkout.resolve(), args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    runs = {name: str(folder) for name, folder in BUNDLES.items()}
    with tempfile.TemporaryDirectory(prefix="ks-shots-") as tmp:
        data_dir = Path(tmp) / "data"
        env = {**os.environ, "PYTHONPATH": str(checkout)}
        made = subprocess.run(
            [
                sys.executable,
                "-c",
                IMPORT,
                str(data_dir),
                json.dumps(runs),
                "1" if args.suites else "0",
            ],
            cwd=checkout,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
        ids = json.loads(made.stdout.strip().splitlines()[-1])
        cli = [sys.executable, "-c", "import sys; from backend.cli import main; sys.exit(main())"]
        # no worker: the runs are shown as stored, and no spare interpreters are warmed
        with serve(data_dir, workers=0, program=cli, cwd=checkout, environ=env) as server:
            screenshots(server.url, ids, out, args.label, args.suites)


if __name__ == "__main__":
    main()
