/**
 * The API instances of the demo: the real server (apps/api/src/server.ts, from source with tsx),
 * each its own process with its own empty DATA_DIR, sharing only what production instances share:
 * PostgreSQL, Redis, the object store and the mail server. Each writes its log to a file.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/api/test/helpers/free-port.js';

export type Instance = {
  name: string;
  port: number;
  /** Starts the process and resolves when /health answers 200. */
  start(): Promise<void>;
  /** kill -9: no shutdown hook runs, in-flight requests and claimed jobs are cut off. */
  kill9(): void;
  /** SIGTERM: the graceful shutdown (drain, stop the worker, close the streams). */
  stop(): Promise<void>;
  pid(): number | undefined;
  /** CPU seconds used and resident memory (MiB) of the running process, from /proc (Linux). */
  usage(): Promise<{ cpuSeconds: number; rssMiB: number } | null>;
};

const CLOCK_TICKS = 100;

async function usageOf(pid: number | undefined): Promise<{ cpuSeconds: number; rssMiB: number } | null> {
  if (!pid) return null;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime is the 14th field, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { cpuSeconds: ticks / CLOCK_TICKS, rssMiB: rssKiB / 1024 };
  } catch {
    return null;
  }
}

async function waitHealthy(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the instance on port ${port} exited (code ${child.exitCode}, signal ${child.signalCode})`);
    }
    const ok = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the instance on port ${port} was not healthy within ${timeoutMs / 1000} s`);
}

export async function createInstance(options: {
  name: string;
  repoRoot: string;
  env: Record<string, string>;
  logDir: string;
}): Promise<Instance> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), `portal-scale-${options.name}-`));
  const log = createWriteStream(path.join(options.logDir, `scale-demo-${options.name}.log`), { flags: 'a' });
  let child: ChildProcess | null = null;

  return {
    name: options.name,
    port,
    pid: () => child?.pid,
    usage: () => usageOf(child?.exitCode === null && child.signalCode === null ? child.pid : undefined),
    async start() {
      log.write(`--- start ${new Date().toISOString()}\n`);
      child = spawn(
        process.execPath,
        ['--conditions=source', '--import', 'tsx', path.join(options.repoRoot, 'apps/api/src/server.ts')],
        {
          cwd: options.repoRoot,
          env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      child.stdout?.pipe(log, { end: false });
      child.stderr?.pipe(log, { end: false });
      await waitHealthy(port, child, 120_000);
    },
    kill9() {
      child?.kill('SIGKILL');
    },
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => running.kill('SIGKILL'), 20_000);
        running.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        running.kill('SIGTERM');
      });
    },
  };
}
