import type { Reader } from './transaction.js';

const names = new Set<string>();

/**
 * A read whose SQL never changes (a row by its id), built and prepared once per database handle
 * instead of on every call. Drizzle's query building was a quarter of such a read's CPU
 * (`bench:api --profile`, issue 21 §2), and PostgreSQL parses a named statement once per
 * connection. The values go in as `sql.placeholder(…)` and come with `execute({ … })`.
 *
 * The name is the statement's on every connection, so two reads may not share one (checked here,
 * when the modules load). Only for reads whose plan suits every value: PostgreSQL may keep one
 * generic plan for a named statement after five calls.
 */
export function preparedRead<Q>(name: string, build: (db: Reader) => { prepare(name: string): Q }): (db: Reader) => Q {
  if (names.has(name)) throw new Error(`two prepared reads named ${name}`);
  names.add(name);
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
