// Puzzle Storm's countdown (templates/puzzles/storm.html). The clock is the server's: this
// only shows the seconds the page said were left, counting down from when the page (or the
// board swapped in after an answer) arrived, since a combo adds time and a miss takes some.
// At a minute, 30 and 10 seconds left it says so to a screen reader; at zero it says the
// time is up, stops the board, and once the grace for an answer already on its way is over
// it opens the run's result. Nothing here decides anything: without it the page still works.
(function () {
  "use strict";

  const MARKS = [["sayMinute", 60], ["sayHalf", 30], ["sayTen", 10]];
  let deadline = null; // performance.now() when the clock reaches 0:00
  let grace = 2000;
  let resultUrl = "";
  let said = {};
  let finished = false;

  function clock() {
    return document.querySelector("[data-storm-clock]");
  }

  function say(key) {
    const region = document.getElementById("storm-announcer");
    if (!region || said[key]) return;
    said[key] = true;
    region.textContent = region.dataset[key] || "";
  }

  function shown(left) {
    const whole = Math.max(Math.ceil(left), 0);
    return Math.floor(whole / 60) + ":" + String(whole % 60).padStart(2, "0");
  }

  function timeUp(element) {
    if (finished) return;
    finished = true;
    element.classList.add("up");
    say("sayUp");
    document.querySelectorAll("#board button").forEach(function (button) { button.disabled = true; });
    window.setTimeout(function () {
      if (resultUrl) window.location.assign(resultUrl);
      else window.location.reload();
    }, grace + 500);
  }

  function tick() {
    const element = clock();
    if (!element || deadline === null) return;
    const left = (deadline - performance.now()) / 1000;
    element.textContent = shown(left);
    element.classList.toggle("low", left <= 10 && left > 0);
    MARKS.forEach(function (mark) {
      if (left > mark[1] + 1) said[mark[0]] = false; // time was added: say it again later
      else if (left <= mark[1] && left > 0) say(mark[0]);
    });
    if (left <= 0) timeUp(element);
  }

  function read() {
    const element = clock();
    if (!element) { deadline = null; return; }
    const left = parseFloat(element.dataset.secondsLeft);
    if (isNaN(left)) return;
    grace = parseInt(element.dataset.graceMs || "2000", 10);
    resultUrl = element.dataset.resultUrl || "";
    deadline = performance.now() + left * 1000;
    tick();
  }

  document.addEventListener("htmx:afterSettle", read);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", read);
  else read();
  window.setInterval(tick, 250);
})();
