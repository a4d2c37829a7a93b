/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { KEEP_OFFLINE_HEADER, OFFLINE_CACHE } from '../lib/offline-copy';
import { offlineCopies } from './offline-copies';

/**
 * The portal's service worker (issue 23, docs/decisions/0032-pwa.md), built by vite-plugin-pwa
 * (injectManifest): Workbox's modules, configured.
 * - The app (every file of the build: JavaScript, styles, fonts, icons, index.html) is precached:
 *   a page opens from the cache, online or not. A new build is fetched in the background and
 *   waits until every tab of the old one is closed (or the person asks for it: SKIP_WAITING).
 * - Every page is the app's index.html (the client router decides), but /api.
 * - A member's reads that ask for it (KEEP_OFFLINE_HEADER) go to the network first, always; their
 *   last answer is kept, per session (offline-copies.ts), and handed out only when the network fails.
 */
declare let self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST, {
  // A page prerendered at build time may be written as /<path>/index.html or /<path>.html (the
  // latter Workbox finds by itself, cleanURLs): /login opens its own HTML when there is one.
  urlManipulation: ({ url }) => (url.pathname.endsWith('/') ? [] : [new URL(`${url.pathname}/index.html`, url)]),
});
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }));

const kept = ({ request, url }: { request: Request; url: URL }) =>
  url.origin === self.location.origin && url.pathname.startsWith('/api/') && request.headers.has(KEEP_OFFLINE_HEADER);
const networkFirst = new NetworkFirst({ cacheName: OFFLINE_CACHE, plugins: [offlineCopies] });
registerRoute(kept, networkFirst, 'GET');
// The two lists a member reads with a POST (their service requests, their tickets).
registerRoute(kept, networkFirst, 'POST');

// The update toast's "Open it now" (src/pwa/register.ts): only ever on the person's request.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first install takes the open page at once, so what the member opens next is kept already.
clientsClaim();
