// The account page (/account): my API tokens; create one (shown once), revoke one.
import { api } from "/static/api.js";
import { me } from "/static/account.js";
import { $, el, when, showError } from "/static/ui.js";

async function load() {
  let tokens;
  try {
    tokens = await api.tokens();
  } catch (err) {
    return showError($("#token-error"), err);
  }
  $("#tokens").replaceChildren(tokens.length ? table(tokens) : el("p", { class: "muted", text: "No tokens yet." }));
}

function table(tokens) {
  const head = ["id", "label", "scope", "created", "last used", ""];
  return el("div", { class: "table-wrap" }, el("table", {},
    el("thead", {}, el("tr", {}, head.map((h) => el("th", { scope: "col", text: h })))),
    el("tbody", {}, tokens.map((token) => el("tr", { "data-token": token.id },
      el("td", { class: "num", text: token.id }),
      el("td", { text: token.name }),
      el("td", { text: token.scope }),
      el("td", { text: when(token.created_at) }),
      el("td", { text: token.last_used_at ? when(token.last_used_at) : "never" }),
      el("td", {}, token.revoked ? el("span", { class: "muted", text: "revoked" })
        : el("button", { type: "button", text: "Revoke", onclick: () => revoke(token.id) })))))));
}

async function revoke(id) {
  try {
    await api.revokeToken(id);
  } catch (err) {
    return showError($("#token-error"), err);
  }
  load();
}

$("#token-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("#token-error").hidden = true;
  try {
    const created = await api.createToken($("#label").value.trim(), $("#worker").checked);
    $("#token-value").textContent = created.token;
    $("#token-created").hidden = false;
    $("#label").value = "";
  } catch (err) {
    return showError($("#token-error"), err);
  }
  load();
});

me.then((who) => { $("#worker-choice").hidden = !who.user?.is_admin; });
load();
