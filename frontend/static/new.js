// New run: the editor, the example gallery, options, submit -> the run's permalink.
// `/?from=ID` opens a run's code for editing (and marks the line a failed run stopped at).
import { createEditor } from "/static/dist/editor.js";
import { api, pages, ApiError } from "/static/api.js";
import { $, el, showError } from "/static/ui.js";

const editor = createEditor($("#editor"), { onRun: submit });
$("#editor .cm-content").setAttribute("aria-describedby", "editor-help"); // how to leave it by keyboard
const form = $("#run-form");
form.addEventListener("submit", (event) => { event.preventDefault(); submit(); });

async function submit() {
  const button = $("#run");
  $("#submit-error").hidden = true;
  editor.markError(null);
  let body;
  try {
    body = requestBody();
  } catch (err) {
    return showError($("#submit-error"), err);
  }
  button.disabled = true;
  try {
    const created = await api.submit(body);
    window.location.assign(created.url);
  } catch (err) {
    showError($("#submit-error"), err);
    button.disabled = false;
  }
}

function requestBody() {
  const body = { code: editor.getCode(), compile_mode: $("#compile-mode").value, visibility: $("#visibility").value };
  const title = $("#title").value.trim();
  if (title) body.title = title;
  const sizes = $("#sizes").value.trim();
  if (sizes) body.sizes = parseSizes(sizes);
  return body;
}

function parseSizes(text) {
  const sizes = text.split(/[\s,]+/).filter(Boolean).map(Number);
  if (sizes.some((n) => !Number.isFinite(n) || n <= 0 || !Number.isInteger(Math.round(n)))) {
    throw new ApiError({ kind: "invalid_sizes", message: `Sizes must be positive numbers like 1e4,1e6 (got "${text}").` });
  }
  return sizes.map(Math.round);
}

async function loadGallery() {
  const examples = await api.examples();
  $("#gallery").replaceChildren(...examples.map((example) =>
    el("li", {}, el("button", {
      type: "button",
      "data-example": example.name,
      onclick: () => { editor.setCode(example.code); editor.markError(null); editor.focus(); },
    }, el("span", { class: "name", text: example.name }), el("span", { class: "desc", text: example.description })))));
  return examples;
}

async function start() {
  const examples = await loadGallery().catch((err) => { showError($("#submit-error"), err); return []; });
  const from = new URLSearchParams(window.location.search).get("from");
  if (!from) {
    const first = examples.find((e) => e.name === "add_relu") ?? examples[0];
    if (first) editor.setCode(first.code);
    return;
  }
  try {
    const run = await api.run(from);
    editor.setCode(run.code);
    if (run.title) $("#title").value = run.title;
    const forked = $("#forked");
    forked.replaceChildren("Editing a copy of ", el("a", { href: pages.run(run.id), text: `run ${run.id}` }), ".");
    forked.hidden = false;
    if (run.error?.line) editor.markError(run.error.line);
  } catch (err) {
    showError($("#submit-error"), err);
  }
}

start();
