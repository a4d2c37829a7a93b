import { type SQL, sql } from 'drizzle-orm';

/**
 * A detail read's child rows (a history, documents, messages) as one JSON array column, so the
 * record and its children are one statement, not a round trip each (issue 21 §3). `order` and
 * `value` name the subquery's columns as `r.…`; `value` is the row itself unless given (a list of
 * names, say). An empty set is `[]`, never null. Times inside JSON are ISO text with an offset;
 * mappers read them through Date, as they read a column's text.
 */
export function jsonArrayOf(rows: SQL, order: SQL, value: SQL = sql`r`): SQL {
  return sql`(select coalesce(json_agg(${value} order by ${order}), '[]') from (${rows}) r)`;
}
