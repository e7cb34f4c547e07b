// Two suites problem by problem (/compare-suites/<a>/<b>), matched by problem name: each
// side's status and speedup, B's speedup over A's, and the verdict (the server's one rule
// for noise: "within noise" where the 90% intervals overlap, "too noisy to tell" where a
// run's calls varied too much). Sortable by each column; each side links to its run.
import { api, pages } from "/static/api.js";
import { $, el, times, showError, sortableTable, statusWords } from "/static/ui.js";
import { speedupText, outputsText } from "/static/suite_format.js";

const [a, b] = window.location.pathname.split("/").slice(-2).map(decodeURIComponent);

const side = (problem) => (problem ? { ...problem } : null);
const flat = (pair) => ({
  name: pair.name,
  a_status: pair.a?.status ?? null,
  a_speedup: pair.a?.speedup ?? null,
  b_status: pair.b?.status ?? null,
  b_speedup: pair.b?.speedup ?? null,
  ratio: pair.speedup_ratio,
  verdict: pair.verdict,
  a: side(pair.a),
  b: side(pair.b),
});

const status = (value) => (value ? statusWords(value) : "–");
const speedupOf = (which) => (value, row) => (row[which] ? speedupText(value, row[which]) : "–");
const COLUMNS = [
  { key: "name", label: "problem" },
  { key: "a_status", label: "A status", format: status },
  { key: "a_speedup", label: "A speedup", num: true, format: speedupOf("a") },
  { key: "b_status", label: "B status", format: status },
  { key: "b_speedup", label: "B speedup", num: true, format: speedupOf("b") },
  { key: "ratio", label: "B / A", num: true, format: (v) => times(v) },
  { key: "verdict", label: "verdict" },
  { key: "runs", label: "runs" },
];

function decorate(tr, row) {
  tr.dataset.problem = row.name;
  tr.dataset.verdict = row.verdict;
  const cells = tr.children;
  for (const [which, index] of [["a", 2], ["b", 4]]) {
    const problem = row[which];
    if (!problem) continue;
    const title = `outputs ${outputsText(problem.outputs_match)}`;
    cells[index].replaceChildren(el("a", { href: pages.run(problem.run_id), title, text: cells[index].textContent }));
  }
  // both sides ran it: their kernels, timelines and deltas side by side
  if (row.a && row.b) {
    cells[cells.length - 1].replaceChildren(el("a", { class: "compare-pair", href: pages.compare(row.a.run_id, row.b.run_id, { asGiven: true }), text: "compare runs" }));
  }
}

async function load() {
  let comparison;
  try {
    comparison = await api.compareSuites(a, b);
  } catch (err) {
    return showError($("#compare-error"), err);
  }
  const name = (suite) => suite.title || suite.id;
  $("#suites").replaceChildren(
    "A: ", el("a", { href: pages.suite(comparison.a.id), text: name(comparison.a) }),
    " · B: ", el("a", { href: pages.suite(comparison.b.id), text: name(comparison.b) }),
  );
  $("#verdicts").replaceChildren(...Object.entries(comparison.verdicts).map(([verdict, n]) =>
    el("li", { "data-verdict": verdict, text: `${verdict}: ${n}` })));
  $("#pairs").replaceChildren(sortableTable(COLUMNS, comparison.pairs.map(flat), { onRow: decorate }));
}

load();
