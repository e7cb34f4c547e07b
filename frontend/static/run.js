// The run page (/r/ID, the permalink): progress while unfinished, then the result:
// headline, memory traffic, timelines, kernels, snippet <-> kernel links, sweep, downloads.
import { createReadOnlyViewer } from "/static/dist/editor.js";
import { api, pages } from "/static/api.js";
import { renderOwnership } from "/static/ownership.js";
import { $, el, badge, bytes, us, times, count, bandwidth, when, showError, sortableTable, plot } from "/static/ui.js";

const runId = decodeURIComponent(window.location.pathname.split("/").pop());
// eager, compiled (the first compile mode), then compiled:<mode> per further mode (issue 11):
// the run's own order, which is also the timeline's lane order
let VARIANTS = ["eager", "compiled"];
let keptTrips = null; // the run's kept round trips (first mode), fetched once for renderWhy
const PAGE = 1000; // table rows per variant: a large run's kernels are fetched a page at a time
const TABLE_CAP = 50; // rows per variant until the reader asks for all: the chart stays in view
const LINE_HITS = 200; // kernels listed per variant for a clicked snippet line
let viewer = null;
let runDevice = null; // the finished run's device: its cache and measured peaks
let tableRows = new Map(); // "variant:index" -> <tr>
const known = new Map(); // "variant:index" -> kernel (with transfers), as fetched

wireButtons();
load();

async function load() {
  let run;
  try {
    run = await api.run(runId);
  } catch (err) {
    return showError($("#failure"), err);
  }
  renderHeader(run);
  if (run.progress) return follow(run);
  $("#progress").hidden = true;
  renderFinished(run);
}

// ---- header and buttons -------------------------------------------------------------

function renderHeader(run) {
  document.title = `${run.title || "Run " + run.id} · Kernelscope`;
  $("#run-title").textContent = run.title || `Run ${run.id}`;
  $("#status").replaceChildren(badge(run.status));
  renderOwnership(run);
  $("#fork").href = pages.newRun(run.id);
  const parent = run.links?.forked_from;
  const previous = run.links?.previous_run;
  $("#compare-parent").hidden = !parent;
  if (parent) $("#compare-parent").href = pages.compare(parent, run.id);
  // the parent is usually the previous run of the same code too: one button for it is enough
  $("#compare-previous").hidden = !previous || previous === parent;
  if (previous) $("#compare-previous").href = pages.compare(previous, run.id);
  $("#forked-from").hidden = !parent;
  if (parent) $("#forked-from").replaceChildren("Forked from ", el("a", { href: pages.run(parent), text: `run ${parent}` }), ".");
  const suite = run.links?.suite;
  $("#suite-context").hidden = !suite;
  if (suite) $("#suite-context").replaceChildren("A problem of ", el("a", { href: suite, text: "its suite" }), ".");
  renderSweepContext(run);
}

// A sweep's sizes, at the top of each size's page: which one this is, links to the others.
function renderSweepContext(run) {
  const box = $("#sweep-context");
  box.hidden = run.sweep.length < 2;
  if (box.hidden) return;
  const sizes = run.sweep.map((point) => point.run_id === run.id
    ? el("strong", { "aria-current": "page", text: `${point.size.toLocaleString()} (this run)` })
    : el("a", { href: pages.run(point.run_id), text: point.size.toLocaleString(), title: point.status }));
  box.replaceChildren(`Part of a sweep of ${run.sweep.length} sizes: `,
    ...sizes.flatMap((node, i) => (i ? [" · ", node] : [node])),
    ". ", el("a", { href: "#sweep-card", text: "See the sweep chart" }), ".");
}

function wireButtons() {
  $("#copy-link").addEventListener("click", async () => {
    const link = new URL(pages.run(runId), window.location.origin).href;
    try {
      await navigator.clipboard.writeText(link);
      $("#copied").textContent = `Copied ${link}`;
    } catch {
      $("#copied").textContent = `Permalink: ${link}`;
    }
  });
  $("#cancel-run").addEventListener("click", cancelRun);
  $("#compare-form").addEventListener("submit", (event) => {
    event.preventDefault();
    compareWith($("#compare-id").value.trim());
  });
}

// The comparison page orders the two runs by time (older is A); here we only make sure
// there is another run to compare with, and say what is missing when there is not.
async function compareWith(other) {
  const note = $("#compare-note");
  const say = (text) => { note.textContent = text; note.hidden = false; $("#compare-id").focus(); };
  if (!other) return say("Type the id of another run (the last part of its permalink) to compare it with this one.");
  if (other === runId) return say(`That is this run's id: type the id of another run to compare with run ${runId}.`);
  try {
    await api.run(other);
  } catch (err) {
    return say(err.status === 404 ? `No run "${other}" that you can see: check the id (the last part of a run's permalink).` : err.message);
  }
  note.hidden = true;
  window.location.assign(pages.compare(runId, other));
}

// ---- progress -----------------------------------------------------------------------

// Queued: cancelled at once. Running: its worker kills the snippet within seconds, and the
// event stream then reports the run finished (cancelled).
async function cancelRun() {
  const button = $("#cancel-run");
  button.disabled = true;
  try {
    $("#cancel-note").textContent = (await api.cancelRun(runId)).message;
  } catch (err) {
    button.disabled = false;
    showError($("#failure"), err);
  }
}

function follow(run) {
  const box = $("#progress");
  box.hidden = false;
  let progress = run.progress, receivedAt = performance.now();
  const draw = () => renderProgress(progress, receivedAt);
  const ticker = setInterval(draw, 250);
  draw();
  const source = api.events(runId);
  source.addEventListener("progress", (event) => {
    progress = JSON.parse(event.data);
    receivedAt = performance.now();
    $("#status").replaceChildren(badge(progress.status));
    draw();
  });
  const finish = async () => {
    source.close();
    clearInterval(ticker);
    const done = await api.run(runId);
    box.hidden = true;
    renderHeader(done);
    renderFinished(done);
  };
  source.addEventListener("finished", finish);
  source.onerror = () => { // the stream dropped (server restart): fall back to polling
    source.close();
    const poll = setInterval(async () => {
      const now = await api.run(runId).catch(() => null);
      if (!now) return;
      if (!now.progress) { clearInterval(poll); clearInterval(ticker); box.hidden = true; renderHeader(now); renderFinished(now); }
      else { progress = now.progress; receivedAt = performance.now(); }
    }, 1000);
  };
}

function renderProgress(progress, receivedAt) {
  const elapsed = progress.elapsed_s === null ? null : progress.elapsed_s + (performance.now() - receivedAt) / 1000;
  const text = progress.status === "queued"
    ? `Queued: position ${progress.queue_position ?? "?"} in the queue.`
    : `Running: ${progress.step ?? "starting"} · ${elapsed === null ? "" : elapsed.toFixed(1) + " s"}`;
  $("#progress-text").textContent = text;
  const current = progress.steps.indexOf(progress.step);
  $("#steps").replaceChildren(...progress.steps.map((step, i) =>
    el("li", { class: progress.status === "queued" ? null : i < current ? "done" : i === current ? "current" : null, text: step })));
}

// ---- the finished run -----------------------------------------------------------------

function renderFinished(run) {
  runDevice = run.device;
  renderSnippet(run);
  renderEnvironment(run);
  renderDownloads(run);
  renderOutput(run);
  if (run.error) renderFailure(run);
  if (!run.variants.eager && !run.variants.compiled) return;
  VARIANTS = Object.keys(run.variants);
  renderSummary(run);
  renderConditions(run);
  renderTraffic(run);
  renderWhy(run);
  // the table blocks the main thread for a while: draw the timeline first; the roofline's
  // points open table rows, so it comes after the table
  renderTimeline().finally(() => renderKernels(run, firstPages(), TABLE_CAP).then(renderRoofline));
  if (run.sweep.length > 1) renderSweep(run);
}

const firstPages = () => Object.fromEntries(VARIANTS.map((variant) => [variant, 0]));

function renderFailure(run) {
  const error = run.error;
  const box = $("#failure");
  const where = error.line ? ` (line ${error.line})` : "";
  box.replaceChildren(el("h2", { text: `The run ${run.status.replace("_", " ")}${where}` }),
    el("div", { class: "error-box", role: "alert" },
      el("p", {}, el("strong", { text: `${error.kind}: ` }), error.message),
      error.traceback.length ? el("pre", { text: error.traceback.join("\n") }) : null));
  box.hidden = false;
  if (error.line && viewer) viewer.markError(error.line);
}

function renderSummary(run) {
  const { eager, compiled } = run.variants;
  renderBreaks(run);
  $("#lesson").replaceChildren(...run.summary.map((sentence) => el("span", { class: "sentence", text: sentence })));
  const stat = (label, value, detail) => el("div", { class: "stat" },
    el("div", { class: "label", text: label }), el("div", { class: "value", text: value }),
    detail ? el("div", { class: "detail muted", text: detail }) : null);
  const peak = (v) => v.peak_memory_bytes == null ? "" : ` · peak memory ${bytes(v.peak_memory_bytes)}`;
  const variantStat = (name, v) => v ? stat(name,
    `${count(v.kernel_count, "kernel")}, ${count(v.transfer_count, "transfer")}`,
    `${bytes(v.bytes_read + v.bytes_written)} moved · ${kernelTime(run, v)} · ${us(v.wall_time_us)} per call${peak(v)}`) : null;
  const match = run.correctness?.match;
  const unknown = run.totals?.round_trips_unknown ?? 0;
  // several compile modes (issue 11): the first is `compiled`; each further one its own stat
  const modes = run.compiled_modes ?? [];
  const firstMode = modes.length ? ` (${modes[0].mode})` : "";
  const modeStat = (m) => el("div", { class: "stat mode-stat", "data-variant": m.variant },
    el("div", { class: "label", text: m.mode }),
    el("div", { class: "value", text: `${count(m.kernel_count, "kernel")}, ${count(m.transfer_count, "transfer")}` }),
    el("div", { class: "detail muted", text: `speedup ${times(m.speedup)} wall${intervalText(m.speedup_interval)} · ${times(m.kernel_speedup)} kernel${inflated(run) ? " (profiler-inflated)" : ""} · `
      + `${us(m.wall_time_us)} per call · outputs ${m.correctness?.match === true ? "match" : m.correctness?.match === false ? "DIFFER" : "not compared"}`
      + (m.notes.length ? ` · ${m.notes.join("; ")}` : "") }));
  $("#headline").replaceChildren(
    variantStat("eager", eager),
    variantStat(`compiled${firstMode}`, compiled),
    ...modes.slice(1).map(modeStat),
    stat(`speedup${firstMode}`, times(run.speedup) + intervalText(run.speedup_interval), speedupBasis(run)),
    stat("round trips eliminated", String(run.totals?.round_trips_eliminated ?? 0),
      `${bytes(run.totals?.bytes_saved ?? 0)} of memory traffic saved` + (unknown ? ` · ${unknown} unknown` : "") + savedVersusMoved(run)),
    stat("outputs", match === true ? "✓ match" : match === false ? "✗ differ" : "not compared",
      run.correctness ? correctnessDetail(run.correctness) : null),
  );
  $("#summary").hidden = false;
}

// How the numbers were taken (issue 14): inference or training, and a warning when they
// are noisy. Text only, under the headline; its own element, made here.
function renderConditions(run) {
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

// "Bytes saved" counts only the round trips fusion removed; bytes moved also change for
// other reasons. The server says how the two relate, in words (`saved_versus_moved`).
function savedVersusMoved(run) {
  return run.saved_versus_moved ? ` · ${run.saved_versus_moved}` : "";
}

// The profiler slowed some kernels past what the timed calls allow (noise kind
// profiler_overhead): their kernel times and the kernel-time speedup are not to be believed.
const inflated = (run) => (run.noise ?? []).some((n) => n.kind === "profiler_overhead");

// A variant's kernel time never silently exceeds its wall time per call.
function kernelTime(run, v) {
  const text = `${us(v.kernel_time_us)} in kernels`;
  const over = v.kernel_time_us != null && v.wall_time_us != null && v.kernel_time_us > v.wall_time_us;
  return over && inflated(run) ? `${text} (inflated by the profiler: believe the time per call)` : text;
}

// A speedup is shown with its 90% interval wherever the run measured one.
function intervalText(interval) {
  return interval ? ` (90% interval ${interval[0].toFixed(2)}–${interval[1].toFixed(2)}×)` : "";
}

// The two speedups are measured on different bases; say which is which (issue 14).
function speedupBasis(run) {
  const { eager, compiled } = run.variants;
  const calls = eager?.profiled_calls && compiled?.profiled_calls
    ? ` (medians over ${Math.min(eager.profiled_calls, compiled.profiled_calls)}+ profiled calls)` : "";
  const discount = inflated(run) ? ", inflated by the profiler: believe the wall-clock speedup" : "";
  return `per call, wall clock (median of ${eager?.timing_repeats ?? "?"} timed calls) · ` +
    `sum of kernel durations: ${times(run.kernel_speedup)}${calls}${discount} · reported by the run`;
}

// Graph breaks lead the summary: each one splits the compiled program, and what lies between
// the graphs runs eagerly, so it explains most of what compile did not fuse.
function renderBreaks(run) {
  const breaks = run.compile?.graph_breaks ?? [];
  const box = $("#breaks");
  box.hidden = !breaks.length;
  if (!breaks.length) return;
  const graphs = run.compile.graph_count ?? breaks.length + 1;
  // plain words first where the reason is one Kernelscope knows; Dynamo's text as detail
  const items = breaks.map((b) => el("li", {},
    b.line ? el("button", { type: "button", class: "link", text: `line ${b.line}`, onclick: () => showLine(b.line) }) : "an unknown line",
    `: ${b.plain ?? b.explanation ?? b.reason}`,
    b.plain || b.explanation ? el("span", { class: "muted dynamo-reason", text: ` (Dynamo: ${b.reason})` }) : null));
  box.replaceChildren(
    el("p", {}, el("strong", { text: `${count(breaks.length, "graph break")}: ` }),
      `torch.compile split the snippet into ${count(graphs, "graph")}; code between them runs eagerly and its tensors go through memory. The timeline marks where.`),
    el("ul", {}, items));
}

function correctnessDetail(check) {
  const error = (x) => x == null ? "–" : Number(x).toPrecision(2);
  const errors = `relative error ${error(check.max_rel_error)} max, ${error(check.rel_l2_error)} L2`;
  const against = check.method === "float64_reference" ? " · checked against eager in float64" : "";
  return errors + against + (check.note ? ` · ${check.note}` : "");
}

async function renderTraffic(run) {
  $("#traffic-card").hidden = false;
  const modes = run.compiled_modes ?? [];
  // a run of several compile modes: one button per mode draws that mode under eager
  const buttons = modes.length > 1 ? modes.map((m) => el("button", {
    type: "button", class: "mode-choice", "data-variant": m.variant, text: m.mode,
    "aria-pressed": String(m.variant === "compiled"),
    onclick: () => drawTraffic(m.variant, buttons),
  })) : [];
  $("#traffic-modes").replaceChildren(...(buttons.length ? ["Compiled panel: ", ...buttons] : []));
  $("#traffic-modes").hidden = !buttons.length;
  await drawTraffic("compiled", buttons);
}

async function drawTraffic(variant, buttons) {
  for (const button of buttons) button.setAttribute("aria-pressed", String(button.dataset.variant === variant));
  const div = $("#traffic");
  div.dataset.variant = variant; // tests wait for the variant they asked for
  try {
    const figure = await api.traffic(runId, variant === "compiled" ? undefined : variant);
    if (div.dataset.variant !== variant) return; // a later choice won
    await plot(div, figure);
    scrollCue(div);
    div.dataset.drawn = variant;
  } catch (err) {
    if (div.dataset.variant === variant) showError(div, err); // else a later choice won
  }
}

// On a phone the picture is wider than the screen, and the round trips (right of the
// kernels) start off it: say so, and say it again no more once the reader has scrolled.
function scrollCue(div) {
  const box = div.closest(".figure-scroll");
  const cue = $("#traffic-scroll-cue");
  const update = () => { cue.hidden = !box || box.scrollWidth <= box.clientWidth + 1 || box.scrollLeft > 0; };
  update();
  box?.addEventListener("scroll", update, { passive: true });
}

// Drawn after the kernel table, whose rows its points open.
async function renderRoofline() {
  const div = $("#roofline");
  $("#roofline-card").hidden = false;
  try {
    await plot(div, await api.roofline(runId));
  } catch (err) {
    return showError(div, err);
  } finally {
    div.dataset.ready = "true";
  }
  div.on("plotly_click", (event) => {
    const data = event.points[0]?.customdata; // [variant, kernel index]
    if (!Array.isArray(data)) return;
    const key = `${data[0]}:${data[1]}`;
    for (const tr of tableRows.values()) tr.classList.toggle("linked", tr.dataset.kernel === key);
    tableRows.get(key)?.scrollIntoView({ block: "center" }); // its row, when on the page shown
    showKernel(data[0], data[1]);
  });
}

// ---- what compile kept, why, and what to try -------------------------------------------------

// The compile modes a new run may ask for (the API's CompileMode): a hint naming another mode
// (reduce-overhead) is said, not offered as a button.
const TRY_MODES = new Set(["default", "max-autotune-no-cudagraphs", "reduce-overhead"]);
const WHY_LISTED = 50; // kept round trips listed; result.json has them all

async function renderWhy(run) {
  const card = $("#why-card");
  let kept;
  try {
    kept = await keptRoundTrips();
  } catch (err) {
    card.hidden = false;
    return showError($("#try-error"), err);
  } finally {
    card.dataset.ready = "true"; // tests wait for this, shown or not
  }
  const hints = run.hints ?? [];
  if (!kept.total && !hints.length) return;
  $("#why-list").replaceChildren(...kept.round_trips.map(whyItem));
  const more = kept.total - kept.round_trips.length;
  $("#why-more").textContent = more > 0 ? `… and ${count(more, "more round trip")} still through memory (result.json lists them all).` : "";
  // one "Try it" per compile mode, however many round trips (or run-level hints) name it
  const modes = [...kept.round_trips.map((trip) => trip.why?.hint), ...hints]
    .map((hint) => hint?.compile_mode).filter((mode) => tryable(run, mode));
  $("#why-hints").replaceChildren(
    ...hints.flatMap(hintLines),
    ...[...new Set(modes)].map((mode) => el("p", { class: "hint" }, el("button", {
      type: "button", class: "primary try-it", "data-mode": mode, text: `Try it: rerun with ${mode}`,
      onclick: (event) => tryIt(mode, event.currentTarget),
    }), " the same snippet and size on the same kind of device, then compare the two runs.")));
  card.hidden = false;
}

function whyItem(trip) {
  const why = trip.why;
  const head = el("div", {}, el("strong", { text: trip.tensor }), ` · ${tripSize(trip)} · `,
    why ? el("span", { class: "why-kind", text: why.kind.replaceAll("_", " ") }) : "no reason recorded");
  if (!why) return el("li", {}, head);
  const lines = why.lines.map((line) => el("button", {
    type: "button", class: "link", text: `line ${line}`, onclick: () => showLine(line),
  }));
  return el("li", { "data-kind": why.kind }, head, el("p", { text: why.message }),
    lines.length ? el("p", { class: "muted" }, "In the snippet: ", ...lines.flatMap((b, i) => i ? [", ", b] : [b])) : null,
    ...(why.hint ? hintLines(why.hint) : []));
}

// A kept round trip's bytes, one number per side: eager's (`bytes`) and, where compile moves
// it differently, the compiled variant's (`compiled_bytes`), or that it is only written there.
function tripSize(trip) {
  const eager = bytes(trip.bytes), compiled = trip.compiled_bytes;
  if (trip.compiled_reads === 0) return `written only when compiled: ${bytes(compiled)} (a ${eager} round trip in eager)`;
  if (compiled == null || compiled === trip.bytes) return `${eager} round trip`;
  return `${bytes(compiled)} round trip when compiled (${eager} in eager)`;
}

// A hint, and what the run showed when it also ran the hint's compile mode.
function hintLines(hint) {
  return [el("p", { class: "hint" }, el("strong", { text: "Hint: " }), hint.message),
    hint.checked ? el("p", { class: "hint-checked muted", text: hint.checked }) : null].filter(Boolean);
}

function showLine(line) {
  viewer?.highlightLines([line]);
  $("#snippet").closest("section")?.scrollIntoView({ block: "nearest" });
}

const tryable = (run, mode) => Boolean(mode) && TRY_MODES.has(mode) && mode !== (run.compile?.mode ?? "default")
  && !(run.compiled_modes ?? []).some((m) => m.mode === mode); // a mode the run already shows

// The run's kept round trips (their `why` is the first compile mode's), fetched once: the
// "why" card lists them and the kernel panel names those a compiled kernel writes or reads.
function keptRoundTrips() {
  keptTrips ??= api.roundTrips(runId, { fate: "kept", limit: WHY_LISTED });
  return keptTrips;
}

// The server copies the run (code, size, device kind, visibility) into a new one in `mode`;
// the comparison of the two waits for it to finish.
async function tryIt(mode, button) {
  button.disabled = true;
  try {
    const created = await api.rerun(runId, mode);
    window.location.assign(pages.compare(runId, created.id));
  } catch (err) {
    button.disabled = false;
    showError($("#try-error"), err);
  }
}

// ---- timeline with level of detail ------------------------------------------------------

async function renderTimeline() {
  $("#timeline-card").hidden = false;
  const div = $("#timeline");
  const widthPx = () => Math.max(300, Math.round(div.clientWidth || 1200));
  const draw = async (params) => {
    const figure = await api.timeline(runId, { width_px: widthPx(), ...params });
    await plot(div, figure);
    div.dataset.ready = "true"; // drawn and interactive: tests and bench/ wait for this
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
  let pending = null;
  div.on("plotly_relayout", (change) => { // zoom: ask the server for the finer window
    clearTimeout(pending);
    pending = setTimeout(() => {
      if (change["xaxis.autorange"]) draw({});
      else if ("xaxis.range[0]" in change) draw({ start_us: change["xaxis.range[0]"], end_us: change["xaxis.range[1]"] }).then(() =>
        window.Plotly.relayout(div, { "xaxis.range": [change["xaxis.range[0]"], change["xaxis.range[1]"]] }));
    }, 150);
  });
  div.on("plotly_hover", (event) => viewer?.highlightLines(kernelOf(event.points[0])?.lines ?? []));
  div.on("plotly_unhover", () => viewer?.highlightLines([]));
  div.on("plotly_click", (event) => {
    const point = event.points[0], k = kernelOf(point);
    if (k) return showKernel(k.variant, k.index);
    const data = point?.customdata; // a merged bar: [lane, -1, start_us, length_us, ...]: zoom into it
    // indexed keys, like a drag: the relayout handler fetches finer bars for them (it ignores
    // the plain "xaxis.range" it sets itself after a fetch, so it never loops)
    if (Array.isArray(data)) window.Plotly.relayout(div, { "xaxis.range[0]": data[2], "xaxis.range[1]": data[2] + data[3] });
  });
}

// customdata of a kernel bar: [lane index, kernel index, ..., [9] snippet lines]; merged bars carry -1.
function kernelOf(point) {
  const data = point?.customdata;
  if (!Array.isArray(data) || data[1] < 0) return null;
  return { variant: VARIANTS[data[0]], index: data[1], lines: data[9] ?? [] };
}

// ---- kernels table, snippet links, kernel detail -----------------------------------------

// The first `limit` kernels of each variant (TABLE_CAP at first, with "Show all"); then one
// page of PAGE from offsets[variant], with buttons to page through a larger run.
async function renderKernels(run, offsets, limit = PAGE) {
  let pages;
  try {
    pages = await Promise.all(VARIANTS.filter((v) => run.variants[v])
      .map((variant) => api.kernels(runId, variant, { offset: offsets[variant], limit })));
  } catch (err) {
    $("#kernels-card").hidden = false;
    return showError($("#kernels"), err);
  }
  const rows = pages.flatMap((page) => page.kernels.map((k) => {
    known.set(`${page.variant}:${k.index}`, k);
    return {
      variant: page.variant, index: k.index, name: k.short_name, op: kernelOp(k), kind: k.kind, dur_us: k.dur_us,
      bytes: k.bytes_read + k.bytes_written, bandwidth: k.dur_us > 0 ? (k.bytes_read + k.bytes_written) / (k.dur_us / 1e6) : null,
      lines: k.lines.join(", "), kernel: k,
      dram: k.dram_bytes_read === null || k.dram_bytes_read === undefined ? null : k.dram_bytes_read + k.dram_bytes_written,
    };
  }));
  const dram = (run.measurements ?? []).find((m) => m.kind === "dram");
  const columns = [
    { key: "variant", label: "variant" }, { key: "index", label: "#", num: true }, { key: "name", label: "kernel" },
    { key: "op", label: "op" }, { key: "kind", label: "kind" }, { key: "dur_us", label: "time", num: true, format: us },
    { key: "bytes", label: "bytes", num: true, format: bytes },
    ...(dram?.measured ? [{ key: "dram", label: "DRAM bytes", num: true, format: (v) => (v === null ? "–" : bytes(v)) }] : []),
    { key: "bandwidth", label: "bandwidth", num: true, format: (v, row) => bandwidthText(run.device, row.kernel, v) },
    { key: "lines", label: "lines" },
  ];
  tableRows = new Map();
  const capped = limit < PAGE ? pages.filter((page) => page.total > limit) : [];
  const paged = limit < PAGE ? [] : pages.filter((page) => page.total > PAGE);
  const partial = [...capped, ...paged];
  const table = sortableTable(columns, rows, {
    caption: partial.length ? `${partial.map(shownOf).join("; ")}: sorting orders the rows shown; download kernels.csv for all.` : null,
    onRow: (tr, row) => {
      tr.dataset.kernel = `${row.variant}:${row.index}`;
      tr.tabIndex = 0;
      tableRows.set(tr.dataset.kernel, tr);
      tr.addEventListener("mouseenter", () => viewer?.highlightLines(row.kernel.lines));
      tr.addEventListener("mouseleave", () => viewer?.highlightLines([]));
      tr.addEventListener("click", () => showKernel(row.variant, row.index));
      tr.addEventListener("keydown", (e) => { if (e.key === "Enter") showKernel(row.variant, row.index); });
    },
  });
  const pagers = paged.map((page) => el("p", { class: "row" },
    el("span", { class: "muted", text: shownOf(page) }),
    el("button", { type: "button", disabled: page.offset === 0, text: `Previous ${PAGE.toLocaleString()}`,
      onclick: () => renderKernels(run, { ...offsets, [page.variant]: Math.max(0, page.offset - PAGE) }) }),
    el("button", { type: "button", disabled: page.offset + PAGE >= page.total, text: `Next ${PAGE.toLocaleString()}`,
      onclick: () => renderKernels(run, { ...offsets, [page.variant]: page.offset + PAGE }) })));
  const all = pages.reduce((sum, page) => sum + page.total, 0);
  const showAll = capped.length ? el("p", { class: "row" }, el("button", {
    type: "button", id: "show-all-kernels", text: `Show all ${all.toLocaleString()} kernels`,
    onclick: () => renderKernels(run, firstPages()),
  }), el("span", { class: "muted", text: all > PAGE ? ` (${PAGE.toLocaleString()} per variant at a time)` : "" })) : null;
  // measured DRAM bytes (run option measure: ["dram"]): what the ncu pass gave, or why not
  const dramNote = dram ? el("p", { class: "muted", id: "dram-note", text: dram.measured
    ? `bytes are logical; DRAM bytes were measured by Nsight Compute${dram.seconds ? ` (a ${dram.seconds.toFixed(1)} s pass)` : ""}${dram.reason ? `: ${dram.reason}` : ""}.`
    : `DRAM bytes: ${dram.reason ?? "not measured"}.` }) : null;
  // replaceChildren writes a null as the text "null": only the parts there are
  $("#kernels").replaceChildren(...[dramNote, table, showAll, ...pagers].filter(Boolean));
  $("#kernels-card").hidden = false;
}

// The op behind a kernel, with how it shares the op's traffic: one of several launches of
// one op (a tensor past 2 GiB), or a helper (layout transform, memset) of its op.
function kernelOp(k) {
  const op = k.op ?? "–";
  if (k.launches) return `${op}, ${k.launches} launches (tensor over 2 GiB)`;
  if (k.helper) return `${op} (${k.helper})`;
  return op;
}

// Achieved bandwidth (logical bytes over time) and its share of the device's measured peak;
// faster than the peak means the data sat in the cache: said so, never an impossible %.
function bandwidthText(device, k, rate) {
  if (k.cache_resident) return cacheResident(device);
  if (rate === null) return "–";
  const share = k.achieved_bandwidth_pct;
  return `${bytes(rate)}/s${share === null || share === undefined ? "" : ` · ${share}% of peak`}`;
}

function cacheResident(device) {
  const cache = device?.type === "cuda" ? "L2" : "cache";
  const size = device?.l2_cache_bytes ? ` ${bytes(device.l2_cache_bytes)}` : "";
  return `${cache === "L2" ? "L2" : "Cache"}-resident (data under the${size} ${cache})`;
}

function shownOf(page) {
  const last = Math.min(page.offset + page.kernels.length, page.total);
  return `${page.variant} kernels ${(page.offset + 1).toLocaleString()}–${last.toLocaleString()} of ${page.total.toLocaleString()}`;
}

// A kernel with its transfers: from a page already fetched, else fetched on its own.
async function kernelData(variant, index) {
  const key = `${variant}:${index}`;
  if (!known.has(key)) {
    const page = await api.kernels(runId, variant, { offset: index, limit: 1 });
    if (page.kernels.length) known.set(key, page.kernels[0]);
  }
  return known.get(key) ?? null;
}

// Clicking a source line lights up every kernel that came from it, in the table and timeline.
async function linkLine(run, line) {
  viewer.highlightLines([line]);
  let pages;
  try {
    pages = await Promise.all(VARIANTS.filter((v) => run.variants[v])
      .map((variant) => api.kernels(runId, variant, { line, limit: LINE_HITS })));
  } catch (err) {
    return showError($("#kernel-detail"), err);
  }
  const hits = pages.flatMap((page) => page.kernels.map((k) => ({ variant: page.variant, index: k.index, k })));
  const more = pages.reduce((sum, page) => sum + page.total - page.kernels.length, 0);
  for (const hit of hits) known.set(`${hit.variant}:${hit.index}`, hit.k);
  for (const tr of tableRows.values()) tr.classList.remove("linked");
  for (const hit of hits) tableRows.get(`${hit.variant}:${hit.index}`)?.classList.add("linked");
  highlightBars(hits);
  $("#kernel-detail").replaceChildren(
    el("p", { text: hits.length ? `Line ${line} produced ${kernelCount(hits.length + more)}:` : `Line ${line} launched no kernel.` }),
    el("ul", {}, hits.map((hit) => el("li", {}, el("button", { type: "button", onclick: () => showKernel(hit.variant, hit.index),
      text: `${hit.variant} #${hit.index}: ${hit.k.short_name}` })))),
    ...(more ? [el("p", { class: "muted", text: `and ${more.toLocaleString()} more (the first ${LINE_HITS} of each variant are listed)` })] : []),
  );
}

const kernelCount = (n) => `${n.toLocaleString()} kernel${n === 1 ? "" : "s"}`;

function highlightBars(hits) {
  const div = $("#timeline");
  if (!div.data) return;
  const wanted = new Set(hits.map((h) => `${VARIANTS.indexOf(h.variant)}:${h.index}`));
  const selected = div.data.map((trace) => {
    if (!hits.length) return null;
    const points = [];
    (trace.customdata ?? []).forEach((cd, i) => { if (Array.isArray(cd) && wanted.has(`${cd[0]}:${cd[1]}`)) points.push(i); });
    return points;
  });
  window.Plotly.restyle(div, { selectedpoints: selected });
}

async function showKernel(variant, index) {
  const box = $("#kernel-detail");
  let k;
  try {
    k = await kernelData(variant, index);
  } catch (err) {
    return showError(box, err);
  }
  if (!k) return;
  viewer?.highlightLines(k.lines);
  const moved = k.bytes_read + k.bytes_written;
  box.replaceChildren(
    el("h3", { class: "mono", text: k.short_name }),
    el("dl", { class: "kv" },
      el("dt", { text: "variant" }), el("dd", { text: `${variant} #${index}` }),
      el("dt", { text: "full name" }), el("dd", { class: "mono", text: k.name }),
      el("dt", { text: "op" }), el("dd", { text: kernelOp(k) }),
      el("dt", { text: "time" }), el("dd", { text: `${us(k.dur_us)} · ${k.cache_resident ? cacheResident(runDevice) : bandwidth(moved, k.dur_us)}` }),
      el("dt", { text: "of the peak" }), el("dd", { text: k.achieved_bandwidth_pct == null ? "–" : `${k.achieved_bandwidth_pct}% of the device's measured bandwidth` }),
      el("dt", { text: "FLOPs" }), el("dd", { text: k.flops ? k.flops.toLocaleString() : "–" }),
      el("dt", { text: "read / written" }), el("dd", { text: `${bytes(k.bytes_read)} / ${bytes(k.bytes_written)}` }),
      el("dt", { text: "grid / block" }), el("dd", { text: `${k.grid?.join("×") ?? "–"} / ${k.block?.join("×") ?? "–"}` }),
      el("dt", { text: "lines" }), el("dd", { text: k.lines.join(", ") || "–" }),
      el("dt", { text: "ATen ops fused" }), el("dd", { class: "mono", text: k.source_ops.join(", ") || "–" })),
    el("h4", { text: "Transfers" }),
    k.traffic_note ? el("p", { class: "muted", text: `No transfers: ${k.traffic_note}.` }) : null,
    el("ul", {}, k.transfers.map((t) => el("li", { text: `${t.direction} ${t.tensor} · ${bytes(t.bytes)} (${t.role})` }))),
  );
  box.closest("section").scrollIntoView({ block: "nearest" });
  if (variant === "eager") return;
  if (variant === "compiled") await appendKeptTrips(box, k);
  try {
    const source = await api.kernelSource(runId, variant, index);
    if (source.source) box.append(el("h4", { text: "Generated code" }), el("pre", { class: "mono", text: source.source }));
  } catch (err) {
    box.append(el("p", { class: "muted", text: `Generated code unavailable: ${err.message}` }));
  }
}

// The kept round trips this compiled kernel writes or reads (by the tensors it moves), each
// with its reason: why compile left that value in memory. Round trips and their `why` are
// the first compile mode's, so only its kernels (`compiled`) list them.
async function appendKeptTrips(box, k) {
  let kept;
  try {
    kept = await keptRoundTrips();
  } catch (err) {
    return box.append(el("p", { class: "muted", text: `Round trips unavailable: ${err.message}` }));
  }
  const moved = new Map(k.transfers.map((t) => [t.tensor, t.direction]));
  const mine = kept.round_trips.filter((trip) => moved.has(trip.tensor));
  if (!mine.length) return;
  box.append(el("h4", { text: "Round trips it keeps in memory" }),
    el("ul", { class: "kernel-why" }, mine.map((trip) => el("li", { "data-kind": trip.why?.kind ?? "none" },
      el("strong", { text: trip.tensor }), ` · ${moved.get(trip.tensor) === "write" ? "writes" : "reads"} it · ${tripSize(trip)} · `,
      trip.why ? el("span", { class: "why-kind", text: trip.why.kind.replaceAll("_", " ") }) : "no reason recorded",
      trip.why ? el("p", { text: trip.why.message }) : null))));
}

function renderSnippet(run) {
  $("#code-grid").hidden = false;
  $("#snippet").replaceChildren();
  viewer = createReadOnlyViewer($("#snippet"), { doc: run.code });
  viewer.markBreaks(run.compile?.graph_breaks ?? []);
  viewer.onLineClick((line) => linkLine(run, line));
}

// ---- sweep, environment, downloads, output -------------------------------------------------

async function renderSweep(run) {
  $("#sweep-card").hidden = false;
  try {
    plot($("#sweep"), await api.sweep(runId));
  } catch (err) {
    showError($("#sweep"), err);
  }
  const columns = [
    { key: "size", label: "size", num: true, format: (v) => v.toLocaleString() },
    { key: "status", label: "status" },
    { key: "speedup", label: "speedup", num: true, format: times },
    { key: "eager_kernels", label: "eager kernels", num: true }, { key: "compiled_kernels", label: "compiled kernels", num: true },
    { key: "eager_bytes", label: "eager bytes", num: true, format: bytes }, { key: "compiled_bytes", label: "compiled bytes", num: true, format: bytes },
  ];
  $("#sweep-table").replaceChildren(sortableTable(columns, run.sweep, {
    onRow: (tr, row) => { tr.firstChild.replaceChildren(el("a", { href: pages.run(row.run_id), text: row.size.toLocaleString() })); },
  }));
}

function renderEnvironment(run) {
  const items = [
    ["device", run.device ? `${run.device.name} (${run.device.type})` : "–"],
    ["GPU memory", run.device?.memory_bytes ? bytes(run.device.memory_bytes) : null],
    ["host", run.device?.host], ["worker", run.device?.worker],
    ["device note", run.device?.note], ["L2 cache", run.device?.l2_cache_bytes ? bytes(run.device.l2_cache_bytes) : null],
    ["measured bandwidth", run.device?.peak_bandwidth_bytes_per_s ? `${bytes(run.device.peak_bandwidth_bytes_per_s)}/s (the worker's copy and read at 8× the cache)` : null],
    ["measured matmul", run.device?.peak_flops ? Object.entries(run.device.peak_flops).map(([dtype, f]) => `${(f / 1e12).toFixed(f >= 1e12 ? 1 : 3)} TFLOP/s ${dtype}`).join(", ") || null : null],
    ["torch", run.versions.torch], ["triton", run.versions.triton], ["CUDA", run.versions.cuda], ["driver", run.versions.driver],
    ["python", run.versions.python], ["compile mode", run.compile?.mode], ["compile time", run.compile?.seconds ? `${run.compile.seconds.toFixed(1)} s` : null],
    ["graphs", run.compile?.graph_count], ["graph breaks", run.compile?.graph_breaks.map((b) => `line ${b.line ?? "?"}: ${b.reason}`).join("; ") || null],
    ["size", run.size?.toLocaleString()], ["entry point", run.entry_point], ["created", when(run.created_at)], ["finished", when(run.finished_at)],
    ["duration", run.duration_s ? `${run.duration_s.toFixed(1)} s` : null], ["notes", run.notes.join(" ") || null], ["run id", run.id],
    ["Kernelscope peak memory", run.harness_peak_memory_bytes == null ? null : bytes(run.harness_peak_memory_bytes)],
  ].filter(([, value]) => value !== null && value !== undefined && value !== "");
  $("#env").replaceChildren(...items.flatMap(([key, value]) => [el("dt", { text: key }), el("dd", { text: String(value) })]));
  if (run.compile?.log) { // autotuning tables and warnings: the compiler's, not the snippet's
    $("#env").append(el("dt", { text: "compiler log" }),
      el("dd", {}, el("details", {}, el("summary", { text: "what the compiler printed" }), el("pre", { text: run.compile.log }))));
  }
  $("#env-card").hidden = false;
}

function renderDownloads(run) {
  const links = Object.entries(run.links?.downloads ?? {});
  $("#downloads").replaceChildren(...links.map(([name, href]) => el("li", {}, el("a", { href, download: name, text: name }))));
  $("#downloads-card").hidden = !links.length;
}

function renderOutput(run) {
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
