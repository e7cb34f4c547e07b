"""Screenshots of the dashboard for docs/screenshots/, taken with Debian's Chromium.

    .venv/bin/python scripts/take_screenshots.py [--url http://127.0.0.1:8000] [--no-sweep]

Without --url it starts `kernelscope serve` on a free port with a throwaway data directory
(and stops it at the end). It submits add+relu through the New run page (catching the
progress view on the way), a sweep of add+relu at sizes 1e4, 1e5, 1e6 and one failing
snippet through the API, waits for them, and saves:

    new-run.png  progress.png  run.png  traffic.png  timeline.png  sweep.png
    compare.png  history.png  failure.png  run-phone.png

About two minutes on a 2-core CPU (each add+relu run takes ~20-25 s there).
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
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
RUN_TIMEOUT_MS = 240_000
SWEEP_SIZES = [10_000, 100_000, 1_000_000]
FAILING = """import torch


def fn(x, w):
    # (64, 32) @ (64, 32): the inner sizes do not line up
    return torch.relu(x @ w)


def inputs():
    return torch.randn(64, 32, device=device), torch.randn(64, 32, device=device)
"""

# Wait until the browser has painted: two animation frames.
PAINTED_JS = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def settle(page: Any) -> None:
    """Scroll top to bottom and back: CodeMirror measures its lines (and lines up the gutter)
    only once scrolled into view, so a full-page shot taken cold shows misaligned numbers."""
    height = page.evaluate("document.documentElement.scrollHeight")
    step = max(200, page.viewport_size["height"] // 2)
    for y in range(0, height + step, step):
        page.evaluate(f"window.scrollTo(0, {y})")
        page.evaluate(PAINTED_JS)
    page.evaluate("window.scrollTo(0, 0)")
    page.evaluate(PAINTED_JS)


def shoot(page: Any, name: str, *, full: bool = True, element: str | None = None) -> None:
    path = OUT / name
    if element:
        page.locator(element).scroll_into_view_if_needed()
        page.evaluate(PAINTED_JS)
        page.locator(element).screenshot(path=path)
    else:
        if full:
            settle(page)
        page.screenshot(path=path, full_page=full)
    print(f"  {path.relative_to(ROOT)}")


def wait_result(page: Any) -> None:
    """A finished run page with its figures drawn."""
    page.locator("#summary").wait_for(timeout=RUN_TIMEOUT_MS)
    page.locator("#timeline[data-ready=true]").wait_for()
    page.locator("#traffic .main-svg").first.wait_for()
    page.locator("#kernels table").wait_for()


def take(server: Server, with_sweep: bool) -> None:
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        desktop = browser.new_context(viewport=DESKTOP, base_url=server.url)
        desktop.set_default_timeout(30_000)
        page = desktop.new_page()

        print("new run page, then add+relu through it")
        page.goto("/")
        page.locator("[data-example=add_relu]").click()
        page.locator("#title").fill("add + relu")
        page.locator("#title").blur()
        shoot(page, "new-run.png", full=False)
        page.locator("#run").click()
        page.wait_for_url("**/r/*")
        run_id = page.url.rsplit("/", 1)[1]

        # Queue the rest behind it now, so the worker never idles.
        sweep_ids: list[str] = []
        if with_sweep:
            code = (ROOT / "examples" / "add_relu.py").read_text()
            status, created = server.request(
                "POST",
                "/api/runs",
                {"code": code, "title": "add + relu sweep", "sizes": SWEEP_SIZES},
            )
            assert status == 202, created
            sweep_ids = created["ids"]
        failed_id = server.submit(FAILING, title="shape mismatch")

        page.locator("#steps li.current", has_text="compiling").wait_for(timeout=RUN_TIMEOUT_MS)
        shoot(page, "progress.png", full=False)

        print(f"run {run_id}")
        wait_result(page)
        shoot(page, "run.png")
        shoot(page, "traffic.png", element="#traffic-card")
        shoot(page, "timeline.png", element="#timeline-card")

        phone = browser.new_context(viewport=PHONE, base_url=server.url, device_scale_factor=2)
        phone_page = phone.new_page()
        phone_page.goto(f"/r/{run_id}")
        wait_result(phone_page)
        shoot(phone_page, "run-phone.png")
        phone.close()

        print(f"failed run {failed_id}")
        server.wait_finished(failed_id)
        page.goto(f"/r/{failed_id}")
        page.locator("#failure").wait_for()
        shoot(page, "failure.png")

        if sweep_ids:
            print(f"sweep {', '.join(sweep_ids)}")
            for sweep_id in sweep_ids:
                server.wait_finished(sweep_id, timeout_s=RUN_TIMEOUT_MS / 1000)
            page.goto(f"/r/{sweep_ids[-1]}")
            wait_result(page)
            page.locator("#sweep .main-svg").first.wait_for()
            shoot(page, "sweep.png", element="#sweep-card")
            page.goto(f"/compare/{sweep_ids[0]}/{sweep_ids[-1]}")
        else:
            page.goto(f"/compare/{failed_id}/{run_id}")
        page.locator("#diff-card").wait_for()
        page.locator("#ctimeline .main-svg").first.wait_for()
        shoot(page, "compare.png")

        page.goto("/runs")
        page.locator("#runs table").wait_for()
        shoot(page, "history.png")

        desktop.close()
        browser.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="use this running server instead of starting one")
    parser.add_argument("--no-sweep", action="store_true", help="skip the 3-size sweep")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    with ExitStack() as stack:
        if args.url:
            server = Server(args.url.rstrip("/"), Path(), Path())
        else:
            tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="ks-shots-")))
            server = stack.enter_context(serve(tmp / "data"))
            print(f"server {server.url} (data in {server.data_dir})")
        take(server, with_sweep=not args.no_sweep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
