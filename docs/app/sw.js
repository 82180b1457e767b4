// The apps' service worker (scope: app/). On install it fetches every file the apps need:
// the apps' own files, the Pyodide runtime and the wheels, listed with a version by
// docs/_hooks/apps.py when the site is built. It then answers the apps' requests from that
// cache first, so after the first visit the apps open and work with the network off. A new
// build has a new version: its worker fetches everything again and drops the old cache.
// It never asks another host: a request for one goes on to the network untouched.

const PRECACHE = null; // filled in by docs/_hooks/apps.py

const CACHE = `wizardrules-apps-${PRECACHE.version}`;
const PREFIX = "wizardrules-apps-";
const urls = PRECACHE.urls.map((url) => new URL(url, self.registration.scope).href);
const known = new Set(urls);

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(urls.map((url) => new Request(url, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  if (!known.has(url.href)) return; // not one of the apps' files: the browser fetches it as usual
  event.respondWith(
    caches.open(CACHE).then(async (cache) => (await cache.match(url.href)) ?? fetch(request)),
  );
});
