// The static site's service worker: every file of the site is kept at the first visit,
// so that the page opens and plays with the network off; a new build (another VERSION)
// replaces the old files. A puzzle link (?p=...) opens the kept page; a page of the manual
// (docs/) opens its own kept file.
const VERSION = /*VERSION*/"";
const FILES = /*FILES*/[];
const CACHE = `slitherasp-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith("slitherasp-") && n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  const home = new URL("./", location.href).pathname;
  const page = request.mode === "navigate" && (url.pathname === home || url.pathname === `${home}index.html`);
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const kept = await cache.match(page ? "./" : request, { ignoreSearch: true }); // worker.js?lane=spare too
    return kept || fetch(request);
  }));
});
