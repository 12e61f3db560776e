// The tournament page: say goodbye as the page goes away (a closed tab, another page), so a
// player who left is not paired into a table nobody sees. The server also stops pairing a
// page that stopped asking, for browsers that send nothing on close.
(function () {
  "use strict";
  var box = document.querySelector("[data-goodbye-url]");
  var token = document.querySelector("input[name=csrfmiddlewaretoken]");
  if (!box || !token || !navigator.sendBeacon) { return; }
  window.addEventListener("pagehide", function () {
    var data = new FormData();
    data.append("csrfmiddlewaretoken", token.value);
    navigator.sendBeacon(box.getAttribute("data-goodbye-url"), data);
  });
})();
