import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN } from '../../test/helpers/build-app.js';
import { freePort } from '../../test/helpers/free-port.js';
import { REPO_ROOT } from '../config/paths.js';
import { EmbeddedServerError, startEmbeddedServer } from './embedded-server.js';

const OWNER = path.join(REPO_ROOT, 'apps/api/test/helpers/embedded-owner.ts');
const dirs: string[] = [];
const children: ChildProcess[] = [];

/** A DATA_DIR of its own; as root the server's user must pass through it (mkdtemp makes it private). */
async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-embedded-test-'));
  await chmod(dir, 0o711);
  dirs.push(dir);
  return dir;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function serverPid(dir: string): Promise<number> {
  return Number((await readFile(path.join(dir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

/** A process standing for an API: starts the server on `dir` and holds it (test/helpers/embedded-owner.ts). */
async function startOwner(dir: string): Promise<{ child: ChildProcess; serverPid: number }> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', OWNER, dir], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    output += chunk;
  });
  const pid = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      const match = /ready (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) =>
      reject(new Error(`the owner exited (${code}) before its server was ready:\n${output}`)),
    );
  });
  return { child, serverPid: pid };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exitOf(child);
  }
});

afterAll(async () => {
  for (const dir of dirs) {
    const pid = await serverPid(dir).catch(() => 0);
    if (pid > 0 && alive(pid)) process.kill(pid, 'SIGQUIT');
    await rm(dir, { recursive: true, force: true });
  }
});

/**
 * Issue 21: the default database is a real PostgreSQL server from npm binaries, started by the API
 * on DATA_DIR/pg (docs/decisions/0028): private, password-protected, on loopback only, stopped with
 * the API, and never left behind by an API that was killed.
 */
describe('the embedded PostgreSQL server', () => {
  it('is made on the first start: a password of its own in a private file, loopback only, no socket; the next start finds it as it was', async () => {
    const dir = await dataDir();
    const first = await startEmbeddedServer({ dir, throwaway: true });
    let port: number;
    try {
      expect(first).toMatchObject({ initialised: true, host: '127.0.0.1', user: 'portal', database: 'portal' });
      expect(first.clusterDir).toBe(path.join(dir, 'pg'));
      expect((await stat(first.passwordFile)).mode & 0o777).toBe(0o600);
      const password = (await readFile(first.passwordFile, 'utf8')).trim();
      expect(password.length).toBeGreaterThanOrEqual(32);
      expect(first.url).toBe(`postgres://portal:${encodeURIComponent(password)}@127.0.0.1:${first.port}/portal`);
      port = first.port;

      const client = new pg.Client({ connectionString: first.url });
      await client.connect();
      try {
        const { rows } = await client.query(
          `select current_setting('listen_addresses') as listen, current_setting('unix_socket_directories') as sockets,
                  current_database() as db, pg_encoding_to_char(encoding) as encoding
             from pg_database where datname = current_database()`,
        );
        expect(rows[0]).toEqual({ listen: '127.0.0.1', sockets: '', db: 'portal', encoding: 'UTF8' });
        // What the migrations need.
        await client.query('create extension if not exists pg_trgm');
        await client.query('create table kept (note text)');
        await client.query(`insert into kept values ('جمعية')`);
      } finally {
        await client.end();
      }
      const wrong = new pg.Client({ host: '127.0.0.1', port, user: 'portal', password: 'guess', database: 'portal' });
      wrong.on('error', () => undefined);
      await expect(wrong.connect()).rejects.toThrow(/password authentication failed/);
    } finally {
      await first.stop();
    }
    expect(alive(first.pid)).toBe(false);

    const second = await startEmbeddedServer({ dir, throwaway: true });
    try {
      expect(second.initialised).toBe(false);
      expect(second.port).toBe(port);
      const client = new pg.Client({ connectionString: second.url });
      await client.connect();
      const { rows } = await client.query('select note from kept').finally(() => client.end());
      expect(rows).toEqual([{ note: 'جمعية' }]);
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('stops a server left running by a process that was killed, then starts its own', async () => {
    const dir = await dataDir();
    const owner = await startOwner(dir);
    owner.child.kill('SIGKILL');
    await exitOf(owner.child);
    // The stray: nobody's child any more, still holding the folder.
    expect(alive(owner.serverPid)).toBe(true);

    const lines: string[] = [];
    const next = await startEmbeddedServer({ dir, throwaway: true, log: (_level, message) => lines.push(message) });
    try {
      expect(alive(owner.serverPid)).toBe(false);
      expect(next.pid).not.toBe(owner.serverPid);
      expect(lines.some((l) => l.includes(`(pid ${owner.serverPid}) left running by a process that ended`))).toBe(true);
    } finally {
      await next.stop();
    }
  }, 120_000);

  it('refuses a folder whose server a running process holds, and leaves that server alone', async () => {
    const dir = await dataDir();
    const owner = await startOwner(dir);
    const refused = startEmbeddedServer({ dir, throwaway: true });
    await expect(refused).rejects.toThrow(EmbeddedServerError);
    await expect(refused).rejects.toThrow(/in use by another portal process/);
    expect(alive(owner.serverPid)).toBe(true);
    // Its owner stops it on SIGTERM, as the API does.
    owner.child.kill('SIGTERM');
    expect(await exitOf(owner.child)).toBe(0);
    await vi.waitFor(() => expect(alive(owner.serverPid)).toBe(false), { timeout: 10_000 });
  }, 120_000);

  it('starts over a stale lock file whose process number now belongs to another program', async () => {
    const dir = await dataDir();
    const made = await startEmbeddedServer({ dir, throwaway: true });
    const text = await readFile(path.join(made.clusterDir, 'postmaster.pid'), 'utf8');
    await made.stop();
    // As after a power cut: the lock file stays, and its number is now another program's.
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    children.push(other);
    const lines = text.split('\n');
    lines[0] = String(other.pid);
    await writeFile(path.join(made.clusterDir, 'postmaster.pid'), lines.join('\n'));

    const logged: string[] = [];
    const next = await startEmbeddedServer({ dir, throwaway: true, log: (_level, message) => logged.push(message) });
    try {
      expect(logged.some((l) => l.includes(`(process ${other.pid} is not its server)`))).toBe(true);
      expect(alive(other.pid as number)).toBe(true);
    } finally {
      await next.stop();
    }
  }, 120_000);

  it('npm start without DATABASE_URL: says where the data is and how to back it up, answers, and stops its server on SIGTERM', async () => {
    const dir = await dataDir();
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
        DATA_DIR: dir,
        WEB_DIST: '/nonexistent-web-dist',
        ADMIN_PHONE: ADMIN.phone,
        ADMIN_PASSWORD: ADMIN.password,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(server);
    let output = '';
    server.stdout?.setEncoding('utf8');
    server.stderr?.setEncoding('utf8');
    server.stdout?.on('data', (chunk: string) => {
      output += chunk;
    });
    server.stderr?.on('data', (chunk: string) => {
      output += chunk;
    });
    const messages = () =>
      output
        .split('\n')
        .flatMap((line) => {
          try {
            return [(JSON.parse(line) as { msg?: string }).msg ?? ''];
          } catch {
            return [];
          }
        })
        .filter(Boolean);
    let started = false;
    await Promise.race([
      vi
        .waitFor(() => expect(messages().some((m) => m.startsWith('portal ready'))).toBe(true), {
          timeout: 90_000,
          interval: 100,
        })
        .then(() => {
          started = true;
        }),
      exitOf(server).then((code) => {
        if (!started) throw new Error(`the server exited (${code}) before it was ready:\n${output}`);
      }),
    ]);
    const cluster = path.join(dir, 'pg');
    const ready = messages().find((m) => m.startsWith('portal ready')) ?? '';
    expect(ready).toContain(`embedded PostgreSQL in ${cluster} on 127.0.0.1:`);
    expect(ready).toContain(`password in ${path.join(dir, 'pg-password')}`);
    const advice = messages().find((m) => m.includes('To back it up')) ?? '';
    expect(advice).toContain(`stop the portal and copy ${cluster}`);
    expect(advice).toMatch(/pg_dump -h 127\.0\.0\.1 -p \d+ -U portal -Fc portal/);

    const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    expect(health.status).toBe(200);
    const postgres = await serverPid(dir);
    expect(alive(postgres)).toBe(true);

    server.kill('SIGTERM');
    expect(await exitOf(server)).toBe(0);
    expect(alive(postgres)).toBe(false);
  }, 120_000);
});
