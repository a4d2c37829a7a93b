import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase, type QueryListener } from '../../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's PostgreSQL server, as a superuser connection to its maintenance database (test-server.ts). */
    testDatabaseUrl: string;
    /** A migrated template database each test file copies (null: each file migrates its own). */
    postgresTemplate: string | null;
  }
}

/**
 * A fresh database for one test file, never shared with another file: a new database on the run's
 * PostgreSQL server (TEST_DATABASE_URL, or the embedded server global-setup.ts started; see
 * test-server.ts), copied from the migrated template database global-setup.ts keeps
 * (CREATE DATABASE … TEMPLATE: a file copy, no migrations per file). The app migrates (a no-op)
 * and seeds on start.
 */
export type TestDatabase = {
  handle: DatabaseHandle;
  /** The database's address (a second instance, a child process, opens its own pool to it). */
  url: string;
  dispose(): Promise<void>;
};

/** A superuser connection to the run's server, for creating and dropping databases. */
export function testAdminUrl(): string {
  return inject('testDatabaseUrl');
}

/** Runs each statement in turn on one superuser connection (CREATE DATABASE cannot share a transaction). */
export async function adminQuery(adminUrl: string, ...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const text of statements) await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** A database's address on the run's server. */
export function databaseUrl(name: string): string {
  const url = new URL(testAdminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates a database named `<prefix>_<pid>_<random>` on the run's server, migrated (a copy of the
 * template) unless `empty`, and answers its address and how to drop it.
 */
export async function createDatabase(
  prefix: string,
  options: { empty?: boolean } = {},
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const adminUrl = testAdminUrl();
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = options.empty ? null : inject('postgresTemplate');
  await adminQuery(
    adminUrl,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
    // A test database is dropped at the end of its file: a commit need not wait for the disk. What a
    // transaction sees and what a crash of the API (not of PostgreSQL) keeps are unchanged.
    `alter database ${name} set synchronous_commit = off`,
  );
  return {
    name,
    url: databaseUrl(name),
    // The forced drop ends any connection still open.
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

export async function openTestDatabase(options: { onQuery?: QueryListener } = {}): Promise<TestDatabase> {
  const database = await createDatabase('portal_test');
  // The forced drop at dispose ends any connection still open; that is expected, not an error.
  const handle = await openDatabase({ url: database.url, onConnectionError: () => {}, onQuery: options.onQuery });
  return {
    handle,
    url: database.url,
    dispose: async () => {
      // A test may have closed the pool already (the database that goes away): drop it all the same.
      await handle.close().catch(() => undefined);
      await database.drop();
    },
  };
}
