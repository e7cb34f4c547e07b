// A suite (/s/<id>, the permalink): its problems with their runs' headline numbers, sortable
// by each column, each row linking to its run, and the totals. While problems are still
// queued or running the page looks again every few seconds, keeping the reader's sort.
import { api, pages } from "/static/api.js";
import { $, el, badge, bytes, prose, times, when, showError, sortableTable, withScrollCue } from "/static/ui.js";
import { speedupText, outputsText, percent, dash, seconds } from "/static/suite_format.js";

const POLL_MS = 2000;
const suiteId = decodeURIComponent(window.location.pathname.split("/").pop());

const COLUMNS = [
  { key: "name", label: "problem" },
  { key: "status", label: "status" },
  { key: "eager_kernels", label: "eager kernels", num: true, format: dash },
  { key: "compiled_kernels", label: "compiled kernels", num: true, format: dash },
  { key: "round_trips_eliminated", label: "round trips eliminated", num: true, format: dash },
  { key: "bytes_saved", label: "bytes saved", num: true, format: (v) => (v === null ? "–" : bytes(v)) },
  { key: "speedup", label: "speedup (90% interval)", num: true, format: speedupText },
  { key: "outputs_match", label: "outputs", format: outputsText },
  { key: "traffic_coverage", label: "traffic coverage", num: true, format: percent },
  { key: "duration_s", label: "time", num: true, format: seconds },
  // a problem with modules (a model): its blocks, bytes saved, kept round trips by group
  { key: "model", label: "model", format: (v) => v ?? "–" },
];

// Each row: the problem's name links to its run, its status is a badge.
function decorate(tr, row) {
  const [nameCell, statusCell] = tr.children;
  nameCell.replaceChildren(el("a", { href: pages.run(row.run_id), text: row.name }));
  statusCell.replaceChildren(badge(row.status));
  tr.dataset.problem = row.name;
  tr.dataset.status = row.status;
}

// A failed problem says why in a row of its own under it, across the table.
const failureRow = (row) => (row.error_message
  ? el("div", { class: "muted failure-reason", "data-problem": row.name }, prose(row.error_message))
  : null);

function totalsList(totals) {
  const geomean = totals.speedup_geomean === null ? "–" : times(totals.speedup_geomean);
  const items = [
    ["problems", `${totals.problems} problems: ${totals.succeeded} succeeded, ${totals.failed} failed${totals.cancelled ? `, ${totals.cancelled} cancelled` : ""}${totals.unfinished ? `, ${totals.unfinished} unfinished` : ""}`],
    ["kernels", `kernels: ${totals.eager_kernels} eager → ${totals.compiled_kernels} compiled`],
    ["round-trips", `${totals.round_trips_eliminated} round trips eliminated`],
    ["bytes-saved", `${bytes(totals.bytes_saved)} not moved`],
    ["speedup", `speedup geomean ${geomean}`],
    ["outputs", `outputs match in ${totals.outputs_match}, differ in ${totals.outputs_differ}`],
  ];
  return items.map(([key, text]) => el("li", { "data-total": key, text }));
}

// The sort the reader chose, read off the table before it is drawn again.
function currentSort() {
  const th = document.querySelector("#problems th[aria-sort=ascending], #problems th[aria-sort=descending]");
  return th ? { key: th.dataset.key, descending: th.getAttribute("aria-sort") === "descending" } : null;
}

function restoreSort(sort) {
  if (!sort) return;
  const button = document.querySelector(`#problems th[data-key="${sort.key}"] button`);
  button?.click();
  if (sort.descending) button?.click();
}

let drawn = "";
function draw(suite) {
  $("#suite-title").textContent = suite.title || `Suite ${suite.id}`;
  document.title = `${suite.title || `Suite ${suite.id}`} · Kernelscope`;
  const owner = suite.owner ? ` · ${suite.owner} · ${suite.visibility}` : "";
  // where the problems ran, by device name: the queue's kind ("cpu") is only where they waited
  const ranOn = suite.totals.devices.length ? `ran on ${suite.totals.devices.join(", ")}` : `queued for ${suite.device_kind}`;
  $("#suite-meta").textContent = `${suite.id} · ${suite.compile_mode} · ${ranOn} · ${when(suite.created_at)}${owner}`;
  const unfinished = suite.totals.unfinished;
  $("#suite-progress").hidden = !unfinished;
  $("#suite-progress").textContent = unfinished ? `${unfinished} of ${suite.totals.problems} problems still queued or running…` : "";
  const signature = JSON.stringify(suite.problems);
  if (signature === drawn) return;
  drawn = signature;
  $("#totals").replaceChildren(...totalsList(suite.totals));
  const sort = currentSort();
  $("#problems").replaceChildren(withScrollCue(sortableTable(COLUMNS, suite.problems, { onRow: decorate, detail: failureRow })));
  restoreSort(sort);
}

async function load() {
  let suite;
  try {
    suite = await api.suite(suiteId);
  } catch (err) {
    return showError($("#suite-error"), err);
  }
  draw(suite);
  if (suite.totals.unfinished) window.setTimeout(load, POLL_MS);
}

$("#compare-with").addEventListener("submit", (event) => {
  event.preventDefault();
  const other = $("#other").value.trim();
  if (other) window.location.assign(pages.compareSuites(suiteId, other));
});

load();
