/**
 * Starts and stops the server process (server-child.ts) of one engine, and asks it for the rows
 * of write targets (pools.ts). The load generator runs in this (the parent) process, so client
 * and server never share an event loop. startEngine() is the one way to a seeded, running app:
 * `npm run bench:api` (index.ts) loads it, `npm run seed:large` (seed-large.ts) stops it once seeded.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Engine } from './common.js';
import type { PoolName } from './pools.js';
import {
  benchUrl,
  describeSize,
  markSeeded,
  preparePostgres,
  redact,
  type SeedFacts,
  type SeedSize,
  type SeedTimings,
} from './seed.js';

export type ChildConfig = {
  engine: Engine;
  /** postgres: the portal_bench database; embedded: absent (the app starts its server in a temp DATA_DIR). */
  databaseUrl?: string;
  /** Bulk-insert the data set (false: reuse what the database holds). */
  seed: boolean;
  size: SeedSize;
};

export type SeedOutcome = SeedTimings & { seeded: boolean; seconds: number };

export type Ready = {
  type: 'ready';
  appUrl: string;
  bareUrl: string;
  /** Opening the database, migrating and the app's own seed. */
  startSeconds: number;
  seed: SeedOutcome;
  facts: SeedFacts;
};

export type ChildMessage =
  | Ready
  | { type: 'progress'; text: string }
  | { type: 'error'; message: string }
  | { type: 'prepared'; seq: number; ids: number[] }
  | { type: 'prepare-failed'; seq: number; message: string }
  | { type: 'profiled'; seq: number; file: string | null };

export type ParentMessage =
  | { type: 'stop' }
  | { type: 'prepare'; seq: number; pool: PoolName; count: number }
  /** --profile: start the CPU profiler, or stop it and write the profile to `file`. */
  | { type: 'profile'; seq: number; action: 'start' }
  | { type: 'profile'; seq: number; action: 'stop'; file: string };

export type RunningServer = Omit<Ready, 'type'> & {
  /** Ids of up to `count` records a write target may act on, one per request (pools.ts). */
  prepare(pool: PoolName, count: number): Promise<number[]>;
  /** The server process (the app and the bare route): its CPU time is read around each target. */
  pid: number;
  /** --profile: starts the server's CPU profiler; stopping it writes the .cpuprofile file. */
  profileStart(): Promise<void>;
  profileStop(file: string): Promise<void>;
  stop(): Promise<void>;
};

const CHILD = fileURLToPath(new URL('./server-child.ts', import.meta.url));

export function startServer(config: ChildConfig, onProgress: (text: string) => void): Promise<RunningServer> {
  const child = fork(CHILD, [], {
    // Run the TypeScript sources as they are: tsx, and the 'source' export condition of @portal/shared.
    execArgv: ['--conditions=source', '--import', 'tsx'],
    env: { ...process.env, BENCH_CHILD_CONFIG: JSON.stringify(config) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve: (ids: number[]) => void; reject: (error: Error) => void }>();
  let seq = 0;
  const prepare = (pool: PoolName, count: number) =>
    new Promise<number[]>((resolve, reject) => {
      if (!child.connected) return reject(new Error(`the ${config.engine} server is gone`));
      seq += 1;
      waiting.set(seq, { resolve, reject });
      child.send({ type: 'prepare', seq, pool, count } satisfies ParentMessage);
    });
  const profiling = new Map<number, () => void>();
  const profile = (message: { action: 'start' } | { action: 'stop'; file: string }) =>
    new Promise<void>((resolve, reject) => {
      if (!child.connected) return reject(new Error(`the ${config.engine} server is gone`));
      seq += 1;
      profiling.set(seq, resolve);
      child.send({ type: 'profile', seq, ...message } satisfies ParentMessage);
    });
  child.once('exit', () => {
    for (const w of waiting.values()) w.reject(new Error(`the ${config.engine} server exited`));
    waiting.clear();
    for (const done of profiling.values()) done();
    profiling.clear();
  });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null, signal: string | null) =>
      reject(new Error(`the ${config.engine} server exited before it was ready (code ${code}, signal ${signal})`));
    child.once('exit', onExit);
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'progress') onProgress(message.text);
      else if (message.type === 'profiled') {
        profiling.get(message.seq)?.();
        profiling.delete(message.seq);
      } else if (message.type === 'prepared' || message.type === 'prepare-failed') {
        const w = waiting.get(message.seq);
        waiting.delete(message.seq);
        if (message.type === 'prepared') w?.resolve(message.ids);
        else w?.reject(new Error(message.message));
      } else if (message.type === 'error') {
        child.off('exit', onExit);
        void stopChild(child).then(() => reject(new Error(`the ${config.engine} server failed:\n${message.message}`)));
      } else if (message.type === 'ready') {
        child.off('exit', onExit);
        const { type: _type, ...ready } = message;
        resolve({
          ...ready,
          prepare,
          pid: child.pid ?? 0,
          profileStart: () => profile({ action: 'start' }),
          profileStop: (file) => profile({ action: 'stop', file }),
          stop: () => stopChild(child),
        });
      }
    });
  });
}

/** Asks the child to close the app and the database, then kills it (by its own pid) if it hangs. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    if (child.connected) child.send({ type: 'stop' } satisfies ParentMessage);
    else child.kill('SIGTERM');
  });
}

/**
 * The app of one engine, migrated and seeded by its own start, with the data set: PostgreSQL in
 * the portal_bench database (created afresh, or kept with `reuse` when it holds this size),
 * the embedded server in a temp DATA_DIR. Marks a finished PostgreSQL seed for later --reuse.
 */
export async function startEngine(
  engine: Engine,
  options: { adminUrl: string; size: SeedSize; reuse: boolean },
  log: (text: string) => void,
): Promise<RunningServer & { reused: boolean }> {
  let databaseUrl: string | undefined;
  let reused = false;
  if (engine === 'postgres') {
    ({ reused } = await preparePostgres(options.adminUrl, options.size, options.reuse));
    databaseUrl = benchUrl(options.adminUrl);
    log(`${engine}: ${reused ? 'reusing' : 'created'} ${redact(databaseUrl)}`);
  }
  log(`${engine}: starting the app from source (migrations and its own seed)…`);
  if (!reused) log(`${engine}: then seeding ${describeSize(options.size)}`);
  const server = await startServer({ engine, databaseUrl, seed: !reused, size: options.size }, (text) =>
    log(`${engine}: ${text}`),
  );
  try {
    if (engine === 'postgres' && server.seed.seeded) await markSeeded(options.adminUrl, options.size);
  } catch (error) {
    await server.stop();
    throw error;
  }
  if (server.seed.seeded) log(`${engine}: seeded in ${server.seed.seconds.toFixed(1)} s`);
  return { ...server, reused };
}
