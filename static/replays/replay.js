// Replays and share texts, on top of plain links and forms that work without any script:
// arrow keys step (Home/End, Page Up/Down change round), Play steps on its own at the chosen
// speed, each new step is read into the one live region, and Copy buttons copy a text.
// Loaded by the replay page, and by a Game over panel htmx swaps in (hence the guard).
(function () {
  "use strict";
  if (window.rummyReplay) return;
  window.rummyReplay = true;

  const KEYS = {
    ArrowLeft: "replay-prev", ArrowRight: "replay-next", Home: "replay-first", End: "replay-last",
    PageUp: "replay-round-prev", PageDown: "replay-round-next"
  };
  const SPEED_KEY = "replay-speed";
  let timer = null;

  function stage() { return document.getElementById("replay-stage"); }

  function go(id) {
    const link = document.getElementById(id);
    if (!link || link.getAttribute("aria-disabled") === "true") return false;
    link.click();
    return true;
  }

  function typing(target) {
    return target && target.closest && target.closest("input, select, textarea, [contenteditable]");
  }

  document.addEventListener("keydown", function (event) {
    if (!stage() || event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
    const id = KEYS[event.key];
    if (!id) return;
    event.preventDefault();
    stop();
    go(id);
  });

  // --- Play: one step per delay until the end, or until a key or a link is used -------------

  function delay() {
    const select = document.getElementById("replay-speed");
    return select ? Number(select.value) || 800 : 800;
  }

  function atEnd() {
    const s = stage();
    return !s || Number(s.dataset.step) >= Number(s.dataset.last);
  }

  function tick() {
    timer = null;
    if (atEnd() || !go("replay-next")) { stop(); return; }
  }

  function schedule() {
    if (timer === null && playing()) timer = window.setTimeout(tick, delay());
  }

  function playing() { return document.documentElement.dataset.replayPlaying === "1"; }

  function stop() {
    if (timer !== null) window.clearTimeout(timer);
    timer = null;
    document.documentElement.dataset.replayPlaying = "";
    sync();
  }

  function start() {
    if (atEnd()) go("replay-first");
    document.documentElement.dataset.replayPlaying = "1";
    sync();
    schedule();
  }

  // Show the script-only controls and reflect the playing state (after every swap too).
  function sync() {
    const button = document.getElementById("replay-play");
    document.querySelectorAll("[data-play], [data-speed], [data-copy]").forEach(function (el) {
      el.hidden = false;
    });
    const select = document.getElementById("replay-speed");
    const saved = window.localStorage && window.localStorage.getItem(SPEED_KEY);
    if (select && saved && select.querySelector('option[value="' + saved + '"]')) select.value = saved;
    if (!button) return;
    // The button says what it will do ("Play" / "Pause", in the page's language: its
    // data-play-text and data-pause-text); the symbol is for the eye only.
    const icon = button.querySelector("[data-play-icon]");
    const label = button.querySelector("[data-play-label]");
    if (icon) icon.textContent = playing() ? "❚❚" : "▶";
    if (label) {
      label.textContent = playing()
        ? (button.dataset.pauseText || "Pause")
        : (button.dataset.playText || "Play");
    }
  }

  document.addEventListener("click", function (event) {
    const target = event.target.closest && event.target.closest("#replay-play, [data-copy], #replay-stage a");
    if (!target) return;
    if (target.id === "replay-play") { if (playing()) stop(); else start(); return; }
    if (target.dataset.copy !== undefined) { copy(target); return; }
    if (event.isTrusted) stop();  // a person chose a step: Play gives way
  });

  document.addEventListener("change", function (event) {
    if (event.target.id !== "replay-speed" || !window.localStorage) return;
    window.localStorage.setItem(SPEED_KEY, event.target.value);
  });

  // --- after each step arrives ------------------------------------------------------------

  document.addEventListener("htmx:afterSettle", function (event) {
    if (!event.target || event.target.id !== "replay-stage") return;
    sync();
    // The step's line from the move list ("12 Ada drew a tile."): the same words in every game,
    // after the page's word for "Step" (the announcer's data-step-word).
    const current = document.getElementById("replay-current");
    const announcer = document.getElementById("announcer");
    if (current && announcer) {
      const word = announcer.dataset.stepWord || "Step";
      announcer.textContent = word + " " + current.textContent.trim().replace(/\s+/g, " ");
    }
    if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
    schedule();
  });

  document.addEventListener("htmx:load", sync);

  // --- Copy buttons: data-copy names the field whose text is copied, data-copied-text what the
  // button says for a moment after (in the page's language) ---------------------------------

  function copy(button) {
    const field = document.getElementById(button.dataset.copy);
    if (!field) return;
    const text = field.value !== undefined ? field.value : field.textContent;
    const done = function () {
      button.textContent = button.dataset.copiedText || "Copied ✓";
      window.setTimeout(function () { button.textContent = button.dataset.label || "Copy"; }, 2000);
    };
    button.dataset.label = button.dataset.label || button.textContent;
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, function () { field.select(); });
    } else if (field.select) {
      field.select();
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", sync);
  else sync();
})();
