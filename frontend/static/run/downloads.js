// The run's files: result.json, kernels.csv, the profiler traces.
import { $, el } from "/static/ui.js";

export function render(_view, run) {
  const links = Object.entries(run.links?.downloads ?? {});
  $("#downloads").replaceChildren(...links.map(([name, href]) => el("li", {}, el("a", { href, download: name, text: name }))));
  $("#downloads-card").hidden = !links.length;
  $("#traces-hint").hidden = !links.some(([name]) => name.includes("_trace."));
}
