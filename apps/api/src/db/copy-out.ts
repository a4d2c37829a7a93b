import { finished, type Readable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { poolsOf } from './client.js';
import { localSettings, type Reader } from './transaction.js';

/**
 * A query's rows written by PostgreSQL itself (`COPY (…) TO STDOUT`, as CSV or as lines of text),
 * streamed with backpressure: the API passes bytes on instead of parsing, converting and writing
 * every value (docs/decisions/0043-exports-by-copy.md). One association's 100,800 payments took
 * about 0.3 s that way in psql at the DESIGN §5 size, against 5 s through the rows.
 *
 * The COPY holds one of the pool's connections for as long as the client takes to download, so
 * only a quarter of the pool may be exporting at once: `copyOut` gives nothing when none is free
 * (or inside a transaction, whose connection Drizzle keeps), and the caller reads in batches instead.
 */

const dialect = new PgDialect();

/** A parameter's value as PostgreSQL's text of it (what `pg` would have sent). */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
  throw new Error(`an export's query cannot inline a value of type ${typeof value}`);
}

const PLACEHOLDER = /\$(\d+)/g;

/**
 * The query's text with its values written in as quoted literals: COPY takes no parameters. A
 * quoted literal has no type until PostgreSQL resolves it from where it stands, as it does a
 * parameter's, so `limit '2000'` and `due_date < '2026-11-28'` mean what `$1` meant. `pg`'s
 * `escapeLiteral` doubles quotes and backslashes (and writes `E'…'` when there is one), whatever
 * `standard_conforming_strings` says.
 */
export function inlined(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const used = new Set<number>();
  const written = text.replace(PLACEHOLDER, (_, n: string) => {
    const index = Number(n) - 1;
    if (index >= params.length) throw new Error(`an export's query names $${n} but has ${params.length} values`);
    used.add(index);
    const value = params[index];
    return value === null || value === undefined ? 'null' : pg.escapeLiteral(textOf(value));
  });
  // Every value went somewhere: a `$n` of Drizzle's not matched would be a value lost from a filter.
  if (used.size !== params.length) throw new Error(`an export's query used ${used.size} of ${params.length} values`);
  return written;
}

const exporting = new WeakMap<pg.Pool, number>();

/** How many of a pool's connections may be held by exports at once. */
function exportSlots(pool: pg.Pool): number {
  return Math.max(1, Math.floor(pool.options.max / 4));
}

/**
 * Starts `query` as a COPY to the client on a connection of its own, in a read-only transaction
 * with the given settings (`set local`, so the pool's other users keep theirs), and gives its bytes; undefined
 * when `db` is a transaction or the pool's export connections are all busy. The connection goes
 * back to the pool when the stream has ended; a stream destroyed early (the client went away) or
 * failed takes its connection with it, which ends the COPY on the server.
 */
export async function copyOut(
  db: Reader,
  query: SQL,
  options: {
    /** `set local` for the COPY's transaction. */
    settings: Record<string, string>;
    /** COPY's own options, e.g. `format csv`. */
    format: string;
  },
): Promise<Readable | undefined> {
  const pools = poolsOf(db);
  if (!pools) return undefined;
  const { pool } = pools;
  const busy = exporting.get(pool) ?? 0;
  if (busy >= exportSlots(pool)) return undefined;
  exporting.set(pool, busy + 1);
  let client: pg.PoolClient | undefined;
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    exporting.set(pool, (exporting.get(pool) ?? 1) - 1);
    client?.release(error ?? undefined);
  };
  try {
    client = await pool.connect();
    const text = `copy (${inlined(query)}) to stdout with (${options.format})`;
    await client.query('begin read only');
    const settings = dialect.sqlToQuery(localSettings(options.settings));
    await client.query(settings.sql, settings.params);
    pools.onQuery?.(text);
    const stream = client.query(copyTo(text));
    const held = client;
    finished(stream, (error) => {
      if (error) {
        release(error);
        return;
      }
      held.query('commit').then(
        () => release(),
        (failed: unknown) => release(failed instanceof Error ? failed : new Error(String(failed))),
      );
    });
    return stream;
  } catch (error) {
    release(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}
