// Rumbaroo's table: taps, and where a drag lands (static/js/table.js does the dragging), on
// top of a form that works without any script. Every gesture ends in a click on one of the
// form's real buttons (a meld's "+", the Wild's swap button, "+ New meld", the discard pile,
// "Back to hand"), so there is one code path for tap, drag, keyboard and no-JS alike.
(function () {
  "use strict";

  function form() {
    return document.getElementById("board-form");
  }

  function button(target) {
    const f = form();
    return f && f.querySelector('[data-zone-button="' + target + '"]');
  }

  // The picked tile, leaving out `except` (a tile being clicked has its own radio checked for
  // a moment: the hand and the table are separate radio groups).
  function checked(except) {
    const f = form();
    if (!f) return null;
    const all = Array.from(f.querySelectorAll("input.tile-pick:checked"));
    return all.find(function (radio) { return !except || !except.contains(radio); }) || null;
  }

  function press(target, radio) {
    const b = button(target);
    if (!b || b.disabled || !radio) return false;
    radio.checked = true;
    form().querySelectorAll("input.tile-pick:checked").forEach(function (other) {
      if (other !== radio) other.checked = false; // one tile at a time, even mid-click
    });
    b.click(); // a real click, so htmx sends the button's name and value
    return true;
  }

  // Where a tile lands: a Wild to swap, a meld, "+ New meld", the pile or the hand.
  function targetOf(element, radio) {
    const wild = element.closest("[data-swap]");
    const fromHand = radio && radio.closest(".hand-area");
    const swappable = wild && fromHand && !wild.contains(radio) && button(wild.dataset.swap);
    if (swappable) return wild.dataset.swap;
    const zone = element.closest(".drop-zone");
    return zone ? zone.dataset.target : null;
  }

  // Drag and drop itself is static/js/table.js; a drop lands where targetOf says.
  window.gameTable = window.gameTable || {};
  window.gameTable.dropButton = function (element, radio) {
    const target = targetOf(element, radio);
    return target === null ? null : button(target);
  };

  // Remember whether a tile was already picked, so a second tap puts it down again.
  document.addEventListener("pointerdown", function (event) {
    const tile = event.target.closest && event.target.closest(".tile[data-tile]");
    const radio = tile && tile.querySelector("input.tile-pick");
    if (radio) radio.dataset.wasChecked = radio.checked ? "1" : "0";
  });

  document.addEventListener("click", function (event) {
    if (!event.target.closest) return;
    const tile = event.target.closest(".tile[data-tile]");
    const picked = checked(tile);
    const meld = event.target.closest(".meld.drop-zone");
    // A tap on a tile in a meld, with another tile picked: move it there (or swap the Wild).
    if (tile && meld && picked && !tile.contains(picked)) {
      const target = targetOf(tile, picked);
      const sameMeld = meld.contains(picked) && target === meld.dataset.target;
      if (!sameMeld && target !== null && button(target)) {
        event.preventDefault();
        press(target, picked);
        return;
      }
    }
    if (tile) {
      const radio = tile.querySelector("input.tile-pick");
      if (event.target === radio) {
        if (radio.dataset.wasChecked === "1") radio.checked = false;
        delete radio.dataset.wasChecked; // a later keyboard pick must not read a stale tap
      }
      return;
    }
    if (event.target.closest("button, a, input, label")) return;
    // A tap on a meld's background or the hand's background with a tile picked.
    const zone = event.target.closest(".meld.drop-zone, .hand-area.drop-zone");
    if (zone && picked) press(zone.dataset.target, picked);
  });
  // Touch screens have no hover: holding a finger on an action tile shows its name
  // (the same words as its title), in a status line screen readers also hear.
  const HOLD_MS = 450;
  let holdTimer = null;
  function showName(tile) {
    let tip = document.getElementById("tile-tip");
    if (!tip) {
      tip = document.createElement("div");
      tip.id = "tile-tip";
      tip.className = "tile-tip";
      tip.setAttribute("role", "status");
      document.body.appendChild(tip);
    }
    const box = tile.getBoundingClientRect();
    tip.textContent = tile.getAttribute("title");
    tip.style.left = Math.max(4, box.left) + "px"; // CSSOM, which the CSP allows
    tip.style.top = Math.max(4, box.top - 40) + "px";
    tip.hidden = false;
    window.setTimeout(function () { tip.hidden = true; }, 1800);
  }
  document.addEventListener("pointerdown", function (event) {
    const tile = event.target.closest(".tile[title]");
    if (event.pointerType !== "touch" || !tile || !tile.querySelector(".action-icon")) return;
    holdTimer = window.setTimeout(function () { showName(tile); }, HOLD_MS);
  });
  ["pointerup", "pointercancel", "pointerleave"].forEach(function (name) {
    document.addEventListener(name, function () { window.clearTimeout(holdTimer); });
  });
})();
