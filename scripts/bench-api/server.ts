/**
 * Starts and stops the server process (server-child.ts) of one engine. The load generator runs in
 * this (the parent) process, so client and server never share an event loop.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SeedFacts, SeedSize, SeedTimings } from './seed.js';
import type { Engine } from './targets.js';

export type ChildConfig = {
  engine: Engine;
  /** PostgreSQL: the portal_bench database; PGlite: absent (a temp data dir). */
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

export type ChildMessage = Ready | { type: 'progress'; text: string } | { type: 'error'; message: string };

export type RunningServer = Omit<Ready, 'type'> & { stop(): Promise<void> };

const CHILD = fileURLToPath(new URL('./server-child.ts', import.meta.url));

export function startServer(config: ChildConfig, onProgress: (text: string) => void): Promise<RunningServer> {
  const child = fork(CHILD, [], {
    // Run the TypeScript sources as they are: tsx, and the 'source' export condition of @portal/shared.
    execArgv: ['--conditions=source', '--import', 'tsx'],
    env: { ...process.env, BENCH_CHILD_CONFIG: JSON.stringify(config) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null, signal: string | null) =>
      reject(new Error(`the ${config.engine} server exited before it was ready (code ${code}, signal ${signal})`));
    child.once('exit', onExit);
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'progress') onProgress(message.text);
      else if (message.type === 'error') {
        child.off('exit', onExit);
        void stopChild(child).then(() => reject(new Error(`the ${config.engine} server failed:\n${message.message}`)));
      } else if (message.type === 'ready') {
        child.off('exit', onExit);
        const { type: _type, ...ready } = message;
        resolve({ ...ready, stop: () => stopChild(child) });
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
    if (child.connected) child.send({ type: 'stop' });
    else child.kill('SIGTERM');
  });
}
