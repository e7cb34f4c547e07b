// The only place that knows the API's URLs. Every call returns parsed JSON or throws an
// ApiError carrying the server's one error shape: {status, kind, message, field}.
export class ApiError extends Error {
  constructor(body) {
    super(body.message);
    Object.assign(this, body);
  }
}

// Accounts: unsafe requests carry the session's CSRF token (the readable ks_csrf cookie, or
// GET /api/me behind an identity proxy); a 401 not_authenticated sends the browser to sign in.
const SAFE = new Set(["GET", "HEAD"]);
const csrfCookie = () => document.cookie.split("; ").find((c) => c.startsWith("ks_csrf="))?.slice(8);
let mine = null; // GET /api/me, asked once per page
const me = () => (mine ??= call("GET", "/api/me", undefined, { quiet: true }));
async function csrfToken() {
  return csrfCookie() ?? (await me().catch(() => null))?.csrf_token;
}
export const loginUrl = (next = window.location.pathname + window.location.search) =>
  `/login?next=${encodeURIComponent(next)}`;

// Where to go after signing in: `target` as a URL of this site, else the home page. The
// server's rule (backend/api/web_security.py): a path, no "//" start, nothing a browser
// reinterprets (it drops tab, CR and LF, reads "\" as "/"); then, parsed against this
// origin, it must still be this origin. The whole URL comes back: "/.//x" parses to the
// path "//x", which as a bare path would name another host.
export function sameSiteUrl(target) {
  const home = `${window.location.origin}/`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (!target?.startsWith("/") || target.startsWith("//") || /[\u0000-\u001f\u007f\\]/.test(target)) {
    return home;
  }
  const url = new URL(target, window.location.origin);
  return url.origin === window.location.origin ? url.href : home;
}

async function call(method, url, body, { quiet = false } = {}) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  if (!SAFE.has(method)) {
    const token = await csrfToken();
    if (token) init.headers["X-CSRF-Token"] = token;
  }
  let response;
  try {
    response = await fetch(url, init);
  } catch (err) {
    throw new ApiError({ status: 0, kind: "network", message: `Cannot reach the server: ${err.message}` });
  }
  const data = await response.json().catch(() => null);
  if (response.status === 401 && data?.error?.kind === "not_authenticated" && !quiet) {
    window.location.assign(loginUrl());
  }
  if (!response.ok) {
    throw new ApiError(data?.error ?? { status: response.status, kind: "http_error", message: response.statusText });
  }
  return data;
}

const q = (params) => {
  const clean = Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== "");
  return clean.length ? `?${new URLSearchParams(clean).toString()}` : "";
};
// a repeated parameter (?unfold=a&unfold=b), which q() cannot write
const unfoldQuery = (paths) => {
  const query = new URLSearchParams();
  for (const path of paths) query.append("unfold", path);
  return paths.length ? `?${query.toString()}` : "";
};
const run = (id) => `/api/runs/${encodeURIComponent(id)}`;

export const api = {
  submit: (body) => call("POST", "/api/runs", body),
  run: (id) => call("GET", run(id)),
  runs: (params) => call("GET", `/api/runs${q(params)}`),
  devices: () => call("GET", "/api/runs/devices"),
  examples: () => call("GET", "/api/examples"),
  // [{device_kind, waiting, dispatched, running, workers, gpu}]: each device kind's queue
  queue: () => call("GET", "/api/queue", undefined, { quiet: true }),
  compare: (a, b) => call("GET", `/api/compare${q({ a, b })}`),
  compareTimeline: (a, b, widthPx) => call("GET", `/api/compare/figures/timeline${q({ a, b, width_px: widthPx })}`),
  // params: width_px, start_us/end_us (a zoom), module (that module's kernels only)
  timeline: (id, params) => call("GET", `${run(id)}/figures/timeline${q(params)}`),
  // variant: "compiled" (default) or a further compile mode's "compiled:<mode>", drawn under
  // eager; module: that module's kernels only (the first compile mode's)
  traffic: (id, variant, module) => call("GET", `${run(id)}/figures/traffic${q({ variant, module })}`),
  // {root, kept_groups, kept_total}: the module tree, repeated blocks folded unless their
  // parent's path is in `unfold`
  modules: (id, unfold = []) => call("GET", `${run(id)}/modules${unfoldQuery(unfold)}`),
  roofline: (id) => call("GET", `${run(id)}/figures/roofline`),
  sweep: (id) => call("GET", `${run(id)}/figures/sweep`),
  // {variant, offset, total, positions, kernels}: `limit` kernels from `offset`, or those from snippet `line`
  kernels: (id, variant, params) => call("GET", `${run(id)}/kernels/${variant}${q(params)}`),
  // {offset, total, round_trips}: `limit` round trips from `offset`; fate: eliminated | kept | unknown
  roundTrips: (id, params) => call("GET", `${run(id)}/round-trips${q(params)}`),
  kernelSource: (id, variant, index) => call("GET", `${run(id)}/kernels/${variant}/${index}/source`),
  events: (id) => new EventSource(`${run(id)}/events`),
  updateRun: (id, changes) => call("PATCH", run(id), changes),
  cancelRun: (id) => call("POST", `${run(id)}/cancel`),
  // the same code, size, device kind and visibility in another compile mode: a RunCreated
  rerun: (id, compileMode) => call("POST", `${run(id)}/rerun`, { compile_mode: compileMode }),
  deleteRun: (id) => call("DELETE", run(id)),
  // a suite: its problems (each a run's headline numbers) and totals; two suites by problem name
  suite: (id) => call("GET", `/api/suites/${encodeURIComponent(id)}`),
  // {suites}: newest first, each with its problems' statuses and the devices they ran on
  suites: () => call("GET", "/api/suites"),
  compareSuites: (a, b) => call("GET", `/api/suites/compare${q({ a, b })}`),
  me, // resolves to {auth, user, via, csrf_token}; rejects (401) when nobody is signed in
  login: (name, password) => call("POST", "/api/login", { name, password }, { quiet: true }),
  logout: () => call("POST", "/api/logout", undefined, { quiet: true }),
  tokens: () => call("GET", "/api/tokens"),
  createToken: (label, worker = false) => call("POST", "/api/tokens", { label, worker }),
  revokeToken: (id) => call("DELETE", `/api/tokens/${encodeURIComponent(id)}`),
};

export const pages = {
  run: (id) => `/r/${encodeURIComponent(id)}`,
  newRun: (fromId) => (fromId ? `/?from=${encodeURIComponent(fromId)}` : "/"),
  // The compare page puts the older run first (A) unless `asGiven`: the reader swapped them.
  compare: (a, b, { asGiven = false } = {}) =>
    `/compare/${encodeURIComponent(a)}/${encodeURIComponent(b)}${asGiven ? "?order=given" : ""}`,
  history: (params = {}) => `/runs${q(params)}`,
  suite: (id) => `/s/${encodeURIComponent(id)}`,
  suites: () => "/suites",
  compareSuites: (a, b) => `/compare-suites/${encodeURIComponent(a)}/${encodeURIComponent(b)}`,
  account: () => "/account",
};
