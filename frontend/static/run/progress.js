// An unfinished run: its place in the queue or its current step, live from the event
// stream (polling when the stream drops), and the cancel button.
import { api } from "/static/api.js";
import { $, badge, el, showError } from "/static/ui.js";

export function wire(view) {
  $("#cancel-run").addEventListener("click", () => cancelRun(view.runId));
}

// Queued: cancelled at once. Running: its worker kills the snippet within seconds, and the
// event stream then reports the run finished (cancelled).
async function cancelRun(runId) {
  const button = $("#cancel-run");
  button.disabled = true;
  try {
    $("#cancel-note").textContent = (await api.cancelRun(runId)).message;
  } catch (err) {
    button.disabled = false;
    showError($("#failure"), err);
  }
}

// Shows the run's progress until it finishes, then hands the finished run to `finished`.
export function follow(view, run, finished) {
  const box = $("#progress");
  box.hidden = false;
  let progress = run.progress;
  let receivedAt = performance.now();
  const draw = () => renderProgress(progress, receivedAt);
  const ticker = setInterval(draw, 250);
  draw();
  const done = (now) => {
    clearInterval(ticker);
    box.hidden = true;
    finished(now);
  };
  const source = api.events(view.runId);
  source.addEventListener("progress", (event) => {
    progress = JSON.parse(event.data);
    receivedAt = performance.now();
    $("#status").replaceChildren(badge(progress.status));
    draw();
  });
  source.addEventListener("finished", async () => {
    source.close();
    done(await api.run(view.runId));
  });
  source.onerror = () => { // the stream dropped (server restart): fall back to polling
    source.close();
    const poll = setInterval(async () => {
      const now = await api.run(view.runId).catch(() => null);
      if (!now) return;
      if (now.progress) {
        progress = now.progress;
        receivedAt = performance.now();
        return;
      }
      clearInterval(poll);
      done(now);
    }, 1000);
  };
}

function renderProgress(progress, receivedAt) {
  const elapsed = progress.elapsed_s === null ? null : progress.elapsed_s + (performance.now() - receivedAt) / 1000;
  const text = progress.status === "queued"
    ? `Queued: position ${progress.queue_position ?? "?"} in the queue.`
    : `Running: ${progress.step ?? "starting"} · ${elapsed === null ? "" : `${elapsed.toFixed(1)} s`}`;
  $("#progress-text").textContent = text;
  const current = progress.steps.indexOf(progress.step);
  $("#steps").replaceChildren(...progress.steps.map((step, i) =>
    el("li", { class: progress.status === "queued" ? null : stepClass(i, current), text: step })));
}

function stepClass(i, current) {
  if (i < current) return "done";
  return i === current ? "current" : null;
}
