import { useRef } from 'react';

/**
 * Idempotent saves (issue 9): a create or edit carries an `Idempotency-Key` header, so a retried or
 * doubled submission of the same values is done once on the server (apps/api/src/plugins/idempotency.ts
 * answers a retry with the first answer). One key per submission attempt of the same values: a retry
 * after a lost answer sends the same key, a change to the form or a save that went through starts a new one.
 */

/** The body property that carries a key to the API client (a symbol: JSON and the server never see it). */
const KEY = Symbol('idempotency-key');

/**
 * A random key the server accepts ([A-Za-z0-9._:-], 8–100 characters). From crypto.getRandomValues,
 * which, unlike crypto.randomUUID, also works over plain HTTP on a LAN address.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The request body with its idempotency key attached, for any mutation hook: the API client
 * (lib/api-client.ts) sends the key as the `Idempotency-Key` header and the body as before.
 */
export function withIdempotencyKey<T>(body: T, key: string): T {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  // Enumerable, so a mutation that spreads its input into the body (`{ ...input, user_id }`) keeps it.
  return { ...body, [KEY]: key } as T;
}

/** The key attached to a body by withIdempotencyKey, if any. */
export function idempotencyKeyOf(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const key = (body as { [KEY]?: unknown })[KEY];
  return typeof key === 'string' ? key : undefined;
}

/** A stable text of a form's values, to tell "the same values again" from "the user changed something". */
function fingerprint(values: unknown): string {
  try {
    return JSON.stringify(values, (_key, value: unknown) =>
      value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)
        ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
        : value,
    );
  } catch {
    return String(Math.random()); // not serializable: never the same, so a new key each time
  }
}

export type IdempotencyKeys = {
  /** The key for sending these values: the last one while the values stay the same, a new one once they change. */
  keyFor(values: unknown): string;
  /**
   * The save went through (and, for a form that leaves after it, the page has moved on): the next
   * submission is a new one, with a new key.
   */
  settled(): void;
};

/** One key per submission attempt of the same values, for a form (see the top of this file). */
export function useIdempotencyKey(): IdempotencyKeys {
  const last = useRef<{ values: string; key: string } | null>(null);
  const keys = useRef<IdempotencyKeys | null>(null);
  keys.current ??= {
    keyFor(values) {
      const text = fingerprint(values);
      if (last.current?.values !== text) last.current = { values: text, key: newIdempotencyKey() };
      return last.current.key;
    },
    settled() {
      last.current = null;
    },
  };
  return keys.current;
}
