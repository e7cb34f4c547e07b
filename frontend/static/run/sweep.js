// A sweep's chart and table: the same snippet at each size, each size a run of its own.
import { api, pages } from "/static/api.js";
import { $, bytes, el, plot, showError, sortableTable, times } from "/static/ui.js";

const COLUMNS = [
  { key: "size", label: "size", num: true, format: (v) => v.toLocaleString() },
  { key: "status", label: "status" },
  { key: "speedup", label: "speedup", num: true, format: times },
  { key: "eager_kernels", label: "eager kernels", num: true }, { key: "compiled_kernels", label: "compiled kernels", num: true },
  { key: "eager_bytes", label: "eager bytes", num: true, format: bytes }, { key: "compiled_bytes", label: "compiled bytes", num: true, format: bytes },
];

export async function render(view, run) {
  $("#sweep-card").hidden = false;
  try {
    plot($("#sweep"), await api.sweep(view.runId));
  } catch (err) {
    showError($("#sweep"), err);
  }
  $("#sweep-table").replaceChildren(sortableTable(COLUMNS, run.sweep, {
    onRow: (tr, row) => {
      tr.firstChild.replaceChildren(el("a", { href: pages.run(row.run_id), text: row.size.toLocaleString() }));
    },
  }));
}
