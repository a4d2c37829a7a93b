import { describe, expect, it } from 'vitest';
import { OFFLINE_COPY_HEADER } from '../lib/offline-copy';
import { copyKey, markedCopy, offlineCopies } from './offline-copies';

const API = 'https://portal.example/api/v1';
const asUser = (token: string, init: RequestInit = {}) =>
  new Request(`${API}/me/subscriptions`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });

describe("the offline copies' keys (docs/decisions/0032-pwa.md)", () => {
  it('are one per session: the same read of two members never shares a copy, and the key never holds the token', async () => {
    const amal = await copyKey(asUser('amal-token'));
    const again = await copyKey(asUser('amal-token'));
    const bassem = await copyKey(asUser('bassem-token'));
    expect(amal).toBe(again);
    expect(bassem).not.toBe(amal);
    expect(amal).not.toContain('amal-token');
    expect(new URL(amal).pathname).toBe('/api/v1/me/subscriptions');
  });

  it('name a POST list’s body, so each page, search and filter of a member’s list has its own copy', async () => {
    const post = (body: object) =>
      asUser('amal-token', {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
    const first = await copyKey(post({ scope: 'mine', limit: 10, offset: 0 }));
    const second = await copyKey(post({ scope: 'mine', limit: 10, offset: 10 }));
    expect(first).not.toBe(second);
    expect(await copyKey(post({ scope: 'mine', limit: 10, offset: 0 }))).toBe(first);
    // A GET key: Cache Storage keeps GET requests only.
    expect(new Request(first).method).toBe('GET');
    expect(first).not.toBe(await copyKey(asUser('amal-token')));
  });

  it('are worked out before the network is asked and reused for the copy, the request still sendable', async () => {
    const request = asUser('amal-token', { method: 'POST', body: '{"limit":10}' });
    const state: Record<string, unknown> = {};
    const event = {} as ExtendableEvent;
    const sent = await offlineCopies.requestWillFetch?.({ request, event, state });
    expect(sent?.bodyUsed).toBe(false);
    expect(await sent?.text()).toBe('{"limit":10}');
    const key = await offlineCopies.cacheKeyWillBeUsed?.({ request, mode: 'read', event, state });
    expect(key).toBe(await copyKey(asUser('amal-token', { method: 'POST', body: '{"limit":10}' })));
  });
});

describe('a copy handed out offline', () => {
  it('is the kept answer, marked as a copy, with its own date', async () => {
    const kept = new Response('{"status":"success","data":[]}', {
      status: 200,
      headers: { 'content-type': 'application/json', date: 'Tue, 25 Nov 2025 10:00:00 GMT' },
    });
    // As Cache Storage gives it back: the answer of a request to the worker's own origin.
    Object.defineProperty(kept, 'url', { value: `${self.location.origin}/api/v1/me/subscriptions` });
    const copy = await markedCopy(kept);
    expect(copy.status).toBe(200);
    expect(copy.headers.get(OFFLINE_COPY_HEADER)).toBe('1');
    expect(copy.headers.get('date')).toBe('Tue, 25 Nov 2025 10:00:00 GMT');
    expect(await copy.json()).toEqual({ status: 'success', data: [] });
  });
});
