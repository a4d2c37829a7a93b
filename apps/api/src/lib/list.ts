import { ALL_ROWS, ALL_ROWS_CAP } from '@portal/shared/constants';
import type { TListPage } from '@portal/shared/schemas/list';
import { asc, desc, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { rowsOf } from '../db/client.js';
import type { Reader } from '../db/transaction.js';

/**
 * The one server list helper (DESIGN §6, docs/decisions/0013-lists.md):
 * page-number paging over a whitelist of sort keys, with a count that stays
 * cheap at 10 M rows.
 *
 * - Rows: the page is fetched with one extra row, so "is there more" needs no count;
 *   a page that is the last one knows its total exactly without counting.
 * - Count: only when more rows follow. `count()` strategies: counters and rollups kept by the
 *   database (exact, O(1)), or `cappedCount` (exact up to a cap; past it a lower bound, flagged
 *   `atLeast`). Never an estimate: the planner's guesses were wrong both ways (issue 22 item 3:
 *   "about 2,486" over 249 pages for 12,000 installments, a last page that was not the last).
 * - The pager: `lastPage` is the last page known to exist; with a lower bound it is always past
 *   the page read while rows follow it, so "next" is offered exactly while there is more.
 * - Deep pages: fetch the page's ids first (an index-only walk), then join what the
 *   rows show for those ids only (`deferredJoin`).
 */
export type PageWindow = { limit: number; offset: number; page: number; perPage: number };

/** page/perPage (or an explicit offset) → limit/offset; perPage -1 means every row, capped. */
export function pageWindow(page: number, perPage: number, offset?: number): PageWindow {
  const limit = perPage === ALL_ROWS ? ALL_ROWS_CAP : perPage;
  if (offset !== undefined) return { limit, offset, page: Math.floor(offset / limit) + 1, perPage };
  return { limit, offset: perPage === ALL_ROWS ? 0 : (page - 1) * perPage, page, perPage };
}

/** A total: exact, or (atLeast) a number of rows known to match when more may. */
export type Count = { total: number; atLeast: boolean };

/** A sort key the client may ask for, mapped to a column; anything else was refused by the schema. */
export type SortColumns = Record<string, AnyPgColumn | SQL>;

/** ORDER BY the chosen key, then the id in the same direction, so paging is stable whatever the key. */
export function orderBy(columns: SortColumns, key: string, order: 'asc' | 'desc', id: AnyPgColumn): SQL[] {
  const column = columns[key] ?? id;
  const direction = order === 'asc' ? asc : desc;
  return column === id ? [direction(id)] : [direction(column), direction(id)];
}

/**
 * What a page fetch returns: its rows and, when the same query could read it for free
 * (a counter as a scalar subquery, saving a round trip), the total.
 */
export type Fetched<T> = T[] | { rows: T[]; total?: Count };

export async function listPage<T>(
  window: PageWindow,
  fetch: (limit: number, offset: number) => Promise<Fetched<T>>,
  count: () => Promise<Count>,
): Promise<TListPage<T>> {
  const answer = await fetch(window.limit + 1, window.offset);
  const fetched = Array.isArray(answer) ? answer : answer.rows;
  const inline = Array.isArray(answer) ? undefined : answer.total;
  const more = fetched.length > window.limit;
  const rows = more ? fetched.slice(0, window.limit) : fetched;
  let result: Count;
  if (!more && (rows.length > 0 || window.offset === 0)) {
    result = { total: window.offset + rows.length, atLeast: false };
  } else {
    result = inline ?? (await count());
    // The page itself proves rows up to its end, and one more when it has a next page: a lower bound
    // never says less, and an exact count read a moment apart from the page cannot either.
    const proven = rows.length > 0 ? window.offset + rows.length + (more ? 1 : 0) : 0;
    if (result.total < proven) result = { total: proven, atLeast: result.atLeast || more };
  }
  const size = window.perPage === ALL_ROWS ? Math.max(result.total, 1) : window.perPage;
  return {
    data: rows,
    total: result.total,
    atLeast: result.atLeast,
    lastPage: Math.max(1, Math.ceil(result.total / size)),
    currentPage: window.page,
    perPage: window.perPage,
  };
}

/**
 * Exact counts stop here; past it the total is a lower bound (cheap at any size). Reading a
 * thousand index entries costs well under a millisecond; ten thousand made filtered lists on the
 * in-process engine of turns 1–2 miss their budget (bench:api).
 */
export const COUNT_CAP = 1_000;

/**
 * Counts the rows of `query` (a SELECT of one column, its WHERE applied, no ORDER or LIMIT)
 * exactly while there are at most `cap`, reading at most cap + 1 rows; beyond that answers the
 * lower bound cap + 1, flagged ("more than cap"). A list whose matches are bounded by the data
 * (one subscription's installments) passes that bound as `cap` and is always exact.
 */
export async function cappedCount(db: Reader, query: SQL, cap = COUNT_CAP): Promise<Count> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (${query} limit ${cap + 1}) as capped`),
  );
  const n = Number(row?.n ?? 0);
  if (n <= cap) return { total: n, atLeast: false };
  return { total: cap + 1, atLeast: true };
}

/**
 * `cappedCount` as a scalar subquery of the page's own statement, so a page and its total are one
 * round trip, not two (bench:api at DESIGN §5 size: a list's first page is followed by more rows,
 * so it always counted). PostgreSQL runs it once per statement (an InitPlan); `ridingTotal` reads it
 * back from the first row. When the page is empty the total has no row to ride on and `listPage`
 * asks `count()` as before.
 */
export function cappedTotal(query: SQL, cap = COUNT_CAP): SQL<number> {
  return sql<number>`(select count(*)::int from (${query} limit ${cap + 1}) as capped)`;
}

/** What `cappedTotal` read, as a count: exact up to the cap, past it the flagged lower bound. */
export function cappedOf(n: number | string, cap = COUNT_CAP): Count {
  const total = Number(n);
  return total <= cap ? { total, atLeast: false } : { total: cap + 1, atLeast: true };
}

/** A page's rows and the total that rode along on them (`cappedTotal`, selected as `total`). */
export function ridingTotal<T extends { total: number | string | null }>(rows: T[], cap = COUNT_CAP): Fetched<T> {
  const n = rows[0]?.total;
  return n === undefined || n === null ? rows : { rows, total: cappedOf(n, cap) };
}

/**
 * A page written as SQL text with its capped total riding along: `page(total)` is the page's
 * statement with `${total} as total` among its columns, `matching` what `cappedCount` would count.
 */
export async function rowsWithTotal<T>(
  db: Reader,
  matching: SQL,
  page: (total: SQL<number>) => SQL,
): Promise<Fetched<T & { total: number }>> {
  return ridingTotal(rowsOf<T & { total: number }>(await db.execute(page(cappedTotal(matching)))));
}

/** Escapes LIKE wildcards so a search for "50%" means the text, not a pattern. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The first instant of a Cairo calendar day, for created_at filters (to_date is inclusive: use the next day). */
export function startOfCairoDay(day: string): SQL {
  return sql`(${day}::date)::timestamp at time zone 'Africa/Cairo'`;
}

/**
 * The lists' date filters on a timestamp column: from the start of Cairo day `from` to the end of
 * Cairo day `to` (both included, so to_date means everything before the next day's start).
 */
export function withinCairoDays(column: SQLWrapper, range: { from_date?: string; to_date?: string }): SQL[] {
  return [
    ...(range.from_date ? [sql`${column} >= ${startOfCairoDay(range.from_date)}`] : []),
    ...(range.to_date ? [sql`${column} < ${startOfCairoDay(range.to_date)} + interval '1 day'`] : []),
  ];
}
