// Ask before drawing (the settings page's "Ask before drawing", <html data-confirm-draw="on">):
// a press of any Draw button (a tap, the D or C key through table.js, the pool) opens the
// table's dialog first (templates/preferences/_table_bar.html); "Yes, draw" presses the same
// button again, "Not now" goes back to the table. Without this script a Draw button draws.
(function () {
  "use strict";
  if (window.rummyConfirmDraw) return;
  window.rummyConfirmDraw = true;
  const root = document.documentElement;
  let pending = null; // the Draw button waiting for the answer
  let passing = null; // the press "Yes, draw" lets through

  function isDraw(button) {
    const target = button.getAttribute("formaction") || button.getAttribute("hx-post") || "";
    return /\/draw\/$/.test(target.split("?")[0]);
  }

  // Capture, before htmx's own listener on the button: the press stops here until answered.
  document.addEventListener("click", function (event) {
    if (root.getAttribute("data-confirm-draw") !== "on") return;
    const button = event.target.closest && event.target.closest("#board button");
    const dialog = document.getElementById("draw-confirm");
    if (!button || !dialog || !isDraw(button) || button.disabled) return;
    if (passing === button) { passing = null; return; }
    event.preventDefault();
    event.stopImmediatePropagation();
    pending = button;
    const what = dialog.querySelector("[data-draw-what]");
    if (what) {
      const words = button.cloneNode(true);
      words.querySelectorAll("kbd, .sr-only").forEach(function (hidden) { hidden.remove(); });
      what.textContent = words.textContent.replace(/\s+/g, " ").trim();
    }
    if (dialog.showModal) dialog.showModal();
    else if (window.confirm(dialog.querySelector("h2").textContent)) go();
  }, true);

  function go() {
    const button = pending;
    pending = null;
    if (!button || !button.isConnected) return;
    passing = button;
    button.focus(); // the table keeps its place: the focus is back on the board before the swap
    button.click();
  }

  document.addEventListener("click", function (event) {
    const answer = event.target.closest && event.target.closest("#draw-confirm [data-answer]");
    if (!answer) return;
    event.preventDefault();
    const dialog = document.getElementById("draw-confirm");
    dialog.close();
    if (answer.getAttribute("data-answer") === "draw") go();
    else if (pending && pending.isConnected) { pending.focus(); pending = null; }
  });
})();
