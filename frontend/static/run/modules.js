// A run with modules (a model): the model's summary per call and its module tree, from GET
// .../modules (repeated blocks folded into one entry). Picking a module in the tree makes the
// traffic picture and the timeline draw that module's kernels (view.module).
import { api } from "/static/api.js";
import { $, bytes, count, el, fill, showError, us } from "/static/ui.js";

// how the tree's siblings are ordered: as the model declares them, or most first
const SORTS = {
  order: null,
  saved: (n) => n.round_trips.bytes_saved,
  time: (n) => n.compiled.kernel_time_us + n.eager.kernel_time_us,
};

// Returns whether the run has modules; before it returns, view.module holds the module the
// figures should draw first (the first repeated block), so they draw it and not the run.
export async function render(view, run) {
  if (!run.links?.modules) return false;
  let ledger;
  try {
    ledger = await view.ledger();
  } catch (err) {
    $("#model-grid").hidden = false;
    showError($("#module-tree"), err);
    return false;
  }
  const tree = { ledger, unfolded: [], sort: "order", open: new Set([""]) };
  const first = firstBlock(ledger.root);
  for (const path of ancestors(first?.path ?? "")) tree.open.add(path);
  summary(ledger);
  wireSorts(view, tree);
  wireKeys(view, tree);
  view.module.set(first ? first.path : null);
  view.module.onChange(() => drawTree(view, tree));
  drawTree(view, tree);
  $("#model-grid").hidden = false;
  return true;
}

// The first folded entry ("12 × GPT2Block") in the model's order: its first block is what
// the figures draw first, since every block is alike.
function firstBlock(node) {
  if (node.count > 1) return node;
  for (const child of node.children) {
    const found = firstBlock(child);
    if (found) return found;
  }
  return null;
}

const ancestors = (path) => path.split(".").map((_, i, parts) => parts.slice(0, i).join("."));

function folded(node, found = []) {
  if (node.count > 1) found.push(node);
  for (const child of node.children) folded(child, found);
  return found;
}

// ---- the summary card ---------------------------------------------------------------------

function summary(ledger) {
  const root = ledger.root;
  const trips = root.round_trips;
  const rows = [
    ["Blocks", folded(root).map(blockLine).join("; ") || "none repeated"],
    ["Kernels", `${root.eager.kernels} eager → ${root.compiled.kernels} compiled`],
    ["Kernel time", `${us(root.eager.kernel_time_us)} eager → ${us(root.compiled.kernel_time_us)} compiled`],
    ["Round trips", `${trips.eliminated} eliminated (${bytes(trips.bytes_saved)} never written), ${trips.kept} kept${trips.unknown ? `, ${trips.unknown} unknown` : ""}`],
    ["Kept", keptLine(ledger)],
  ];
  fill($("#model-summary"), rows.flatMap(([term, text]) => [el("dt", { text: term }), el("dd", { text })]));
  fill($("#model-kept"), ledger.kept_groups.slice(0, KEPT_SHOWN).map((g) => el("li", { text: g.label })));
}

const KEPT_SHOWN = 4; // the kept groups with the most bytes; the "why" card lists them all

function blockLine(node) {
  const saved = node.per_block.bytes_saved;
  const parent = node.path.split(".").slice(0, -1).join(".");
  return `${node.name} (${parent || "top"}.*): ${spread(saved, bytes)} saved per block`;
}

// a folded entry's number per block: its mean, and its range where the blocks differ
const spread = (s, format) => (s.min === s.max ? format(s.mean) : `${format(s.mean)} (${format(s.min)}–${format(s.max)})`);

function keptLine(ledger) {
  const groups = ledger.kept_groups;
  if (!ledger.kept_total) return "nothing: every round trip the eager run made was eliminated or unknown";
  return `${count(ledger.kept_total, "round trip")} in ${count(groups.length, "group")} (by reason and module; most bytes first):`;
}

// ---- the tree -----------------------------------------------------------------------------

function wireSorts(view, tree) {
  for (const button of document.querySelectorAll(".tree-sort")) {
    button.addEventListener("click", () => {
      tree.sort = button.dataset.sort;
      for (const b of document.querySelectorAll(".tree-sort")) b.setAttribute("aria-pressed", String(b === button));
      drawTree(view, tree);
    });
  }
}

function drawTree(view, tree) {
  const root = tree.ledger.root;
  // the tree is drawn anew on each change: the control a keyboard reader was on keeps focus
  const focused = document.activeElement?.closest?.("#module-tree li");
  const control = focused ? [...document.activeElement.classList].find((c) => c.startsWith("tree-")) : null;
  fill($("#module-tree"), item(view, tree, root, 1));
  $("#module-tree").dataset.sort = tree.sort; // tests wait for the order they asked for
  if (focused && control) {
    const again = $("#module-tree").querySelector(`li[data-path="${CSS.escape(focused.dataset.path)}"] > .tree-row .${control}`);
    again?.focus();
  }
}

// Tree keys (WAI-ARIA's tree pattern, as far as buttons go): Right opens the module the
// focus is on, Left closes it, Up and Down move between the rows' module buttons.
function wireKeys(view, tree) {
  $("#module-tree").addEventListener("keydown", (event) => {
    const li = event.target.closest("li[role=treeitem]");
    if (!li) return;
    const path = li.dataset.path;
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      const open = event.key === "ArrowRight";
      if (li.getAttribute("aria-expanded") !== String(!open)) return;
      tree.open[open ? "add" : "delete"](path);
      drawTree(view, tree);
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const picks = [...$("#module-tree").querySelectorAll(".tree-pick")];
      const here = picks.indexOf(li.querySelector(":scope > .tree-row .tree-pick"));
      picks[here + (event.key === "ArrowDown" ? 1 : -1)]?.focus();
    } else return;
    event.preventDefault();
  });
}

function item(view, tree, node, level) {
  const hasChildren = node.children.length > 0;
  const open = hasChildren && tree.open.has(node.path);
  const picked = view.module.get() === (node.path || null);
  const li = el("li", {
    role: "treeitem", "aria-level": String(level), "aria-selected": String(picked),
    "aria-expanded": hasChildren ? String(open) : null, "data-path": node.path,
  }, row(view, tree, node, open));
  if (open) li.append(el("ul", { role: "group" }, sorted(node.children, tree.sort).map((c) => item(view, tree, c, level + 1))));
  return li;
}

function row(view, tree, node, open) {
  const toggle = node.children.length
    ? el("button", { type: "button", class: "tree-toggle", "aria-label": `${open ? "Close" : "Open"} ${node.name || "model"}`, text: open ? "▾" : "▸",
        onclick: () => { tree.open[open ? "delete" : "add"](node.path); drawTree(view, tree); } })
    : el("span", { class: "tree-toggle" });
  const name = node.path ? node.name : node.name || "model";
  const pick = el("button", { type: "button", class: "link tree-pick", text: name,
    title: node.count > 1 ? `draw ${node.path} (the first of ${node.count})` : `draw ${node.path || "the whole run"}`,
    onclick: () => view.module.set(node.path || null) });
  const unfold = node.count > 1
    ? el("button", { type: "button", class: "link tree-unfold", text: "list each", onclick: () => unfoldBlocks(view, tree, node) })
    : null;
  return el("div", { class: "tree-row" }, toggle, pick, node.type && node.count === 1 ? el("span", { class: "muted", text: ` ${node.type}` }) : null,
    unfold ? [" ", unfold] : null, el("span", { class: "tree-numbers", text: numbers(node) }));
}

function numbers(node) {
  const saved = node.round_trips.bytes_saved;
  const each = node.count > 1 ? ` · per block ${spread(node.per_block.bytes_saved, bytes)}` : "";
  return `${bytes(saved)} saved${each} · ${node.eager.kernels} → ${node.compiled.kernels} kernels · ${us(node.compiled.kernel_time_us)} compiled`;
}

function sorted(children, sort) {
  const key = SORTS[sort];
  return key ? [...children].sort((a, b) => key(b) - key(a)) : children;
}

// A folded entry listed block by block: the ledger again, with its parent unfolded.
async function unfoldBlocks(view, tree, node) {
  const parent = node.path.split(".").slice(0, -1).join(".");
  tree.unfolded.push(parent);
  try {
    tree.ledger = await api.modules(view.runId, tree.unfolded);
  } catch (err) {
    return showError($("#module-tree"), err);
  }
  tree.open.add(parent);
  drawTree(view, tree);
}
