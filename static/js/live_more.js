/* The person's own socket (/live/me/) and a tournament page's (/live/tournaments/<id>/):
 * docs/live.md, "More than tables". Loaded by the header's My turn link, the quick-match
 * waiting page and a tournament page; it runs once however often it is loaded.
 *
 * An element naming a socket (data-live-me, data-live-tournament) opens it. The person's
 * brings My turn's link after each change at one of their tables, and says when a table
 * was dealt for them or their wait ended: the waiting page then asks its poll once
 * ("live-wait"). A tournament page's says when the event changed ("live-changed") and
 * when a line of its talk was said ("live:talk" on the document, for talk.js).
 *
 * The polls stay as they are and are the fallback. While its socket is open, a poll whose
 * element carries data-live-hold goes out at most every that many seconds (it still tells
 * the server the page is there), never waiting on the server, and at once on the socket's
 * news. When the socket closes or cannot open, every poll runs as before, and the socket
 * is tried again after 1, 2, 4… up to 30 s; never after 4403 (this page may not listen),
 * nor once no element names it any more (the wait or the event is over): the socket itself
 * is static/js/live_socket.js's, as a table's is.
 */
(function () {
  "use strict";
  if (window.rummyLiveMore || !window.WebSocket || !window.rummyLiveSocket) return;
  window.rummyLiveMore = true;

  function number(element, name) {
    const value = parseInt(element ? element.getAttribute(name) : "", 10);
    return isNaN(value) ? null : value;
  }

  // One reconnecting socket to the path the first element carrying `attribute` names
  // (static/js/live_socket.js).
  function liveSocket(attribute, hello, heard, changed) {
    return window.rummyLiveSocket({ attribute: attribute, hello: hello, heard: heard, changed: changed });
  }

  function ask(id, eventName) {
    const element = document.getElementById(id);
    if (element && element.hasAttribute("hx-get") && window.htmx) window.htmx.trigger(element, eventName);
  }

  function talkCarried(on) {
    document.documentElement.dataset.liveTalk = on ? "on" : "";
    document.dispatchEvent(new CustomEvent("live:talk"));
  }

  // --- the person's own socket ------------------------------------------------------------

  const me = liveSocket(
    "data-live-me",
    function () {
      const wait = document.querySelector("[data-live-wait]");
      const link = document.querySelector("[data-my-turn]");
      const hello = { type: "hello", wait: wait ? wait.getAttribute("data-live-wait") : null };
      if (link) hello.turns = number(link, "data-turns");
      return hello;
    },
    function (message) {
      if (message.type === "tables") {
        const link = document.querySelector("[data-my-turn]");
        if (link && typeof message.link === "string") link.outerHTML = message.link;
        if (message.dealt) ask("wait-status", "live-wait");
      } else if (message.type === "wait") {
        ask("wait-status", "live-wait");
      }
    },
    function () {}
  );

  // A live wait's seconds go on counting while its poll is held back (the socket keeps it).
  window.setInterval(function () {
    if (!me.isOpen() || !document.querySelector("[data-live-wait]")) return;
    const shown = document.querySelector('#wait-status [data-testid="waited"]');
    const seconds = shown ? parseInt(shown.textContent, 10) : NaN;
    if (!isNaN(seconds)) shown.textContent = String(seconds + 1);
  }, 1000);

  // --- a tournament page's socket ---------------------------------------------------------

  const event = liveSocket(
    "data-live-tournament",
    function () {
      return { type: "hello", version: number(document.querySelector("[data-live-tournament]"), "data-version") };
    },
    function (message) {
      if (message.type === "changed") ask("tournament-live", "live-changed");
      else if (message.type === "talk") document.dispatchEvent(new CustomEvent("live:talk"));
    },
    talkCarried
  );

  // --- the polls, held back while their socket is open --------------------------------------

  const lastSent = {}; // element id -> when its poll last went out (ms)

  function socketOf(element) {
    if (element.hasAttribute("data-live-tournament")) return event;
    if (element.hasAttribute("data-live-me")) return me;
    return null;
  }

  document.addEventListener("htmx:configRequest", function (e) {
    const detail = e.detail || {};
    const element = detail.elt;
    if (!element || !element.id || !element.hasAttribute || !element.hasAttribute("data-live-hold")) return;
    const live = socketOf(element);
    if (!live || !live.isOpen() || String(detail.verb).toLowerCase() !== "get") return;
    const asked = detail.triggeringEvent && /^live-/.test(detail.triggeringEvent.type);
    const hold = 1000 * (parseFloat(element.getAttribute("data-live-hold")) || 0);
    const now = Date.now();
    if (!asked && now - (lastSent[element.id] || 0) < hold) {
      e.preventDefault();
      return;
    }
    lastSent[element.id] = now;
    // The socket brings the news: the poll answers at once instead of waiting for it.
    const url = new URL(detail.path, window.location.href);
    url.searchParams.delete("wait");
    detail.path = url.pathname + url.search;
  });

  document.addEventListener("htmx:afterSettle", function () {
    me.settle();
    event.settle();
  });

  function start() {
    me.connect();
    event.connect();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
