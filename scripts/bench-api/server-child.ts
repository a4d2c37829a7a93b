/**
 * The server process of `npm run bench:api` and `npm run seed:large` (forked by server.ts, never
 * run by hand): the real app from source on one engine, migrated and seeded by its own start, then
 * the bulk data set (seed.ts), then a minimal Fastify server beside it as the machine's ceiling.
 * Reports its addresses to the parent over IPC, prepares the rows of write targets when asked
 * (pools.ts), and stops when told (or when the parent goes away).
 */
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.js';
import { loadEnv } from '../../apps/api/src/config/env.js';
import { hashPassword } from '../../apps/api/src/lib/passwords.js';
import { preparePool } from './pools.js';
import { SEEDED_PASSWORD, type SqlRunner, seedData, seedFacts, vacuumAnalyze } from './seed.js';
import type { ChildConfig, ChildMessage, ParentMessage, SeedOutcome } from './server.js';
import type { Row } from './sql.js';
import { ADMIN } from './targets.js';

const inspector = new Session();

/** The CPU profiler of this process (--profile), around one target at a time. */
async function startProfile(): Promise<void> {
  try {
    inspector.connect();
  } catch {
    // Already connected by an earlier target.
  }
  await inspector.post('Profiler.enable');
  // 100 µs between samples: a request of the app costs a few hundred of them.
  await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
  await inspector.post('Profiler.start');
}

async function stopProfile(file: string): Promise<void> {
  const { profile } = await inspector.post('Profiler.stop');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(profile));
}

function send(message: ChildMessage): void {
  process.send?.(message);
}

/** A connection of the seed's own, free of the app pool's statement timeout. */
async function pgRunner(url: string): Promise<SqlRunner & { close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const query = async (text: string) => (await client.query(text)).rows as Row[];
  return {
    query,
    transaction: async (work) => {
      await client.query('begin');
      try {
        const result = await work(query);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      }
    },
    close: () => client.end(),
  };
}

async function main(): Promise<void> {
  const config = JSON.parse(process.env.BENCH_CHILD_CONFIG ?? 'null') as ChildConfig | null;
  if (!config) throw new Error('server-child.ts is started by scripts/bench-api/index.ts');
  const dataDir = await mkdtemp(path.join(tmpdir(), `portal-bench-${config.engine}-`));
  // mkdtemp makes it private; as root the embedded server runs as the postgres user, who must pass through it.
  await chmod(dataDir, 0o711);
  const cleanups: (() => Promise<unknown>)[] = [() => rm(dataDir, { recursive: true, force: true })];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  let stopping = false;
  const shutdown = (code: number) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(code || 1), 15_000);
    force.unref();
    void stop().finally(() => process.exit(code));
  };
  // Pools are asked for one at a time, between targets; the seed's runner is idle by then.
  let runner: { db: SqlRunner; adminId: number } | undefined;
  process.on('message', (m: ParentMessage) => {
    if (m?.type === 'stop') shutdown(0);
    else if (m?.type === 'profile') {
      const done = (file: string | null) => send({ type: 'profiled', seq: m.seq, file });
      if (m.action === 'start')
        startProfile().then(
          () => done(null),
          () => done(null),
        );
      else
        stopProfile(m.file).then(
          () => done(m.file),
          () => done(null),
        );
    } else if (m?.type === 'prepare') {
      if (!runner) {
        send({ type: 'prepare-failed', seq: m.seq, message: 'the server is not ready' });
        return;
      }
      preparePool(runner.db.query, m.pool, m.count, runner.adminId).then(
        (ids) => send({ type: 'prepared', seq: m.seq, ids }),
        (error: unknown) => send({ type: 'prepare-failed', seq: m.seq, message: describeError(error) }),
      );
    }
  });
  process.on('disconnect', () => shutdown(0));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => shutdown(0));

  try {
    let t = performance.now();
    const env = loadEnv({
      NODE_ENV: 'development',
      // As in production (the default level): each request's log lines are made, then dropped below.
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-dist'),
      ADMIN_PHONE: ADMIN.phone,
      ADMIN_PASSWORD: ADMIN.password,
      // The bench logs in once per engine; raise every throttle so a rerun is never refused.
      LOGIN_MAX_FAILURES: '1000',
      LOGIN_IP_MAX_FAILURES: '10000',
      ACCOUNT_RATE_MAX: '1000',
      ACCOUNT_RATE_IP_MAX: '100000',
      // No job worker: the write targets queue thousands of mails, and delivering them (files in
      // DATA_DIR/outbox) during the targets after them was counted as those targets' CPU.
      JOBS_POLL_SECONDS: '0',
      ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
      // To compare pool sizes: DB_POOL_SIZE=4 npm run bench:api …
      ...(process.env.DB_POOL_SIZE ? { DB_POOL_SIZE: process.env.DB_POOL_SIZE } : {}),
    });
    // The app opens the database itself, as in production (pool size, statement timeout from env),
    // migrates and seeds it on ready, and closes it with itself.
    const app = await buildApp({ env, logStream: { write: () => undefined } });
    cleanups.push(() => app.close());
    // The product's stack around a handler that does nothing (every hook, the logger, the error and
    // security plugins), without and with a session: with the bare route and /health they split a
    // request's cost by layer (targets app-empty, app-empty-auth).
    await app.register(
      async (bench) => {
        bench.get('/empty', { config: { access: 'public' } }, async () => ({ ok: true }));
        bench.get('/empty-auth', { config: { access: 'authenticated' } }, async () => ({ ok: true }));
      },
      { prefix: '/api/v1/bench' },
    );
    await app.ready();
    const startSeconds = (performance.now() - t) / 1000;

    // The embedded engine: the server the app started (and stops when it closes).
    const seedUrl = config.databaseUrl ?? app.database.embedded?.url;
    if (!seedUrl) throw new Error('the app opened no database the seed can reach');
    const db = await pgRunner(seedUrl);
    cleanups.push(() => db.close());
    let seed: SeedOutcome;
    if (config.seed) {
      t = performance.now();
      const timings = await seedData(db, config.size, await hashPassword(SEEDED_PASSWORD), ADMIN.phone, (step) =>
        send({ type: 'progress', text: `seeded ${step.name} in ${step.seconds.toFixed(1)} s` }),
      );
      seed = { seeded: true, seconds: (performance.now() - t) / 1000, ...timings };
    } else {
      // Reused data: migrations may have added indexes since; fresh statistics cost a second.
      const warnings: string[] = [];
      t = performance.now();
      await vacuumAnalyze(db, warnings);
      seed = {
        seeded: false,
        seconds: 0,
        steps: [{ name: 'vacuum+analyze', seconds: (performance.now() - t) / 1000 }],
        bypassedTriggers: [],
        refreshedCounters: [],
        warnings,
      };
    }
    const facts = await seedFacts(db, ADMIN.phone);
    runner = { db, adminId: facts.adminId };

    await app.listen({ port: 0, host: '127.0.0.1' });
    const bare = Fastify();
    bare.get('/', async () => ({ ok: true }));
    // The yardstick of issue 21 §2: a minimal Fastify + pg app (no hooks, logger or schemas) doing
    // what /health and GET /users/{id} do, on a pool of the app's size. What the product pays over
    // these is its own request path; what these pay over the bare route is pg and the round trip.
    const barePool = new pg.Pool({ connectionString: seedUrl, max: env.DB_POOL_SIZE });
    bare.get('/select1', async () => {
      await barePool.query({ name: 'bare_select1', text: 'select 1' });
      return { ok: true };
    });
    bare.get<{ Params: { id: string } }>('/users/:id', async (request) => {
      const { rows } = await barePool.query({
        name: 'bare_user',
        text: 'select * from users where id = $1 and deleted_at is null',
        values: [Number(request.params.id)],
      });
      return { data: rows[0] ?? null };
    });
    cleanups.push(() => barePool.end());
    cleanups.push(() => bare.close());
    await bare.listen({ port: 0, host: '127.0.0.1' });

    send({
      type: 'ready',
      appUrl: urlOf(app.server.address()),
      bareUrl: urlOf(bare.server.address()),
      startSeconds,
      seed,
      facts,
    });
  } catch (error) {
    send({ type: 'error', message: describeError(error) });
    shutdown(1);
  }
}

/** The stack, and the causes under it (drizzle wraps the database's own message in `cause`). */
function describeError(error: unknown): string {
  const lines: string[] = [];
  for (let e = error, depth = 0; e !== undefined && depth < 5; depth++) {
    lines.push(e instanceof Error ? (e.stack ?? e.message) : String(e));
    e = e instanceof Error ? e.cause : undefined;
    if (e !== undefined) lines.push('caused by:');
  }
  return lines.join('\n');
}

function urlOf(address: ReturnType<import('node:net').Server['address']>): string {
  if (!address || typeof address === 'string') throw new Error(`unexpected server address ${address}`);
  return `http://127.0.0.1:${address.port}`;
}

void main();
