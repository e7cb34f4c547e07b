// How the numbers were taken: inference or training, and a one-line note when they are noisy.
// Text only, under the headline; its own element, made here.
import { $, el, prose } from "/static/ui.js";

export function render(_view, run) {
  let box = $("#conditions");
  if (!box) {
    box = el("div", { id: "conditions", class: "conditions" });
    $("#headline").after(box);
  }
  const lines = [];
  if (run.grad_mode) {
    const how = run.grad_mode.mode === "training" ? "Training: autograd on" : "Inference: torch.no_grad()";
    lines.push(el("p", { class: "muted", "data-grad-mode": run.grad_mode.mode }, `${how}, because `, prose(run.grad_mode.reason), "."));
  }
  const note = noiseNote(run.noise ?? []);
  if (note) lines.push(note);
  box.replaceChildren(...lines);
}

// Why the timings may be noisy, in one line (each kind said once, whatever the variants),
// and which numbers to believe; each warning with its numbers behind the disclosure.
const KIND_WORDS = {
  loaded_cpu: "a busy CPU",
  busy_gpu: "a shared GPU",
  wide_spread: "calls varied widely",
  profiler_overhead: "kernel times inflated by the profiler",
};

function noiseNote(noise) {
  if (!noise.length) return null;
  const kinds = [...new Set(noise.map((warning) => warning.kind))];
  const believe = kinds.includes("profiler_overhead") ? "believe the time per call" : "read each number with its interval";
  return el("details", { class: "noise-note", role: "note" },
    el("summary", {},
      el("strong", { text: "⚠ Timings may be noisy: " }),
      `${kinds.map((kind) => KIND_WORDS[kind] ?? kind).join(", ")}: ${believe}.`,
      el("span", { class: "muted", text: " Why" })),
    el("ul", {}, noise.map((warning) => el("li", {}, prose(warning.message)))));
}
