// The kernel panel: one kernel's numbers, its transfers, the round trips it keeps in memory
// and its generated code. Any panel opens a kernel here with showKernel.
import { api } from "/static/api.js";
import { $, bandwidth, bytes, el, fill, prose, showError, us } from "/static/ui.js";
import { believedUs, cacheResident, fittedNote, kernelOp, tripSize } from "/static/run/kernel_text.js";

export async function showKernel(view, run, variant, index) {
  const box = $("#kernel-detail");
  let k;
  try {
    k = await view.kernels.get(variant, index);
  } catch (err) {
    return showError(box, err);
  }
  if (!k) return;
  view.source.highlight(k.lines);
  fill(box,
    el("h3", { class: "mono", text: k.short_name }),
    el("dl", { class: "kv" }, ...facts(run, variant, index, k)),
    el("h4", { text: "Transfers" }),
    k.traffic_note ? el("p", { class: "muted", text: `No transfers: ${k.traffic_note}.` }) : null,
    el("ul", {}, k.transfers.map((t) => el("li", { text: `${t.direction} ${t.tensor} · ${bytes(t.bytes)} (${t.role})` }))),
  );
  box.closest("section").scrollIntoView({ block: "nearest" });
  if (variant === "eager") return;
  if (variant === "compiled") await appendKeptTrips(view, box, k);
  try {
    const source = await api.kernelSource(view.runId, variant, index);
    if (source.source) box.append(el("h4", { text: "Generated code" }), el("pre", { class: "mono", text: source.source }));
  } catch (err) {
    box.append(el("p", { class: "muted", text: `Generated code unavailable: ${err.message}` }));
  }
}

function facts(run, variant, index, k) {
  const moved = k.bytes_read + k.bytes_written;
  const rows = [
    ["variant", `${variant} #${index}`],
    ["full name", k.name, "mono"],
    ["op", kernelOp(k)],
    ["time", `${us(k.dur_us)} · ${k.cache_resident ? cacheResident(run.device) : bandwidth(moved, believedUs(run, variant, k))}`],
    ...(run.kernel_time_inflation?.[variant] ? [["fitted", `${us(believedUs(run, variant, k))}: ${fittedNote(run)}`]] : []),
    ["of the peak", k.achieved_bandwidth_pct == null ? "–" : `${k.achieved_bandwidth_pct}% of the device's measured bandwidth`],
    ["FLOPs", k.flops ? k.flops.toLocaleString() : "–"],
    ["read / written", `${bytes(k.bytes_read)} / ${bytes(k.bytes_written)}`],
    ["grid / block", `${k.grid?.join("×") ?? "–"} / ${k.block?.join("×") ?? "–"}`],
    ["lines", k.lines.join(", ") || "–"],
    ["ATen ops fused", k.source_ops.join(", ") || "–", "mono"],
  ];
  return rows.flatMap(([term, text, style]) => [el("dt", { text: term }), el("dd", { class: style, text })]);
}

// The kept round trips this compiled kernel writes or reads (by the tensors it moves), each
// with its reason: why compile left that value in memory. Round trips and their `why` are
// the first compile mode's, so only its kernels (`compiled`) list them.
async function appendKeptTrips(view, box, k) {
  let kept;
  try {
    kept = await view.keptTrips();
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
      trip.why ? el("p", {}, prose(trip.why.message)) : null))));
}
