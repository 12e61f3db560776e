// The Notifications page: subscribe this browser to Web Push, or forget it.
// Its words come from the page (data-text-* on #push-device), in the reader's language.
"use strict";
(function () {
  const box = document.getElementById("push-device");
  if (!box) return;
  const status = document.getElementById("push-status");
  const on = document.getElementById("push-on");
  const off = document.getElementById("push-off");
  const token = JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"];
  const text = box.dataset;  // textUnsupported, textBlocked, textOn, textOnFailed …
  const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (!supported) {
    status.textContent = text.textUnsupported;
    on.disabled = off.disabled = true;
    return;
  }

  function keyBytes(base64url) {
    const padded = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": token },
      body: JSON.stringify(body),
    }).then((response) => {
      if (!response.ok) return response.json().then((data) => { throw new Error(data.error || text.textRefused); });
      return response.json();
    });
  }

  on.addEventListener("click", async function () {
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        status.textContent = text.textBlocked;
        return;
      }
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(box.dataset.key),
      });
      await post(box.dataset.subscribe, subscription.toJSON());
      status.textContent = text.textOn;
    } catch (error) {
      status.textContent = text.textOnFailed.replace("{reason}", () => error.message);
    }
  });

  off.addEventListener("click", async function () {
    try {
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.getSubscription();
      if (subscription) {
        await post(box.dataset.forget, { endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      status.textContent = text.textOff;
    } catch (error) {
      status.textContent = text.textOffFailed.replace("{reason}", () => error.message);
    }
  });
})();
