// Every game's table, on top of a tap-to-pick form that works without any script:
// drag and drop, taps on a set, focus kept across htmx swaps, keyboard shortcuts, the skip
// link to the rack or hand, the one live region, the rack's sort order, and one picked tile
// at a time.
// A drop or tap just picks the tile and clicks the same button a tap on it would: one code path.
// Any markup with ".tile[data-tile]" tiles (holding an "input.tile-pick") and ".drop-zone"
// zones works. By default a zone's button is the form's button[name="to"] whose value is
// the zone's data-target; a game's own script may set window.gameTable.dropButton to find
// it another way (say, a wild tile to swap).
(function () {
  "use strict";
  if (window.gameTableLoaded) return; // included twice by mistake: one set of handlers only
  window.gameTableLoaded = true;
  let dragged = null;
  const table = (window.gameTable = window.gameTable || {});

  // The words this script writes, from the page (the table_text tag renders them in the
  // reader's language); a page without them keeps these English ones.
  const TEXT = {
    sortByColour: "Sort by colour",
    sortByNumber: "Sort by number",
    show: "Show",
    hide: "Hide",
    rack: "rack",
    hand: "hand",
  };
  try {
    const given = document.getElementById("table-text");
    if (given) Object.assign(TEXT, JSON.parse(given.textContent));
  } catch (e) { /* unreadable: the English words stay */ }

  function zoneButton(zone) {
    const target = zone.dataset.target;
    const form = zone.closest("form");
    return form && form.querySelector('button[name="to"][value="' + target + '"]');
  }

  // The button a drop on `element` clicks, or null. Replaceable by a game's script.
  if (!table.dropButton) {
    table.dropButton = function (element) {
      const zone = element.closest(".drop-zone");
      return zone && zoneButton(zone);
    };
  }

  // The picked tile. During a click on another tile, that tile's own radio is checked for a
  // moment too (the rack and the table are separate groups), so it can be left out.
  // Table tiles share one group, so a tap on another set's tile has already unchecked the
  // picked one when the click arrives: the last tile picked (still on the page) stands in.
  let current = null;
  function picked(except) {
    const all = document.querySelectorAll("#board input.tile-pick:checked");
    const found = Array.from(all).find(function (radio) { return !except || !except.contains(radio); });
    if (found) return found;
    const board = document.getElementById("board");
    const kept = except && current && board && board.contains(current) && !except.contains(current);
    return kept ? current : null;
  }
  table.picked = picked;

  // --- drag and drop -------------------------------------------------------------------

  document.addEventListener("dragstart", function (event) {
    const tile = event.target.closest && event.target.closest(".tile[data-tile]");
    if (!tile || !tile.querySelector("input.tile-pick:not(:disabled)")) return;
    dragged = tile;
    event.dataTransfer.setData("text/plain", tile.dataset.tile);
    event.dataTransfer.effectAllowed = "move";
  });

  document.addEventListener("dragover", function (event) {
    const zone = event.target.closest && event.target.closest(".drop-zone");
    if (!zone || !dragged) return;
    event.preventDefault();
    zone.classList.add("drag-over");
  });

  document.addEventListener("dragleave", function (event) {
    const zone = event.target.closest && event.target.closest(".drop-zone");
    if (zone) zone.classList.remove("drag-over");
  });

  document.addEventListener("drop", function (event) {
    if (!dragged || !event.target.closest) return;
    const radio = dragged.querySelector("input.tile-pick");
    const button = table.dropButton(event.target, radio);
    dragged = null;
    document.querySelectorAll(".drag-over").forEach(function (z) { z.classList.remove("drag-over"); });
    if (!button || button.disabled || !radio) return;
    event.preventDefault();
    pick(radio);
    remember(radio);
    button.click(); // a real click, so htmx sends the button's name and value
  });

  // --- one picked tile at a time (the rack and the table are separate radio groups) ------

  function pick(radio) {
    current = radio;
    radio.checked = true;
    document.querySelectorAll("#board input.tile-pick:checked").forEach(function (other) {
      if (other !== radio) other.checked = false;
    });
  }

  document.addEventListener("change", function (event) {
    const radio = event.target;
    if (radio.matches && radio.matches("input.tile-pick") && radio.checked) pick(radio);
  });

  // --- taps on sets (tables whose sets are ".set.drop-zone") -----------------------------

  // With a tile picked, a tap on a set (its background or one of its tiles, when the picked
  // tile is elsewhere) puts it there; a tap on the rack's background takes it back.
  document.addEventListener("click", function (event) {
    if (!event.target.closest) return;
    const onTile = event.target.closest(".tile");
    const radio = picked(onTile);
    const zone = event.target.closest(".set.drop-zone, .rack-area.drop-zone");
    if (!zone || !radio || event.target.closest("button")) return;
    if (onTile && (zone.contains(radio) || !zone.classList.contains("set"))) return;
    const button = zoneButton(zone);
    if (!button || button.disabled) return;
    event.preventDefault();
    pick(radio); // the tapped tile's own radio must not travel with it
    remember(radio);
    button.click();
  });

  // --- focus kept where the player was ---------------------------------------------------

  let lastPick = null; // {tile, area, index} of the tile last sent somewhere
  // The player's rack (the tile games) or hand (a card game's cards): a skip link's target.
  const RACK = "#board #rack, #board #hand";
  // What a player picks, which the focus comes back to: tiles (radios) and a card game's cards
  // (checkboxes); a card's value is its id, as a tile's is.
  const PICKS = "input.tile-pick, input.rm-check";
  // Where the focus waits while no tile or card can take it (see focusHolder).
  const HOLDERS = "#hand, .dock, #board";

  function areaOf(element) {
    const area = element.closest("[data-area]");
    return area ? area.dataset.area : "";
  }

  function radiosIn(area) {
    return Array.from(document.querySelectorAll('#board [data-area="' + area + '"] input.tile-pick'));
  }

  function remember(radio) {
    const area = areaOf(radio);
    lastPick = { tile: radio.value, area: area, index: radiosIn(area).indexOf(radio) };
  }

  // A key that finds "the same control" in the redrawn board.
  function keyOf(element) {
    if (!element || !element.closest || !element.closest("#board")) return null;
    if (element.matches(PICKS)) return { tile: element.value, area: areaOf(element) };
    const attrs = ["data-shortcut", "data-zone-button", "data-dock-toggle", "data-sort-toggle", "hx-post", "name"];
    for (const name of attrs) {
      const value = element.getAttribute(name);
      if (value === null) continue;
      const extra = name === "name" && element.value ? '[value="' + element.value + '"]' : "";
      return { selector: "#board " + element.tagName.toLowerCase() + "[" + name + '="' + value + '"]' + extra };
    }
    return null;
  }

  let focusKey = null;
  let sentTile = null;
  // Whether the player's focus is at the table: a redraw (their own Confirm, a computer's
  // move landing) takes the focused element away, and the focus goes back into the board
  // instead of dropping to the page's body. Focus moved elsewhere on the page clears it.
  let keepFocus = false;
  // The tile (or card) the focus left only because it could not take it (the rack waits out
  // the computers' moves, shown frame by frame): the focus waits on the dock and goes back to
  // that same tile once the turn is the player's, not to the rack's first one.
  let parked = null;

  document.addEventListener("focusin", function (event) {
    const target = event.target;
    keepFocus = !!(target.closest && target.closest("#board"));
    if (!keepFocus || !target.matches(HOLDERS)) parked = null; // the player moved on
  });

  function focusLost() {
    const active = document.activeElement;
    return !active || active === document.body || !active.isConnected;
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!event.target.closest || !event.target.closest("#board")) return;
    focusKey = keyOf(document.activeElement) || (keepFocus ? parked || { rack: true } : null);
    const config = event.detail.requestConfig || {};
    const trigger = config.triggeringEvent || {};
    const source = trigger.submitter || event.detail.elt;
    const radio = picked();
    const sendsTile = !!(source && source.getAttribute && source.getAttribute("name") === "to" && radio);
    if (sendsTile) remember(radio);
    sentTile = sendsTile ? lastPick : null;
  });

  function findTile(value) {
    const id = '[value="' + value + '"]';
    return document.querySelector("#board input.tile-pick" + id + ", #board input.rm-check" + id);
  }

  function focusAfterSwap() {
    let target = null;
    if (sentTile && sentTile.area === "rack") {
      // A rack tile went to the table: on to the rack tile that took its place.
      const rack = radiosIn("rack");
      target = rack[Math.min(sentTile.index, rack.length - 1)] || document.querySelector('#board [data-shortcut="c"]');
    } else if (sentTile) {
      target = findTile(sentTile.tile);
    } else if (focusKey && focusKey.tile) {
      target = findTile(focusKey.tile) || radiosIn(focusKey.area)[0];
    } else if (focusKey && focusKey.selector) {
      target = document.querySelector(focusKey.selector);
    }
    sentTile = null;
    if (tryFocus(target)) return;
    focusRack();
    const waits = target && target.isConnected && target.matches(PICKS);
    if (waits && !document.activeElement.matches(PICKS)) parked = keyOf(target);
  }

  // Focus ``element`` if it can take it now (a control in a disabled fieldset cannot).
  function tryFocus(element, preventScroll) {
    if (!element || !element.isConnected || element.matches(":disabled")) return false;
    if (!element.getClientRects().length) return false; // not rendered (a folded dock)
    element.focus({ preventScroll: !!preventScroll });
    return document.activeElement === element;
  }

  // The rack's first tile (or the hand's first card) that can take the focus; while the rack
  // waits for the player's turn, focusHolder's element keeps it, and the rack takes it back
  // once the turn is theirs.
  function focusRack() {
    const rack = document.querySelector(RACK);
    const first = rack && rack.querySelector("input.tile-pick:not(:disabled), input.rm-check:not(:disabled)");
    if (!tryFocus(first)) focusHolder(true);
  }

  // Focus the rack's holder: a card game's hand, else the dock around a tile game's rack (its
  // fieldset cannot take the focus in Chrome, even with tabindex), else a folded dock's Show
  // toggle, else the board; so the focus is never left on the page's body.
  function focusHolder(preventScroll) {
    const places = ["#board #hand", "#board .dock", "#board [data-dock-toggle]", "#board"];
    return places.some(function (selector) {
      const element = document.querySelector(selector);
      if (!element) return false;
      if (!element.matches("button") && !element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
      return tryFocus(element, preventScroll);
    });
  }

  // --- the skip link to the rack or hand -------------------------------------------------

  // A skip link to a target in the board puts the focus there for real: followed by the
  // browser alone, a link to an element that cannot take the focus (a fieldset) leaves it on
  // the body, where the next redraw of the board loses the player's place. The rack's own
  // element takes it if it can (a card game's hand), else its holder (focusHolder): the next Tab
  // then reaches the first tile.
  document.addEventListener("click", function (event) {
    const link = event.target.closest && event.target.closest('a.skip-link[href^="#"]');
    const target = link && document.getElementById(link.getAttribute("href").slice(1));
    if (!target || !target.closest("#board")) return; // "Skip to content": the browser's own jump
    event.preventDefault();
    if (!tryFocus(target)) focusHolder(false);
  });

  // --- the one live region -------------------------------------------------------------

  let lastSaid = "";

  function announce() {
    const region = document.getElementById("announcer");
    const board = document.getElementById("board");
    if (!region || !board) return;
    const error = board.querySelector("[data-announce-error]");
    const status = board.querySelector("[data-announce]");
    const guide = board.querySelector("[data-announce-guide]"); // a guided game's step
    const text = ((error ? error.textContent + " " : "") + (status ? status.textContent : "") +
      (guide ? " " + guide.textContent : "")).replace(/\s+/g, " ").trim();
    const key = board.dataset.version + "|" + text;
    if (!text || key === lastSaid) return;
    lastSaid = key;
    region.textContent = text;
  }

  // --- the rack's order: colour then number, or number then colour (remembered) ----------

  const SORT_KEY = "rummy.rackSort";

  function sortOrder() {
    try { return localStorage.getItem(SORT_KEY) === "number" ? "number" : "colour"; } catch (e) { return "colour"; }
  }

  function sortRack() {
    const order = sortOrder();
    document.querySelectorAll("#board [data-sortable]").forEach(function (rack) {
      const shown = Array.from(rack.querySelectorAll(":scope > .tile[data-by-colour]"));
      const key = order === "number" ? "byNumber" : "byColour";
      const tiles = shown.slice().sort(function (a, b) { return a.dataset[key] < b.dataset[key] ? -1 : 1; });
      // Moving a tile that holds the focus would drop it: only touch a rack out of order.
      if (tiles.every(function (tile, i) { return tile === shown[i]; })) return;
      tiles.forEach(function (tile) { rack.appendChild(tile); });
    });
    document.querySelectorAll("#board [data-sort-toggle]").forEach(function (toggle) {
      toggle.hidden = false;
      toggle.textContent = order === "number" ? TEXT.sortByColour : TEXT.sortByNumber;
    });
  }

  document.addEventListener("click", function (event) {
    const toggle = event.target.closest && event.target.closest("[data-sort-toggle]");
    if (!toggle) return;
    try { localStorage.setItem(SORT_KEY, sortOrder() === "number" ? "colour" : "number"); } catch (e) { /* private mode */ }
    sortRack();
    toggle.focus();
  });

  // --- the dock folds away (the rack or hand pinned at the bottom of a phone's screen) -------

  // The dock is compact on a phone (table.css); its toggle folds the tiles or cards away
  // entirely when the player wants the whole table in view. The choice lasts the visit
  // (sessionStorage) and survives every redraw of the board, which brings a fresh dock.
  const FOLD_KEY = "rummy.dockFolded";

  function isFolded() {
    try { return sessionStorage.getItem(FOLD_KEY) === "1"; } catch (e) { return false; }
  }

  function dockToggle(dock) {
    let toggle = dock.querySelector("[data-dock-toggle]");
    if (toggle) return toggle;
    toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "button small secondary dock-toggle";
    toggle.setAttribute("data-dock-toggle", "");
    const cards = dock.querySelector("#rack, .rm-hand");
    if (cards) {
      if (!cards.id) cards.id = "dock-cards";
      toggle.setAttribute("aria-controls", cards.id);
    }
    const tools = dock.querySelector(".dock-tools");
    if (tools) tools.appendChild(toggle);
    else dock.insertBefore(toggle, dock.querySelector(".rm-sort") || dock.firstElementChild);
    return toggle;
  }

  function setUpDocks() {
    const folded = isFolded();
    document.querySelectorAll("#board .dock, #board .rm-hand-area").forEach(function (dock) {
      // A hand (where a game deals one) or a rack; a dock may name itself (data-dock-noun).
      const title = dock.querySelector(".dock-title, legend");
      const isHand = dock.matches(".rm-hand-area") || dock.querySelector(".hand-area") ||
        (title && /hand/i.test(title.textContent));
      const noun = dock.dataset.dockNoun || (isHand ? TEXT.hand : TEXT.rack);
      const toggle = dockToggle(dock);
      dock.classList.toggle("dock-folded", folded);
      toggle.setAttribute("aria-expanded", folded ? "false" : "true");
      // "Hide rack" to a screen reader; just "Hide" on screen, where the dock says what it is.
      toggle.textContent = folded ? TEXT.show : TEXT.hide;
      const said = document.createElement("span");
      said.className = "sr-only";
      said.textContent = " " + noun;
      toggle.appendChild(said);
    });
  }

  document.addEventListener("click", function (event) {
    const toggle = event.target.closest && event.target.closest("[data-dock-toggle]");
    if (!toggle) return;
    try { sessionStorage.setItem(FOLD_KEY, isFolded() ? "0" : "1"); } catch (e) { /* private mode */ }
    setUpDocks();
    toggle.focus();
  });

  // --- keyboard shortcuts (shown on the buttons) ------------------------------------------

  // Inputs that take no typed text: a letter there is a shortcut. Anywhere else a letter is
  // typing (a text box, a list's type-ahead, an editable area) and stays with the page.
  const NOT_TYPED = ["radio", "checkbox", "button", "submit", "reset", "range", "color", "file", "image"];

  function typingIn(element) {
    if (!element || !element.closest) return false;
    if (element.closest("textarea, select, [contenteditable]:not([contenteditable=false])")) return true;
    return element.matches("input") && NOT_TYPED.indexOf(element.type) === -1;
  }

  // The board's buttons showing ``key`` that a click would not leave unsent.
  function shortcutButtons(key) {
    const all = document.querySelectorAll('#board [data-shortcut="' + key + '"]');
    return Array.from(all).filter(function (button) {
      return !button.disabled && !button.closest("fieldset:disabled");
    });
  }

  // One button with the key: a click on it. Several (a card game's "A · Take pile 1" and "A · Take
  // pile 2"): each press moves the focus to the next, as a browser does for a shared
  // accesskey, and Enter chooses; a click would take a pile the player may not have meant.
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (typingIn(event.target) || event.key.length !== 1) return;
    const buttons = shortcutButtons(event.key.toLowerCase());
    if (!buttons.length) return;
    event.preventDefault();
    if (buttons.length > 1) {
      const next = buttons[(buttons.indexOf(document.activeElement) + 1) % buttons.length];
      next.focus();
      return;
    }
    const radio = picked();
    if (radio && buttons[0].getAttribute("name") === "to") remember(radio);
    buttons[0].click();
  });

  // --- a draft move's answer: the form alone, swapped out of band -----------------------------

  // The board stays (HX-Reswap: none) and only #board-form is replaced; a reason shown for
  // an earlier refusal no longer applies, and a whole new board would not have carried it.
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    if (!event.target || event.target.id !== "board-form") return;
    const error = document.getElementById("board-error");
    if (error) error.remove();
  });

  // --- after every swap of the board --------------------------------------------------------

  let settled = null; // the request last settled: an out-of-band swap settles two elements

  document.addEventListener("htmx:afterSettle", function (event) {
    if (!document.getElementById("board")) return;
    // Another part of the page settling (the talk panel beside an online table) leaves the
    // board's pending focus alone: its own request has not been answered yet.
    if (!event.target.closest || !event.target.closest("#board")) return;
    const xhr = event.detail && event.detail.xhr;
    if (xhr && xhr === settled) return;
    settled = xhr || null;
    sortRack();
    setUpDocks();
    announce();
    if (focusKey || sentTile) focusAfterSwap();
    else if (keepFocus && focusLost()) focusRack();
    focusKey = null;
  });

  // --- a move whose answer was lost ----------------------------------------------------------

  // A table's POST (it names the game's version) that got no answer — the network dropped it,
  // or the balancer said 502/503/504 because the node died, perhaps after the move was
  // saved — is sent again after a short pause with exactly the same fields, under the
  // X-Retry header. The server plays a move once: a move it already made is answered with the
  // board, no error (games/services/replayed.py), and a draft step is not applied twice. After
  // the last resend the board is fetched afresh; nothing scary is shown, and the board's own
  // poll goes on. A press never becomes two moves: every resend carries the same version.
  const RETRY = "X-Retry";
  const RESEND_AFTER = [500, 1500]; // ms before the first and the second resend
  const RELOAD_AFTER = [1000, 3000, 8000]; // ms before each fetch of the board afterwards
  const LOST = [502, 503, 504]; // a balancer's answers for a node that did not answer

  function boardUrl(path) {
    const board = path.match(/^(.*\/g\/[0-9a-f-]+\/)[^/]+\/?$/i);
    return board ? board[1] + "board/" : null;
  }

  function again(verb, path, values, attempt, delay) {
    window.setTimeout(function () {
      if (!window.htmx || !document.getElementById("board")) return;
      const headers = {};
      headers[RETRY] = String(attempt);
      const context = { source: document.body, target: "#board", swap: "outerHTML", headers: headers };
      let url = path;
      if (values) context.values = values;
      if (verb === "GET") {
        url = boardUrl(path);
        if (!url) { url = window.location.href; context.select = "#board"; } // the page's board
      }
      window.htmx.ajax(verb, url, context).catch(function () { /* htmx:sendError: below */ });
    }, delay);
  }

  function copy(formData) {
    const out = new FormData();
    formData.forEach(function (value, key) { out.append(key, value); });
    return out;
  }

  function answerLost(event) {
    const detail = event.detail || {};
    const config = detail.requestConfig;
    if (!config || !config.target || config.target.id !== "board") return;
    if (event.type === "htmx:responseError" && LOST.indexOf(detail.xhr && detail.xhr.status) === -1) return;
    const attempt = Number((config.headers && config.headers[RETRY]) || 0);
    const verb = String(config.verb || "").toUpperCase();
    if (verb === "POST" && config.formData && config.formData.has("version")) {
      if (attempt < RESEND_AFTER.length) {
        const sent = Number(config.formData.get("version"));
        const board = document.getElementById("board");
        if (board && Number(board.dataset.version) > sent) return; // the poll brought the table
        again("POST", config.path, copy(config.formData), attempt + 1, RESEND_AFTER[attempt]);
      } else {
        again("GET", config.path, null, RESEND_AFTER.length + 1, RELOAD_AFTER[0]);
      }
    } else if (verb === "GET" && attempt > RESEND_AFTER.length) { // our own fetch of the board
      const left = attempt - RESEND_AFTER.length;
      if (left < RELOAD_AFTER.length) again("GET", config.path, null, attempt + 1, RELOAD_AFTER[left]);
    }
  }

  ["htmx:sendError", "htmx:responseError", "htmx:timeout"].forEach(function (name) {
    document.addEventListener(name, answerLost);
  });

  function ready() {
    sortRack();
    setUpDocks();
    announce();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
