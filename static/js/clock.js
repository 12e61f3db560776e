// The online clock on a table: counts the seconds the server gave down to zero.
// The server enforces the deadline; this only keeps the number moving between polls.
(function () {
  "use strict";
  if (window.rummyClock) { return; }
  window.rummyClock = true;
  function tick() {
    document.querySelectorAll("[data-clock-left]").forEach(function (el) {
      if (!el.dataset.clockStart) { el.dataset.clockStart = String(Date.now()); }
      var left = Number(el.dataset.clockLeft) - (Date.now() - Number(el.dataset.clockStart)) / 1000;
      var text = el.querySelector("[data-clock-text]");
      var shown = String(Math.max(0, Math.ceil(left)));
      if (text && text.textContent !== shown) { text.textContent = shown; }
      el.classList.toggle("low", left <= 5);
    });
  }
  setInterval(tick, 250);
}());
