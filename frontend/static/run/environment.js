// Where and how the run ran: device, host, worker, measured peaks, versions, compile and
// timing facts, and the compiler's own log.
import { $, bytes, el, prose, when } from "/static/ui.js";

export function render(_view, run) {
  const items = facts(run).filter(([, value]) => value !== null && value !== undefined && value !== "");
  $("#env").replaceChildren(...items.flatMap(([key, value]) => [el("dt", { text: key }), el("dd", {}, Array.isArray(value) ? value : String(value))]));
  if (run.compile?.log) { // autotuning tables and warnings: the compiler's, not the snippet's
    $("#env").append(el("dt", { text: "compiler log" }),
      el("dd", {}, el("details", {}, el("summary", { text: "what the compiler printed" }), el("pre", { text: run.compile.log }))));
  }
  $("#env-card").hidden = false;
}

function facts(run) {
  const device = run.device;
  return [
    ["device", device ? `${device.name} (${device.type})` : "–"],
    ["GPU memory", device?.memory_bytes ? bytes(device.memory_bytes) : null],
    ["host", device?.host], ["worker", device?.worker],
    ["device note", device?.note], ["L2 cache", device?.l2_cache_bytes ? bytes(device.l2_cache_bytes) : null],
    ["measured bandwidth", device?.peak_bandwidth_bytes_per_s ? `${bytes(device.peak_bandwidth_bytes_per_s)}/s (the worker's copy and read at 8× the cache)` : null],
    ["measured matmul", device?.peak_flops ? matmulPeaks(device.peak_flops) : null],
    ["torch", run.versions.torch], ["triton", run.versions.triton], ["CUDA", run.versions.cuda], ["driver", run.versions.driver],
    ["python", run.versions.python], ["compile mode", run.compile?.mode], ["compile time", run.compile?.seconds ? `${run.compile.seconds.toFixed(1)} s` : null],
    ["graphs", run.compile?.graph_count], ["graph breaks", run.compile?.graph_breaks.map((b) => `line ${b.line ?? "?"}: ${b.reason}`).join("; ") || null],
    ["size", run.size?.toLocaleString()], ["entry point", run.entry_point], ["created", when(run.created_at)], ["finished", when(run.finished_at)],
    ["duration", run.duration_s ? `${run.duration_s.toFixed(1)} s` : null], ["notes", run.notes.length ? run.notes.flatMap((note, i) => [i ? " · " : null, ...prose(note)]) : null], ["run id", run.id],
    ["Kernelscope peak memory", run.harness_peak_memory_bytes == null ? null : bytes(run.harness_peak_memory_bytes)],
  ];
}

const matmulPeaks = (flops) => Object.entries(flops)
  .map(([dtype, f]) => `${(f / 1e12).toFixed(f >= 1e12 ? 1 : 3)} TFLOP/s ${dtype}`).join(", ") || null;
