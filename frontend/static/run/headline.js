// What compile changed, in numbers: the lesson sentences and one stat per variant and compile
// mode, the speedup, the round trips eliminated and whether the outputs match.
import { $, bytes, count, el, prose, SPEEDUP_VERDICT_WORDS, times, us } from "/static/ui.js";

export function render(_view, run) {
  const { eager, compiled } = run.variants;
  $("#lesson").replaceChildren(...run.summary.map((sentence) => el("span", { class: "sentence", text: sentence })));
  const match = run.correctness?.match;
  const unknown = run.totals?.round_trips_unknown ?? 0;
  // several compile modes: the first is `compiled`; each further one its own stat
  const modes = run.compiled_modes ?? [];
  const firstMode = modes.length ? ` (${modes[0].mode})` : "";
  $("#headline").replaceChildren(
    variantStat(run, "eager", eager),
    variantStat(run, `compiled${firstMode}`, compiled, "compiled"),
    ...modes.slice(1).map((mode) => modeStat(run, mode)),
    speedupStat(run, firstMode),
    stat("round trips eliminated", String(run.totals?.round_trips_eliminated ?? 0),
      `${bytes(run.totals?.bytes_saved ?? 0)} of memory traffic saved${unknown ? ` · ${unknown} unknown` : ""}${savedVersusMoved(run)}`),
    stat("outputs", matchText(match), run.correctness ? correctnessDetail(run.correctness) : null),
  );
  $("#summary").hidden = false;
}

// The speedup alone in bold (it fits its card on one line); its verdict against no change
// (the server's one rule) and its interval beneath.
function speedupStat(run, firstMode) {
  const card = stat(`speedup${firstMode}`, times(run.speedup), speedupBasis(run));
  if (run.speedup_verdict) {
    const verdict = el("div", { class: "verdict", "data-verdict": run.speedup_verdict },
      `${SPEEDUP_VERDICT_WORDS[run.speedup_verdict]}${intervalText(run.speedup_interval)}`);
    card.querySelector(".value").after(verdict);
  }
  return card;
}

const stat = (label, value, detail) => el("div", { class: "stat" },
  el("div", { class: "label", text: label }), el("div", { class: "value", text: value }),
  detail ? el("div", { class: "detail muted", text: detail }) : null);

const peak = (v) => (v.peak_memory_bytes == null ? "" : ` · peak memory ${bytes(v.peak_memory_bytes)}`);

function variantStat(run, name, v, key = name) {
  if (!v) return null;
  return stat(name, `${count(v.kernel_count, "kernel")}, ${count(v.transfer_count, "transfer")}`,
    `${bytes(v.bytes_read + v.bytes_written)} moved · ${kernelTime(run, key, v)} · ${us(v.wall_time_us)} per call${peak(v)}`);
}

function modeStat(run, m) {
  const outputs = m.correctness?.match === true ? "match" : m.correctness?.match === false ? "DIFFER" : "not compared";
  const detail = `speedup ${times(m.speedup)} wall${intervalText(m.speedup_interval)} · ${times(m.kernel_speedup)} kernel${run.kernel_time_inflation?.[m.variant] || run.kernel_time_inflation?.eager ? " (profiler-inflated)" : ""} · `
    + `${us(m.wall_time_us)} per call · outputs ${outputs}${m.notes.length ? ` · ${m.notes.join("; ")}` : ""}`;
  return el("div", { class: "stat mode-stat", "data-variant": m.variant },
    el("div", { class: "label", text: m.mode }),
    el("div", { class: "value", text: `${count(m.kernel_count, "kernel")}, ${count(m.transfer_count, "transfer")}` }),
    el("div", { class: "detail muted" }, prose(detail)));
}

function matchText(match) {
  if (match === true) return "✓ match";
  return match === false ? "✗ differ" : "not compared";
}

// "Bytes saved" counts only the round trips fusion removed; bytes moved also change for
// other reasons. The server says how the two relate, in words (`saved_versus_moved`).
function savedVersusMoved(run) {
  return run.saved_versus_moved ? ` · ${run.saved_versus_moved}` : "";
}

// The profiler slowed a variant's kernels past what its timed calls allow, by a real margin
// (run.kernel_time_inflation, decided by the server): its kernel times and the kernel-time
// speedup are not to be believed.
const inflated = (run) => Object.keys(run.kernel_time_inflation ?? {}).length > 0;

function kernelTime(run, name, v) {
  const text = `${us(v.kernel_time_us)} in kernels`;
  return run.kernel_time_inflation?.[name] ? `${text} (inflated by the profiler: believe the time per call)` : text;
}

// A speedup is shown with its 90% interval wherever the run measured one.
function intervalText(interval) {
  return interval ? ` (90% interval ${interval[0].toFixed(2)}–${interval[1].toFixed(2)}×)` : "";
}

// The two speedups are measured on different bases; say which is which.
function speedupBasis(run) {
  const { eager, compiled } = run.variants;
  const calls = eager?.profiled_calls && compiled?.profiled_calls
    ? ` (medians over ${Math.min(eager.profiled_calls, compiled.profiled_calls)}+ profiled calls)` : "";
  const discount = inflated(run) ? ", inflated by the profiler: believe the wall-clock speedup" : "";
  return `per call, wall clock (median of ${eager?.timing_repeats ?? "?"} timed calls) · ` +
    `sum of kernel durations: ${times(run.kernel_speedup)}${calls}${discount} · reported by the run`;
}

function correctnessDetail(check) {
  const error = (x) => (x == null ? "–" : Number(x).toPrecision(2));
  const errors = `relative error ${error(check.max_rel_error)} max, ${error(check.rel_l2_error)} L2`;
  const against = check.method === "float64_reference" ? " · checked against eager in float64" : "";
  return errors + against + (check.note ? ` · ${check.note}` : "");
}
