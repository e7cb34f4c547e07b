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

export function bytes(n) {
  if (n === null || n === undefined) return "–";
  const units = ["B", "KiB", "MiB", "GiB", "TiB"];
  let value = n, unit = 0;
  while (Math.abs(value) >= 1024 && unit < units.length - 1) { value /= 1024; unit += 1; }
  return `${unit ? value.toFixed(value >= 100 ? 0 : 1) : value} ${units[unit]}`;
}

export function us(n) {
  if (n === null || n === undefined) return "–";
  if (Math.abs(n) >= 1e6) return `${(n / 1e6).toFixed(2)} s`;
  if (Math.abs(n) >= 1e3) return `${(n / 1e3).toFixed(2)} ms`;
  return `${n.toFixed(n >= 100 ? 0 : 1)} µs`;
}

export const times = (x) => (x === null || x === undefined ? "–" : `${x < 0.1 ? x.toPrecision(2) : x.toFixed(2)}×`);
export const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
export const gbps = (moved, durUs) => (durUs > 0 ? `${(moved / (durUs * 1e3)).toFixed(1)} GB/s` : "–");
export const when = (iso) => (iso ? new Date(iso).toLocaleString() : "–");

export function badge(status) {
  return el("span", { class: `badge ${status}`, text: status.replace("_", " ") });
}

export function showError(container, err) {
  container.replaceChildren(
    el("div", { class: "error-box", role: "alert" },
      el("p", {}, el("strong", { text: err.kind ? `${err.kind}: ` : "Error: " }), err.message)),
  );
  container.hidden = false;
}

// A sortable table: columns [{key, label, num, format}], rows of objects. Clicking a header
// sorts by it; onRow(tr, row) lets a page wire hover and click.
export function sortableTable(columns, rows, { onRow, caption } = {}) {
  let sortKey = null, ascending = true;
  const tbody = el("tbody");
  const headers = columns.map((col) => {
    const th = el("th", { class: col.num ? "num" : null, scope: "col" },
      el("button", { class: "sort", type: "button", text: col.label, onclick: () => sortBy(col.key) }));
    th.dataset.key = col.key;
    return th;
  });
  function render() {
    tbody.replaceChildren(...rows.map((row) => {
      const tr = el("tr", {}, columns.map((col) =>
        el("td", { class: col.num ? "num" : null, text: col.format ? col.format(row[col.key], row) : row[col.key] ?? "" })));
      onRow?.(tr, row);
      return tr;
    }));
  }
  function sortBy(key) {
    ascending = sortKey === key ? !ascending : true;
    sortKey = key;
    rows = [...rows].sort((a, b) => compareValues(a[key], b[key]) * (ascending ? 1 : -1));
    for (const th of headers) th.setAttribute("aria-sort", th.dataset.key === key ? (ascending ? "ascending" : "descending") : "none");
    render();
  }
  render();
  return el("div", { class: "table-wrap" },
    el("table", {}, caption ? el("caption", { class: "muted", text: caption }) : null, el("thead", {}, el("tr", {}, headers)), tbody));
}

function compareValues(a, b) {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b));
}

// Plotly draws into `div`; figures come from the server as {data, layout}.
export function plot(div, figure, config = {}) {
  return window.Plotly.react(div, figure.data, figure.layout, { responsive: true, displaylogo: false, ...config });
}
