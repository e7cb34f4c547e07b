// The snippet, read-only, with its graph breaks marked. Clicking a line lights up every
// kernel that came from it, in the table and the timeline, and lists them in the kernel panel.
import { createReadOnlyViewer } from "/static/dist/editor.js";
import { api } from "/static/api.js";
import { $, el, showError } from "/static/ui.js";
import { showKernel } from "/static/run/kernel_detail.js";
import { highlightBars } from "/static/run/timeline.js";
import { variantsOf } from "/static/run/view.js";

const LINE_HITS = 200; // kernels listed per variant for a clicked snippet line

export function render(view, run) {
  $("#code-grid").hidden = false;
  // A run with no kernels (it failed first) keeps its snippet, with the failing line marked,
  // but not the hints and the panel that only kernels fill.
  const kernels = Object.values(run.variants ?? {}).some(Boolean);
  $("#snippet-hint").hidden = !kernels;
  $("#detail-card").hidden = !kernels;
  $("#snippet").replaceChildren();
  const viewer = createReadOnlyViewer($("#snippet"), { doc: run.code });
  viewer.markBreaks(run.compile?.graph_breaks ?? []);
  viewer.onLineClick((line) => linkLine(view, run, line));
  view.source.attach(viewer);
}

async function linkLine(view, run, line) {
  view.source.highlight([line]);
  let pages;
  try {
    pages = await Promise.all(variantsOf(run).filter((v) => run.variants[v])
      .map((variant) => api.kernels(view.runId, variant, { line, limit: LINE_HITS })));
  } catch (err) {
    return showError($("#kernel-detail"), err);
  }
  const hits = pages.flatMap((page) => page.kernels.map((k) => ({ variant: page.variant, index: k.index, k })));
  const more = pages.reduce((sum, page) => sum + page.total - page.kernels.length, 0);
  for (const hit of hits) view.kernels.remember(hit.variant, hit.k);
  view.rows.mark(new Set(hits.map((hit) => `${hit.variant}:${hit.index}`)));
  highlightBars(run, hits);
  $("#kernel-detail").replaceChildren(
    el("p", { text: hits.length ? `Line ${line} produced ${kernelCount(hits.length + more)}:` : `Line ${line} launched no kernel.` }),
    el("ul", {}, hits.map((hit) => el("li", {}, el("button", { type: "button", onclick: () => showKernel(view, run, hit.variant, hit.index),
      text: `${hit.variant} #${hit.index}: ${hit.k.short_name}` })))),
    ...(more ? [el("p", { class: "muted", text: `and ${more.toLocaleString()} more (the first ${LINE_HITS} of each variant are listed)` })] : []),
  );
}

const kernelCount = (n) => `${n.toLocaleString()} kernel${n === 1 ? "" : "s"}`;
