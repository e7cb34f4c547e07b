"""The run page with a very large run: does it still open in time?

Builds synthetic but consistent runs (bench/_common.py) with 20,000 and 200,000 eager
kernels, times `Store.save_result` and `Store.load_result`, then serves them with
`kernelscope serve --workers 0` and measures in headless Chromium:

- page: navigation start of /r/<id> to `#timeline[data-ready=true]` (targets: ready in
  <= 2 s warm and <= 3 s cold, at any size). The first load after the server starts also
  reads the run from SQLite into the server's cache ("cold"); the median is over 3 loads
  after it ("warm"), each in a fresh browser context (an empty browser cache).
- where a warm load goes: the run document (GET /api/runs/<id>), the figure and kernel page
  requests, main-thread long tasks, and in isolation JSON.parse of the document, Plotly
  drawing the timeline, and the kernel table (the page's first 1,000 kernels of each variant).
- the API: the run document, a page of 1,000 kernels, a conditional GET answered 304, the
  traffic figure, and the timeline for the full view and a zoomed window (response time,
  JSON size, bars drawn).
- a zoom: from a relayout to a narrow window until the re-requested figure is drawn.

Prints every number and the target; never asserts a timing.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2
from _common import load_note, median, serve, synthetic_result
from playwright.sync_api import Browser, Page, sync_playwright

from backend.store.repository import Store

SIZES = (20_000, 200_000)
TARGET_READY_S = 2.0
TARGET_COLD_S = 3.0
TARGET_STORE_S = 10.0
KERNEL_PAGE = 1_000  # what the page's kernel table fetches of each variant
WARM_LOADS = 3
API_REPEATS = 5
ZOOM_KERNELS = 200  # the zoomed window holds about this many eager kernels
TIMEOUT_MS = 600_000
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
# Runs before the page's own scripts: note when the timeline first becomes ready, and
# every main-thread task over 50 ms.
INIT_SCRIPT = """
window.__bench = { readyAt: null, longTasks: [] };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__bench.longTasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
document.addEventListener("DOMContentLoaded", () => {
  const div = document.getElementById("timeline");
  new MutationObserver(() => {
    if (div.dataset.ready === "true" && window.__bench.readyAt === null)
      window.__bench.readyAt = performance.now();
  }).observe(div, { attributes: true, attributeFilter: ["data-ready"] });
});
"""
# Resource timings of the API calls the page made, relative to navigation start (ms).
RESOURCES_JS = """(runPath) => performance.getEntriesByType("resource")
  .filter((e) => e.name.includes(runPath))
  .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd,
                 bytes: e.decodedBodySize }))"""
# The same work as the page, one part at a time, on the already loaded page.
ISOLATED_JS = """async ([runPath, widthPx, pageSize]) => {
  const ui = await import("/static/ui.js");
  const text = await (await fetch(runPath, { cache: "no-store" })).text();
  let t = performance.now();
  const run = JSON.parse(text);
  const parseMs = performance.now() - t;
  const figure = await (await fetch(runPath + "/figures/timeline?width_px=" + widthPx)).json();
  const div = document.createElement("div");
  div.style.width = widthPx + "px";
  document.body.append(div);
  t = performance.now();
  await ui.plot(div, figure);
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const plotMs = performance.now() - t;
  window.Plotly.purge(div);
  div.remove();
  // the page's table: same pages, columns, formats and per-row listeners (renderKernels in run.js)
  t = performance.now();
  const pageOf = async (variant) => (await fetch(
    `${runPath}/kernels/${variant}?limit=${pageSize}`, { cache: "no-store" })).json();
  const pages = await Promise.all(["eager", "compiled"].map(pageOf));
  const fetchMs = performance.now() - t;
  const kernelsOf = (variant) => pages.find((page) => page.variant === variant).kernels;
  const rows = ["eager", "compiled"].flatMap((variant) => kernelsOf(variant).map((k) => ({
    variant, index: k.index, name: k.short_name, op: k.op ?? "", kind: k.kind, dur_us: k.dur_us,
    bytes: k.bytes_read + k.bytes_written, lines: k.lines.join(", "),
    bandwidth: k.dur_us > 0 ? (k.bytes_read + k.bytes_written) / (k.dur_us * 1e3) : null })));
  const columns = [
    { key: "variant", label: "variant" }, { key: "index", label: "#", num: true },
    { key: "name", label: "kernel" }, { key: "op", label: "op" }, { key: "kind", label: "kind" },
    { key: "dur_us", label: "time", num: true, format: ui.us },
    { key: "bytes", label: "bytes", num: true, format: ui.bytes },
    { key: "bandwidth", label: "bandwidth", num: true,
      format: (v) => (v === null ? "–" : `${v.toFixed(1)} GB/s`) },
    { key: "lines", label: "lines" }];
  const onRow = (tr, row) => {
    tr.dataset.kernel = `${row.variant}:${row.index}`;
    tr.tabIndex = 0;
    for (const type of ["mouseenter", "mouseleave", "click", "keydown"])
      tr.addEventListener(type, () => {});
  };
  t = performance.now();
  const table = ui.sortableTable(columns, rows, { onRow });
  document.body.append(table);
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const tableMs = performance.now() - t;
  table.remove();
  return { docMB: text.length / 1e6, parseMs, plotMs, tableMs, fetchMs, rows: rows.length };
}"""
# Zoom as a drag does, then wait for the page to fetch and draw the finer figure, plus a
# frame. Plotly.relayout(div, {"xaxis.range": [a, b]}) would not do: the page's relayout
# handler only reacts to the "xaxis.range[0]"/"xaxis.range[1]" keys that a drag emits.
ZOOM_JS = """async ([a, b]) => {
  const div = document.getElementById("timeline");
  delete div.dataset.ready;
  const drawn = new Promise((done) => new MutationObserver((_, observer) => {
    if (div.dataset.ready === "true") { observer.disconnect(); done(); }
  }).observe(div, { attributes: true, attributeFilter: ["data-ready"] }));
  const t0 = performance.now();
  await window.Plotly.relayout(div, { "xaxis.range[0]": a, "xaxis.range[1]": b });
  await drawn;
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const entry = performance.getEntriesByType("resource")
    .filter((e) => e.name.includes("start_us=")).pop();
  return { totalMs: performance.now() - t0, requestMs: entry.responseEnd - entry.startTime,
           bytes: entry.decodedBodySize, bars: div.layout.meta.bars };
}"""


def store_runs(data_dir: Path, sizes: list[int]) -> dict[int, str]:
    ids = {}
    with Store.open(data_dir) as store:
        for n in sizes:
            started = time.perf_counter()
            result = synthetic_result(f"bench{n}", n)
            built_s = time.perf_counter() - started
            started = time.perf_counter()
            store.save_result(result, "# synthetic\n", [])
            saved_s = time.perf_counter() - started
            started = time.perf_counter()
            loaded = store.load_result(result.id)
            loaded_s = time.perf_counter() - started
            assert loaded == result, "the synthetic run did not load back equal"
            started = time.perf_counter()
            store.load_head(result.id)
            head_s = time.perf_counter() - started
            size_mb = len(result.model_dump_json()) / 1e6
            verdict = "meets" if saved_s <= TARGET_STORE_S else "MISSES"
            print(
                f"{n:>7,} kernels: document {size_mb:6.1f} MB (built in {built_s:.1f} s), "
                f"save_result {saved_s:6.1f} s (target <= {TARGET_STORE_S:.0f} s: {verdict}), "
                f"load_result (whole) {loaded_s:6.1f} s, load_head {head_s * 1e3:.1f} ms"
            )
            ids[n] = result.id
            del result, loaded
    return ids


def load_page(browser: Browser, base: str, run_id: str) -> tuple[float, dict[str, Any]]:
    """One load in a fresh context: seconds to ready, and the page (kept open) details."""
    # bypass_csp: the page's policy forbids eval, which Playwright's wait_for_function uses
    context = browser.new_context(viewport={"width": 1400, "height": 900}, bypass_csp=True)
    context.add_init_script(INIT_SCRIPT)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{base}/r/{run_id}", wait_until="commit")
    page.wait_for_function("window.__bench && window.__bench.readyAt !== null", polling=50)
    ready_ms = page.evaluate("window.__bench.readyAt")
    details = {
        "page": page,
        "resources": page.evaluate(RESOURCES_JS, f"/api/runs/{run_id}"),
        "long_tasks": page.evaluate("window.__bench.longTasks"),
        "meta": page.evaluate("document.getElementById('timeline').layout.meta"),
        "width_px": page.evaluate("document.getElementById('timeline').clientWidth"),
    }
    return ready_ms / 1000, details


def print_breakdown(details: dict[str, Any], ready_s: float) -> None:
    tasks = details["long_tasks"]
    first = details["resources"][0]["start"] / 1e3 if details["resources"] else float("nan")
    first_task = tasks[0][1] / 1e3 if tasks else 0.0
    print(f"    before the first API request: {first:.2f} s (first long task {first_task:.2f} s)")
    for entry in details["resources"]:
        name = "run document"
        if "/figures/" in entry["path"] or "/kernels/" in entry["path"]:
            name = "/".join(entry["path"].rsplit("/", 2)[-2:])
        print(
            f"    {name:<13} request {entry['start'] / 1e3:6.2f} s -> {entry['end'] / 1e3:6.2f} s"
            f"  ({entry['bytes'] / 1e6:7.2f} MB)"
        )
    busy = sum(duration for _, duration in tasks) / 1e3
    longest = max((duration for _, duration in tasks), default=0) / 1e3
    print(
        f"    main thread: {len(tasks)} long tasks, {busy:.2f} s in all, longest {longest:.2f} s;"
        f" ready at {ready_s:.2f} s"
    )


def time_get(client: httpx2.Client, url: str) -> tuple[float, int, dict[str, Any]]:
    """Median seconds over API_REPEATS GETs, the body size and the figure's layout.meta."""
    times, response = [], None
    for _ in range(API_REPEATS):
        started = time.perf_counter()
        response = client.get(url)
        times.append(time.perf_counter() - started)
        response.raise_for_status()
    assert response is not None
    return median(times), len(response.content), json.loads(response.content)["layout"]["meta"]


def bench_run(browser: Browser, base: str, n: int, run_id: str) -> None:
    print(f"\n== {n:,} eager + {n // 4:,} compiled kernels: /r/{run_id} ({load_note()})")
    cold_s, details = load_page(browser, base, run_id)
    details["page"].context.close()
    verdict = "meets" if cold_s <= TARGET_COLD_S else "MISSES"
    print(
        f"  cold load (server reads the run from SQLite first): ready in {cold_s:.2f} s "
        f"(target <= {TARGET_COLD_S:.0f} s: {verdict})"
    )
    print("  the cold load:")
    print_breakdown(details, cold_s)
    warm = []
    for _ in range(WARM_LOADS):
        ready_s, details = load_page(browser, base, run_id)
        warm.append(ready_s)
        if len(warm) < WARM_LOADS:
            details["page"].context.close()
    verdict = "meets" if median(warm) <= TARGET_READY_S else "MISSES"
    print(
        f"  warm loads: ready in {', '.join(f'{s:.2f}' for s in warm)} s; "
        f"median {median(warm):.2f} s (target <= {TARGET_READY_S:.0f} s: {verdict})"
    )
    print("  last warm load:")
    print_breakdown(details, warm[-1])
    page: Page = details["page"]
    width_px = details["width_px"]
    parts = page.evaluate(ISOLATED_JS, [f"/api/runs/{run_id}", width_px, KERNEL_PAGE])
    print(
        f"  in isolation: JSON.parse of the {parts['docMB'] * 1e3:.1f} kB run document "
        f"{parts['parseMs']:.1f} ms, Plotly draws the timeline {parts['plotMs'] / 1e3:.2f} s,"
        f" kernel pages fetched {parts['fetchMs'] / 1e3:.2f} s, kernel table "
        f"({parts['rows']:,} rows) {parts['tableMs'] / 1e3:.2f} s"
    )

    run_url = f"{base}/api/runs/{run_id}"
    timeline = f"{run_url}/figures/timeline"
    with httpx2.Client(timeout=TIMEOUT_MS / 1e3) as client:
        doc_s = median([_timed(client, run_url) for _ in range(API_REPEATS)])
        document = client.get(run_url)
        print(
            f"  GET /api/runs/<id> (the run document, cached run): {doc_s * 1e3:.1f} ms, "
            f"{len(document.content) / 1e3:.1f} kB"
        )
        etag = {"If-None-Match": document.headers.get("etag", "")}
        revalidated = client.get(run_url, headers=etag).status_code
        again_s = median([_timed(client, run_url, etag) for _ in range(API_REPEATS)])
        print(f"  the same with If-None-Match: {revalidated}, {again_s * 1e3:.1f} ms")
        page_url = f"{run_url}/kernels/eager?limit={KERNEL_PAGE}"
        page_s = median([_timed(client, page_url) for _ in range(API_REPEATS)])
        page_kb = len(client.get(page_url).content) / 1e3
        print(f"  a page of {KERNEL_PAGE:,} kernels: {page_s * 1e3:.1f} ms, {page_kb:.1f} kB")
        traffic_s, traffic_bytes, _ = time_get(client, f"{run_url}/figures/traffic")
        print(f"  traffic figure API: {traffic_s * 1e3:7.1f} ms, {traffic_bytes / 1e3:7.1f} kB")
        full_s, full_bytes, meta = time_get(client, f"{timeline}?width_px={width_px}")
        print(
            f"  timeline API, full view:   {full_s * 1e3:7.1f} ms, {full_bytes / 1e3:7.1f} kB, "
            f"{meta['bars']:,} bars ({meta['merged_bars']:,} merged), {meta['kernels']:,} kernels"
        )
        low, high = meta["extent_us"]
        middle, half = (low + high) / 2, (high - low) * ZOOM_KERNELS / n / 2
        window = (middle - half, middle + half)
        zoom_url = f"{timeline}?start_us={window[0]}&end_us={window[1]}&width_px={width_px}"
        zoom_s, zoom_bytes, zoom_meta = time_get(client, zoom_url)
        print(
            f"  timeline API, zoomed ({window[1] - window[0]:,.0f} µs): {zoom_s * 1e3:7.1f} ms, "
            f"{zoom_bytes / 1e3:7.1f} kB, {zoom_meta['bars']:,} bars "
            f"for {zoom_meta['kernels_in_window']:,} kernels in the window"
        )
    zoom = page.evaluate(ZOOM_JS, list(window))
    print(
        f"  zoom in the page: drawn {zoom['totalMs']:.0f} ms after the relayout "
        f"(150 ms of it the page's debounce; request {zoom['requestMs']:.0f} ms, "
        f"{zoom['bytes'] / 1e3:.1f} kB, {zoom['bars']:,} bars)"
    )
    page.context.close()


def _timed(client: httpx2.Client, url: str, headers: dict[str, str] | None = None) -> float:
    started = time.perf_counter()
    response = client.get(url, headers=headers)
    if response.status_code not in (200, 304):
        response.raise_for_status()
    return time.perf_counter() - started


def main() -> None:
    # e.g. `python bench/bench_large_run.py 20000` for one size (a multiple of 4)
    sizes = [int(arg) for arg in sys.argv[1:]] or list(SIZES)
    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp) / "data"
        print(f"storing synthetic runs in {data_dir}")
        ids = store_runs(data_dir, sizes)
        server = serve(data_dir, workers=0, log=Path(tmp) / "serve.log")
        with server as base, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print(f"Chromium {browser.version}, server {base} (--workers 0)")
            for n, run_id in ids.items():
                try:
                    bench_run(browser, base, n, run_id)
                except Exception as exc:  # a benchmark reports, it does not fail
                    print(f"  {n:,} kernels: gave up: {type(exc).__name__}: {exc}".splitlines()[0])
            browser.close()


if __name__ == "__main__":
    main()
