import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/users.js';
import { ADMIN, bearer, createTestApp, loginAs, type TestApp } from '../../../test/helpers/build-app.js';
import { openTestDatabase, type TestDatabase } from '../../../test/helpers/test-database.js';
import { buildApp } from '../../app.js';
import { loadEnv } from '../../config/env.js';
import { type DatabaseHandle, openDatabase } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { notifyUser } from './notifications.repository.js';

type Frame = { event: string; data: unknown };

/** Reads Server-Sent Events from a fetch body, frame by frame. */
function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(timeoutMs = 10_000): Promise<Frame | null> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event) return { event, data: data ? JSON.parse(data) : null };
          continue; // a comment (keep-alive) or the retry line
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no event in time');
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event in time')), left)),
        ]);
        if (chunk.done) return null;
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    cancel: () => reader.cancel().catch(() => undefined),
  };
}

async function openStream(base: string, token?: string) {
  return fetch(`${base}/api/v1/notifications/stream`, {
    headers: { accept: 'text/event-stream', ...(token ? bearer(token) : {}) },
  });
}

function notify(app: FastifyInstance, userId: number) {
  return inTransaction(app.systemContext(), (tx) =>
    notifyUser(tx, userId, {
      type: 'access_changed',
      titleKey: 'notifications.types.access_changed.title',
      messageKey: 'notifications.types.access_changed.message',
    }),
  );
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

describe('live notifications: one instance', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t.app);
  });
  afterAll(async () => t?.close());

  it('refuses a stream without a session, and answers 406 to a client that did not ask for one', async () => {
    const res = await openStream(base);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { status: string }).status).toBe('error');
    const token = await loginAs(t.app, ADMIN.phone, ADMIN.password);
    const plain = await fetch(`${base}/api/v1/notifications/stream`, {
      headers: { ...bearer(token), 'accept-language': 'en' },
    });
    expect(plain.status).toBe(406);
    expect(((await plain.json()) as { message: string }).message).toBe(
      'This address sends a live stream of events only',
    );
  });

  it('says ready, then pushes the caller’s own new notifications and nobody else’s', async () => {
    const me = await createUser(t.db);
    const other = await createUser(t.db);
    const res = await openStream(base, await loginAs(t.app, me.phone, me.password));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const events = sseReader(res.body as ReadableStream<Uint8Array>);
    expect((await events.next())?.event).toBe('ready');
    await notify(t.app, other.id);
    const mine = await notify(t.app, me.id);
    expect(await events.next()).toEqual({ event: 'notification', data: { id: mine } });
    await events.cancel();
    await expect.poll(() => t.app.liveEvents.streams()).toBe(0);
  });

  it('publishes only what commits: a rolled-back notification is never pushed', async () => {
    const me = await createUser(t.db);
    const events = sseReader(
      (await openStream(base, await loginAs(t.app, me.phone, me.password))).body as ReadableStream<Uint8Array>,
    );
    expect((await events.next())?.event).toBe('ready');
    await expect(
      inTransaction(t.app.systemContext(), async (tx) => {
        await notifyUser(tx, me.id, {
          type: 'access_changed',
          titleKey: 'notifications.types.access_changed.title',
          messageKey: 'notifications.types.access_changed.message',
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const kept = await notify(t.app, me.id);
    expect(await events.next()).toEqual({ event: 'notification', data: { id: kept } });
    await events.cancel();
  });
});

describe('live notifications: streams are capped per session and per user (issue 19)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // The defaults: 5 a session, 10 a user.
    t = await createTestApp();
    base = await listen(t.app);
  });
  afterAll(async () => t?.close());

  async function ready(token: string) {
    const res = await openStream(base, token);
    expect(res.status).toBe(200);
    const events = sseReader(res.body as ReadableStream<Uint8Array>);
    expect((await events.next())?.event).toBe('ready');
    return events;
  }

  it('a session’s sixth stream ends its oldest, which is told it was replaced', async () => {
    const me = await createUser(t.db);
    const token = await loginAs(t.app, me.phone, me.password);
    const open = [];
    for (let i = 0; i < 5; i++) open.push(await ready(token));
    expect(t.app.liveStreams.count()).toBe(5);
    const sixth = await ready(token);
    expect(await open[0]?.next()).toEqual({ event: 'replaced', data: {} });
    expect(await open[0]?.next()).toBeNull();
    expect(t.app.liveStreams.count()).toBe(5);
    // The others still get their events.
    const id = await notify(t.app, me.id);
    for (const events of [...open.slice(1), sixth]) {
      expect(await events.next()).toEqual({ event: 'notification', data: { id } });
    }
    for (const events of [...open, sixth]) await events.cancel();
    await expect.poll(() => t.app.liveStreams.count()).toBe(0);
  });

  it('a user at ten streams through other sessions is refused the eleventh with a 429', async () => {
    const me = await createUser(t.db);
    const first = await loginAs(t.app, me.phone, me.password);
    const second = await loginAs(t.app, me.phone, me.password);
    const open = [];
    for (let i = 0; i < 5; i++) open.push(await ready(first), await ready(second));
    const third = await loginAs(t.app, me.phone, me.password);
    const refused = await fetch(`${base}/api/v1/notifications/stream`, {
      headers: { accept: 'text/event-stream', 'accept-language': 'en', ...bearer(third) },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await refused.json()).toEqual({
      status: 'error',
      code: 'too_many_streams',
      message: 'Too many live connections are open for this account; close a window or tab and try again in 30 seconds',
      errors: [],
    });
    const ar = await openStream(base, third);
    expect(((await ar.json()) as { message: string }).message).toBe(
      'توجد اتصالات مباشرة كثيرة مفتوحة لهذا الحساب، من فضلك أغلق نافذة أو تبويبًا وحاول مرة أخرى بعد 30 ثانية',
    );
    // Nobody else's streams were touched, and another user is not refused.
    expect(t.app.liveStreams.count()).toBe(10);
    const other = await createUser(t.db);
    const elsewhere = await ready(await loginAs(t.app, other.phone, other.password));
    // One closes: the third session gets its stream.
    await open[0]?.cancel();
    await expect.poll(() => t.app.liveStreams.count()).toBe(10);
    const admitted = await openStream(base, third);
    expect(admitted.status).toBe(200);
    // A stream answer carries the security headers too (its reply is written by hand).
    expect(admitted.headers.get('x-content-type-options')).toBe('nosniff');
    expect(admitted.headers.get('content-security-policy')).toContain("default-src 'self'");
    const last = sseReader(admitted.body as ReadableStream<Uint8Array>);
    expect((await last.next())?.event).toBe('ready');
    for (const events of [...open, elsewhere, last]) await events.cancel();
    await expect.poll(() => t.app.liveStreams.count()).toBe(0);
  });
});

describe('live notifications: a session signed out loses its stream', () => {
  it('ends the stream at the next beat once the session is revoked, and a reconnect is refused', async () => {
    const t = await createTestApp({ LIVE_HEARTBEAT_SECONDS: '1' });
    try {
      const base = await listen(t.app);
      const me = await createUser(t.db);
      const token = await loginAs(t.app, me.phone, me.password);
      const events = sseReader((await openStream(base, token)).body as ReadableStream<Uint8Array>);
      expect((await events.next())?.event).toBe('ready');
      const out = await t.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(token) });
      expect(out.statusCode).toBeLessThan(300);
      expect(await events.next(15_000)).toBeNull();
      expect((await openStream(base, token)).status).toBe(401);
      await expect.poll(() => t.app.liveEvents.streams()).toBe(0);
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});

describe('live notifications: shutdown ends the streams so clients reconnect elsewhere', () => {
  it('closes open streams when the instance stops', async () => {
    const t = await createTestApp();
    try {
      const base = await listen(t.app);
      const token = await loginAs(t.app, ADMIN.phone, ADMIN.password);
      const events = sseReader((await openStream(base, token)).body as ReadableStream<Uint8Array>);
      expect((await events.next())?.event).toBe('ready');
      const closing = t.app.close();
      expect(await events.next()).toBeNull();
      await closing;
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two API instances on one database and one Redis (issue 13): a notification created on one
 * reaches a user whose stream is open on the other. On PostgreSQL each instance has its own pool.
 */
describe.runIf(redisUrl)('live notifications: two instances through Redis pub/sub', () => {
  let database: TestDatabase;
  let second: DatabaseHandle | undefined;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let dataDir: string;
  let redis: Redis;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-two-'));
    database = await openTestDatabase();
    second = database.url ? await openDatabase({ url: database.url, onConnectionError: () => {} }) : undefined;
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent-web-dist',
      ADMIN_PHONE: ADMIN.phone,
      ADMIN_PASSWORD: ADMIN.password,
      REDIS_URL: redisUrl as string,
    });
    a = await buildApp({ env, database: database.handle });
    b = await buildApp({ env, database: second ?? database.handle });
    redis = new Redis(redisUrl as string);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.close();
    redis?.disconnect();
    await database?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('pushes to a stream on instance A a notification created on instance B', async () => {
    const base = await listen(a);
    const user = await createUser(database.handle.db);
    const token = await loginAs(b, user.phone, user.password);
    const events = sseReader((await openStream(base, token)).body as ReadableStream<Uint8Array>);
    expect((await events.next())?.event).toBe('ready');
    // A has subscribed to the user's channel before B publishes.
    await expect
      .poll(async () => Number((await redis.pubsub('NUMSUB', `portal:events:user:${user.id}`))[1]))
      .toBeGreaterThanOrEqual(1);
    const id = await notify(b, user.id);
    expect(await events.next()).toEqual({ event: 'notification', data: { id } });
    // B holds no stream: it never subscribed.
    expect(b.liveEvents.streams()).toBe(0);
    await events.cancel();
    await expect.poll(async () => Number((await redis.pubsub('NUMSUB', `portal:events:user:${user.id}`))[1])).toBe(0);
  });
});
