/**
 * What the page and the service worker (src/sw/sw.ts) agree on about the offline copies of a
 * member's reads (issue 23, docs/decisions/0032-pwa.md). Constants only: the service worker's
 * bundle imports this file and nothing of the page.
 */

/** A read that asks to be kept for reading offline carries this request header (lib/api-client.ts). */
export const KEEP_OFFLINE_HEADER = 'x-keep-offline';

/** An answer the service worker took from its copies, the network having failed, carries this header. */
export const OFFLINE_COPY_HEADER = 'x-offline-copy';

/** The Cache Storage cache of those copies: one, keyed per session; emptied on logout, on a 401 and at login. */
export const OFFLINE_CACHE = 'portal-offline-copies';
