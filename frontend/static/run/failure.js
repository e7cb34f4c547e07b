// A run that failed: what went wrong, where in the snippet, and the traceback.
import { $, el, kindWords, prose } from "/static/ui.js";

export function render(view, run) {
  const error = run.error;
  const box = $("#failure");
  const where = error.line ? ` (line ${error.line})` : "";
  box.replaceChildren(el("h2", { text: `The run ${run.status.replace("_", " ")}${where}` }),
    el("div", { class: "error-box", role: "alert" },
      el("p", {}, el("strong", { text: `${kindWords(error.kind)}: ` }), prose(error.message)),
      error.traceback.length ? el("pre", { text: error.traceback.join("\n") }) : null));
  box.hidden = false;
  if (error.line) view.source.markError(error.line);
}
