import { type SQL, sql } from 'drizzle-orm';

/**
 * A timestamptz as the API sends it (`Date#toISOString`: UTC, milliseconds, `Z`), written by
 * PostgreSQL. For reads of many rows: the driver would otherwise parse each value into a Date for
 * JavaScript to format back into text (a member's statement: 1,200 of them per call).
 */
export function isoTimestamp(column: SQL): SQL<string | null> {
  return sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
