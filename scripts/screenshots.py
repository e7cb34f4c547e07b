"""Screenshots of the run, compare and history pages, from any checkout, for docs/screenshots/.

    python scripts/screenshots.py --checkout /tmp/ks-before --label before
    python scripts/screenshots.py --checkout . --label after

Starts `kernelscope serve` from the checkout (its own code, on a fresh data directory,
no worker runs anything), imports the recorded H200 bundles with that checkout's
scripts/import_bundles.py (a fork where its store knows forks), and saves PNGs through
Debian's Chromium with Playwright: <name>-<label>.png in --out. The checkout needs its
frontend/dist (copy it from a built tree when it has none).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
BUNDLES = ROOT / "tests" / "data" / "h200_bundles"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}

# Runs as the checkout's own code: its import_bundle, with forks where it has them.
IMPORT = """
import json, sys
from pathlib import Path
from backend.store.repository import Store
from scripts.import_bundles import import_bundle
data_dir, bundles = Path(sys.argv[1]), Path(sys.argv[2])
ids = {}
with Store.open(data_dir) as store:
    for name in ["add_relu", "graph_break", "many_small_ops", "softmax_residual"]:
        ids[name] = import_bundle(store, bundles / name)
    try:
        ids["fork"] = import_bundle(store, bundles / "add_relu", forked_from=ids["add_relu"])
    except TypeError:  # before forks: a second run of the same snippet
        ids["fork"] = import_bundle(store, bundles / "add_relu")
print(json.dumps(ids))
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(checkout: Path, data_dir: Path, port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "import sys; from backend.cli import main; sys.exit(main())"]
    command += ["serve", "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data_dir)]
    command += ["--device", "cpu", "--workers", "1"]
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    log = (data_dir.parent / "server.log").open("wb")
    process = subprocess.Popen(
        command, cwd=checkout, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/runs", timeout=2)
            return process
        except OSError:
            time.sleep(0.5)
    os.killpg(process.pid, signal.SIGTERM)
    raise SystemExit(f"the server did not start: see {data_dir.parent / 'server.log'}")


def settle(page: Any, selector: str | None = None) -> None:
    page.wait_for_load_state("networkidle")
    if selector:
        page.locator(selector).first.wait_for(timeout=30_000)
    page.wait_for_timeout(1500)  # Plotly's transitions and fonts


def shoot(page: Any, path: Path, clip: dict[str, float] | None = None) -> None:
    page.screenshot(path=str(path), clip=clip, full_page=clip is not None)
    print(f"{path} ({path.stat().st_size // 1024} KiB)")


def screenshots(base: str, ids: dict[str, str], out: Path, label: str) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        desktop = browser.new_context(viewport=DESKTOP, base_url=base)
        page = desktop.new_page()
        for name, run in [("run-add_relu", "add_relu"), ("run-graph_break", "graph_break")]:
            page.goto(f"/r/{ids[run]}")
            settle(page, "#traffic .main-svg")
            shoot(page, out / f"{name}-{label}.png")

        page.goto(f"/r/{ids['many_small_ops']}")
        settle(page, "#kernels tbody tr")
        top = page.locator("#kernels-card").bounding_box()["y"] + page.evaluate("window.scrollY")
        shoot(page, out / f"run-many_small_ops-{label}.png", {"x": 0, "y": top, **DESKTOP})

        page.goto(f"/compare/{ids['add_relu']}/{ids['fork']}")
        settle(page, "#deltas, .card")
        shoot(page, out / f"compare-fork-{label}.png")

        phone = browser.new_context(viewport=PHONE, base_url=base).new_page()
        phone.goto("/runs")
        settle(phone, "#runs tr")
        shoot(phone, out / f"history-phone-{label}.png")

        phone.goto(f"/r/{ids['softmax_residual']}")
        settle(phone, "#traffic .main-svg")
        phone.locator("#traffic-card").scroll_into_view_if_needed()
        phone.wait_for_timeout(500)
        shoot(phone, out / f"traffic-phone-{label}.png")
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkout", type=Path, required=True)
    parser.add_argument("--label", required=True, help="before or after: the files' suffix")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    checkout, out = args.checkout.resolve(), args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="ks-shots-") as tmp:
        data_dir = Path(tmp) / "data"
        env = {**os.environ, "PYTHONPATH": str(checkout)}
        made = subprocess.run(
            [sys.executable, "-c", IMPORT, str(data_dir), str(BUNDLES)],
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
