// Service worker of the GPU rent-vs-own calculator, written by scripts/post_build.py for one
// build (do not edit dist/sw.js by hand). It keeps that build's files in one versioned cache so
// the calculator, its embeds and the demo page work offline once installed; a new build has a
// new cache name, so an update replaces the old cache whole.
"use strict";

const CACHE = "gpu-tco-__VERSION__";
const PREFIX = "gpu-tco-";
// Every file of the build except this one, relative to this script's folder (the scope).
const FILES = __FILES__;
// Those whose names carry a hash of their content (the wasm, its glue, the stylesheet): a copy
// of one in the browser's HTTP cache, fetched by the page a moment ago, is that very file.
const HASHED = new Set(__HASHED__);

const scope = new URL("./", self.location.href);
const INDEX = new URL("index.html", scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // Each file once on a first visit: the hashed files the page has just loaded come from
      // the HTTP cache ("force-cache"), the others are revalidated ("no-cache": a 304 when
      // unchanged), so that an install never downloads the page's 2 MB again.
      .then((cache) =>
        cache.addAll(
          FILES.map((f) => new Request(new URL(f, scope), { cache: HASHED.has(f) ? "force-cache" : "no-cache" })),
        ),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  // Other origins are never touched: the browser handles them as if there were no worker.
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  event.respondWith(request.mode === "navigate" ? navigate(request, url) : cacheFirst(request));
});

// Lookups name the cache rather than open it: caches.open() would create it again if a newer
// worker has just deleted it while this one still answers a request.
// A query never names another file of the build (api.js imports the wasm-bindgen module again
// as `…js?instance=N` for a fresh instance), so it is ignored.
async function cacheFirst(request) {
  const hit = await caches.match(request, { cacheName: CACHE, ignoreSearch: true });
  return hit || fetch(request).catch(aborted);
}

// A request the page gave up (it navigated away while the file was on its way) answers as the
// network error it is, without an uncaught "AbortError" in the browser's console.
function aborted(e) {
  if (e && e.name === "AbortError") return Response.error();
  throw e;
}

// A page: the cached copy whatever the query (`?view=embed&lang=de…`; the fragment never
// reaches the worker), the folder itself is index.html; pages not in the build from the
// network, and the calculator when offline.
async function navigate(request, url) {
  const page = url.pathname.endsWith("/") ? new URL("index.html", url).href : url.href;
  const hit = await caches.match(page, { cacheName: CACHE, ignoreSearch: true });
  if (hit) return hit;
  try {
    return await fetch(request);
  } catch (e) {
    if (e && e.name === "AbortError") return Response.error();
    const index = await caches.match(INDEX, { cacheName: CACHE });
    if (index) return index;
    throw e;
  }
}
