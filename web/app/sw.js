// The offline app's service worker: every file of the app is kept in a cache on the first
// visit and served from it, so the app opens and works with no network. `build.sh` writes
// the cache's name from the files' contents: a new build replaces the old cache.
'use strict';
const CACHE = 'doko-@VERSION@';
const FILES = ['./', 'index.html', 'doko.js', 'doko.wasm', 'manifest.webmanifest', 'icon.svg', 'apple-touch-icon.png'];

self.addEventListener('install', ev => {
  ev.waitUntil(caches.open(CACHE).then(c => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', ev => {
  ev.waitUntil(caches.keys()
    .then(keys => Promise.all(keys.filter(k => k !== CACHE).map(k => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', ev => {
  const req = ev.request;
  if (req.method !== 'GET') return;
  // A page of the app (`./?sheet=1&lang=de`) is the one page; its query says what it shows.
  const page = req.mode === 'navigate';
  ev.respondWith(caches.open(CACHE).then(async c => {
    const hit = page ? await c.match('index.html') : await c.match(req, { ignoreSearch: true });
    if (hit) return hit;
    return fetch(req);
  }));
});
