import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locale } from '@portal/shared/constants';
import { translate } from '@portal/shared/messages';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ADMIN, bearer, loginAs } from '../../test/helpers/build-app.js';
import { type ProxyMode, startTcpProxy, type TcpProxy } from '../../test/helpers/tcp-proxy.js';
import { adminQuery, testAdminUrl } from '../../test/helpers/test-database.js';
import { buildApp } from '../app.js';
import { loadEnv } from '../config/env.js';
import { isDatabaseUnavailable } from '../plugins/errors.js';

const adminUrl = testAdminUrl();

/** Fails (instead of hanging the file) when a step does not end in time, naming it: a hang is the defect. */
async function within<T>(step: Promise<T>, what: string, ms = 15_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([step, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
const answered = within<LightMyRequestResponse>;

function expectUnavailable(res: LightMyRequestResponse, locale: Locale) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['retry-after']).toMatch(/^\d+$/);
  expect(res.json()).toMatchObject({
    status: 'error',
    code: 'unavailable',
    message: translate(locale, 'errors.unavailable'),
  });
}

/**
 * Issue 14: the database unreachable for a few seconds while two API instances run on it. Each
 * instance reaches PostgreSQL through a TCP proxy the test controls; cutting it off destroys
 * every open connection and refuses, resets or blackholes new ones. Meanwhile every signed-in
 * request is a 503 with the translated message and a retry-after, never a 500 or a hang, health
 * says degraded, and nothing is half-written; once the proxy is back, both instances answer
 * again by themselves.
 */
describe('the database unreachable for a few seconds, two instances', () => {
  const name = `outage_test_${process.pid}_${randomBytes(3).toString('hex')}`;
  const apps: FastifyInstance[] = [];
  const tokens: string[] = [];
  const dirs: string[] = [];
  let proxy: TcpProxy;
  /** Straight to the database, not through the proxy: what was really written. */
  let direct: pg.Client;
  let databaseUrl: string;
  let roleCount = 0;
  const roleName = () => `outage role ${++roleCount}`;

  beforeAll(async () => {
    const template = inject('postgresTemplate');
    await adminQuery(adminUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    direct = new pg.Client({ connectionString: databaseUrl });
    await direct.connect();
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    for (const _ of [1, 2]) {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-outage-'));
      dirs.push(dataDir);
      const env = loadEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        WEB_DIST: '/nonexistent-web-dist',
        DATABASE_URL: proxy.urlFor(url.toString()),
        // A blackholed connect gives up after this; short, so the blackhole cases stay quick.
        DB_CONNECT_TIMEOUT_MS: '1000',
        // The worker polls through the outage too: it must not crash the instance.
        JOBS_POLL_SECONDS: '1',
        ADMIN_PHONE: ADMIN.phone,
        ADMIN_PASSWORD: ADMIN.password,
      });
      const app = await buildApp({ env });
      apps.push(app);
      await app.ready();
    }
    // Signed in on both instances while the database is up.
    for (const app of apps) tokens.push(await loginAs(app, ADMIN.phone, ADMIN.password));
  }, 120_000);

  // Each step bounded and named: a CI run once failed this hook with no message (most likely a
  // step that hung).
  afterAll(async () => {
    await proxy?.setMode('up');
    await within(Promise.all(apps.map((app) => app.close())), 'closing the two instances', 20_000);
    await within(proxy?.close() ?? Promise.resolve(), 'closing the proxy');
    await within(direct?.end() ?? Promise.resolve(), 'ending the direct connection');
    await within(adminQuery(adminUrl, `drop database if exists ${name} with (force)`), 'dropping the database');
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }, 90_000);

  async function rolesNamed(names: string[]): Promise<string[]> {
    const { rows } = await direct.query<{ name: string }>('select name from roles where name = any($1) order by name', [
      names,
    ]);
    return rows.map((r) => r.name);
  }

  /** Every kind of call while the database is away, on one instance: all 503, translated. */
  async function expectOutageAnswers(app: FastifyInstance, token: string, attempted: string[]) {
    const auth = bearer(token);
    const write = roleName();
    attempted.push(write);
    const [getAr, getEn, list, create, health] = await Promise.all([
      answered(app.inject({ method: 'GET', url: '/api/v1/users/1', headers: auth }), 'GET /users/1'),
      answered(
        app.inject({ method: 'GET', url: '/api/v1/users/1', headers: { ...auth, 'accept-language': 'en' } }),
        'GET /users/1 (en)',
      ),
      answered(
        app.inject({
          method: 'POST',
          url: '/api/v1/users',
          headers: { ...auth, 'accept-language': 'en' },
          payload: {},
        }),
        'POST /users',
      ),
      answered(
        app.inject({
          method: 'PUT',
          url: '/api/v1/roles',
          headers: auth,
          payload: { name: write, permissions: ['users.index'] },
        }),
        'PUT /roles',
      ),
      answered(app.inject({ method: 'GET', url: '/api/v1/health' }), 'GET /health'),
    ]);
    expectUnavailable(getAr, 'ar');
    expectUnavailable(getEn, 'en');
    expectUnavailable(list, 'en');
    expectUnavailable(create, 'ar');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'degraded', database: { ok: false } });
  }

  /**
   * Polls until the instance answers again (health 200 and the same signed-in request 200),
   * every failed try a 503. A pool holds at most 10 connections, each of which can fail one
   * request when it turns out dead: more tries than that would mean it does not recover.
   */
  async function recovers(app: FastifyInstance, token: string): Promise<void> {
    let tries = 0;
    const others: string[] = [];
    await vi.waitFor(
      async () => {
        tries += 1;
        const [health, user] = await Promise.all([
          answered(app.inject({ method: 'GET', url: '/api/v1/health' }), 'GET /health'),
          answered(app.inject({ method: 'GET', url: '/api/v1/users/1', headers: bearer(token) }), 'GET /users/1'),
        ]);
        for (const res of [health, user]) {
          if (res.statusCode !== 200 && res.statusCode !== 503) others.push(`${res.statusCode} ${res.body}`);
        }
        expect(health.statusCode).toBe(200);
        expect(user.statusCode).toBe(200);
      },
      { timeout: 30_000, interval: 100 },
    );
    // Every failed try was a 503, and there were few.
    expect(others).toEqual([]);
    expect(tries).toBeLessThanOrEqual(11);
    // And it stays up.
    const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.json()).toEqual({ status: 'ok', database: { ok: true } });
    const user = await app.inject({ method: 'GET', url: '/api/v1/users/1', headers: bearer(token) });
    expect(user.json().data).toMatchObject({ id: 1, phone: ADMIN.phone });
  }

  /** A write after recovery lands, once, and the other instance sees it. */
  async function writesAgain() {
    const created: string[] = [];
    for (const [i, app] of apps.entries()) {
      const name = roleName();
      const res = await app.inject({
        method: 'PUT',
        url: '/api/v1/roles',
        headers: bearer(tokens[i] as string),
        payload: { name, permissions: ['users.index'] },
      });
      expect(res.statusCode, res.body).toBe(201);
      created.push(name);
      const other = apps[1 - i] as FastifyInstance;
      const seen = await other.inject({
        method: 'GET',
        url: `/api/v1/roles/${res.json().data.id}`,
        headers: bearer(tokens[1 - i] as string),
      });
      expect(seen.statusCode).toBe(200);
      expect(seen.json().data.name).toBe(name);
    }
    expect(await rolesNamed(created)).toEqual([...created].sort());
  }

  it.each<ProxyMode>(['refuse', 'reset', 'blackhole'])(
    'connections %s: 503 meanwhile, then both instances recover by themselves',
    async (mode) => {
      const attempted: string[] = [];
      await proxy.setMode(mode);
      try {
        await Promise.all(apps.map((app, i) => expectOutageAnswers(app, tokens[i] as string, attempted)));
        // More callers at once than the pool has connections: the ones queued for a connection
        // give up too, with the same 503.
        const burst = await Promise.all(
          Array.from({ length: 24 }, (_, n) =>
            answered(
              (apps[n % 2] as FastifyInstance).inject({
                method: 'POST',
                url: '/api/v1/users',
                headers: bearer(tokens[n % 2] as string),
                payload: {},
              }),
              `burst ${n}`,
            ),
          ),
        );
        for (const res of burst) expectUnavailable(res, 'ar');
        // Still down a moment later: a second round is as well-behaved as the first.
        await Promise.all(apps.map((app, i) => expectOutageAnswers(app, tokens[i] as string, attempted)));
      } finally {
        await proxy.setMode('up');
      }
      for (const [i, app] of apps.entries()) await recovers(app, tokens[i] as string);
      // Nothing tried during the outage was written; what is written now is.
      expect(await rolesNamed(attempted)).toEqual([]);
      await writesAgain();
    },
    60_000,
  );

  it('an instance started while the database does not answer fails with a database error, not a hang', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-outage-'));
    dirs.push(dataDir);
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent-web-dist',
      DATABASE_URL: proxy.urlFor(databaseUrl),
      DB_CONNECT_TIMEOUT_MS: '1000',
      ADMIN_PHONE: ADMIN.phone,
      ADMIN_PASSWORD: ADMIN.password,
    });
    await proxy.setMode('blackhole');
    try {
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        buildApp({ env }).then(
          async (app) => {
            await app.close();
            return 'started' as unknown;
          },
          (error: unknown) => error,
        ),
        new Promise((resolve) => {
          timer = setTimeout(() => resolve('no answer within 15 s'), 15_000);
        }),
      ]);
      clearTimeout(timer);
      // server.ts prints "Cannot reach the database at …" for exactly these.
      expect(isDatabaseUnavailable(outcome), String(outcome)).toBe(true);
    } finally {
      await proxy.setMode('up');
    }
  }, 30_000);

  // The connection is lost while a transaction holds it (checked out of the pool): besides the 503,
  // the process must not crash on the connection's 'error' event (Vitest fails the run on an
  // uncaught exception; before db/client.ts listened on every connection, this one raised one).
  it('a transaction cut off half-way is not applied', async () => {
    const [app] = apps as [FastifyInstance];
    const name = roleName();
    // Holds back the second half of the role's creation: its role row is inserted, its
    // permissions wait for this lock.
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    let pending: Promise<LightMyRequestResponse> | undefined;
    try {
      await locker.query('begin');
      await locker.query('lock table role_permissions in share mode');
      pending = app.inject({
        method: 'PUT',
        url: '/api/v1/roles',
        headers: bearer(tokens[0] as string),
        payload: { name, permissions: ['users.index'] },
      });
      // The request's transaction has inserted the role and waits on the lock.
      await vi.waitFor(
        async () => {
          const { rows } = await direct.query(
            `select 1 from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and query ilike '%role_permissions%'`,
          );
          expect(rows).toHaveLength(1);
        },
        { timeout: 15_000, interval: 50 },
      );
      await proxy.setMode('reset');
      expectUnavailable(await answered(pending, 'PUT /roles cut off'), 'ar');
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
      await proxy.setMode('up');
    }
    // The server's side of the cut connection ends without a commit: nothing of it stays.
    await vi.waitFor(
      async () => {
        const { rows } = await direct.query(
          `select 1 from pg_stat_activity where datname = current_database() and query ilike '%role_permissions%'
             and state <> 'idle' and pid <> pg_backend_pid()`,
        );
        expect(rows).toHaveLength(0);
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(await rolesNamed([name])).toEqual([]);
    const audit = await direct.query(`select 1 from audit_logs where new_value->>'name' = $1`, [name]);
    expect(audit.rows).toHaveLength(0);
    await recovers(app, tokens[0] as string);
    await writesAgain();
  }, 60_000);
});
