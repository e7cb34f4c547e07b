// The page's head: title, status, ownership, fork and compare buttons, where the run comes
// from (its parent, its suite, its sweep), and the permalink and compare-with controls.
import { api, pages } from "/static/api.js";
import { renderOwnership } from "/static/ownership.js";
import { $, badge, el } from "/static/ui.js";

export function render(_view, run) {
  document.title = `${run.title || `Run ${run.id}`} · Kernelscope`;
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
  const suite = run.suite;
  $("#suite-context").hidden = !suite;
  if (suite) {
    $("#suite-context").replaceChildren(`Problem “${suite.problem}” of the suite `,
      el("a", { href: suite.url, text: suite.title || suite.id }), ".");
  }
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

// The permalink and compare-with controls work whatever state the run is in.
export function wire(view) {
  $("#copy-link").addEventListener("click", async () => {
    const link = new URL(pages.run(view.runId), window.location.origin).href;
    try {
      await navigator.clipboard.writeText(link);
      $("#copied").textContent = `Copied ${link}`;
    } catch {
      $("#copied").textContent = `Permalink: ${link}`;
    }
  });
  $("#compare-form").addEventListener("submit", (event) => {
    event.preventDefault();
    compareWith(view.runId, $("#compare-id").value.trim());
  });
}

// The comparison page orders the two runs by time (older is A); here we only make sure
// there is another run to compare with, and say what is missing when there is not.
async function compareWith(runId, other) {
  const note = $("#compare-note");
  const say = (text) => {
    note.textContent = text;
    note.hidden = false;
    $("#compare-id").focus();
  };
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
