import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../config/paths.js';

/** Both engines speak the same dialect; services see only this type. */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseHandle = {
  db: Database;
  engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  /** PostgreSQL server. */
  | {
      url: string;
      /** Told when the server ends an idle connection (restart, failover); the pool opens a new one. */
      onConnectionError?: (error: Error) => void;
    }
  /** Embedded PGlite in a folder, or in memory when dataDir is omitted (tests, optionally from a dumpDataDir() snapshot). */
  | { dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // Without a listener, an idle connection the server terminates would crash the process.
    pool.on('error', (error) => options.onConnectionError?.(error));
    const db = drizzlePg({ client: pool }) as unknown as Database;
    return {
      db,
      engine: 'postgres',
      migrate: () => migratePg(drizzlePg({ client: pool }), { migrationsFolder: MIGRATIONS_DIR }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (options.dataDir) {
    await mkdir(path.dirname(options.dataDir), { recursive: true });
    client = await PGlite.create(options.dataDir);
  } else {
    client = await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  }
  const db = drizzlePglite({ client }) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
