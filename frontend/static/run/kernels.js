// The kernels table: the first TABLE_CAP kernels of each variant, with "Show all"; then one
// page of PAGE per variant, with buttons to page through a larger run. Rows open the kernel.
import { api } from "/static/api.js";
import { $, bytes, el, fill, prose, showError, sortableTable, us } from "/static/ui.js";
import { showKernel } from "/static/run/kernel_detail.js";
import { stepFrom } from "/static/run/keys.js";
import { bandwidthText, believedUs, fittedNote, kernelOp } from "/static/run/kernel_text.js";
import { variantsOf } from "/static/run/view.js";

const PAGE = 1000; // table rows per variant: a large run's kernels are fetched a page at a time
const TABLE_CAP = 50; // rows per variant until the reader asks for all: the chart stays in view

export function render(view, run) {
  // a model's table lists the module the figures draw (its subtree), and follows the tree
  view.module.onChange(() => renderPage(view, run, firstPages(run), TABLE_CAP));
  return renderPage(view, run, firstPages(run), TABLE_CAP);
}

const firstPages = (run) => Object.fromEntries(variantsOf(run).map((variant) => [variant, 0]));

// `limit` kernels of each variant from offsets[variant].
async function renderPage(view, run, offsets, limit = PAGE) {
  let pages;
  const module = view.module.get();
  try {
    pages = await Promise.all(variantsOf(run).filter((v) => run.variants[v])
      .map((variant) => api.kernels(view.runId, variant, { offset: offsets[variant], limit, module: module ?? undefined })));
  } catch (err) {
    $("#kernels-card").hidden = false;
    return showError($("#kernels"), err);
  }
  if (module !== view.module.get()) return; // a later pick won
  document.querySelector("#kernels-h .module-drawn").textContent = module ? ` · ${module}` : "";
  $("#kernels").dataset.module = module ?? ""; // tests wait for the module they picked
  const rows = pages.flatMap((page) => page.kernels.map((k) => {
    view.kernels.remember(page.variant, k);
    return row(run, page.variant, k);
  }));
  const dram = (run.measurements ?? []).find((m) => m.kind === "dram");
  view.rows.reset();
  const capped = limit < PAGE ? pages.filter((page) => page.total > limit) : [];
  const paged = limit < PAGE ? [] : pages.filter((page) => page.total > PAGE);
  const partial = [...capped, ...paged];
  const table = sortableTable(columns(run, dram, Boolean(run.links?.modules)), rows, {
    caption: partial.length ? `${partial.map(shownOf).join("; ")}: sorting orders the rows shown; download kernels.csv for all.` : null,
    onRow: (tr, row) => wireRow(view, run, tr, row),
  });
  const pagers = paged.map((page) => el("p", { class: "row" },
    el("span", { class: "muted", text: shownOf(page) }),
    el("button", { type: "button", disabled: page.offset === 0, text: `Previous ${PAGE.toLocaleString()}`,
      onclick: () => renderPage(view, run, { ...offsets, [page.variant]: Math.max(0, page.offset - PAGE) }) }),
    el("button", { type: "button", disabled: page.offset + PAGE >= page.total, text: `Next ${PAGE.toLocaleString()}`,
      onclick: () => renderPage(view, run, { ...offsets, [page.variant]: page.offset + PAGE }) })));
  const all = pages.reduce((sum, page) => sum + page.total, 0);
  const showAll = capped.length ? el("p", { class: "row" }, el("button", {
    type: "button", id: "show-all-kernels",
    text: `Show all ${all.toLocaleString()} kernels${pages.length > 1 ? ` (${pages.map((p) => `${p.total.toLocaleString()} ${p.variant}`).join(", ")})` : ""}`,
    onclick: () => renderPage(view, run, firstPages(run)),
  }), el("span", { class: "muted", text: all > PAGE ? ` (${PAGE.toLocaleString()} per variant at a time)` : "" })) : null;
  const fitted = fittedNote(run);
  fill($("#kernels"), dramNote(dram), fitted && el("p", { class: "muted", id: "fitted-note", text: fitted }), table, showAll, pagers);
  $("#kernels-card").hidden = false;
}

function row(run, variant, k) {
  const moved = k.bytes_read + k.bytes_written;
  const seconds = believedUs(run, variant, k) / 1e6; // never a time the page calls inflated
  return {
    variant, index: k.index, name: k.short_name, op: kernelOp(k), kind: k.kind, dur_us: k.dur_us,
    bytes: moved, bandwidth: seconds > 0 ? moved / seconds : null,
    lines: k.lines.join(", "), module: k.module ?? "–", kernel: k,
    dram: k.dram_bytes_read === null || k.dram_bytes_read === undefined ? null : k.dram_bytes_read + k.dram_bytes_written,
  };
}

function columns(run, dram, withModules) {
  return [
    { key: "variant", label: "variant" }, { key: "index", label: "#", num: true }, { key: "name", label: "kernel" },
    { key: "op", label: "op" }, { key: "kind", label: "kind" }, { key: "dur_us", label: "time", num: true, format: us },
    { key: "bytes", label: "bytes", num: true, format: bytes },
    ...(dram?.measured ? [{ key: "dram", label: "DRAM bytes", num: true, format: (v) => (v === null ? "–" : bytes(v)) }] : []),
    { key: "bandwidth", label: "bandwidth", num: true, format: (v, row) => bandwidthText(run.device, row.kernel, v) },
    { key: "lines", label: "lines" },
    ...(withModules ? [{ key: "module", label: "module" }] : []),
  ];
}

function wireRow(view, run, tr, row) {
  tr.dataset.kernel = `${row.variant}:${row.index}`;
  tr.tabIndex = 0;
  view.rows.add(tr.dataset.kernel, tr);
  tr.addEventListener("mouseenter", () => view.source.highlight(row.kernel.lines));
  tr.addEventListener("mouseleave", () => view.source.highlight([]));
  tr.addEventListener("click", () => showKernel(view, run, row.variant, row.index));
  tr.addEventListener("keydown", (e) => {
    if (e.key === "Enter") showKernel(view, run, row.variant, row.index);
    else stepFrom(tr, e);
  });
}

// Measured DRAM bytes (run option measure: ["dram"]): what the ncu pass gave, or why not.
function dramNote(dram) {
  if (!dram) return null;
  const text = dram.measured
    ? `bytes are logical; DRAM bytes were measured by Nsight Compute${dram.seconds ? ` (a ${dram.seconds.toFixed(1)} s pass)` : ""}${dram.reason ? `: ${dram.reason}` : ""}.`
    : `DRAM bytes: ${dram.reason ?? "not measured"}.`;
  return el("p", { class: "muted", id: "dram-note" }, prose(text));
}

function shownOf(page) {
  const last = Math.min(page.offset + page.kernels.length, page.total);
  return `${page.variant} kernels ${(page.offset + 1).toLocaleString()}–${last.toLocaleString()} of ${page.total.toLocaleString()}`;
}
