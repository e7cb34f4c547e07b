// The run page by keyboard. Reaching the first kernel row took 24 Tab presses (the header,
// the actions, the figures' controls): a skip link goes there in one, ↑/↓ move between the
// rows (Enter opens a kernel, as a click does: kernels.js), and "?" lists these keys.
import { $ } from "/static/ui.js";

const ROWS = "#kernels tr[data-kernel]";

export function wire() {
  $("#skip-kernels").addEventListener("click", (event) => {
    const first = document.querySelector(ROWS);
    if (!first) return; // no table yet: the link's own jump to the card is all there is
    event.preventDefault();
    first.focus();
  });
  document.addEventListener("keydown", toggleHelp);
}

// ↑/↓ on a kernel row: focus its neighbour in the order shown (sorted or not), past any
// detail row between them.
export function stepFrom(tr, event) {
  const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
  if (!step) return;
  const rows = [...document.querySelectorAll(ROWS)];
  const next = rows[rows.indexOf(tr) + step];
  event.preventDefault(); // the arrows move between rows, not the page, even at the ends
  next?.focus();
}

function toggleHelp(event) {
  if (event.key !== "?" || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
  event.preventDefault();
  const help = $("#shortcuts");
  if (help.open) help.close();
  else help.showModal();
}

// a "?" typed into a field (the run id to compare with, the title) is text, not a shortcut
const typing = (target) => Boolean(target.closest?.("input, textarea, select, [contenteditable]"));
