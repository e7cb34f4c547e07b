"""Text first: on a cold visit, how long a run page's reader waits for its headline, against
how long plotly.js (4.8 MB) takes to arrive and the first figure to be drawn.

Serves one small synthetic run (bench/_common.py) with `kernelscope serve --workers 0`
and opens /r/<id> in headless Chromium, each load in a fresh context (an empty browser
cache: a first visit), over two networks: this machine's loopback as it is, and one
throttled by Chromium to 20 Mbit/s with 40 ms latency (a dashboard on another host).

Printed per network, medians of LOADS loads, in seconds from navigation start:
- html: the page's HTML received;
- headline: the first stat of the headline in the page (target: within 1 s of the html);
- plotly: plotly.js executed (its script's load event), and the bytes it took on the wire;
- figure: the timeline drawn (`#timeline[data-ready=true]`);
and the ratios headline / plotly and headline / figure (under 1: the reader had the text
before the figures). Run it before and after a change on the same machine to compare.
Never asserts a timing.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from _common import load_note, median, serve, synthetic_result
from playwright.sync_api import Browser, sync_playwright

from backend.store.repository import Store

KERNELS = 400  # a small run: the page's own data is quick, the library is what is slow
LOADS = 3
TARGET_AFTER_HTML_S = 1.0
TIMEOUT_MS = 300_000
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"]
NETWORKS: dict[str, dict[str, float] | None] = {
    "loopback": None,
    "20 Mbit/s, 40 ms": {
        "latency": 40,
        "downloadThroughput": 20e6 / 8,
        "uploadThroughput": 5e6 / 8,
    },
}
# Runs before the page's scripts: when the headline first holds a stat, and when plotly.js
# finished executing (a script's load event does not bubble: listen in the capture phase).
INIT_SCRIPT = """
window.__bench = { headlineAt: null, plotlyAt: null, figureAt: null };
document.addEventListener("load", (event) => {
  if (event.target.src?.includes("plotly")) window.__bench.plotlyAt = performance.now();
}, true);
new MutationObserver(() => {
  const b = window.__bench, now = performance.now();
  if (b.headlineAt === null && document.querySelector("#headline .stat")) b.headlineAt = now;
  if (b.figureAt === null && document.querySelector("#timeline[data-ready=true]")) b.figureAt = now;
}).observe(document, { subtree: true, childList: true, attributes: true });
"""
TIMES_JS = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const plotly = performance.getEntriesByType("resource").find((e) => e.name.includes("plotly"));
  return { ...window.__bench, htmlAt: nav.responseEnd,
           plotlyWire: plotly.transferSize, plotlyBytes: plotly.decodedBodySize };
}"""
DONE_JS = (
    "() => window.__bench && window.__bench.figureAt !== null && window.__bench.plotlyAt !== null"
)


def store_run(data_dir: Path) -> str:
    with Store.open(data_dir) as store:
        result = synthetic_result("textfirst", KERNELS)
        store.save_result(result, "# synthetic\n", [])
        return result.id


def cold_load(browser: Browser, url: str, network: dict[str, float] | None) -> dict[str, Any]:
    # bypass_csp: the page's policy forbids eval, which wait_for_function uses
    context = browser.new_context(viewport={"width": 1400, "height": 900}, bypass_csp=True)
    context.add_init_script(INIT_SCRIPT)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    if network is not None:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {"offline": False, **network})
    page.goto(url, wait_until="commit")
    page.wait_for_function(DONE_JS, polling=50)
    times: dict[str, Any] = page.evaluate(TIMES_JS)
    context.close()
    return times


def report(name: str, loads: list[dict[str, Any]]) -> None:
    def at(key: str) -> float:
        return median([load[key] / 1000 for load in loads])

    html, headline, plotly, figure = at("htmlAt"), at("headlineAt"), at("plotlyAt"), at("figureAt")
    wire, size = loads[0]["plotlyWire"], loads[0]["plotlyBytes"]
    verdict = "meets" if headline - html <= TARGET_AFTER_HTML_S else "MISSES"
    print(f"{name}: medians of {len(loads)} cold loads")
    print(
        f"  html {html:.2f} s, headline {headline:.2f} s ({headline - html:.2f} s after the "
        f"html; target <= {TARGET_AFTER_HTML_S:.0f} s: {verdict})"
    )
    print(
        f"  plotly.js {plotly:.2f} s ({wire / 1e6:.2f} MB on the wire for {size / 1e6:.2f} MB, "
        f"{wire / size:.2f}x), timeline drawn {figure:.2f} s"
    )
    print(
        f"  ratios: headline / plotly {headline / plotly:.2f}, headline / figure "
        f"{headline / figure:.2f} (under 1: the text came first)"
    )


def main() -> None:
    print(load_note())
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp) / "data"
        run_id = store_run(data_dir)
        with (
            serve(data_dir, workers=0, log=Path(tmp) / "serve.log") as base,
            sync_playwright() as pw,
        ):
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print(f"Chromium {browser.version}, {base}/r/{run_id} ({KERNELS} kernels)")
            for name, network in NETWORKS.items():
                try:
                    report(
                        name,
                        [cold_load(browser, f"{base}/r/{run_id}", network) for _ in range(LOADS)],
                    )
                except Exception as exc:  # a benchmark reports, it does not fail
                    print(f"{name}: gave up: {type(exc).__name__}: {exc}".splitlines()[0])
            browser.close()


if __name__ == "__main__":
    main()
