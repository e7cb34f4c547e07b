// The header's account corner on every page: who is signed in, the account page and
// "Sign out"; or "Sign in" for someone reading a public run. Without accounts (auth none)
// it stays empty. Elements marked data-accounts-only are shown only when accounts are on.
import { api, loginUrl, pages } from "/static/api.js";
import { $, el } from "/static/ui.js";

// {auth, user, via, csrf_token}; for an anonymous reader {auth: "accounts", user: null}.
export const me = api.me().catch((err) =>
  err.status === 401 ? { auth: "accounts", user: null, via: null, csrf_token: null } : { auth: "none", user: null });

async function render() {
  const who = await me;
  if (who.auth !== "accounts") return;
  for (const node of document.querySelectorAll("[data-accounts-only]")) node.hidden = false;
  const corner = $("#account");
  if (!corner) return;
  if (!who.user) {
    corner.replaceChildren(el("a", { href: loginUrl(), text: "Sign in" }));
    return;
  }
  const signOut = el("button", { type: "button", class: "link", text: "Sign out", onclick: signOutNow });
  corner.replaceChildren(
    el("span", { class: "who", text: who.user.name + (who.user.is_admin ? " (admin)" : "") }),
    el("a", { href: pages.account(), text: "Tokens" }),
    who.via === "header" ? null : signOut, // behind an identity proxy, the proxy signs out
  );
}

async function signOutNow() {
  await api.logout().catch(() => null); // an expired session is signed out already
  window.location.assign(loginUrl("/"));
}

render();
