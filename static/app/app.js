// Registers the service worker (push notifications, the offline page) for the whole site.
"use strict";
(function () {
  const script = document.currentScript;
  const url = script && script.dataset.sw;
  if (!url || !("serviceWorker" in navigator)) return;
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(url, { scope: "/" }).catch(function () {
      /* no service worker: the site works as before, without push or the offline page */
    });
  });
})();
