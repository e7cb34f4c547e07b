// The roofline: each kernel against the device's measured bandwidth and FLOP/s. Drawn after
// the kernel table, whose rows its points open.
import { api } from "/static/api.js";
import { $, plot, showError } from "/static/ui.js";
import { showKernel } from "/static/run/kernel_detail.js";

export async function render(view, run) {
  const div = $("#roofline");
  $("#roofline-card").hidden = false;
  try {
    await plot(div, await api.roofline(view.runId));
  } catch (err) {
    return showError(div, err);
  } finally {
    div.dataset.ready = "true";
  }
  div.on("plotly_click", (event) => {
    const data = event.points[0]?.customdata; // [variant, kernel index]
    if (!Array.isArray(data)) return;
    const key = `${data[0]}:${data[1]}`;
    view.rows.mark(new Set([key]));
    view.rows.get(key)?.scrollIntoView({ block: "center" }); // its row, when on the page shown
    showKernel(view, run, data[0], data[1]);
  });
}
