// Classic script, first in every page's <head>: when the page's own scripts fail to load or
// fail while starting (a missing editor bundle, a 404, a syntax error), the page says so
// instead of staying blank. Load errors do not bubble: listen in the capture phase.
(() => {
  let loaded = false; // after the load event, errors are the page's own to show
  const show = (what) => {
    const put = () => {
      if (document.getElementById("page-error")) return;
      const box = document.createElement("div");
      box.id = "page-error";
      box.className = "error-box";
      box.setAttribute("role", "alert");
      const cause = document.createElement("p");
      cause.textContent = `This page could not start: ${what}.`;
      const help = document.createElement("p");
      help.textContent =
        "Reload to try again. If it persists, the server's browser files are incomplete: " +
        "in a checkout run `make frontend`, or reinstall the wheel built by `make dist`.";
      box.append(cause, help);
      (document.querySelector("main") || document.body).prepend(box);
    };
    if (document.body) put();
    else document.addEventListener("DOMContentLoaded", put);
  };
  window.addEventListener(
    "error",
    (event) => {
      const target = event.target;
      if (target instanceof HTMLScriptElement) {
        show(`${new URL(target.src).pathname} (or a file it imports) did not load`);
      } else if (!loaded && event instanceof ErrorEvent) {
        show(event.message || "a script failed");
      }
    },
    true,
  );
  window.addEventListener("load", () => {
    loaded = true;
  });
})();
