// The apps' service worker (scope: app/). On install it fetches every file the apps need:
// the apps' own files, the Pyodide runtime and the wheels, listed with a version by
// docs/_hooks/apps.py when the site is built. It then answers the apps' requests from that
// cache first, so after the first visit the apps open and work with the network off. A new
// build has a new version: its worker fetches everything again and drops the old cache.
// It never asks another host: a request for one goes on to the network untouched.
//
// Pyodide's runtime (PRECACHE.runtime, a folder) is the exception while the browser is online:
// the browser then fetches it itself, from its HTTP cache, where V8 keeps the code it compiled
// from it; served from this cache, every visit would compile it again (a warm start about twice
// as long). Offline, and under offline/ (where the shell asks when loading Pyodide failed on a
// connection that answers nothing), the runtime comes from this cache.

const PRECACHE = null; // filled in by docs/_hooks/apps.py

const CACHE = `wizardrules-apps-${PRECACHE.version}`;
const PREFIX = "wizardrules-apps-";
const scope = self.registration.scope;
const urls = PRECACHE.urls.map((url) => new URL(url, scope).href);
const known = new Set(urls);
const runtime = PRECACHE.runtime ? new URL(PRECACHE.runtime, scope).href : null;
const offline = new URL("offline/", scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // "no-cache": each file checked with the server, so a new build is never mixed with an
      // old one, while an unchanged file keeps its entry in the HTTP cache (and its compiled code)
      .then((cache) => cache.addAll(urls.map((url) => new Request(url, { cache: "no-cache" }))))
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
  let key = url.href;
  if (runtime && key.startsWith(offline)) key = runtime + key.slice(offline.length);
  else if (runtime && key.startsWith(runtime) && self.navigator.onLine) return; // the browser's own fetch, see above
  if (!known.has(key)) return; // not one of the apps' files: the browser fetches it as usual
  event.respondWith(caches.open(CACHE).then(async (cache) => (await cache.match(key)) ?? fetch(request)));
});
