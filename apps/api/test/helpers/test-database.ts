import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase, type QueryListener } from '../../src/db/client.js';
import { readSnapshot } from './pglite-snapshot.js';

/**
 * A fresh database for one test file, never shared with another file:
 * - PGlite in memory by default, loaded from the migrated snapshot that
 *   global-setup.ts dumps once per run (not seeded; without the snapshot, an
 *   empty one that the app migrates on start);
 * - or, when TEST_DB=postgres, a new database on the PostgreSQL server of
 *   TEST_DATABASE_URL, copied from the migrated template database global-setup.ts
 *   keeps (CREATE DATABASE … TEMPLATE: a file copy, no migrations per file).
 * Either way the app migrates (a no-op) and seeds on start.
 */
export type TestDatabase = {
  handle: DatabaseHandle;
  engine: 'pglite' | 'postgres';
  /** The database's address on PostgreSQL (a second instance opens its own pool to it). */
  url?: string;
  dispose(): Promise<void>;
};

export function testEngine(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
}

async function openPglite(onQuery?: QueryListener): Promise<DatabaseHandle> {
  const file = inject('pgliteSnapshot');
  const snapshot = file ? await readSnapshot(file) : null;
  return openDatabase(snapshot ? { loadDataDir: snapshot, onQuery } : { onQuery });
}

export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

export async function openTestDatabase(options: { onQuery?: QueryListener } = {}): Promise<TestDatabase> {
  if (testEngine() === 'pglite') {
    const handle = await openPglite(options.onQuery);
    return { handle, engine: 'pglite', dispose: () => handle.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = inject('postgresTemplate');
  await adminQuery(adminUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // The forced drop at dispose ends any connection still open; that is expected, not an error.
  const handle = await openDatabase({ url: url.toString(), onConnectionError: () => {}, onQuery: options.onQuery });
  return {
    handle,
    engine: 'postgres',
    url: url.toString(),
    dispose: async () => {
      // A test may have closed the pool already (the database that goes away): drop it all the same.
      await handle.close().catch(() => undefined);
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
