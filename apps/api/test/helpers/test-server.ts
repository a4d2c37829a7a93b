import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { settleLeftoverServer, startEmbeddedServer } from '../../src/db/embedded-server.js';

/**
 * The PostgreSQL server of one test run (the API suite, the browser suite): TEST_DATABASE_URL when
 * set (CI, a machine with PostgreSQL), otherwise an embedded server started for this run in a
 * folder of its own under the system temp folder, durability off, removed at the end.
 * Each test file then works in a database of its own on it (test-database.ts).
 */
export type TestServer = {
  /** A superuser connection to the maintenance database: tests create and drop databases through it. */
  adminUrl: string;
  embedded: boolean;
  stop(): Promise<void>;
};

const PREFIX = 'portal-test-pg-';
const OWNER_FILE = 'run.pid';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Folders of runs that were killed before their teardown (a SIGKILL, a closed terminal): their
 * server is stopped (startEmbeddedServer settles a server whose owner is gone) and the folder
 * removed. A folder whose run is still going is left alone.
 */
async function removeAbandonedRuns(): Promise<void> {
  const names = (await readdir(tmpdir()).catch(() => [] as string[])).filter((n) => n.startsWith(PREFIX));
  for (const name of names) {
    const dir = path.join(tmpdir(), name);
    const owner = Number(await readFile(path.join(dir, OWNER_FILE), 'utf8').catch(() => 'NaN'));
    if (Number.isInteger(owner) && alive(owner)) continue;
    // A run writes its owner file a moment after making its folder: a young folder without one is starting.
    const made = (await stat(dir).catch(() => null))?.mtimeMs ?? 0;
    if (!Number.isInteger(owner) && Date.now() - made < 60_000) continue;
    // Its owner is gone, so a server still running there is a stray: stopped.
    await settleLeftoverServer(path.join(dir, 'pg')).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
}

export async function startTestServer(): Promise<TestServer> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) return { adminUrl: external, embedded: false, stop: async () => undefined };
  await removeAbandonedRuns();
  const dir = await mkdtemp(path.join(tmpdir(), PREFIX));
  // mkdtemp makes it private; as root the server runs as the postgres user, who must pass through it.
  await chmod(dir, 0o711);
  await writeFile(path.join(dir, OWNER_FILE), String(process.pid));
  try {
    // In this process group: a run interrupted with Ctrl-C takes its server down with it.
    const server = await startEmbeddedServer({ dir, throwaway: true, detached: false });
    return {
      adminUrl: server.adminUrl,
      embedded: true,
      stop: async () => {
        await server.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
