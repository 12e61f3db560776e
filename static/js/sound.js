// Short sounds at the tables, made with the Web Audio API (no files): your turn, a tile laid, a
// draw, a refused move, a call, game over. Off until turned on (<html data-sound>, the settings
// page or the mute button); the AudioContext is made only inside a click or a key press, so
// nothing plays before a gesture. What each sound listens to: docs/settings.md, "Sound".
(function () {
  "use strict";
  if (window.rummySound) return; // loaded twice: one set of handlers
  const root = document.documentElement;
  const api = (window.rummySound = { played: [], play: play });

  let audio = null; // the AudioContext, made inside the first gesture with sound on
  let gestured = false; // a click or a key press has happened on this page

  function soundOn() {
    return root.getAttribute("data-sound") === "on";
  }

  // The context, only once a gesture has happened (browsers' autoplay rule, and ours).
  function context() {
    if (!gestured || !soundOn()) return null;
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    if (!audio) audio = new Context();
    if (audio.state === "suspended") audio.resume();
    return audio;
  }

  function gesture(event) {
    if (!event.isTrusted) return;
    gestured = true;
    if (soundOn()) context();
  }
  document.addEventListener("click", gesture, true);
  document.addEventListener("keydown", gesture, true);

  // --- the sounds: [start s, frequency Hz, length s, wave, loudness, glide to Hz] --------------

  const SOUNDS = {
    turn: [[0, 660, 0.12, "sine", 0.2], [0.12, 880, 0.18, "sine", 0.2]],
    lay: [[0, 330, 0.08, "triangle", 0.3, 190]],
    draw: [[0, 420, 0.14, "sine", 0.16, 760]],
    invalid: [[0, 160, 0.1, "square", 0.07], [0.14, 120, 0.16, "square", 0.07]],
    call: [[0, 784, 0.08, "triangle", 0.22], [0.08, 988, 0.08, "triangle", 0.22], [0.16, 1319, 0.2, "triangle", 0.22]],
    gameOver: [[0, 523, 0.14, "sine", 0.2], [0.14, 659, 0.14, "sine", 0.2], [0.28, 784, 0.14, "sine", 0.2],
      [0.42, 1047, 0.36, "sine", 0.22]],
  };

  function note(ac, at, spec) {
    const start = at + spec[0];
    const length = spec[2];
    const oscillator = ac.createOscillator();
    const gain = ac.createGain();
    oscillator.type = spec[3];
    oscillator.frequency.setValueAtTime(spec[1], start);
    if (spec[5]) oscillator.frequency.exponentialRampToValueAtTime(spec[5], start + length);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(spec[4], start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
    oscillator.connect(gain);
    gain.connect(ac.destination);
    oscillator.start(start);
    oscillator.stop(start + length + 0.02);
  }

  // Play ``name`` now (or ``delay`` s from now); false when sound is off or no gesture yet.
  function play(name, delay) {
    const ac = context();
    if (!ac || !SOUNDS[name]) return false;
    const at = ac.currentTime + (delay || 0);
    SOUNDS[name].forEach(function (spec) { note(ac, at, spec); });
    api.played.push(name);
    return true;
  }

  // --- the mute button (templates/preferences/_table_bar.html) --------------------------------

  function showState() {
    const on = soundOn();
    document.querySelectorAll("[data-sound-toggle]").forEach(function (button) {
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.value = on ? "off" : "on";
    });
  }

  // The form still posts by itself without this script; with it, the page stays as it is: the
  // choice is flipped here at once (the click is the gesture that may start the sound) and
  // kept by the same POST, answered 204 (the account's, or this device's cookie).
  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!form.matches || !form.matches("[data-sound-form]")) return;
    event.preventDefault();
    const on = !soundOn();
    root.setAttribute("data-sound", on ? "on" : "off");
    showState();
    const body = new FormData(form);
    body.set("sound", on ? "on" : "off");
    fetch(form.action, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "X-Requested-With": "fetch" },
    }).catch(function () { /* offline: this page keeps the choice; the next load says what was kept */ });
    if (on) play("turn");
  });

  // --- what happened on the board --------------------------------------------------------------

  const TABLE_PIECES = '[data-area="table"] .tile, .discard-row .tile, .rm-side .rm-card';
  // A pile's top by its name (a face's aria-label or title), not its text: the pile button's
  // words change with the turn (its key is shown only then).
  const PILE_TOPS = '[data-testid="pile"] .tile, .rm-pile .rm-card, .discard-row li:last-child .tile';
  const CALL_PROMPTS = '[data-testid="croc-prompt"], [data-testid="heart"]';

  function read(board) {
    if (!board) return null;
    const tops = Array.from(board.querySelectorAll(PILE_TOPS)).map(function (top) {
      return top.getAttribute("aria-label") || top.getAttribute("title") || top.textContent.trim();
    });
    return {
      turn: board.getAttribute("data-turn") || "",
      pieces: board.querySelectorAll(TABLE_PIECES).length,
      tops: tops.join("|"),
      error: !!board.querySelector("[data-announce-error]"),
      calling: !!board.querySelector(CALL_PROMPTS),
    };
  }

  function ends(path, names) {
    const clean = (path || "").split("?")[0];
    return names.some(function (name) { return clean.slice(-(name.length + 2)) === "/" + name + "/"; });
  }

  let shown = read(document.getElementById("board")); // the board the page opened with
  const before = new WeakMap(); // request -> the board as it was when its answer came
  let gameOverAt = 0;

  document.addEventListener("htmx:beforeSwap", function (event) {
    const xhr = event.detail && event.detail.xhr;
    const board = document.getElementById("board");
    if (xhr && board && event.target.closest && event.target.closest("#board")) before.set(xhr, read(board));
  });

  // The last board of a game: its own sound, instead of the move's.
  document.addEventListener("game-over", function () {
    gameOverAt = Date.now();
    play("gameOver");
  });

  function which(was, now, config, status) {
    const own = config && String(config.verb).toLowerCase() === "post";
    const path = config && config.path;
    if (own && (status >= 400 || (now.error && !was.error))) return "invalid";
    if (own && ends(path, ["call", "heart", "call-out"])) return "call";
    if (now.calling && !was.calling) return "call";
    if (own && ends(path, ["draw", "take", "take-both"])) return "draw";
    if (now.pieces > was.pieces || (now.tops !== was.tops && now.pieces >= was.pieces)) return "lay";
    if (own && ends(path, ["confirm", "meld", "add", "discard"])) return "lay";
    return "";
  }

  let settled = null;
  document.addEventListener("htmx:afterSettle", function (event) {
    const board = document.getElementById("board");
    const detail = event.detail || {};
    if (!board || !event.target.closest || !event.target.closest("#board")) return;
    if (detail.xhr && detail.xhr === settled) return; // an out-of-band swap settles twice
    settled = detail.xhr || null;
    const now = read(board);
    const was = (detail.xhr && before.get(detail.xhr)) || shown;
    shown = now;
    showState();
    if (!was || Date.now() - gameOverAt < 1500) return;
    const sound = which(was, now, detail.requestConfig, detail.xhr ? detail.xhr.status : 200);
    const played = sound ? play(sound) : false;
    if (now.turn === "mine" && was.turn !== "mine") play("turn", played ? 0.22 : 0);
  });
})();
