// The only place that knows the API's URLs. Every call returns parsed JSON or throws an
// ApiError carrying the server's one error shape: {status, kind, message, field}.
export class ApiError extends Error {
  constructor(body) {
    super(body.message);
    Object.assign(this, body);
  }
}

async function call(method, url, body) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, init);
  } catch (err) {
    throw new ApiError({ status: 0, kind: "network", message: `Cannot reach the server: ${err.message}` });
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(data?.error ?? { status: response.status, kind: "http_error", message: response.statusText });
  }
  return data;
}

const q = (params) => {
  const clean = Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== "");
  return clean.length ? "?" + new URLSearchParams(clean).toString() : "";
};
const run = (id) => `/api/runs/${encodeURIComponent(id)}`;

export const api = {
  submit: (body) => call("POST", "/api/runs", body),
  run: (id) => call("GET", run(id)),
  runs: (params) => call("GET", "/api/runs" + q(params)),
  devices: () => call("GET", "/api/runs/devices"),
  examples: () => call("GET", "/api/examples"),
  compare: (a, b) => call("GET", "/api/compare" + q({ a, b })),
  compareTimeline: (a, b, widthPx) => call("GET", "/api/compare/figures/timeline" + q({ a, b, width_px: widthPx })),
  timeline: (id, params) => call("GET", `${run(id)}/figures/timeline` + q(params)),
  traffic: (id) => call("GET", `${run(id)}/figures/traffic`),
  sweep: (id) => call("GET", `${run(id)}/figures/sweep`),
  kernelSource: (id, variant, index) => call("GET", `${run(id)}/kernels/${variant}/${index}/source`),
  events: (id) => new EventSource(`${run(id)}/events`),
};

export const pages = {
  run: (id) => `/r/${encodeURIComponent(id)}`,
  newRun: (fromId) => (fromId ? `/?from=${encodeURIComponent(fromId)}` : "/"),
  compare: (a, b) => `/compare/${encodeURIComponent(a)}/${encodeURIComponent(b)}`,
  history: (params = {}) => "/runs" + q(params),
};
