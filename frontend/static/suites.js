// Suites (/suites): every suite you may read, newest first, with where its problems stand
// and the devices they ran on; each links to its page.
import { api, pages } from "/static/api.js";
import { $, el, showError, statusWords, when } from "/static/ui.js";

// "3 succeeded, 1 timed out": the statuses in the order a run goes through them
const ORDER = ["succeeded", "failed", "timed_out", "crashed", "cancelled", "running", "queued"];
export const statusCounts = (statuses) =>
  ORDER.filter((status) => statuses[status]).map((status) => `${statuses[status]} ${statusWords(status)}`).join(", ") || "–";

function row(suite) {
  return el("tr", { "data-suite": suite.id },
    el("td", {}, el("a", { href: pages.suite(suite.id), text: suite.title || `Suite ${suite.id}` }),
      suite.title ? el("div", { class: "muted mono", text: suite.id }) : null),
    el("td", { class: "num", text: String(suite.problems) }),
    el("td", { text: statusCounts(suite.statuses) }),
    el("td", { text: suite.devices.join(", ") || `not run yet (${suite.device_kind} queue)` }),
    el("td", { class: "wide-only", text: suite.compile_mode }),
    el("td", { class: "wide-only", text: when(suite.created_at) }));
}

async function load() {
  let listing;
  try {
    listing = await api.suites();
  } catch (err) {
    return showError($("#list-error"), err);
  }
  if (!listing.suites.length) {
    $("#suites").replaceChildren(el("p", { class: "muted", text: "No suites yet." }));
    return;
  }
  const head = ["suite", "problems", "status", "ran on", "compile mode", "created"];
  $("#suites").replaceChildren(el("div", { class: "table-wrap" }, el("table", {},
    el("thead", {}, el("tr", {}, head.map((h, i) => el("th", { scope: "col", class: i > 3 ? "wide-only" : i === 1 ? "num" : null, text: h })))),
    el("tbody", {}, listing.suites.map(row)))));
}

load();
