import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../../src/config/paths.js';
import { PGLITE_EXTENSIONS } from '../../src/db/client.js';

/**
 * A PGlite data directory with every migration applied, dumped once and loaded
 * by each test file (`new PGlite({ loadDataDir })`, ~1 s) instead of running
 * initdb and the migrations per file (~5 s). Not seeded: the app seeds on start
 * from its own env, exactly as on a first start.
 *
 * The dump is cached under the system temp folder, keyed by the PGlite version
 * and the content of every file in drizzle/, so a changed or new migration
 * makes a new snapshot and an unchanged tree reuses the last one.
 */
export const SNAPSHOT_DIR = path.join(tmpdir(), 'portal-pglite-snapshots');
const FORMAT = 'v2';
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])),
  );
  return nested.flat().sort();
}

/** The installed PGlite's version (its package.json is not exported, so found beside its entry point). */
async function pgliteVersion(): Promise<string> {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (path.dirname(dir) !== dir) {
    const text = await readFile(path.join(dir, 'package.json'), 'utf8').catch(() => null);
    const pkg = text ? (JSON.parse(text) as { name?: string; version?: string }) : null;
    if (pkg?.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    dir = path.dirname(dir);
  }
  throw new Error('@electric-sql/pglite package.json not found');
}

async function snapshotKey(): Promise<string> {
  const hash = createHash('sha256').update(`${FORMAT}\0${await pgliteVersion()}\0`);
  for (const file of await filesUnder(MIGRATIONS_DIR)) {
    hash.update(`${path.relative(MIGRATIONS_DIR, file)}\0`);
    hash.update(await readFile(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 24);
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Removes snapshots nobody has written for a day (older migration trees). */
async function pruneStale(keep: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(SNAPSHOT_DIR).catch(() => [] as string[])) {
    const file = path.join(SNAPSHOT_DIR, name);
    if (file === keep) continue;
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > STALE_AFTER_MS) await rm(file, { force: true });
  }
}

/** The path of a migrated snapshot for the current migrations, built when missing. */
export async function ensureMigratedSnapshot(): Promise<string> {
  await mkdir(SNAPSHOT_DIR, { recursive: true });
  const file = path.join(SNAPSHOT_DIR, `migrated-${await snapshotKey()}.tgz`);
  if (!(await exists(file))) {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    try {
      await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
      const dump = await client.dumpDataDir('gzip');
      // Written under a unique name then renamed: concurrent runs never read half a file.
      const partial = `${file}.${process.pid}.${Date.now()}.partial`;
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, file);
    } finally {
      await client.close();
    }
  }
  await pruneStale(file);
  return file;
}

/** The snapshot as PGlite's loadDataDir wants it, or null when it is gone. */
export async function readSnapshot(file: string): Promise<Blob | null> {
  const bytes = await readFile(file).catch(() => null);
  return bytes ? new Blob([bytes]) : null;
}
