import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ADMIN, loginAs } from '../test/helpers/build-app.js';
import { freePort } from '../test/helpers/free-port.js';
import { adminQuery, openTestDatabase, type TestDatabase, testAdminUrl } from '../test/helpers/test-database.js';
import { buildApp } from './app.js';
import { loadEnv } from './config/env.js';
import { REPO_ROOT } from './config/paths.js';
import { rowsOf } from './db/client.js';

const adminUrl = testAdminUrl();

/** Opens a TCP connection and closes it: resolves when the server accepted it, rejects (ECONNREFUSED…) otherwise. */
function connectOnce(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', reject);
  });
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A request the way browsers and proxies make them: on a kept-alive connection. */
function request(
  agent: http.Agent,
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; body?: unknown },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: options.method,
        path: options.path,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** An open Server-Sent Events stream: what it received, and whether the server ended it. */
function openStream(agent: http.Agent, port: number, token: string) {
  const state = { status: 0, received: '', ended: false, failed: null as Error | null };
  const req = http.get({
    host: '127.0.0.1',
    port,
    agent,
    path: '/api/v1/notifications/stream',
    headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
  });
  req.on('response', (res) => {
    state.status = res.statusCode ?? 0;
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      state.received += chunk;
    });
    // 'end': the server finished the response (a clean end the browser reconnects after).
    res.on('end', () => {
      state.ended = true;
    });
    res.on('error', (error) => {
      state.failed = error;
    });
  });
  req.on('error', (error) => {
    state.failed = error;
  });
  return state;
}

/** Waits until the request's transaction waits on a lock in this database. */
async function waitForLockWait(client: pg.Client, like: string) {
  await vi.waitFor(
    async () => {
      const { rows } = await client.query(
        `select 1 from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query ilike $1`,
        [like],
      );
      expect(rows).toHaveLength(1);
    },
    { timeout: 20_000, interval: 50 },
  );
}

/**
 * Issue 14: graceful shutdown. `server.ts` answers SIGTERM with `app.close()`: a request in
 * flight still gets its answer, new connections are refused, open SSE streams are ended by the
 * server (the client reconnects, to another instance behind the balancer), the job worker claims
 * nothing more, and the process exits 0 well before its 10 s force timeout. The slow request
 * is a role's creation held by a table lock another connection keeps until the drain has begun.
 */
describe('graceful shutdown', () => {
  // A real process on PostgreSQL (the lock holding the request in flight comes from another connection).
  describe('of a server process on SIGTERM', () => {
    const name = `drain_test_${process.pid}_${randomBytes(3).toString('hex')}`;
    let databaseUrl: string;
    let dataDir: string;
    let child: ChildProcess | undefined;

    beforeAll(async () => {
      const template = inject('postgresTemplate');
      await adminQuery(adminUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      dataDir = await mkdtemp(path.join(tmpdir(), 'portal-drain-'));
    });

    afterAll(async () => {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    });

    it('answers the request in flight, refuses new connections, ends streams and exits 0', async () => {
      const port = await freePort();
      const server = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'apps/api/src/server.ts'], {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          TZ: process.env.TZ,
          NODE_ENV: 'test',
          LOG_LEVEL: 'info',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          WEB_DIST: '/nonexistent-web-dist',
          JOBS_POLL_SECONDS: '1',
          ADMIN_PHONE: ADMIN.phone,
          ADMIN_PASSWORD: ADMIN.password,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = server;
      const logs: { msg?: string; level?: number }[] = [];
      let output = '';
      let pending = '';
      server.stdout?.setEncoding('utf8');
      server.stdout?.on('data', (chunk: string) => {
        output += chunk;
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          try {
            logs.push(JSON.parse(line));
          } catch {
            // not a log line
          }
        }
      });
      server.stderr?.setEncoding('utf8');
      server.stderr?.on('data', (chunk: string) => {
        output += chunk;
      });
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        server.once('exit', (code, signal) => resolve({ code, signal })),
      );
      const logged = (text: string) => logs.some((l) => l.msg?.startsWith(text));

      // Ready, or failed to start (then at once, with its output).
      await Promise.race([
        vi.waitFor(() => expect(logged('portal ready')).toBe(true), { timeout: 45_000, interval: 100 }),
        exited.then(({ code }) => {
          throw new Error(`the server exited (${code}) before it was ready:\n${output}`);
        }),
      ]);

      const agent = new http.Agent({ keepAlive: true });
      const direct = new pg.Client({ connectionString: databaseUrl });
      await direct.connect();
      const locker = new pg.Client({ connectionString: databaseUrl });
      await locker.connect();
      try {
        const login = await request(agent, port, {
          method: 'POST',
          path: '/api/v1/login',
          body: { phone: ADMIN.phone, password: ADMIN.password },
        });
        expect(login.status, login.body).toBe(200);
        const token = JSON.parse(login.body).data.access_token as string;
        const auth = { authorization: `Bearer ${token}` };

        // An open live stream.
        const stream = openStream(agent, port, token);
        await vi.waitFor(() => expect(stream.received).toContain('event: ready'), { timeout: 20_000, interval: 50 });
        expect(stream.status).toBe(200);
        // It tells the client how soon to reconnect once it ends.
        expect(stream.received).toMatch(/^retry: \d+\n/);

        // A request in flight: its transaction waits on the lock until the drain has begun.
        await locker.query('begin');
        await locker.query('lock table role_permissions in share mode');
        let slowAnswer: Answer | undefined;
        const slow = request(agent, port, {
          method: 'PUT',
          path: '/api/v1/roles',
          headers: auth,
          body: { name: 'drain role', permissions: ['users.index'] },
        }).then((answer) => {
          slowAnswer = answer;
          return answer;
        });
        await waitForLockWait(direct, '%role_permissions%');

        server.kill('SIGTERM');

        // The stream is ended by the server, cleanly: the client reconnects elsewhere.
        await vi.waitFor(() => expect(stream.ended).toBe(true), { timeout: 20_000, interval: 50 });
        expect(stream.failed).toBeNull();
        // New connections are refused while the request in flight is still being answered.
        await vi.waitFor(() => expect(connectOnce(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' }), {
          timeout: 20_000,
          interval: 50,
        });
        expect(slowAnswer).toBeUndefined();
        expect(server.exitCode).toBeNull();

        // The lock goes: the request in flight completes with its normal answer.
        await locker.query('rollback');
        const answer = await slow;
        expect(answer.status, answer.body).toBe(201);
        expect(JSON.parse(answer.body).data).toMatchObject({ name: 'drain role' });

        // The process ends by itself, 0: not the force timeout's exit 1, not a crash.
        const exit = await exited;
        expect(exit, output).toEqual({ code: 0, signal: null });
        expect(logged('shutting down')).toBe(true);
        expect(logs.filter((l) => (l.level ?? 0) >= 50).map((l) => l.msg)).toEqual([]);
        const { rows } = await direct.query(`select count(*)::int as n from roles where name = 'drain role'`);
        expect(rows[0].n).toBe(1);
      } finally {
        agent.destroy();
        await locker.end();
        await direct.end();
      }
    }, 60_000);
  });

  // In-process, on either engine: the worker's own hooks, with a job kind of the test's.
  describe('of the job worker when close begins', () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let closed: Promise<undefined> | undefined;
    let dataDir: string;
    const probed: number[] = [];
    let gate: () => void = () => undefined;
    let gateReached: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => {
      gateReached = resolve;
    });

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'portal-drain-'));
      database = await openTestDatabase();
      const env = loadEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        WEB_DIST: '/nonexistent-web-dist',
        JOBS_POLL_SECONDS: '1',
        ADMIN_PHONE: ADMIN.phone,
        ADMIN_PASSWORD: ADMIN.password,
      });
      app = await buildApp({ env, database: database.handle });
      const held = new Promise<void>((resolve) => {
        gate = resolve;
      });
      // A kind of job of the test's: the first one waits for the gate, the others only say they ran.
      app.jobs.register('drain-probe', {
        maxAttempts: 1,
        async run(payload) {
          const n = Number(payload.n);
          probed.push(n);
          if (n === 1) {
            gateReached();
            await held;
          }
        },
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
    });

    afterAll(async () => {
      gate();
      await (closed ?? app?.close());
      await database?.dispose();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('finishes the batch it holds, then claims nothing more while requests drain, even when woken', async () => {
      // Our own handle to the database: open after the app's close.
      const { db } = database.handle;
      const token = await loginAs(app, ADMIN.phone, ADMIN.password);
      const { port } = app.server.address() as net.AddressInfo;
      // More due jobs than one claim takes (20): the first batch is held by job 1's gate.
      await db.execute(
        sql`insert into jobs (kind, payload, run_at)
              select 'drain-probe', jsonb_build_object('n', n), now() from generate_series(1, 21) n`,
      );
      app.jobs.kick();
      await reached;

      // A request in flight: a slow upload, half its body sent. (Connection: close: a kept-alive
      // connection is the server process's business, proven above.)
      let received = false;
      app.server.once('request', () => {
        received = true;
      });
      const body = JSON.stringify({ name: 'drain worker role', permissions: ['users.index'] });
      let answer: Answer | undefined;
      let finishUpload: () => void = () => undefined;
      const upload = new Promise<Answer>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            agent: false,
            method: 'PUT',
            path: '/api/v1/roles',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'content-length': String(Buffer.byteLength(body)),
              connection: 'close',
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              text += chunk;
            });
            res.on('end', () => {
              answer = { status: res.statusCode ?? 0, headers: res.headers, body: text };
              resolve(answer);
            });
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 10));
        finishUpload = () => req.end(body.slice(10));
      });
      await vi.waitFor(() => expect(received).toBe(true), { timeout: 20_000, interval: 20 });

      const closing = app.close();
      closed = closing;
      // Close has begun: the server no longer listens, and drains the request in flight.
      await vi.waitFor(() => expect(app.server.listening).toBe(false), { timeout: 20_000, interval: 20 });
      // A commit in flight would wake the worker (enqueueJob's after-commit kick): it must not claim.
      await db.execute(sql`insert into jobs (kind, payload, run_at) values ('drain-probe', '{"n": 22}', now())`);
      app.jobs.kick();
      gate();
      expect(answer).toBeUndefined();
      finishUpload();
      const done = await upload;
      expect(done.status, done.body).toBe(201);
      await closing;

      // The batch claimed before close ran to its end; nothing was claimed after.
      expect(probed).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      const rows = rowsOf<{ n: number; status: string; attempts: number }>(
        await db.execute(
          // Numbered in the order they were queued (a finished job's payload is not kept).
          sql`select (row_number() over (order by id))::int as n, status, attempts
                from jobs where kind = 'drain-probe' order by id`,
        ),
      );
      expect(rows.filter((r) => r.status === 'done').map((r) => r.n)).toEqual(probed);
      // Left for another instance, never leased by this one.
      expect(rows.filter((r) => r.status !== 'done')).toEqual([
        { n: 21, status: 'pending', attempts: 0 },
        { n: 22, status: 'pending', attempts: 0 },
      ]);
    });
  });
});
