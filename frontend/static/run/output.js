// What the snippet printed, stdout and stderr, cut at the cap.
import { $, el } from "/static/ui.js";

export function render(_view, run) {
  const { stdout, stderr, truncated } = run.output;
  if (!stdout && !stderr) return;
  // replaceChildren writes a null as the text "null": only the parts there are
  $("#output").replaceChildren(...[
    stdout ? el("details", { open: true }, el("summary", { text: "stdout" }), el("pre", { text: stdout })) : null,
    stderr ? el("details", {}, el("summary", { text: "stderr" }), el("pre", { text: stderr })) : null,
    truncated ? el("p", { class: "muted", text: "Output was cut at the cap." }) : null,
  ].filter(Boolean));
  $("#output-card").hidden = false;
}
