// Sign in (/login?next=PATH): post the name and password, then go back where the visitor
// was sent from. Only same-site paths are followed, never another host.
import { api } from "/static/api.js";
import { $, showError } from "/static/ui.js";

const next = safeNext(new URLSearchParams(window.location.search).get("next"));

function safeNext(target) {
  // "/x" is ours; "//host" and "/\host" would leave the site.
  return target && target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\") ? target : "/";
}

$("#login-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const button = $("#sign-in");
  button.disabled = true;
  $("#login-error").hidden = true;
  try {
    await api.login($("#name").value.trim(), $("#password").value);
    window.location.assign(next);
  } catch (err) {
    showError($("#login-error"), err);
    $("#password").value = "";
    $("#password").focus();
    button.disabled = false;
  }
});

// Already signed in (a live session, or an identity proxy): nothing to do here.
api.me().then((who) => { if (who.user) window.location.replace(next); }).catch(() => {});
