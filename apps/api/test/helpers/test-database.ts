import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.js';
import { readSnapshot } from './pglite-snapshot.js';

/**
 * A fresh database for one test file, never shared with another file:
 * - PGlite in memory by default, loaded from the migrated snapshot that
 *   global-setup.ts dumps once per run (not seeded; without the snapshot, an
 *   empty one that the app migrates on start);
 * - or a new, empty database on the PostgreSQL server of TEST_DATABASE_URL when
 *   TEST_DB=postgres (scripts/run-tests.mjs runs the API suite both ways).
 * Either way the app migrates (a no-op on the snapshot) and seeds on start.
 */
export type TestDatabase = { handle: DatabaseHandle; engine: 'pglite' | 'postgres'; dispose(): Promise<void> };

export function testEngine(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
}

async function openPglite(): Promise<DatabaseHandle> {
  const file = inject('pgliteSnapshot');
  const snapshot = file ? await readSnapshot(file) : null;
  return openDatabase(snapshot ? { loadDataDir: snapshot } : {});
}

export async function openTestDatabase(): Promise<TestDatabase> {
  if (testEngine() === 'pglite') {
    const handle = await openPglite();
    return { handle, engine: 'pglite', dispose: () => handle.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // The forced drop at dispose ends any connection still open; that is expected, not an error.
  const handle = await openDatabase({ url: url.toString(), onConnectionError: () => {} });
  return {
    handle,
    engine: 'postgres',
    dispose: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
