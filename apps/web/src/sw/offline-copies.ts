import { copyResponse } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { OFFLINE_COPY_HEADER } from '../lib/offline-copy';

/**
 * The Workbox plugin behind the offline copies (docs/decisions/0032-pwa.md), for the NetworkFirst
 * strategy of src/sw/sw.ts:
 * - the cache key is the URL plus a hash of the session's bearer token (and, for a POST list, of
 *   its body), so one session never reads another's copy, even one that survived a logout;
 * - a copy handed out in place of the network is marked (OFFLINE_COPY_HEADER), so the page can
 *   say it is offline and since when (the copy's own Date header).
 * Cache Storage keeps GET requests only: a POST list is kept under a GET key naming its body.
 */

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key a request's copy is kept under: its URL, its session and (a POST) its body, never the token itself. */
export async function copyKey(request: Request): Promise<string> {
  const url = new URL(request.url);
  url.searchParams.set('__session', (await sha256(request.headers.get('authorization') ?? '')).slice(0, 32));
  if (request.method !== 'GET') {
    url.searchParams.set('__method', request.method);
    url.searchParams.set('__body', (await sha256(await request.clone().text())).slice(0, 32));
  }
  return url.href;
}

/** The copy as the page receives it: the same answer, marked as a copy. */
export function markedCopy(response: Response): Promise<Response> {
  return copyResponse(response, (init) => {
    const headers = new Headers(init.headers);
    headers.set(OFFLINE_COPY_HEADER, '1');
    return { ...init, headers };
  });
}

type KeyState = { key?: string };

export const offlineCopies: WorkboxPlugin = {
  // Before the network is asked, while the request's body can still be read: the key for both
  // writing the answer and, should the network fail, reading the copy.
  requestWillFetch: async ({ request, state }) => {
    if (state) (state as KeyState).key = await copyKey(request);
    return request;
  },
  cacheKeyWillBeUsed: async ({ request, state }) => (state as KeyState | undefined)?.key ?? copyKey(request),
  cachedResponseWillBeUsed: async ({ cachedResponse }) => (cachedResponse ? markedCopy(cachedResponse) : null),
};
