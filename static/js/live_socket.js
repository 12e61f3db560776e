/* One reconnecting websocket to the live process (docs/live.md), shared by live.js (a table's
 * or a watch page's board) and live_more.js (the person's own socket, a tournament page's).
 *
 * window.rummyLiveSocket(options) opens a socket to the path the first element carrying
 * options.attribute names, says options.hello() once it is open, hands every message with a
 * type to options.heard(message), and tells options.changed(true/false) when it opens and when
 * an open socket closes. A socket that closes is tried again after 1, 2, 4… up to 30 s
 * (jittered, so a restarted live process is not met by every page at once); never after 4403
 * (this page may not listen). settle(), called after each swap, closes the socket once no
 * element names it any more (and options.finished(), if given, agrees: the game is over) and
 * opens it when one names it again. Loaded before either script; it runs once however often
 * it is loaded.
 */
(function () {
  "use strict";
  if (window.rummyLiveSocket || !window.WebSocket) return;

  const NOT_ALLOWED = 4403;
  const LONGEST_WAIT = 30000; // ms between attempts to reopen, at most

  window.rummyLiveSocket = function (options) {
    let socket = null;
    let open = false;
    let done = false; // refused, or nothing names the socket any more
    let tries = 0;
    let retry = null;

    function element() {
      return document.querySelector("[" + options.attribute + "]");
    }

    function connect() {
      const named = element();
      const path = named && named.getAttribute(options.attribute);
      if (!path || socket || done || (options.ready && !options.ready())) return;
      const url = new URL(path, window.location.href);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      let ws;
      try {
        ws = new WebSocket(url.href);
      } catch (e) {
        return;
      }
      socket = ws;
      ws.onopen = function () {
        open = true;
        tries = 0;
        options.changed(true);
        ws.send(JSON.stringify(options.hello()));
      };
      ws.onmessage = function (event) {
        let message = null;
        try {
          message = JSON.parse(event.data);
        } catch (e) {
          return;
        }
        if (message && typeof message.type === "string") options.heard(message);
      };
      ws.onclose = function (event) {
        const was = socket === ws && open;
        if (socket === ws) {
          socket = null;
          open = false;
        }
        if (event.code === NOT_ALLOWED) done = true;
        if (was) options.changed(false);
        if (!done) later();
      };
    }

    function later() {
      if (retry) return;
      const wait = Math.min(LONGEST_WAIT, 1000 * Math.pow(2, tries)) * (0.75 + Math.random() / 2);
      tries += 1;
      retry = window.setTimeout(function () {
        retry = null;
        connect();
      }, wait);
    }

    function settle() {
      const named = element();
      if (!named && socket && (!options.finished || options.finished())) {
        done = true;
        socket.close(1000);
      } else if (named && !socket && !retry) {
        connect();
      }
    }

    return { connect: connect, settle: settle, isOpen: function () { return open; } };
  };
})();
