// How the suite pages write a problem's numbers (the suite and the suite compare page).
import { times } from "/static/ui.js";

export const speedupText = (value, row) => {
  if (value === null || value === undefined) return "–";
  const known = row.speedup_low !== null && row.speedup_high !== null;
  return known ? `${times(value)} (${row.speedup_low.toFixed(2)}–${row.speedup_high.toFixed(2)}×)` : times(value);
};
export const outputsText = (match) => (match === true ? "match" : match === false ? "DIFFER" : "–");
export const percent = (share) => (share === null || share === undefined ? "–" : `${Math.round(share * 100)}%`);
export const dash = (value) => (value === null || value === undefined ? "–" : String(value));
export const seconds = (value) => (value === null || value === undefined ? "–" : `${value.toFixed(1)} s`);
