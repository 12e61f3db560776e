// Drag and drop for desktop, on top of the tap-to-pick form that works without it.
// A drop just picks the tile and submits the same form a tap would: one code path.
(function () {
  "use strict";
  let dragged = null;

  function zoneButton(zone) {
    const target = zone.dataset.target;
    return zone.closest("form").querySelector('button[name="to"][value="' + target + '"]');
  }

  document.addEventListener("dragstart", function (event) {
    const tile = event.target.closest && event.target.closest(".tile[data-tile]");
    if (!tile) return;
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
    const zone = event.target.closest && event.target.closest(".drop-zone");
    if (!zone || !dragged) return;
    event.preventDefault();
    zone.classList.remove("drag-over");
    const button = zoneButton(zone);
    const radio = dragged.querySelector("input.tile-pick");
    dragged = null;
    if (!button || !radio) return;
    radio.checked = true;
    button.click(); // a real click, so htmx sends the button's name and value
  });

  // Tapping a set's background (not a tile) with a tile picked places it there.
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
