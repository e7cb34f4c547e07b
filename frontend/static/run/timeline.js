// The kernel timelines, eager above compiled on one time axis, with level of detail: a zoom
// asks the server for the finer window; kernels too narrow to see come merged into bars.
import { api } from "/static/api.js";
import { $, el, plot, showError } from "/static/ui.js";
import { showKernel } from "/static/run/kernel_detail.js";
import { drawnModule } from "/static/run/traffic.js";
import { variantsOf } from "/static/run/view.js";

export async function render(view, run) {
  $("#timeline-card").hidden = false;
  const div = $("#timeline");
  const widthPx = () => Math.max(300, Math.round(div.clientWidth || 1200));
  let colour = "kind"; // or "module": the bars coloured by the module they ran in
  const draw = async (params) => {
    const module = view.module.get();
    drawnModule("#timeline-h", module);
    const figure = await api.timeline(view.runId, { width_px: widthPx(), module: module ?? undefined, colour, ...params });
    if (module !== view.module.get()) return figure; // a later pick won
    await plot(div, captionOnPage(figure, div.clientWidth));
    div.dataset.ready = "true"; // drawn and interactive: tests and bench/ wait for this
    div.dataset.module = module ?? "";
    div.dataset.colour = colour;
    const meta = figure.layout.meta || {};
    $("#timeline-note").textContent = meta.kernels && meta.bars < meta.kernels
      ? `${meta.kernels.toLocaleString()} kernels drawn as ${meta.bars.toLocaleString()} bars: kernels too narrow to see are merged; zoom in for detail.`
      : "";
    return figure;
  };
  try {
    await draw({});
  } catch (err) {
    return showError(div, err);
  }
  view.module.onChange(() => draw({}).catch((err) => showError(div, err)));
  // a model's timeline can say which module each kernel ran in
  const choices = [...document.querySelectorAll("#timeline-colours button")];
  $("#timeline-colours").hidden = !run.links?.modules;
  for (const button of choices) {
    button.addEventListener("click", () => {
      colour = button.dataset.colour;
      for (const b of choices) b.setAttribute("aria-pressed", String(b === button));
      draw({}).catch((err) => showError(div, err));
    });
  }
  let pending = null;
  div.on("plotly_relayout", (change) => { // zoom: ask the server for the finer window
    clearTimeout(pending);
    pending = setTimeout(() => {
      if (change["xaxis.autorange"]) draw({});
      else if ("xaxis.range[0]" in change) draw({ start_us: change["xaxis.range[0]"], end_us: change["xaxis.range[1]"] }).then(() =>
        window.Plotly.relayout(div, { "xaxis.range": [change["xaxis.range[0]"], change["xaxis.range[1]"]] }));
    }, 150);
  });
  div.on("plotly_hover", (event) => view.source.highlight(kernelOf(run, event.points[0])?.lines ?? []));
  div.on("plotly_unhover", () => view.source.highlight([]));
  div.on("plotly_click", (event) => {
    const point = event.points[0];
    const k = kernelOf(run, point);
    if (k) return showKernel(view, run, k.variant, k.index);
    const data = point?.customdata; // a merged bar: [lane, -1, start_us, length_us, ...]: zoom into it
    // indexed keys, like a drag: the relayout handler fetches finer bars for them (it ignores
    // the plain "xaxis.range" it sets itself after a fetch, so it never loops)
    if (Array.isArray(data)) window.Plotly.relayout(div, { "xaxis.range[0]": data[2], "xaxis.range[1]": data[2] + data[3] });
  });
}

// A figure's title is its caption (the inflated-times warning): Plotly never wraps it, so on
// a narrow screen it runs off the figure and over the legend. There it is read on the page
// instead, where text wraps, and the figure is drawn without it.
const NARROW_PX = 700;
function captionOnPage(figure, widthPx) {
  const caption = figure.layout.title?.text ?? "";
  const box = $("#timeline-caption");
  box.hidden = !caption || widthPx >= NARROW_PX;
  if (box.hidden) return figure;
  const lines = caption.split(/<br\s*\/?>/).map((line) => line.replace(/<[^>]*>/g, ""));
  box.replaceChildren(...lines.flatMap((line, i) => (i ? [el("br"), line] : [line])));
  return { ...figure, layout: { ...figure.layout, title: { text: "" }, margin: { ...figure.layout.margin, t: 48 } } };
}

// customdata of a kernel bar: [lane index, kernel index, ..., [9] snippet lines]; merged bars carry -1.
function kernelOf(run, point) {
  const data = point?.customdata;
  if (!Array.isArray(data) || data[1] < 0) return null;
  return { variant: variantsOf(run)[data[0]], index: data[1], lines: data[9] ?? [] };
}

// Selects the bars of these kernels ({variant, index} each); none given clears the selection.
export function highlightBars(run, hits) {
  const div = $("#timeline");
  if (!div.data) return;
  const lanes = variantsOf(run);
  const wanted = new Set(hits.map((h) => `${lanes.indexOf(h.variant)}:${h.index}`));
  const selected = div.data.map((trace) => {
    if (!hits.length) return null;
    const points = [];
    (trace.customdata ?? []).forEach((cd, i) => {
      if (Array.isArray(cd) && wanted.has(`${cd[0]}:${cd[1]}`)) points.push(i);
    });
    return points;
  });
  window.Plotly.restyle(div, { selectedpoints: selected });
}
