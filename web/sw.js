// The service worker: keeps this build's files (the page, its script and style, the JS glue,
// the .wasm, the manifest and the icons) in a cache named after the build, so that after the
// first visit the game starts with no network. web/build.sh writes the build's name and its
// files into the two lines below. A new build is a new worker: it fills its own cache beside
// the old one and waits; the page it would replace offers "New version: reload", and the old
// cache goes only once the new worker takes over, so a page never mixes two builds.
const BUILD = 'development';
const FILES = ['./'];
const CACHE = `g2048-${BUILD}`;

self.addEventListener('install', (event) => {
  // `reload`: past the HTTP cache, so the new cache holds the new build's files.
  event.waitUntil(caches.open(CACHE).then((cache) =>
    cache.addAll(FILES.map((file) => new Request(file, { cache: 'reload' })))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('g2048-') && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// The page asks the waiting worker to take over when the player chooses to reload.
self.addEventListener('message', (event) => {
  if (event.data === 'take-over') self.skipWaiting();
});

// This build's files come from its cache (a link's #replay=… does not change the file); any
// other request goes to the network.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== location.origin) return;
  event.respondWith((async () => {
    const cached = await caches.match(request, { cacheName: CACHE, ignoreSearch: true });
    return cached ?? fetch(request);
  })());
});
