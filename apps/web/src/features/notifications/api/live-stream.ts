import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { API_BASE } from '../../../lib/api-client';
import { readSession } from '../../../lib/session-store';
import { notificationsKeys } from './keys';

/** Waits between reconnections: doubled after each failure, never more than this. */
const MAX_BACKOFF_MS = 30_000;

/** Whether the stream is up, for every bell list of the page (they stop polling while it is). */
const connection = {
  up: false,
  listeners: new Set<() => void>(),
  set(up: boolean) {
    if (up === connection.up) return;
    connection.up = up;
    for (const listener of connection.listeners) listener();
  },
  subscribe(listener: () => void) {
    connection.listeners.add(listener);
    return () => void connection.listeners.delete(listener);
  },
};

/** True while the live stream is up: the bell need not poll. */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(connection.subscribe, () => connection.up);
}

/** The events of one SSE chunk stream: `event:` names, `data:` ignored (the bell reads the list again). */
export function* sseEvents(buffer: { text: string }): Generator<string> {
  for (let end = buffer.text.indexOf('\n\n'); end >= 0; end = buffer.text.indexOf('\n\n')) {
    const block = buffer.text.slice(0, end);
    buffer.text = buffer.text.slice(end + 2);
    const name = /^event: (.+)$/m.exec(block)?.[1];
    if (name) yield name;
  }
}

/**
 * Keeps the bell live (issue 13): GET /notifications/stream with the session's bearer header (so
 * no token in a URL), read with fetch. `ready` and every `notification` make the bell read its
 * list again; a dropped stream reconnects after 1, 2, 4 … 30 seconds, one `replaced` by another
 * tab's after 30. While it is down the bell polls (useNotifications, which reads useLiveConnected).
 */
export function useLiveNotifications(userId: number | null): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (userId === null) return;
    const abort = new AbortController();
    let backoff = 1_000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationsKeys.lists() });

    const connect = async () => {
      const token = readSession()?.token;
      if (!token) return;
      try {
        const response = await fetch(`${API_BASE}/notifications/stream`, {
          headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
          signal: abort.signal,
          cache: 'no-store',
        });
        // A session that ended is the API client's to handle (the next call signs out): no retries.
        if (response.status === 401) return;
        if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        const buffer = { text: '' };
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) break;
          buffer.text += decoder.decode(chunk.value, { stream: true });
          for (const name of sseEvents(buffer)) {
            if (name === 'ready') {
              backoff = 1_000;
              connection.set(true);
            }
            // On ready too: anything created while the stream was down is read now.
            if (name === 'ready' || name === 'notification') refresh();
            // Another tab of this session took this stream's place (the server keeps a few per
            // session and ends the oldest): wait the longest before taking one back, or the tabs
            // would take it from each other in turn. The bell polls meanwhile.
            if (name === 'replaced') backoff = MAX_BACKOFF_MS;
          }
        }
      } catch {
        if (abort.signal.aborted) return;
      }
      connection.set(false);
      if (abort.signal.aborted) return;
      timer = setTimeout(() => void connect(), backoff + Math.random() * 500);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    };

    void connect();
    return () => {
      abort.abort();
      if (timer) clearTimeout(timer);
      connection.set(false);
    };
  }, [userId, queryClient]);
}
