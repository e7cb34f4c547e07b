// How a kernel is described in the table and in the kernel panel alike.
import { bytes } from "/static/ui.js";

// The op behind a kernel, with how it shares the op's traffic: one of several launches of
// one op (a tensor past 2 GiB), or a helper (layout transform, memset) of its op.
export function kernelOp(k) {
  const op = k.op ?? "–";
  if (k.launches) return `${op}, ${k.launches} launches (tensor over 2 GiB)`;
  if (k.helper) return `${op} (${k.helper})`;
  return op;
}

// The time the page believes of a kernel: its profiled time, or, where the profiler inflated
// its variant's kernel times past the timed call (run.kernel_time_inflation, decided by the
// server), that time fitted to the call, as the timeline and the roofline draw it.
export function believedUs(run, variant, k) {
  const v = run.variants[variant];
  return run.kernel_time_inflation?.[variant] && v?.kernel_time_us > 0 ? k.dur_us * (v.wall_time_us / v.kernel_time_us) : k.dur_us;
}

// Said once above the rates when some are over fitted times.
export function fittedNote(run) {
  const fitted = Object.entries(run.kernel_time_inflation ?? {});
  if (!fitted.length) return null;
  const each = fitted.map(([variant, times]) => `${variant}'s ${times.toFixed(1)}×`).join(", ");
  return `Bandwidth is over each kernel's time fitted to its timed call: the profiler inflated the kernel times (${each} the time per call).`;
}

// Achieved bandwidth (logical bytes over time) and its share of the device's measured peak;
// faster than the peak means the data sat in the cache: said so, never an impossible %.
export function bandwidthText(device, k, rate) {
  if (k.cache_resident) return cacheResident(device);
  if (rate === null) return "–";
  const share = k.achieved_bandwidth_pct;
  return `${bytes(rate)}/s${share === null || share === undefined ? "" : ` · ${share}% of peak`}`;
}

export function cacheResident(device) {
  const cache = device?.type === "cuda" ? "L2" : "cache";
  const size = device?.l2_cache_bytes ? ` ${bytes(device.l2_cache_bytes)}` : "";
  return `${cache === "L2" ? "L2" : "Cache"}-resident (faster than DRAM allows; data under the${size} ${cache})`;
}

// A kept round trip's bytes, one number per side: eager's (`bytes`) and, where compile moves
// it differently, the compiled variant's (`compiled_bytes`), or that it is only written there.
export function tripSize(trip) {
  const eager = bytes(trip.bytes);
  const compiled = trip.compiled_bytes;
  if (trip.compiled_reads === 0) return `written only when compiled: ${bytes(compiled)} (a ${eager} round trip in eager)`;
  if (compiled == null || compiled === trip.bytes) return `${eager} round trip`;
  return `${bytes(compiled)} round trip when compiled (${eager} in eager)`;
}
