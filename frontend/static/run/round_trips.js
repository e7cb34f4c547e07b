// What compile kept in memory, why, and what to try: the run's kept round trips, each with
// the reason Inductor kept it, its hint, and a "Try it" rerun per compile mode worth trying.
import { api, pages } from "/static/api.js";
import { $, count, el, prose, showError } from "/static/ui.js";
import { tripSize } from "/static/run/kernel_text.js";

// The compile modes a new run may ask for (the API's CompileMode): a hint naming another mode
// (reduce-overhead) is said, not offered as a button.
const TRY_MODES = new Set(["default", "max-autotune-no-cudagraphs", "reduce-overhead"]);

export async function render(view, run) {
  const card = $("#why-card");
  let kept;
  try {
    kept = await view.keptTrips();
  } catch (err) {
    card.hidden = false;
    return showError($("#try-error"), err);
  } finally {
    card.dataset.ready = "true"; // tests wait for this, shown or not
  }
  const hints = run.hints ?? [];
  if (!kept.total && !hints.length) return;
  if (run.links?.modules) await listGroups(view);
  else {
    $("#why-list").replaceChildren(...kept.round_trips.map((trip) => whyItem(view, trip)));
    const more = kept.total - kept.round_trips.length;
    $("#why-more").textContent = more > 0 ? `… and ${count(more, "more round trip")} still through memory (result.json lists them all).` : "";
  }
  // one "Try it" per compile mode, however many round trips (or run-level hints) name it
  const modes = [...kept.round_trips.map((trip) => trip.why?.hint), ...hints]
    .map((hint) => hint?.compile_mode).filter((mode) => tryable(run, mode));
  $("#why-hints").replaceChildren(
    ...hints.flatMap(hintLines),
    ...[...new Set(modes)].map((mode) => el("p", { class: "hint" }, el("button", {
      type: "button", class: "primary try-it", "data-mode": mode, text: `Try it: rerun with ${mode}`,
      onclick: (event) => tryIt(view.runId, mode, event.currentTarget),
    }), " the same snippet and size on the same kind of device, then compare the two runs.")));
  card.hidden = false;
}

// A model keeps the same round trip once per block: one entry per reason, tensor and module
// pattern (indices as *), grouped by the server (GET .../modules' kept_groups).
async function listGroups(view) {
  let ledger;
  try {
    ledger = await view.ledger();
  } catch (err) {
    return showError($("#try-error"), err);
  }
  $("#why-list").replaceChildren(...ledger.kept_groups.map((group) => el("li", { "data-kind": group.kind, class: "kept-group" },
    el("div", {}, el("strong", { text: group.label })),
    group.message ? el("p", {}, prose(group.message)) : null,
    group.hint ? el("p", { class: "hint" }, el("strong", { text: "Hint: " }), prose(group.hint)) : null)));
  $("#why-more").textContent = `${count(ledger.kept_total, "round trip")} kept, in ${count(ledger.kept_groups.length, "group")}: each group is one kind of round trip, repeated in every block (* stands for the block's index).`;
}

function whyItem(view, trip) {
  const why = trip.why;
  const head = el("div", {}, el("strong", { text: trip.tensor }), ` · ${tripSize(trip)} · `,
    why ? el("span", { class: "why-kind", text: why.kind.replaceAll("_", " ") }) : "no reason recorded");
  if (!why) return el("li", {}, head);
  const lines = why.lines.map((line) => el("button", {
    type: "button", class: "link", text: `line ${line}`, onclick: () => view.source.show(line),
  }));
  return el("li", { "data-kind": why.kind }, head, el("p", {}, prose(why.message)),
    lines.length ? el("p", { class: "muted" }, "In the snippet: ", ...lines.flatMap((b, i) => (i ? [", ", b] : [b]))) : null,
    ...(why.hint ? hintLines(why.hint) : []));
}

// A hint, and what the run showed when it also ran the hint's compile mode.
function hintLines(hint) {
  return [el("p", { class: "hint" }, el("strong", { text: "Hint: " }), prose(hint.message)),
    hint.checked ? el("p", { class: "hint-checked muted", text: hint.checked }) : null].filter(Boolean);
}

const tryable = (run, mode) => Boolean(mode) && TRY_MODES.has(mode) && mode !== (run.compile?.mode ?? "default")
  && !(run.compiled_modes ?? []).some((m) => m.mode === mode); // a mode the run already shows

// The server copies the run (code, size, device kind, visibility) into a new one in `mode`;
// the comparison of the two waits for it to finish.
async function tryIt(runId, mode, button) {
  button.disabled = true;
  try {
    const created = await api.rerun(runId, mode);
    window.location.assign(pages.compare(runId, created.id));
  } catch (err) {
    button.disabled = false;
    showError($("#try-error"), err);
  }
}
