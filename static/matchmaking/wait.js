// The quick-match waiting page: leave the queue as the page goes away (a closed tab, another
// page). Harmless once seated: leaving only ends a wait. The server also drops a waiting
// player whose page stopped asking, for browsers that send nothing on close.
(function () {
  "use strict";
  var box = document.querySelector("[data-leave-url]");
  var token = document.querySelector("input[name=csrfmiddlewaretoken]");
  if (!box || !token || !navigator.sendBeacon) { return; }
  window.addEventListener("pagehide", function () {
    var data = new FormData();
    data.append("csrfmiddlewaretoken", token.value);
    data.append("beacon", "1");
    navigator.sendBeacon(box.getAttribute("data-leave-url"), data);
  });
  box.setAttribute("data-leave-armed", "1");  // from here a closing page says goodbye
})();
