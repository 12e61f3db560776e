// Tiles and cards move where they go (docs/settings.md, "Motion"): each tile's place is measured
// before htmx swaps the board and after, and the tile travels from the old place to the new one
// on `transform` (FLIP, the Web Animations API). The swap, focus and announcements are never
// delayed and nothing covers the controls; a key press ends every move. Off under
// prefers-reduced-motion or <html data-motion="none">; "reduced" fades only.
(function () {
  "use strict";
  if (window.rummyMotion) return;
  const root = document.documentElement;
  const api = (window.rummyMotion = { started: 0, mode: mode });
  const reduce = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  const MOST = 40; // more pieces moving than this in one swap (a new deal): only the first travel
  const running = new Set();

  function mode() {
    if (reduce && reduce.matches) return "none";
    const chosen = root.getAttribute("data-motion");
    return chosen === "reduced" || chosen === "none" ? chosen : "full";
  }

  // Every piece on the board by a key that survives the swap: a tile's id (data-tile), a
  // card's id (data-card), the same in the hand and on the table. The first of each key only.
  function pieces(board) {
    const found = new Map();
    board.querySelectorAll(".tile[data-tile], [data-card]").forEach(function (element) {
      const tile = element.getAttribute("data-tile");
      const card = element.getAttribute("data-card");
      const key = tile ? "t" + tile : card ? "c" + card : null;
      if (key && !found.has(key)) found.set(key, element);
    });
    return found;
  }

  function inRack(element) {
    return !!element.closest("#rack, #hand, .dock");
  }

  // Where a piece that was nowhere on the board came from, on the board before the swap.
  function sources(board, config) {
    function rect(selector, index) {
      const element = board.querySelectorAll(selector)[index || 0];
      const box = element && element.getBoundingClientRect();
      return box && box.width ? box : null;
    }
    // A pile taken: by its address, or by a button that says it takes (data-takes).
    const by = config.elt && config.elt.closest ? config.elt.closest("[data-takes]") : null;
    const took = !!by || /\/take(-both)?\/$/.test(String(config.path || "").split("?")[0]);
    let pile = 0;
    try { pile = parseInt(config.parameters && config.parameters.pile, 10) || 0; } catch (e) { /* none */ }
    return {
      // The pool, wall, pile or draw pile a drawn piece comes from (or the pile taken).
      draw: (took && rect(".rm-pile", pile)) || rect(".rm-stock") || rect('[data-testid="pool-button"]') ||
        rect('[data-testid="pile"]') || rect('[data-testid="pool-count"]') || rect('[data-testid="wall-count"]'),
      // Whoever was playing: a computer's tiles come from its chip, the player's from the rack.
      laid: rect(".player.acting:not(.me)") || rect(".dock, .rm-hand-area"),
    };
  }

  const before = new WeakMap(); // request -> {rects, sources}

  document.addEventListener("htmx:beforeSwap", function (event) {
    const xhr = event.detail && event.detail.xhr;
    const board = document.getElementById("board");
    if (!xhr || !board || !event.target.closest || !event.target.closest("#board")) return;
    if (mode() === "none") return;
    const rects = new Map();
    pieces(board).forEach(function (element, key) { rects.set(key, element.getBoundingClientRect()); });
    const config = event.detail.requestConfig || {};
    before.set(xhr, { rects: rects, from: sources(board, config) });
  });

  function duration(board, own) {
    const delay = parseInt(board.getAttribute("data-delay"), 10) || 800;
    // The player's own move: quick. The others': a share of the time each move stays shown.
    return own ? 220 : Math.max(160, Math.min(450, Math.round(delay * 0.45)));
  }

  const placed = new WeakMap(); // element -> its layout place when its move began

  function place(element) {
    return element.offsetLeft + "," + element.offsetTop + "," + (element.offsetParent ? 1 : 0);
  }

  function track(animation, element) {
    api.started += 1;
    placed.set(element, place(element));
    running.add(animation);
    element.classList.add("tile-moving");
    const done = function () {
      running.delete(animation);
      element.classList.remove("tile-moving");
    };
    animation.onfinish = done;
    animation.oncancel = done;
  }

  function travel(element, from, ms, wait) {
    const to = element.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return false;
    const animation = element.animate(
      [{ transform: "translate(" + dx + "px, " + dy + "px)" }, { transform: "none" }],
      { duration: ms, delay: wait || 0, easing: "cubic-bezier(.2, .7, .3, 1)", fill: "backwards" }
    );
    track(animation, element);
    return true;
  }

  function fade(element, ms) {
    track(element.animate([{ opacity: 0 }, { opacity: 1 }], { duration: ms, easing: "ease-out" }), element);
  }

  function animate(board, was, own) {
    const how = mode();
    if (how === "none") return;
    const ms = duration(board, own);
    let moved = 0;
    let arrived = 0;
    pieces(board).forEach(function (element, key) {
      if (moved >= MOST) return;
      const old = was.rects.get(key);
      if (how === "reduced") {
        if (!old || Math.abs(old.left - element.getBoundingClientRect().left) > 1 ||
            Math.abs(old.top - element.getBoundingClientRect().top) > 1) {
          moved += 1;
          fade(element, 150);
        }
        return;
      }
      if (old) {
        if (travel(element, old, ms, 0)) moved += 1;
        return;
      }
      // New on the board: drawn into the rack, or laid by whoever played (one after another).
      const from = inRack(element) ? was.from.draw : was.from.laid;
      if (!from || !travel(element, from, ms, Math.min(arrived, 6) * 60)) return;
      moved += 1;
      arrived += 1;
    });
  }

  // The table's own script (table.js, loaded first) may reorder the rack as the board settles;
  // a piece already on its way then turns towards its new place from where it is now.
  function retarget() {
    Array.from(running).forEach(function (animation) {
      const element = animation.effect && animation.effect.target;
      if (!element || !element.isConnected) return;
      const frames = animation.effect.getKeyframes();
      if (!frames.length || !frames[0].transform || placed.get(element) === place(element)) return;
      const seen = element.getBoundingClientRect();
      const left = (animation.effect.getComputedTiming().duration || 0) - (animation.currentTime || 0);
      running.delete(animation);
      animation.cancel();
      if (left > 40) travel(element, seen, left, 0);
    });
  }

  let settled = null;
  document.addEventListener("htmx:afterSwap", function (event) {
    const detail = event.detail || {};
    const board = document.getElementById("board");
    if (!board || !event.target.closest || !event.target.closest("#board")) return;
    if (detail.xhr && detail.xhr === settled) return; // an out-of-band swap comes twice
    settled = detail.xhr || null;
    const was = detail.xhr && before.get(detail.xhr);
    if (!was) return;
    const own = String((detail.requestConfig || {}).verb).toLowerCase() === "post";
    animate(board, was, own);
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    if (running.size && event.target.closest && event.target.closest("#board")) retarget();
  });

  // A key press is the player moving on: every piece is where it goes, at once.
  document.addEventListener("keydown", function () {
    Array.from(running).forEach(function (animation) { animation.finish(); });
  }, true);
})();
