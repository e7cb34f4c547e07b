// How the numbers were taken: inference or training, and a warning when they are noisy.
// Text only, under the headline; its own element, made here.
import { $, el } from "/static/ui.js";

export function render(_view, run) {
  let box = $("#conditions");
  if (!box) {
    box = el("div", { id: "conditions", class: "conditions" });
    $("#headline").after(box);
  }
  const lines = [];
  if (run.grad_mode) {
    const how = run.grad_mode.mode === "training" ? "Training: autograd on" : "Inference: torch.no_grad()";
    lines.push(el("p", { class: "muted", "data-grad-mode": run.grad_mode.mode, text: `${how}, because ${run.grad_mode.reason}.` }));
  }
  const noise = run.noise ?? [];
  if (noise.length) {
    lines.push(el("div", { class: "noise-warning", role: "note" },
      el("strong", { text: "⚠ These timings may be noisy: " }),
      noise.map((warning) => warning.message).join(" ")));
  }
  box.replaceChildren(...lines);
}
