/* The table's websocket (live/, docs/live.md): each move's board arrives as it is committed.
 *
 * A board (or a watch page's board) carrying data-live opens that websocket. While it is
 * open, the board's poll at its ordinary pace ("every 1s") is held back: its requests are
 * cancelled in htmx:beforeRequest. The steps the poll takes through others' moves after
 * the player's own ("load delay") and a faster poll (a race for a quick answer) go on. When
 * the socket closes or cannot open, nothing is held back any more: the poll is the fallback,
 * and the socket is tried again a little later (never after 4403: this page may not listen,
 * nor once the board stops carrying data-live: the game is over).
 *
 * Each board received replaces the element it names (#board, #watch-live) the way the poll's
 * answer does, with the same htmx events around the swap (motion.js, sound.js and table.js
 * react as to a poll), one after another at the table's pace (the board's data-delay).
 *
 * The socket also carries the table's talk: while it is open, <html data-live-talk="on"> tells
 * talk.js to ask for new lines only when "live:talk" is dispatched on the document (a "talk"
 * message, or the socket opening or closing), instead of holding a waiting poll open.
 */
(function () {
  "use strict";
  if (!window.WebSocket || !window.rummyLiveSocket) return;

  const MOST_WAITING = 6; // boards queued beyond this: only the newest is shown

  let queue = [];
  let timer = null;

  function liveElement() {
    return document.querySelector("[data-live]");
  }

  function number(element, name) {
    const value = parseInt(element.getAttribute(name), 10);
    return isNaN(value) ? null : value;
  }

  // The version an element shows: a board's data-version, the watch page's data-step.
  function versionOf(element) {
    const version = number(element, "data-version");
    return version === null ? number(element, "data-step") : version;
  }

  // The socket (static/js/live_socket.js): reopened after a gap, never after 4403, and closed
  // once the board stops carrying data-live, unless it is still stepping through moves.
  const live = window.rummyLiveSocket({
    attribute: "data-live",
    ready: function () {
      return Boolean(window.htmx);
    },
    hello: function () {
      const shown = liveElement();
      // The version this page shows: the current board comes back if it is not that one.
      return {
        type: "hello",
        version: shown ? versionOf(shown) : null,
        stamp: shown ? number(shown, "data-stamp") : null,
      };
    },
    heard: function (message) {
      if (message.type === "talk") {
        document.dispatchEvent(new CustomEvent("live:talk"));
        return;
      }
      if (message.type !== "board" || typeof message.html !== "string") return;
      queue.push(message);
      if (queue.length > MOST_WAITING) queue = queue.slice(-1);
      drain();
    },
    changed: talkCarried,
    finished: function () {
      return !stepping(document.getElementById("board") || document.body);
    },
  });

  // Whether this socket brings the table's talk notices (talk.js reads it), said at each change.
  function talkCarried(on) {
    document.documentElement.dataset.liveTalk = on ? "on" : "";
    document.dispatchEvent(new CustomEvent("live:talk"));
  }

  // --- holding the poll back while the socket is open ------------------------------------

  function ordinaryPoll(element) {
    return /\bevery 1s\b/.test(element.getAttribute("hx-trigger") || "");
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!live.isOpen()) return;
    const detail = event.detail || {};
    const element = detail.elt;
    if (!element || !element.hasAttribute || !element.hasAttribute("data-live")) return;
    const config = detail.requestConfig || {};
    if (String(config.verb).toLowerCase() !== "get" || !ordinaryPoll(element)) return;
    event.preventDefault();
  });

  // --- the player's own requests: their answer comes first ------------------------------------

  // A board arriving while the player's own move is on its way waits for that move's answer
  // (then it is usually the same board, and dropped): the move is shown and heard once, as
  // the player's own.
  const sent = new WeakSet();
  const LONGEST_POST = 15000; // ms: a move's answer never holds the boards back longer
  let posting = 0;
  let postedAt = 0;

  document.addEventListener("htmx:beforeSend", function (event) {
    const detail = event.detail || {};
    const config = detail.requestConfig || {};
    const element = detail.elt;
    if (String(config.verb).toLowerCase() === "get" || !detail.xhr) return;
    if (!element || !element.closest || !element.closest("[data-live]")) return;
    sent.add(detail.xhr);
    posting += 1;
    postedAt = Date.now();
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    const xhr = event.detail && event.detail.xhr;
    if (!xhr || !sent.has(xhr)) return;
    sent.delete(xhr);
    posting = Math.max(0, posting - 1);
  });

  // --- showing what arrives ------------------------------------------------------------------

  // A board still stepping through the others' moves (the poll's frames): it finishes first.
  function stepping(element) {
    const trigger = element.getAttribute("hx-trigger") || "";
    return element.hasAttribute("hx-get") && /\bdelay:/.test(trigger) && !/\bevery\b/.test(trigger);
  }

  // Already shown, or older than what is shown (the player's own move answered first).
  function stale(message, element) {
    const version = versionOf(element);
    const stamp = number(element, "data-stamp");
    if (version === null) return false;
    if (message.version !== version) return message.version < version;
    return stamp === null || message.stamp <= stamp;
  }

  function drain() {
    if (timer) return;
    while (queue.length) {
      const message = queue[0];
      const element = document.getElementById(message.target);
      if (!element) {
        queue.shift();
        continue;
      }
      const waitingForMove = posting > 0 && Date.now() - postedAt < LONGEST_POST;
      if (stepping(element) || waitingForMove) {
        timer = window.setTimeout(function () {
          timer = null;
          drain();
        }, 200);
        return;
      }
      queue.shift();
      if (stale(message, element)) continue;
      show(message, element);
      if (queue.length) {
        const now = document.getElementById(message.target);
        const pace = (now && number(now, "data-delay")) || 0;
        timer = window.setTimeout(function () {
          timer = null;
          drain();
        }, pace);
      }
      return;
    }
  }

  // The page's own CSRF token (the body's hx-headers) in the fragment's forms.
  function withToken(html) {
    let token = "";
    try {
      token = JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (e) {
      token = "";
    }
    if (!/^[A-Za-z0-9]+$/.test(token)) return html;
    return html.replace(/(name="csrfmiddlewaretoken" value=")[^"]*"/g, "$1" + token + '"');
  }

  function show(message, element) {
    const path = element.getAttribute("data-live") || "";
    // What a poll's answer carries in its events, for the scripts that key on it.
    const xhr = { status: 200, live: true, getResponseHeader: function () { return null; } };
    const detail = {
      xhr: xhr,
      target: element,
      requestConfig: { verb: "get", path: path, parameters: {}, elt: element },
      pathInfo: { requestPath: path, finalRequestPath: path, responsePath: path },
      serverResponse: withToken(message.html),
      shouldSwap: true,
      isError: false,
      successful: true,
      failed: false,
      boosted: false,
      live: true,
    };
    if (message.trigger) window.htmx.trigger(element, message.trigger);
    if (!window.htmx.trigger(element, "htmx:beforeSwap", detail) || !detail.shouldSwap) return;
    window.htmx.swap(detail.target, detail.serverResponse,
      { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 20 },
      { eventInfo: detail, contextElement: element });
  }

  // --- after any swap: the table may have stopped (game over) or started carrying data-live --

  document.addEventListener("htmx:afterSettle", live.settle);

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", live.connect);
  else live.connect();
})();
