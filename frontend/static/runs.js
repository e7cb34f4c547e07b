// History (/runs): every run, newest first; filters and keyset paging live in the URL,
// so a filtered page is a link too.
import { api, pages } from "/static/api.js";
import { $, badge, el, kindWords, prose, SPEEDUP_VERDICT_WORDS, showError, times, when } from "/static/ui.js";

const params = new URLSearchParams(window.location.search);
const filters = { q: params.get("q") ?? "", status: params.get("status") ?? "", device: params.get("device") ?? "", suites: params.get("suites") ?? "" };
$("#q").value = filters.q;
$("#status").value = filters.status;
$("#suites").value = filters.suites;

$("#filters").addEventListener("submit", (event) => {
  event.preventDefault();
  window.location.assign(pages.history({ q: $("#q").value.trim(), status: $("#status").value, device: $("#device").value, suites: $("#suites").value }));
});

async function loadDevices() {
  const devices = await api.devices().catch(() => []);
  $("#device").append(...devices.map((name) => el("option", { value: name, text: name })));
  $("#device").value = filters.device;
}

async function loadPage() {
  const before = params.get("before");
  let page;
  try {
    page = await api.runs({ ...filters, before, limit: 50 });
  } catch (err) {
    return showError($("#list-error"), err);
  }
  $("#runs").replaceChildren(page.runs.length ? table(page.runs) : el("p", { class: "muted", text: "No runs match." }));
  $("#older").hidden = !page.next_before;
  if (page.next_before) $("#older").href = pages.history({ ...filters, before: page.next_before });
  $("#newest").hidden = !before;
  $("#newest").href = pages.history(filters);
}

// On a phone the columns marked wide-only give way (app.css); the run, its status (with why
// it failed) and its speedup stay. A sweep's sizes are one group (a tbody), smallest first.
function table(runs) {
  const head = [["run"], ["status"], ["device", true], ["torch", true], ["kernels (eager → compiled)", true], ["speedup"], ["size", true], ["created", true]];
  const wide = (on) => (on ? "wide-only" : null);
  return el("div", { class: "table-wrap" }, el("table", {},
    el("thead", {}, el("tr", {}, head.map(([h, hide]) => el("th", { scope: "col", class: wide(hide), text: h })))),
    groups(runs).map((group) => el("tbody", group.length > 1 ? { class: "sweep", "data-sweep": group[0].sweep_id } : {},
      group.map((run, i) => row(run, i === 0 && group.length > 1 ? group : null)))),
  ));
}

// Runs in first-seen order, each sweep's sizes together and smallest first.
function groups(runs) {
  const byKey = new Map();
  for (const run of runs) {
    const key = run.sweep_id ?? run.id;
    if (!byKey.has(key)) byKey.set(key, []);
    byKey.get(key).push(run);
  }
  return [...byKey.values()].map((group) => group.sort((a, b) => (a.size ?? 0) - (b.size ?? 0)));
}

function row(run, sweep) {
  const pick = el("input", { type: "checkbox", class: "pick", "aria-label": `Pick run ${run.id} to compare`, value: run.id });
  pick.addEventListener("change", () => picked(pick));
  const label = sweep ? el("div", { class: "muted sweep-label", text: `Sweep of ${sweep.length} sizes (${sweep.map((r) => r.size?.toLocaleString() ?? "?").join(", ")})` }) : null;
  return el("tr", { "data-run": run.id },
    el("td", {}, label, el("label", { class: "pick-label" }, pick, " "), el("a", { href: pages.run(run.id), text: run.title || run.id }),
      run.title ? el("div", { class: "muted mono", text: run.id }) : null,
      run.suite_id ? el("div", { class: "muted suite-of" }, `problem ${run.problem ?? run.title ?? run.id} of `,
        el("a", { href: pages.suite(run.suite_id), text: run.suite_title || `suite ${run.suite_id}` })) : null,
      run.owner ? el("div", { class: "muted owner", text: `${run.owner} · ${run.visibility}` }) : null),
    el("td", {}, badge(run.status), failure(run)),
    el("td", { class: "wide-only", text: run.device_name ?? "–" }),
    el("td", { class: "wide-only", text: run.torch_version ?? "–" }),
    el("td", { class: "num wide-only", text: run.eager_kernel_count === null ? "–" : `${run.eager_kernel_count} → ${run.compiled_kernel_count ?? "–"}` }),
    // on a phone the interval gives way (its verdict stays): the run's id keeps its width
    el("td", { class: "num speedup" }, times(run.speedup), run.speedup_interval
      ? el("span", { class: "wide-only", text: ` (90% ${run.speedup_interval[0].toFixed(2)}–${run.speedup_interval[1].toFixed(2)}×)` }) : null, verdict(run)),
    el("td", { class: "num wide-only", text: run.size?.toLocaleString() ?? "" }),
    el("td", { class: "wide-only", text: when(run.created_at) }));
}

// Two runs picked make a comparison; a third pick lets go of the first.
const picks = [];
function picked(box) {
  const at = picks.indexOf(box);
  if (box.checked && at < 0) picks.push(box);
  if (!box.checked && at >= 0) picks.splice(at, 1);
  while (picks.length > 2) picks.shift().checked = false;
  const button = $("#compare-picked");
  button.disabled = picks.length !== 2;
  button.textContent = picks.length === 2 ? `Compare ${picks[0].value} with ${picks[1].value}` : `Compare: pick two runs (${picks.length} picked)`;
}
$("#compare-picked").addEventListener("click", () => {
  if (picks.length === 2) window.location.assign(pages.compare(picks[0].value, picks[1].value));
});

// The run page's verdict beside the number, so history never shows a speedup it would
// call noise as if it were one.
function verdict(run) {
  if (!run.speedup_verdict) return null;
  // a phone shows it too, wrapped in its column (app.css): a bare 12.70× would read as a win
  return el("div", { class: "verdict", "data-verdict": run.speedup_verdict, text: SPEEDUP_VERDICT_WORDS[run.speedup_verdict] });
}

function failure(run) {
  if (!run.error_kind && !run.error_message) return null;
  const text = [run.error_kind && kindWords(run.error_kind), run.error_message].filter(Boolean).join(": ");
  return el("div", { class: "muted failure-reason" }, prose(text));
}

loadDevices();
loadPage();
