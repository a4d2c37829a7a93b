import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../config/paths.js';
import type { EmbeddedServer } from './embedded-server.js';

/** What services see of the database: Drizzle's PostgreSQL type, whatever the driver. */
export type Database = PgDatabase<PgQueryResultHKT>;

/** The advisory lock key of start-up (migrations and seed): any constant only this app uses. */
export const STARTUP_LOCK = 727_275_001;

export type DatabaseHandle = {
  db: Database;
  /** `embedded-postgres`: the server the API started itself (no DATABASE_URL, db/embedded-server.ts). */
  engine: 'postgres' | 'embedded-postgres';
  /** The embedded server, when the API runs one: where its data and password are, for the start-up log. */
  embedded?: EmbeddedServer;
  /**
   * Migrates, then runs `after` (the seed), as one start-up step. It holds an advisory lock
   * meanwhile, so instances started together take turns: the second waits, then finds the
   * schema current and the seed done (both idempotent), instead of racing the first.
   */
  migrate(after?: () => Promise<void>): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** Told of every statement the app sends (tests count round trips with it). */
export type QueryListener = (query: string) => void;

export type DatabaseOptions = {
  url: string;
  /** Told when the server ends an idle connection (restart, failover); the pool opens a new one. */
  onConnectionError?: (error: Error) => void;
  /** Cancels any statement running longer. */
  statementTimeoutMs?: number;
  /** Pool size (default 10). */
  maxConnections?: number;
  /**
   * Gives up opening a connection after this long (default 5000 ms): a database host that
   * drops packets instead of refusing would otherwise hold every request waiting for one.
   */
  connectTimeoutMs?: number;
  /** The embedded server behind `url`: stopped once the pool has closed. */
  embedded?: EmbeddedServer;
  onQuery?: QueryListener;
};

/**
 * A database handle's connections, for what Drizzle cannot do: its pool (an export's COPY,
 * db/copy-out.ts) and the fixed-plan connections its fixed reads run on (db/prepared.ts).
 */
export type Pools = { pool: pg.Pool; fixed: pg.Pool; onQuery?: QueryListener };

const poolsByDb = new WeakMap<object, Pools>();

/** The connections of a database handle's `db`; none for a transaction. */
export function poolsOf(db: object): Pools | undefined {
  return poolsByDb.get(db);
}

function queryLogger(onQuery: QueryListener | undefined) {
  return onQuery ? { logQuery: (query: string) => onQuery(query) } : false;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const connectionTimeoutMillis = options.connectTimeoutMs ?? 5000;
  const max = options.maxConnections ?? 10;
  const newPool = (settings: string) => {
    const created = new pg.Pool({
      connectionString: options.url,
      max,
      // Also how long a request waits for a free connection of a full pool.
      connectionTimeoutMillis,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
      // JIT compiling pays off for long analytic queries, not for these short ones: a page of late
      // installments over 10 M rows took 244 ms with it (a generic plan with a LIMIT parameter looks
      // costly enough to compile) and 0.5 ms without (bench:api, docs/decisions/0013-lists.md).
      options: `-c jit=off${settings}`,
    });
    // Without a listener, an idle connection the server terminates would crash the process.
    created.on('error', (error) => options.onConnectionError?.(error));
    // A connection lost while a transaction holds it fails that transaction's query (then a 503) and
    // is dropped on release; without a listener of its own, its 'error' event would also crash the
    // process (pg-pool listens only while a connection is idle).
    created.on('connect', (client) => client.on('error', () => undefined));
    return created;
  };
  const pool = newPool('');
  // The fixed reads' connections (db/prepared.ts, docs/decisions/0042): each named statement is
  // planned once per connection. As many as the pool: at half, reads waited for a connection.
  const fixedPool = newPool(' -c plan_cache_mode=force_generic_plan');
  const db = drizzlePg({ client: pool, logger: queryLogger(options.onQuery) }) as unknown as Database;
  poolsByDb.set(db, {
    pool,
    fixed: fixedPool,
    ...(options.onQuery ? { onQuery: options.onQuery } : {}),
  });
  return {
    db,
    engine: options.embedded ? 'embedded-postgres' : 'postgres',
    ...(options.embedded ? { embedded: options.embedded } : {}),
    // On a connection of its own without the statement timeout: building an index over millions of
    // installments takes longer than any request may (bench:api's start-up failed on it).
    migrate: async (after) => {
      const client = new pg.Client({ connectionString: options.url, options: '-c jit=off', connectionTimeoutMillis });
      // A lost connection fails the statement in flight; the event must not crash the process too.
      client.on('error', () => undefined);
      await client.connect();
      try {
        // Session-level: held across the migrations' own transactions, released with the connection.
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_DIR });
        await after?.();
      } finally {
        await client.end();
      }
    },
    ping: async () => {
      // Named: each connection parses and plans it once, then only binds and runs it (the health
      // check is polled, and bench:api measures the request path with it).
      await pool.query({ name: 'health_ping', text: 'select 1' });
    },
    close: async () => {
      try {
        await Promise.all([pool.end(), fixedPool.end()]);
      } finally {
        await options.embedded?.stop();
      }
    },
  };
}

/** The rows of a raw `db.execute(sql…)` result (`{ rows }`), typed by the caller. */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}
