// Graph breaks lead the summary: each one splits the compiled program, and what lies between
// the graphs runs eagerly, so it explains most of what compile did not fuse.
import { $, count, el, prose } from "/static/ui.js";

export function render(view, run) {
  const breaks = run.compile?.graph_breaks ?? [];
  const box = $("#breaks");
  box.hidden = !breaks.length;
  if (!breaks.length) return;
  const graphs = run.compile.graph_count ?? breaks.length + 1;
  // plain words first where the reason is one Kernelscope knows; Dynamo's text as detail
  const items = breaks.map((b) => el("li", {},
    b.line ? el("button", { type: "button", class: "link", text: `line ${b.line}`, onclick: () => view.source.show(b.line) }) : "an unknown line",
    ": ", prose(b.plain ?? b.explanation ?? b.reason),
    b.plain || b.explanation ? el("span", { class: "muted dynamo-reason", text: ` (Dynamo: ${b.reason})` }) : null));
  box.replaceChildren(
    el("p", {}, el("strong", { text: `${count(breaks.length, "graph break")}: ` }),
      `torch.compile split the snippet into ${count(graphs, "graph")}; code between them runs eagerly and its tensors go through memory. The timeline marks where.`),
    el("ul", {}, items));
}
