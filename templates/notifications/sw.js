{% autoescape off %}// Rummy's service worker: push notifications and an offline page. Nothing of a game is cached:
// the server is the only judge of a table, so a table page always comes from the network.
"use strict";

const CACHE = "rummy-offline-{{ cache_name }}";
const OFFLINE_URL = "{{ offline_url|escapejs }}";
const CACHED = [{% for url in cached %}"{{ url|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
const ICON = "{{ icon|escapejs }}";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(CACHED)).then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim())
  );
});

// Pages come from the network; only when it is gone does the offline page answer.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_URL)));
    return;
  }
  const url = new URL(request.url);
  if (url.origin === self.location.origin && CACHED.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(() => caches.match(url.pathname)));
  }
});

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = {};
  }
  const title = data.title || "Rummy";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || "",
      tag: data.tag || undefined,
      icon: ICON,
      badge: ICON,
      data: { url: data.url || "/" },
    })
  );
});

// A tap opens that game's table: an open window of it is focused, else a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const wanted = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  const target = wanted.origin === self.location.origin ? wanted.href : self.location.origin + "/";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (client.url === target && "focus" in client) return client.focus();
      }
      return self.clients.openWindow(target);
    })
  );
});
{% endautoescape %}
