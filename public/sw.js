// Kassa's offline worker (registered by the till's and the kiosk's layouts). When Kassa is
// restarting or cannot be reached, a page the till opens shows Kassa's own "Kassa is
// restarting, your sales are safe" instead of the browser's "This site can't be reached", and
// comes back by itself (the page reloads itself every few seconds). It keeps nothing of a
// till's pages: only that one page, cached when the worker is installed.
const CACHE = "kassa-offline-1";
const OFFLINE = "/offline.html";
// Answered by a proxy in front of Kassa while Kassa itself is down.
const GATEWAY_DOWN = new Set([502, 503, 504]);

self.addEventListener("install", (event) => {
  // Only page loads need the worker: every other request goes straight to the network, so the
  // till's own requests never wait on it (Chromium's static routes; elsewhere the fetch
  // handler below lets them pass).
  if (event.addRoutes)
    event
      .addRoutes({ condition: { not: { requestMode: "navigate" } }, source: "network" })
      .catch(() => {});
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(OFFLINE, { cache: "reload" })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

function offline(answer) {
  return caches.match(OFFLINE).then((page) => page || answer || Response.error());
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.mode !== "navigate" || request.method !== "GET") return;
  // Network first, always: the page as Kassa serves it, the offline page only when none came.
  event.respondWith(
    fetch(request).then(
      (answer) => (GATEWAY_DOWN.has(answer.status) ? offline(answer) : answer),
      () => offline(null),
    ),
  );
});
