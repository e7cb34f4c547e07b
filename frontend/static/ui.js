// Small DOM and formatting helpers shared by the pages. Text goes in with textContent
// only: snippet code, titles and output are never parsed as HTML.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export const $ = (selector) => document.querySelector(selector);

// Messages and notes mark code the way the CLI prints it, in backticks ("Define `fn(...)`").
// On a page the marks become <code>: the text is split around them and each part goes in as
// a text node, so nothing in a message is ever parsed as HTML. An unpaired backtick stays.
export function prose(text) {
  const parts = String(text ?? "").split(/`([^`\n]+)`/);
  return parts.map((part, i) => (i % 2 ? el("code", { text: part }) : document.createTextNode(part)))
    .filter((node) => node.nodeName === "CODE" || node.textContent);
}

// Binary units, as backend/figures/units.py's human_bytes writes them (the same run reads
// the same on cards, tables, figures and sentences): 67108864 -> "64 MiB", 8000000 ->
// "7.63 MiB", 492 -> "492 B". Three significant digits, none wasted on a trailing ".0"; a tie
// at the third digit rounds away from zero (3.125 MiB -> "3.13 MiB"), as units.py does too.
const BYTE_UNITS = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];
export function bytes(n) {
  if (n === null || n === undefined) return "–";
  let value = n, unit = 0;
  while (Math.abs(value) >= 1024 && unit < BYTE_UNITS.length - 1) { value /= 1024; unit += 1; }
  if (unit === 0) return `${Math.round(n).toLocaleString("en-US")} B`;
  const digits = Math.abs(value) >= 100 ? value.toFixed(0) : String(Number(value.toPrecision(3)));
  return `${digits} ${BYTE_UNITS[unit]}`;
}

export function us(n) {
  if (n === null || n === undefined) return "–";
  if (Math.abs(n) >= 1e6) return `${(n / 1e6).toFixed(2)} s`;
  if (Math.abs(n) >= 1e3) return `${(n / 1e3).toFixed(2)} ms`;
  return `${n.toFixed(n >= 100 ? 0 : 1)} µs`;
}

export const times = (x) => (x === null || x === undefined ? "–" : `${x < 0.1 ? x.toPrecision(2) : x.toFixed(2)}×`);
export const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
// Bandwidth in the bytes' own (binary) units: "1.2 TiB/s", never a decimal "GB/s" beside "MiB".
export const bandwidth = (moved, durUs) => (durUs > 0 ? `${bytes(moved / (durUs / 1e6))}/s` : "–");
export const when = (iso) => (iso ? new Date(iso).toLocaleString() : "–");

// node.replaceChildren writes a null child as the text "null": fill leaves absent parts
// out, as el() does.
export function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((child) => child !== null && child !== undefined));
}

// A run's status as a reader says it: "timed_out" -> "timed out".
export const statusWords = (status) => status.replaceAll("_", " ");
// An error's kind, a key for scripts ("syntax_error"), as a label for people ("Syntax error").
export const kindWords = (kind) => {
  const words = kind.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function badge(status) {
  return el("span", { class: `badge ${status}`, text: statusWords(status) });
}

export function showError(container, err) {
  // The API names the field its message is about ("body.code: ..."), for scripts; a page
  // shows the error beside that field already, so a person reads the message alone.
  const prefix = err.field ? `${err.field}: ` : null;
  const message = prefix && err.message.startsWith(prefix) ? err.message.slice(prefix.length) : err.message;
  container.replaceChildren(
    el("div", { class: "error-box", role: "alert" },
      el("p", {}, el("strong", { text: err.kind ? `${kindWords(err.kind)}: ` : "Error: " }), prose(message))),
  );
  container.hidden = false;
}

// A sortable table: columns [{key, label, num, format}], rows of objects. Clicking a header
// sorts by it; onRow(tr, row) lets a page wire hover and click; detail(row), when it gives
// a node, puts it in a full-width row under the row's own (a long message reads across
// the table instead of wrapping down one column).
export function sortableTable(columns, rows, { onRow, caption, detail } = {}) {
  let sortKey = null, ascending = true;
  const tbody = el("tbody");
  const headers = columns.map((col) => {
    const th = el("th", { class: col.num ? "num" : null, scope: "col" },
      el("button", { class: "sort", type: "button", text: col.label, onclick: () => sortBy(col.key) }));
    th.dataset.key = col.key;
    return th;
  });
  function render() {
    tbody.replaceChildren(...rows.flatMap((row) => {
      const tr = el("tr", {}, columns.map((col) =>
        el("td", { class: col.num ? "num" : null, text: col.format ? col.format(row[col.key], row) : row[col.key] ?? "" })));
      onRow?.(tr, row);
      const more = detail?.(row);
      return more ? [tr, el("tr", { class: "detail-row" }, el("td", { colspan: columns.length }, more))] : [tr];
    }));
  }
  function sortBy(key) {
    ascending = sortKey === key ? !ascending : true;
    sortKey = key;
    // unknown values (null) stay last whichever way the column is sorted
    rows = [...rows].sort((a, b) => (isUnknown(a[key]) || isUnknown(b[key]) ? compareValues(a[key], b[key]) : compareValues(a[key], b[key]) * (ascending ? 1 : -1)));
    for (const th of headers) th.setAttribute("aria-sort", th.dataset.key === key ? (ascending ? "ascending" : "descending") : "none");
    render();
  }
  render();
  return el("div", { class: "table-wrap" },
    el("table", {}, caption ? el("caption", { class: "muted", text: caption }) : null, el("thead", {}, el("tr", {}, headers)), tbody));
}

// A table wider than its card scrolls inside it; say so above it while it does.
export function withScrollCue(wrap) {
  const cue = el("p", { class: "muted scroll-cue", hidden: true, text: "The table is wider than the window: scroll it sideways to see every column →" });
  new ResizeObserver(() => { cue.hidden = wrap.scrollWidth <= wrap.clientWidth + 1; }).observe(wrap);
  return el("div", {}, cue, wrap);
}

const isUnknown = (value) => value === null || value === undefined;

function compareValues(a, b) {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b));
}

// Plotly draws into `div`; figures come from the server as {data, layout}.
// No "Share chart" (sendDataToCloud: it posts the data to chart-studio) nor the Plotly logo;
// the toolbar shows on hover only, and its buttons leave the tab order (they are mouse
// tools; zoom and reset also work by drag and double-click) so keyboard users reach the
// kernel table without a dozen stops per chart.
const PLOT_CONFIG = {
  responsive: true, displaylogo: false, modeBarButtonsToRemove: ["sendDataToCloud", "lasso2d", "select2d"],
};
export async function plot(div, figure, config = {}) {
  const Plotly = await plotlyLoaded();
  const drawn = await Plotly.react(div, figure.data, figure.layout, { ...PLOT_CONFIG, ...config });
  untabModebar(div);
  if (!div.dataset.untabbed) { // Plotly redraws the toolbar on relayout: again each time
    div.dataset.untabbed = "true";
    div.on("plotly_afterplot", () => untabModebar(div));
  }
  return drawn;
}

// plotly.js (4.8 MB) takes seconds to arrive and to run: the pages preload it and it runs
// when the first figure is drawn, after the text the reader came for. A figure waits here.
const PLOTLY_JS = "/static/vendor/plotly.min.js";
let plotlyLoading = null;
export function plotlyLoaded() {
  plotlyLoading ??= new Promise((resolve, reject) => {
    const script = el("script", { src: PLOTLY_JS });
    script.addEventListener("load", () => resolve(window.Plotly));
    script.addEventListener("error", () => reject(new Error("plotly.js did not load: reload to draw the figures")));
    document.head.append(script);
  });
  return plotlyLoading;
}

function untabModebar(div) {
  for (const control of div.querySelectorAll(".modebar a, .modebar button")) control.setAttribute("tabindex", "-1");
}

// A speedup's verdict against no change (the server's one rule, analysis/spread.py), in the
// words the run page and history both use.
export const SPEEDUP_VERDICT_WORDS = {
  better: "compiled is faster",
  worse: "compiled is slower",
  "within noise": "within noise of no change",
  "too noisy to tell": "too noisy to tell",
};
