// What the run page's panels share, made once per page and handed to each panel's
// render(view, run): the run's id, the snippet viewer (once drawn), the kernels fetched so
// far, the kernel table's rows and the run's kept round trips. Each piece of state has one
// owner object here; no panel keeps any in a module-level variable.
import { api } from "/static/api.js";

const KEPT_LISTED = 50; // kept round trips fetched for the page; result.json has them all

export function createView(runId) {
  return Object.freeze({
    runId,
    source: sourceLinks(),
    kernels: kernelCache(runId),
    rows: rowIndex(),
    // The run's kept round trips (their `why` is the first compile mode's), fetched once:
    // the "why" card lists them and the kernel panel names those a compiled kernel moves.
    keptTrips: once(() => api.roundTrips(runId, { fate: "kept", limit: KEPT_LISTED })),
    // The module the traffic picture and the timeline draw (null: the whole run), picked
    // in the module tree; the figures redraw when it changes.
    module: moduleChoice(),
    // GET .../modules (folded), fetched once for a run with modules: the tree and the
    // "why" card's groups both read it.
    ledger: once(() => api.modules(runId)),
  });
}

function moduleChoice() {
  let current = null;
  const listeners = [];
  return {
    get: () => current,
    set(path) {
      if (path === current) return;
      current = path;
      for (const listener of listeners) listener(path);
    },
    onChange(listener) {
      listeners.push(listener);
    },
  };
}

// A finished run's variants in its own order: eager, compiled (the first compile mode), then
// compiled:<mode> per further mode. It is also the timeline's lane order.
export const variantsOf = (run) => Object.keys(run.variants);

// The snippet viewer, once the snippet panel has drawn it: the other panels light up lines.
function sourceLinks() {
  let viewer = null;
  return {
    attach(created) {
      viewer = created;
    },
    highlight(lines) {
      viewer?.highlightLines(lines);
    },
    markError(line) {
      viewer?.markError(line);
    },
    show(line) {
      viewer?.highlightLines([line]);
      document.querySelector("#snippet")?.closest("section")?.scrollIntoView({ block: "nearest" });
    },
  };
}

// Kernels with their transfers, by "variant:index": from a page already fetched, else
// fetched on their own.
function kernelCache(runId) {
  const known = new Map();
  return {
    remember(variant, kernel) {
      known.set(`${variant}:${kernel.index}`, kernel);
    },
    async get(variant, index) {
      const key = `${variant}:${index}`;
      if (!known.has(key)) {
        const page = await api.kernels(runId, variant, { offset: index, limit: 1 });
        if (page.kernels.length) known.set(key, page.kernels[0]);
      }
      return known.get(key) ?? null;
    },
  };
}

// The kernel table's rows now shown, by "variant:index": a clicked line or roofline point
// marks its kernels' rows.
function rowIndex() {
  let rows = new Map();
  return {
    reset() {
      rows = new Map();
    },
    add(key, tr) {
      rows.set(key, tr);
    },
    get(key) {
      return rows.get(key);
    },
    mark(keys) {
      for (const [key, tr] of rows) tr.classList.toggle("linked", keys.has(key));
    },
  };
}

function once(load) {
  let promise = null;
  return () => {
    promise ??= load();
    return promise;
  };
}
