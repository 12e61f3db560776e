// Drag and drop for every game's table, on top of the tap-to-pick form that works without it.
// A drop just picks the tile and clicks the same button a tap would: one code path.
// Any markup with ".tile[data-tile]" tiles (holding an "input.tile-pick") and ".drop-zone"
// zones works. By default a zone's button is the form's button[name="to"] whose value is
// the zone's data-target; a game's own script may set window.gameTable.dropButton to find
// it another way (say, a wild tile to swap).
(function () {
  "use strict";
  let dragged = null;
  const table = (window.gameTable = window.gameTable || {});

  function zoneButton(zone) {
    const target = zone.dataset.target;
    return zone.closest("form").querySelector('button[name="to"][value="' + target + '"]');
  }

  // The button a drop on `element` clicks, or null. Replaceable by a game's script.
  if (!table.dropButton) {
    table.dropButton = function (element) {
      const zone = element.closest(".drop-zone");
      return zone && zoneButton(zone);
    };
  }

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
    radio.checked = true;
    button.click(); // a real click, so htmx sends the button's name and value
  });

  // Tables with tap-to-place sets: tapping a set's background (not a tile) with a tile picked places it there.
  document.addEventListener("click", function (event) {
    if (event.target.closest(".tile, button")) return;
    const zone = event.target.closest(".set.drop-zone");
    if (!zone) return;
    const form = zone.closest("form");
    if (!form || !form.querySelector("input.tile-pick:checked")) return;
    const button = zoneButton(zone);
    if (button) button.click();
  });
})();
