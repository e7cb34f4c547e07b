// Sign in (/login?next=PATH): post the name and password, then go back where the visitor
// was sent from. Only URLs of this site are followed, never another host. (A visitor who
// is signed in already never sees this page: the server sends them on.)
import { api, sameSiteUrl } from "/static/api.js";
import { $, showError } from "/static/ui.js";

const next = sameSiteUrl(new URLSearchParams(window.location.search).get("next"));

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
