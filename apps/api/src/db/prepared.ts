import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { poolsOf } from './client.js';
import type { Reader } from './transaction.js';

/**
 * Reads whose SQL never changes, only their values (a record by its id, with what it is shown
 * with): named statements on connections of their own where PostgreSQL plans each once and keeps
 * that plan (`plan_cache_mode = force_generic_plan`, docs/decisions/0042-fixed-plans.md).
 *
 * On the other connections PostgreSQL plans every statement for its values (a custom plan), and
 * for a detail read that joins a few tables planning costs more than running: a subscription's
 * figures planned in 0.8 ms and ran in 0.5 ms at the DESIGN §5 size. A named statement alone does
 * not help: after five calls PostgreSQL compares the generic plan's estimated cost with the custom
 * ones', and a cost a hair higher (1,262 estimated rows against 1,236) keeps it planning forever.
 * Forcing generic plans for every statement would be wrong for the lists, whose filters are
 * values a generic plan cannot see (a status that a partial index covers), so only the reads
 * declared with `fixedRead` go to those connections.
 *
 * Inside a transaction a read runs on the transaction's connection (it must see its writes), as an
 * ordinary statement.
 */

const names = new Set<string>();

/** The name is the statement's on every connection, so two reads may not share one (checked when the modules load). */
function claimName(name: string): void {
  if (names.has(name)) throw new Error(`two prepared reads named ${name}`);
  names.add(name);
}

/**
 * A read built with Drizzle's query builder, built and prepared once per database handle instead
 * of on every call (Drizzle's query building was a quarter of such a read's CPU, `bench:api
 * --profile`, issue 21 §2). The values go in as `sql.placeholder(…)` and come with `execute({ … })`.
 * These stay on the pool's connections: each is a row or two by a key, whose generic plan
 * PostgreSQL's own estimate prefers after five calls, and moving them to the fixed-plan
 * connections gained nothing (alternating runs, docs/decisions/0042).
 */
export function preparedRead<Q>(name: string, build: (db: Reader) => { prepare(name: string): Q }): (db: Reader) => Q {
  claimName(name);
  const prepared = new WeakMap<Reader, Q>();
  return (db) => {
    let query = prepared.get(db);
    if (query === undefined) {
      query = build(db).prepare(name);
      prepared.set(db, query);
    }
    return query;
  };
}

const dialect = new PgDialect();

/**
 * Values as `db.execute` gives them: Drizzle's driver keeps times, dates and intervals (and arrays
 * of them) as PostgreSQL's text, where `pg` alone would make Dates in the machine's time zone.
 */
const AS_TEXT = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const asDrizzle = {
  getTypeParser: ((id: number, format?: 'text' | 'binary') =>
    AS_TEXT.has(id) ? (value: string) => value : pg.types.getTypeParser(id, format)) as typeof pg.types.getTypeParser,
};

/**
 * A read written as SQL text (`sql\`…\``): `build` gives the same text for every value, the values
 * as parameters (checked on every call: a text that changes with its values is a defect, since
 * the statement's name stands for one text on every connection).
 */
export function fixedRead<Row, A extends unknown[]>(
  name: string,
  build: (...args: A) => SQL,
): (db: Reader, ...args: A) => Promise<Row[]> {
  claimName(name);
  let known: string | undefined;
  return async (db, ...args) => {
    const query = build(...args);
    const pools = poolsOf(db);
    if (!pools) return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
    const { sql: text, params } = dialect.sqlToQuery(query);
    if (known === undefined) known = text;
    else if (known !== text) throw new Error(`the fixed read ${name} changed its SQL with its values`);
    pools.onQuery?.(text);
    return (await pools.fixed.query({ name, text, values: params, types: asDrizzle })).rows as Row[];
  };
}
