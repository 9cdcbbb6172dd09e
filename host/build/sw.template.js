/* The offline worker. VERSION and PRECACHE are prepended at build time (service-worker.plugin.ts). */
/* global VERSION, PRECACHE */
const SHELL_CACHE = `grab-shell-${VERSION}`;
const ASSET_CACHE = 'grab-assets';
const REMOTE_CACHE = 'grab-remotes';
// Every deploy adds hashed files; old ones go first so the phone's storage stays bounded.
const MAX_ENTRIES = 150;
// The last app page the server sent. Unlike the precached index.html it carries the remotes'
// manifest the server embeds, without which no section could load offline.
const LAST_PAGE = '/__last-page';

// API answers are never cached: a balance or a task list served from a cache would be stale data
// shown as fresh. These paths always go to the network and fail visibly when offline.
const NETWORK_ONLY = ['/app/', '/public/', '/api/', '/login', '/health'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('grab-shell-') && key !== SHELL_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === 'navigate') {
    // Pages: always the newest when online (and kept), the last one kept when not. The operator
    // console is another page: it is never kept as the app's.
    event.respondWith(
      fetch(request).then(
        (response) => {
          const isAppPage = response.ok && !url.pathname.startsWith('/admin') && (response.headers.get('content-type') ?? '').includes('text/html');
          if (isAppPage) {
            const copy = response.clone();
            event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(LAST_PAGE, copy)).catch(() => undefined));
          }
          return response;
        },
        async () =>
          (await caches.match(LAST_PAGE, { cacheName: SHELL_CACHE })) ?? (await caches.match('/index.html', { cacheName: SHELL_CACHE })) ?? Response.error(),
      ),
    );
    return;
  }
  if (NETWORK_ONLY.some((prefix) => url.pathname.startsWith(prefix))) return;

  if (url.pathname.startsWith('/static/')) {
    // Hashed file names never change content: cache first.
    event.respondWith(cacheFirst(request));
    return;
  }
  if (url.pathname === '/remotes.json' || url.pathname.startsWith('/remotes/')) {
    // Remotes deploy on their own: take the newest, keep the last one for offline use.
    event.respondWith(networkFirst(request, REMOTE_CACHE));
  }
});

async function remember(cacheName, request, response) {
  const cache = await caches.open(cacheName);
  await cache.put(request, response);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES)).map((key) => cache.delete(key)));
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) remember(ASSET_CACHE, request, response.clone()).catch(() => undefined);
  return response;
}

async function networkFirst(request, cacheName) {
  try {
    const response = await fetch(request);
    if (response.ok) remember(cacheName, request, response.clone()).catch(() => undefined);
    return response;
  } catch (error) {
    const cached = await caches.match(request, { cacheName });
    if (cached) return cached;
    throw error;
  }
}
