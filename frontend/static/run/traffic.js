// The memory-traffic picture: eager above one compiled mode, with a button per mode when the
// run compiled several.
import { api } from "/static/api.js";
import { $, el, plot, showError } from "/static/ui.js";

export async function render(view, run) {
  $("#traffic-card").hidden = false;
  const modes = run.compiled_modes ?? [];
  // a run of several compile modes: one button per mode draws that mode under eager
  const buttons = modes.length > 1 ? modes.map((m) => el("button", {
    type: "button", class: "mode-choice", "data-variant": m.variant, text: m.mode,
    "aria-pressed": String(m.variant === "compiled"),
    onclick: () => draw(view, m.variant, buttons),
  })) : [];
  $("#traffic-modes").replaceChildren(...(buttons.length ? ["Compiled panel: ", ...buttons] : []));
  // a module's picture is the first compile mode's: the mode buttons draw the whole run
  $("#traffic-modes").hidden = !buttons.length || view.module.get() !== null;
  view.module.onChange(() => {
    $("#traffic-modes").hidden = !buttons.length || view.module.get() !== null;
    draw(view, "compiled", buttons);
  });
  await draw(view, "compiled", buttons);
}

async function draw(view, variant, buttons) {
  for (const button of buttons) button.setAttribute("aria-pressed", String(button.dataset.variant === variant));
  const div = $("#traffic");
  const module = view.module.get();
  const wanted = `${variant}|${module ?? ""}`;
  div.dataset.variant = variant; // tests wait for the variant (and module) they asked for
  div.dataset.asked = wanted;
  drawnModule("#traffic-h", module);
  try {
    const figure = await api.traffic(view.runId, variant === "compiled" ? undefined : variant, module ?? undefined);
    if (div.dataset.asked !== wanted) return; // a later choice won
    await plot(div, figure);
    scrollCue(div);
    div.dataset.drawn = variant;
    div.dataset.module = module ?? "";
  } catch (err) {
    if (div.dataset.asked === wanted) showError(div, err); // else a later choice won
  }
}

// The card's heading names the module drawn, so a reader knows it is not the whole run.
export function drawnModule(heading, module) {
  document.querySelector(`${heading} .module-drawn`).textContent = module ? ` · ${module}` : "";
}

// On a phone the picture is wider than the screen, and the round trips (right of the
// kernels) start off it: say so, and say it again no more once the reader has scrolled.
function scrollCue(div) {
  const box = div.closest(".figure-scroll");
  const cue = $("#traffic-scroll-cue");
  const update = () => {
    cue.hidden = !box || box.scrollWidth <= box.clientWidth + 1 || box.scrollLeft > 0;
  };
  update();
  box?.addEventListener("scroll", update, { passive: true });
}
