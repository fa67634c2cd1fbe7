// The game offline, as an app put on the home screen is expected to start without a network: every
// file of the site is kept when the worker installs, and served from there first. `.ci/web` writes the
// build's name and its file list in place of the two markers; a new build is a new cache, and the old
// one goes when the new worker takes over.
const BUILD = '__TOGUZ_BUILD__';
const FILES = __TOGUZ_FILES__;
const CACHE = `toguz-${BUILD}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('toguz-') && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  // "?test" and other queries open the same page.
  event.respondWith(caches.match(event.request, { ignoreSearch: true }).then((kept) => kept || fetch(event.request)));
});
