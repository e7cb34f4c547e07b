// The run page (/r/ID, the permalink): progress while unfinished, then the result. Each
// panel is a module under run/ with render(view, run); the view (run/view.js) is all they
// share: the run's id, the snippet viewer, the kernels fetched, the table's rows.
import { api } from "/static/api.js";
import * as breaks from "/static/run/breaks.js";
import * as conditions from "/static/run/conditions.js";
import * as downloads from "/static/run/downloads.js";
import * as environment from "/static/run/environment.js";
import * as failure from "/static/run/failure.js";
import * as header from "/static/run/header.js";
import * as headline from "/static/run/headline.js";
import * as keys from "/static/run/keys.js";
import * as kernels from "/static/run/kernels.js";
import * as modules from "/static/run/modules.js";
import * as output from "/static/run/output.js";
import * as progress from "/static/run/progress.js";
import * as roofline from "/static/run/roofline.js";
import * as roundTrips from "/static/run/round_trips.js";
import * as snippet from "/static/run/snippet.js";
import * as sweep from "/static/run/sweep.js";
import * as timeline from "/static/run/timeline.js";
import * as traffic from "/static/run/traffic.js";
import { createView } from "/static/run/view.js";
import { $, showError } from "/static/ui.js";

const view = createView(decodeURIComponent(window.location.pathname.split("/").pop()));
header.wire(view);
progress.wire(view);
keys.wire();
load();

async function load() {
  let run;
  try {
    run = await api.run(view.runId);
  } catch (err) {
    return showError($("#failure"), err);
  }
  header.render(view, run);
  if (run.progress) return progress.follow(view, run, finished);
  $("#progress").hidden = true;
  renderFinished(run);
}

function finished(run) {
  header.render(view, run);
  renderFinished(run);
}

async function renderFinished(run) {
  snippet.render(view, run);
  environment.render(view, run);
  downloads.render(view, run);
  output.render(view, run);
  if (run.error) failure.render(view, run);
  if (!run.variants.eager && !run.variants.compiled) return;
  breaks.render(view, run);
  headline.render(view, run);
  conditions.render(view, run);
  // a model's summary and tree first: they pick the module the figures draw
  await modules.render(view, run);
  traffic.render(view, run);
  roundTrips.render(view, run);
  // the table blocks the main thread for a while: draw the timeline first, unless
  // plotly.js (ui.js plotlyLoaded) is still on its way: the table need not wait for it.
  // The roofline's points open table rows, so it comes after the table.
  const timelineDrawn = timeline.render(view, run);
  const tableAfter = window.Plotly ? timelineDrawn : Promise.resolve();
  tableAfter.finally(() => kernels.render(view, run).then(() => roofline.render(view, run)));
  if (run.sweep.length > 1) sweep.render(view, run);
}
