// Compare (/compare/A/B): headline deltas, both timelines on one scale, kernel-matched diff.
// A is the older run and B the newer, whichever order the link gave, so "better" and
// "worse" read forwards in time; ?order=given (the Swap button) keeps the order as given.
import { api, pages } from "/static/api.js";
import { $, el, bytes, us, times, showError, sortableTable, plot } from "/static/ui.js";

const search = new URLSearchParams(window.location.search);
let [, , a, b] = window.location.pathname.split("/").map(decodeURIComponent);
a = a || search.get("a") || "";
b = b || "";
const asGiven = search.get("order") === "given";
$("#a").value = a;
$("#b").value = b;
$("#pick").addEventListener("submit", (event) => {
  event.preventDefault();
  window.location.assign(pages.compare($("#a").value.trim(), $("#b").value.trim()));
});
$("#swap").addEventListener("click", () => window.location.assign(pages.compare(b, a, { asGiven: true })));

// A run still queued or running (a "Try it" rerun, say) is compared once it has finished:
// until then the page says which and where it is, and looks again, less often as it waits.
const WAIT_MS = [2000, 30000]; // first and longest pause between looks
const GIVE_UP_MS = 60 * 60 * 1000; // then the note says to reload
const RETRIES = 3; // failed looks in a row (a restarting server) before the error is shown
let pending = [a, b];
let pause = WAIT_MS[0];
let failures = 0;
let ordered = false; // the runs are fetched and put in order once
const waitStarted = Date.now();

// What is missing, said instead of doing nothing: one id, the same id twice, an unknown id.
function missing() {
  if (!a && !b) return "Type the ids of two runs (the last part of each run's permalink) and press Compare.";
  if (!a || !b) return `Only one run given (${a || b}): type the id of the run to compare it with.`;
  if (a === b) return `Both ids are ${a}: type the id of another run to compare it with.`;
  return null;
}

// Both runs, oldest first unless the reader swapped them; the URL then says the order shown.
async function order() {
  const [first, second] = await Promise.all([a, b].map((id) => api.run(id).catch((err) => {
    err.message = err.status === 404 ? `No run "${id}" that you can see: check the id (the last part of a run's permalink).` : err.message;
    throw err;
  })));
  const aIsNewer = first.created_at > second.created_at;
  if (aIsNewer && !asGiven) {
    [a, b] = [b, a];
    window.history.replaceState(null, "", pages.compare(a, b));
    $("#a").value = a;
    $("#b").value = b;
  }
  $("#order-note").textContent = aIsNewer && asGiven
    ? "In the order you chose: A is the newer run."
    : "A is the older run, B the newer: B vs A reads forwards in time.";
  $("#order").hidden = false;
  return true;
}

async function load() {
  const problem = missing();
  if (problem) {
    $("#compare-error").replaceChildren(el("p", { class: "notice", role: "status", text: problem }));
    $("#compare-error").hidden = false;
    return;
  }
  try {
    if (!ordered) ordered = await order(); // the polls that wait for a running run keep it
  } catch (err) {
    return showError($("#compare-error"), err);
  }
  let comparison;
  try {
    if (await stillRunning()) return;
    comparison = await api.compare(a, b);
  } catch (err) {
    // only a server that is away (restarting) is worth asking again; a 404 or 403 is final
    const transient = err.status === 0 || err.status >= 500;
    if (transient && ++failures <= RETRIES && pending.length) return setTimeout(load, pause);
    $("#compare-wait").hidden = true;
    return showError($("#compare-error"), err);
  }
  renderDeltas(comparison);
  renderDiff(comparison);
  $("#ctimeline-card").hidden = false;
  try {
    plot($("#ctimeline"), await api.compareTimeline(a, b, $("#ctimeline").clientWidth || 1200));
  } catch (err) {
    showError($("#ctimeline"), err);
  }
}

// Looks only at the runs not yet seen finished; true while one of them is not.
async function stillRunning() {
  const runs = await Promise.all(pending.map((id) => api.run(id)));
  failures = 0;
  const running = runs.filter((run) => run.progress);
  pending = running.map((run) => run.id);
  const note = $("#compare-wait");
  note.hidden = !running.length;
  if (!running.length) return false;
  const waited = Date.now() - waitStarted;
  const where = (run) => ` is ${run.progress.status}${run.progress.step ? ` (${run.progress.step})` : ""}. `;
  const after = waited > GIVE_UP_MS ? "Reload the page to look again." : "The comparison appears when it finishes.";
  const said = running.map((run) => `Run ${run.id}${where(run)}`).join("") + after;
  if (note.dataset.said !== said) { // a live region: rewritten only when it changes
    note.dataset.said = said;
    note.replaceChildren(...running.flatMap((run) => [el("a", { href: pages.run(run.id), text: `Run ${run.id}` }), where(run)]), after);
  }
  if (waited <= GIVE_UP_MS) {
    setTimeout(load, pause);
    pause = Math.min(pause * 1.5, WAIT_MS[1]);
  }
  return true;
}

// Lower is better for counts, bytes and times; a sign and a word carry it, never colour alone.
// A measured time or speedup carries the server's verdict (one rule for every page: better,
// worse, within noise, too noisy to tell); exact counts and bytes are better or worse by sign.
function delta(metric, format, higherIsBetter = false) {
  if (metric.delta === null || metric.delta === undefined) return "–";
  if (metric.delta === 0) return "no change";
  const better = higherIsBetter ? metric.delta > 0 : metric.delta < 0;
  const ratio = metric.ratio === null ? "" : ` (${times(metric.ratio)})`;
  const verdict = metric.verdict ?? (better ? "better" : "worse");
  const kind = verdict === "better" || verdict === "worse" ? (metric.delta > 0 ? "up" : "down") : "noise";
  return el("span", { class: `delta ${kind}`, "data-verdict": verdict, text: `${metric.delta > 0 ? "+" : "−"}${format(Math.abs(metric.delta))}${ratio} ${verdict}` });
}

const withInterval = (interval) => (value) => interval
  ? `${times(value)} (90% ${interval[0].toFixed(2)}–${interval[1].toFixed(2)}×)` : times(value);
// "code: changed" shows what changed: A's lines marked −, B's +, a word as well as a colour.
function renderCodeDiff(lines) {
  const box = $("#code-diff");
  box.hidden = !lines.length;
  const kind = (line) => line.startsWith("@@") ? "hunk" : line[0] === "-" ? "del" : line[0] === "+" ? "add" : "same";
  box.replaceChildren(el("summary", { text: `Code diff (− only in A, + only in B)` }),
    el("pre", { class: "code-diff" }, ...lines.map((line) => el("span", { class: `diff-${kind(line)}`, text: `${line}\n` }))));
}

function renderDeltas(c) {
  // B as a rerun of A in another compile mode ("Try it"): what it changed leads the card,
  // "nothing, because ..." included, before the rows a reader would otherwise add up
  $("#rerun").textContent = c.rerun ?? "";
  $("#rerun").hidden = !c.rerun;
  $("#differences").replaceChildren(...(c.differences.length ? c.differences : ["Same code, device and versions."]).map((d) => el("li", { text: d })));
  renderCodeDiff(c.code_diff ?? []);
  const rows = [];
  const link = (id) => el("a", { href: pages.run(id), text: id });
  for (const [variant, v] of Object.entries(c.variants)) {
    rows.push([`${variant} kernels`, v.kernel_count, String, false], [`${variant} transfers`, v.transfer_count, String, false],
      [`${variant} bytes moved`, v.bytes_moved, bytes, false], [`${variant} kernel time`, v.kernel_time_us, us, false], [`${variant} wall time`, v.wall_time_us, us, false]);
    // measured DRAM bytes (Nsight Compute): only when both runs measured them
    if (v.dram_bytes && v.dram_bytes.a !== null && v.dram_bytes.b !== null) rows.push([`${variant} DRAM bytes (measured)`, v.dram_bytes, bytes, false]);
  }
  const [intervalA, intervalB] = c.speedup_intervals ?? [null, null];
  rows.push(["speedup", c.speedup, times, true, withInterval(intervalA), withInterval(intervalB)], ["round trips eliminated", c.round_trips_eliminated, String, true], ["bytes saved", c.bytes_saved, bytes, true]);
  const fmt = (v, f) => (v === null || v === undefined ? "–" : f(v));
  $("#deltas").replaceChildren(el("div", { class: "table-wrap" }, el("table", {},
    el("thead", {}, el("tr", {}, el("th", { text: "" }), el("th", { class: "num" }, "A ", link(c.a_id)), el("th", { class: "num" }, "B ", link(c.b_id)), el("th", { text: "B vs A" }))),
    el("tbody", {}, rows.map(([label, m, f, higher, fa = f, fb = f]) => el("tr", {},
      el("th", { scope: "row", text: label }), el("td", { class: "num", text: fmt(m.a, fa) }), el("td", { class: "num", text: fmt(m.b, fb) }),
      el("td", {}, delta(m, f, higher))))))));
  $("#deltas-card").hidden = false;
  renderRoundTrips(c);
}

function renderRoundTrips(c) {
  if (!c.round_trips?.length) return;
  $("#deltas").append(el("h3", { text: "Round trips whose fate changed" }), el("ul", {},
    c.round_trips.map((t) => el("li", {}, el("strong", { text: t.tensor }),
      ` (${t.producer}): ${t.a ?? "absent"} → ${t.b ?? "absent"}`,
      t.b_why ? el("div", { class: "muted", text: t.b_why }) : null))));
}

function renderDiff(c) {
  const columns = [
    { key: "status", label: "change" }, { key: "name", label: "kernel", format: (v, row) => (row.b_name ? `${v} → ${row.b_name}` : v) },
    { key: "op", label: "op" }, { key: "kind", label: "kind" },
    { key: "a_dur_us", label: "A time", num: true, format: us }, { key: "b_dur_us", label: "B time", num: true, format: us },
    { key: "dur_delta_us", label: "Δ time", num: true, format: (v, row) => (v === null ? "–" : `${v > 0 ? "+" : v < 0 ? "−" : ""}${us(Math.abs(v))} ${row.time_verdict}`) },
    { key: "a_bytes", label: "A bytes", num: true, format: bytes }, { key: "b_bytes", label: "B bytes", num: true, format: bytes },
    { key: "bytes_delta", label: "Δ bytes", num: true, format: (v) => (v === null ? "–" : `${v > 0 ? "+" : v < 0 ? "−" : ""}${bytes(Math.abs(v))}`) },
  ];
  $("#diff").replaceChildren(...c.kernels.flatMap((diff) => [
    el("h3", { text: `${diff.variant}: ${diff.added} added, ${diff.removed} removed, ${diff.changed} changed, ${diff.same} same` }),
    sortableTable(columns, diff.rows, { onRow: (tr, row) => tr.classList.add(`status-${row.status}`) }),
  ]));
  $("#diff-card").hidden = false;
}

load();
