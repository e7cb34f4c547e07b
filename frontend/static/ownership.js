// The run page's author and visibility. The author (or an admin) can change who sees the
// run, or delete it; everyone else sees who made it and who can see it.
import { api, pages } from "/static/api.js";
import { me } from "/static/account.js";
import { $, el, showError } from "/static/ui.js";

const LABELS = {
  team: "team: every signed-in user",
  private: "private: only the author",
  public: "public: anyone with the link",
};

export async function renderOwnership(run) {
  const box = $("#ownership");
  const who = await me;
  if (!box || who.auth !== "accounts") return;
  const author = el("span", { class: "muted", text: run.owner ? `by ${run.owner}` : "made without accounts" });
  const mayChange = who.user && (who.user.is_admin || who.user.name === run.owner);
  if (!mayChange) {
    box.replaceChildren(author, el("span", { class: "badge visibility", title: LABELS[run.visibility], text: run.visibility }));
    return;
  }
  const select = el("select", { id: "run-visibility", "aria-label": "Who can see this run" },
    Object.entries(LABELS).map(([value, label]) => el("option", { value, text: label, selected: value === run.visibility })));
  select.addEventListener("change", () => change(run, select));
  const remove = el("button", { type: "button", text: "Delete", onclick: () => removeRun(run) });
  box.replaceChildren(author, select, remove);
}

async function change(run, select) {
  select.disabled = true;
  try {
    const changed = await api.updateRun(run.id, { visibility: select.value });
    run.visibility = changed.visibility;
    $("#copied").textContent = `Visible to: ${LABELS[changed.visibility]}.`;
  } catch (err) {
    select.value = run.visibility;
    showError($("#failure"), err);
  }
  select.disabled = false;
}

async function removeRun(run) {
  if (!window.confirm(`Delete run ${run.id} and everything stored with it?`)) return;
  try {
    await api.deleteRun(run.id);
    window.location.assign(pages.history());
  } catch (err) {
    showError($("#failure"), err);
  }
}
