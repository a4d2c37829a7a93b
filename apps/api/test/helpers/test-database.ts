import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.js';

/**
 * A fresh, empty database for one test file: PGlite in memory by default,
 * or a new database on the PostgreSQL server of TEST_DATABASE_URL when
 * TEST_DB=postgres (scripts/run-tests.mjs runs the API suite both ways).
 */
export type TestDatabase = { handle: DatabaseHandle; engine: 'pglite' | 'postgres'; dispose(): Promise<void> };

export function testEngine(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
}

export async function openTestDatabase(): Promise<TestDatabase> {
  if (testEngine() === 'pglite') {
    const handle = await openDatabase({});
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
  const handle = await openDatabase({ url: url.toString() });
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
