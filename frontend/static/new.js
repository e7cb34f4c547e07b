// New run: the editor, the example gallery, options, submit -> the run's permalink.
// `/?from=ID` opens a run's code for editing (and marks the line a failed run stopped at).
import { createEditor } from "/static/dist/editor.js";
import { api, pages, ApiError } from "/static/api.js";
import { $, el, showError } from "/static/ui.js";

const editor = createEditor($("#editor"), { onRun: submit });
$("#editor .cm-content").setAttribute("aria-describedby", "editor-help"); // how to leave it by keyboard
const form = $("#run-form");
const MAX_SIZE = 2 ** 40; // the API's limit: more elements than any device holds, even at a byte each
let forkedFrom = null; // the run opened with ?from=, recorded as the new run's parent
let example = null; // the gallery example in the editor, while its code is unchanged
form.addEventListener("submit", (event) => { event.preventDefault(); submit(); });
$("#compile-mode").addEventListener("change", offerOtherModes);
offerOtherModes();
offerMeasurements();
// Ctrl/Cmd+Enter runs from anywhere on the page (the title, the sizes, a select), not only
// in the editor; the editor's own binding has already handled its keystrokes.
document.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey) || event.defaultPrevented) return;
  event.preventDefault();
  if (!$("#run").disabled) submit();
});

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
    if (err.line) editor.markError(err.line); // a syntax error, refused at submit
    button.disabled = false;
  }
}

function requestBody() {
  const body = { code: editor.getCode(), visibility: $("#visibility").value, ...chosenModes() };
  const title = $("#title").value.trim() || (example && example.code === body.code ? example.name : "");
  if (title) body.title = title;
  if (forkedFrom) body.forked_from = forkedFrom;
  if ($("#measure-dram").checked && !$("#measure-options").hidden) body.measure = ["dram"];
  const sizes = $("#sizes").value.trim();
  if (sizes) body.sizes = parseSizes(sizes);
  return body;
}

// The mode in the select first, then each further one ticked: one mode is `compile_mode`,
// several are `compile_modes` (the API takes one or the other).
function chosenModes() {
  const first = $("#compile-mode").value;
  const also = [...document.querySelectorAll("input[name=also_mode]:checked")]
    .map((box) => box.value).filter((mode) => mode !== first);
  return also.length ? { compile_modes: [first, ...also] } : { compile_mode: first };
}

// "Also compile with" offers the modes other than the one chosen above it.
function offerOtherModes() {
  const first = $("#compile-mode").value;
  for (const box of document.querySelectorAll("input[name=also_mode]")) {
    box.disabled = box.value === first;
    if (box.disabled) box.checked = false;
  }
}

// Measuring DRAM bytes needs Nsight Compute on a GPU: offered only when some device kind
// here is one, so a CPU-only server does not offer what it can never do.
async function offerMeasurements() {
  const loads = await api.queue().catch(() => []);
  $("#measure-options").hidden = !loads.some((load) => load.gpu);
}

// "Edit as new run" keeps the experiment: the run's compile modes (in order) and its sizes
// (every size of its sweep), so only what the author edits changes.
function keepExperiment(run) {
  const modes = run.compiled_modes?.length ? run.compiled_modes.map((m) => m.mode) : [run.compile?.mode ?? "default"];
  $("#compile-mode").value = modes[0];
  for (const box of document.querySelectorAll("input[name=also_mode]")) box.checked = modes.slice(1).includes(box.value);
  offerOtherModes();
  const sizes = run.sweep?.length ? run.sweep.map((point) => point.size) : (run.size != null ? [run.size] : []);
  $("#sizes").value = sizes.join(",");
}

// "1e4, 1e6 1e8": commas and/or spaces between sizes; an empty entry ("1e4,,1e5"), a
// fraction, zero or a size past 2^40 is refused here, in words, before anything is sent.
function parseSizes(text) {
  const entries = text.replace(/^[\s,]+|[\s,]+$/g, "").split(/\s*,\s*|\s+/);
  const refuse = (why) => {
    throw new ApiError({ kind: "invalid_sizes", message: `Sizes: ${why} Write whole numbers separated by commas, like 1e4,1e6,1e8.` });
  };
  if (entries.some((entry) => entry === "")) refuse(`"${text}" has an empty entry between two commas.`);
  return entries.map((entry) => {
    const n = Number(entry);
    if (!Number.isFinite(n)) refuse(`"${entry}" is not a number.`);
    if (n < 1 || !Number.isInteger(n)) refuse(`${entry} is not a whole number of at least 1.`);
    if (n > MAX_SIZE) refuse(`${entry} is too large: the largest size is 2^40 (about 1.1e12), more elements than any device holds.`);
    return n;
  });
}

async function loadGallery() {
  const examples = await api.examples();
  $("#gallery").replaceChildren(...examples.map((example) =>
    el("li", {}, el("button", {
      type: "button",
      "data-example": example.name,
      onclick: () => { useExample(example); editor.markError(null); editor.focus(); },
    }, el("span", { class: "name", text: example.name }), el("span", { class: "desc", text: example.description })))));
  return examples;
}

function useExample(chosen) {
  editor.setCode(chosen.code);
  example = chosen;
}

async function start() {
  const examples = await loadGallery().catch((err) => { showError($("#submit-error"), err); return []; });
  const from = new URLSearchParams(window.location.search).get("from");
  if (!from) {
    const first = examples.find((e) => e.name === "add_relu") ?? examples[0];
    if (first) useExample(first);
    return;
  }
  try {
    const run = await api.run(from);
    editor.setCode(run.code);
    forkedFrom = run.id;
    if (run.title) $("#title").value = run.title;
    keepExperiment(run);
    const forked = $("#forked");
    forked.replaceChildren("Editing a copy of ", el("a", { href: pages.run(run.id), text: `run ${run.id}` }), ".");
    forked.hidden = false;
    if (run.error?.line) editor.markError(run.error.line);
  } catch (err) {
    showError($("#submit-error"), err);
  }
}

start();
