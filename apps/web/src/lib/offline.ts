import { useSyncExternalStore } from 'react';
import { OFFLINE_CACHE, OFFLINE_COPY_HEADER } from './offline-copy';

/**
 * What the page knows of being offline (issue 23, docs/decisions/0032-pwa.md): the browser says so,
 * or the service worker answered a read with its copy (the network failed). `copyAt` is when the
 * oldest copy shown since the server last answered was made (its Date header): the banner says
 * "as of" that time, never fresher than the oldest figure on screen. An answer from the server
 * ends it.
 */
export type OfflineState = { offline: boolean; copyAt: number | null };

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

let state: OfflineState = { offline: browserOffline(), copyAt: null };
const listeners = new Set<() => void>();

function update(copyAt: number | null): void {
  const offline = browserOffline() || copyAt !== null;
  if (offline === state.offline && copyAt === state.copyAt) return;
  state = { offline, copyAt };
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => update(state.copyAt));
  window.addEventListener('offline', () => update(state.copyAt));
}

/** Every answer of the API passes here (lib/api-client.ts): a copy, or the server's own (online again). */
export function noteAnswer(headers: Headers): void {
  if (!headers.has(OFFLINE_COPY_HEADER)) {
    update(null);
    return;
  }
  const made = Date.parse(headers.get('date') ?? '');
  if (Number.isNaN(made)) {
    update(state.copyAt ?? Date.now());
    return;
  }
  update(state.copyAt === null ? made : Math.min(state.copyAt, made));
}

export function offlineState(): OfflineState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOffline(): OfflineState {
  return useSyncExternalStore(subscribe, offlineState, offlineState);
}

/**
 * Deletes every offline copy (logout, a 401, a new login): nothing of one session is left for the
 * next. Where there is no Cache Storage (an insecure origin, tests), there are no copies either.
 */
export async function clearOfflineCopies(): Promise<void> {
  update(null);
  if (typeof caches === 'undefined') return;
  await caches.delete(OFFLINE_CACHE).catch(() => false);
}
