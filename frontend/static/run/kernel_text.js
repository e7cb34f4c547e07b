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
