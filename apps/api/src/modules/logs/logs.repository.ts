import { isUserColumn } from '@portal/shared/audit-fields';
import type { TLogDetail, TLogListRequest, TLogPerson, TLogRow } from '@portal/shared/schemas/logs';
import { and, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { preparedRead } from '../../db/prepared.js';
import { auditLogs, auditLogsAll, auditLogsArchive } from '../../db/schema/audit-logs.js';
import { users } from '../../db/schema/users.js';
import type { Reader } from '../../db/transaction.js';
import {
  type Count,
  cappedCount,
  likeContains,
  listPage,
  orderBy,
  type PageWindow,
  withinCairoDays,
} from '../../lib/list.js';

/**
 * The log lives in two parts (docs/decisions/0024-audit-log-at-scale.md): `audit_logs`, the live
 * months, and `audit_logs_archive`, older months partitioned by month; `audit_logs_all` is both.
 * Every query is written once against any of the three (same column names).
 */
type Source = typeof auditLogs | typeof auditLogsArchive | typeof auditLogsAll;

function filters(t: Source, query: TLogListRequest): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  // An action is a code picked from a list (users.update, login, …): matched whole, on its index.
  // Free text over action, url and entity is the `search` field.
  if (query.action) where.push(eq(t.action, query.action.toLowerCase()));
  if (query.url) where.push(ilike(t.url, likeContains(query.url)));
  if (query.search) {
    const pattern = likeContains(query.search);
    where.push(or(ilike(t.action, pattern), ilike(t.url, pattern), ilike(t.entity, pattern)));
  }
  where.push(...withinCairoDays(t.createdAt, query));
  return and(...where);
}

function order(t: Source, query: TLogListRequest): SQL[] {
  return orderBy({ id: t.id, action: t.action, created_at: t.createdAt }, query.sortBy, query.sortOrder, t.id);
}

function rowColumns(t: Source) {
  return {
    id: t.id,
    action: t.action,
    url: t.url,
    method: t.method,
    entity: t.entity,
    entityId: t.entityId,
    createdAt: t.createdAt,
    userId: users.id,
    userName: users.name,
    userPhone: users.phone,
  };
}

type RawRow = {
  id: number;
  action: string;
  url: string | null;
  method: string | null;
  entity: string | null;
  entityId: string | null;
  createdAt: string;
  userId: number | null;
  userName: string | null;
  userPhone: string | null;
};

function toRow(r: RawRow): TLogRow {
  return {
    id: r.id,
    action: r.action,
    url: r.url,
    method: r.method,
    entity: r.entity,
    entity_id: r.entityId,
    created_at: new Date(r.createdAt).toISOString(),
    user: r.userId === null ? null : { id: r.userId, name: r.userName ?? '', phone: r.userPhone ?? '' },
  };
}

type Key = { id: number; createdAt: string };

/** What the archiving job records of the archive (audit_logs_archive_state). */
type ArchiveState = { maxId: number; maxCreatedAt: string | null; rowCount: number };

async function archiveState(db: Reader): Promise<ArchiveState> {
  const [row] = rowsOf<{ max_id: string; max_created_at: string | null; row_count: string }>(
    await db.execute(sql`select s.max_id, s.max_created_at::text as max_created_at, s.row_count
      from audit_logs_archive_state as s`),
  );
  return {
    maxId: Number(row?.max_id ?? 0),
    maxCreatedAt: row?.max_created_at ?? null,
    rowCount: Number(row?.row_count ?? 0),
  };
}

/**
 * Whether a page read from the live table alone is the page of the whole log: it is full (the extra
 * row included) and its last row comes, in the newest-first order asked, after everything the
 * archive holds. The state must be read after the page: rows moved meanwhile were still live when
 * the page was read, and the state only grows.
 */
function liveSuffices(query: TLogListRequest, keys: Key[], limit: number, state: ArchiveState): boolean {
  if (state.rowCount === 0) return true;
  const last = keys.at(-1);
  if (keys.length < limit || !last) return false;
  if (query.sortBy === 'id') return last.id > state.maxId;
  // In milliseconds, with one to spare for the microseconds a JavaScript date drops or rounds.
  return state.maxCreatedAt !== null && Date.parse(last.createdAt) > Date.parse(state.maxCreatedAt) + 1;
}

/** The page's rows and users, for its keys, from the part they were read from (a live row moved meanwhile is found in the archive). */
async function rowsOfKeys(db: Reader, source: Source, keys: Key[]): Promise<TLogRow[]> {
  const fetch = (t: Source, wanted: Key[]) =>
    db
      .select(rowColumns(t))
      .from(t)
      .leftJoin(users, eq(users.id, t.userId))
      .where(
        and(
          inArray(
            t.id,
            wanted.map((k) => k.id),
          ),
          // The archive is partitioned by created_at: this reads only the pages' months.
          inArray(t.createdAt, [...new Set(wanted.map((k) => k.createdAt))]),
        ),
      );
  const byId = new Map((await fetch(source, keys)).map((r) => [r.id, r]));
  const missing = keys.filter((k) => !byId.has(k.id));
  if (source === auditLogs && missing.length > 0) {
    for (const r of await fetch(auditLogsArchive, missing)) byId.set(r.id, r);
  }
  return keys.flatMap(({ id }) => {
    const row = byId.get(id);
    return row ? [toRow(row)] : [];
  });
}

/**
 * The audit log, newest first by default. The page's keys come first (an index walk, however deep
 * the page), then the rows and their users for those keys only. Newest-first pages by id or date
 * are read from the live table when it alone provably holds them (page 1 and the pages after it,
 * whatever the filter, as long as the live months fill them); any other page, and a date filter
 * reaching back, read the whole log, where a date filter reads only its months of the archive.
 * The total of the whole log is the live table's capped count plus the archive's count; filtered
 * totals are exact up to the cap, then a lower bound (docs/decisions/0013-lists.md).
 */
export async function listLogs(db: Reader, query: TLogListRequest, window: PageWindow) {
  const keysOf = (t: Source, limit: number, offset: number): Promise<Key[]> =>
    db
      .select({ id: t.id, createdAt: t.createdAt })
      .from(t)
      .where(filters(t, query))
      .orderBy(...order(t, query))
      .limit(limit)
      .offset(offset);
  return listPage<TLogRow>(
    window,
    async (limit, offset) => {
      if (query.sortOrder === 'desc' && query.sortBy !== 'action') {
        const keys = await keysOf(auditLogs, limit, offset);
        if (liveSuffices(query, keys, limit, await archiveState(db))) {
          return keys.length === 0 ? [] : rowsOfKeys(db, auditLogs, keys);
        }
      }
      const keys = await keysOf(auditLogsAll, limit, offset);
      return keys.length === 0 ? [] : rowsOfKeys(db, auditLogsAll, keys);
    },
    () => countLogs(db, query),
  );
}

/**
 * Exact while the live matches are within the cap: the archive's kept row count added when
 * unfiltered, else the capped count over the whole log. Past the cap, a lower bound (the live
 * matches known, plus the archive's count when unfiltered): the planner's estimate of a filtered
 * log was a guess either way, and a table may only show a number it can stand behind (issue 22).
 */
async function countLogs(db: Reader, query: TLogListRequest): Promise<Count> {
  const liveWhere = filters(auditLogs, query);
  const live = db.select({ one: sql`1` }).from(auditLogs).where(liveWhere).getSQL();
  const count = await cappedCount(db, live);
  const state = await archiveState(db);
  if (state.rowCount === 0) return count;
  if (liveWhere === undefined) return { total: count.total + state.rowCount, atLeast: count.atLeast };
  if (count.atLeast) return count;
  const all = db.select({ one: sql`1` }).from(auditLogsAll).where(filters(auditLogsAll, query)).getSQL();
  return cappedCount(db, all);
}

function logDetailQuery(db: Reader, t: Source) {
  return db
    .select({
      ...rowColumns(t),
      ip: t.ip,
      requestId: t.requestId,
      oldValue: t.oldValue,
      newValue: t.newValue,
    })
    .from(t)
    .leftJoin(users, eq(users.id, t.userId));
}

/** An entry of the live table, where nearly every entry asked for is. */
const liveLog = preparedRead('audit_log', (db) =>
  logDetailQuery(db, auditLogs).where(eq(auditLogs.id, sql.placeholder('id'))),
);

/**
 * One entry by id: the live table's key first; then the archive, in the month whose id range holds
 * it (audit_logs_archive_months, kept by the archiving job in the same statement as each move: an id
 * names no month, and a lookup in every month would plan every partition).
 */
export async function findLog(db: Reader, id: number): Promise<TLogDetail | undefined> {
  const live = async () => (await liveLog(db).execute({ id }))[0];
  const archivedIn = async (within: { from: string; to: string }) => {
    const [row] = await logDetailQuery(db, auditLogsArchive).where(
      and(
        eq(auditLogsArchive.id, id),
        gte(auditLogsArchive.createdAt, within.from),
        lt(auditLogsArchive.createdAt, within.to),
      ),
    );
    return row;
  };
  const archived = async () => {
    const months = rowsOf<{ from: string; to: string }>(
      await db.execute(sql`select (month::timestamp at time zone 'Africa/Cairo')::text as "from",
          ((month + 1 * interval '1 month')::timestamp at time zone 'Africa/Cairo')::text as "to"
        from audit_logs_archive_months where ${id} between min_id and max_id order by month`),
    );
    for (const month of months) {
      const row = await archivedIn(month);
      if (row) return row;
    }
    return undefined;
  };
  const row = (await live()) ?? (await archived());
  if (!row) return undefined;
  return {
    ...toRow(row),
    ip: row.ip,
    request_id: row.requestId,
    old_value: row.oldValue ?? null,
    new_value: row.newValue ?? null,
    people: await findPeople(db, [row.oldValue, row.newValue]),
  };
}

/** The ids an entry's values hold in user columns (closed_by, decided_by…), each once. */
export function userIdsIn(values: readonly unknown[]): number[] {
  const ids = new Set<number>();
  for (const value of values) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
    for (const [column, id] of Object.entries(value)) {
      if (isUserColumn(column) && Number.isInteger(id) && (id as number) > 0) ids.add(id as number);
    }
  }
  return [...ids].sort((a, b) => a - b);
}

/** The names of the users an entry's values name by id (removed users keep their name); unknown ids are left out. */
async function findPeople(db: Reader, values: readonly unknown[]): Promise<TLogPerson[]> {
  const ids = userIdsIn(values);
  if (ids.length === 0) return [];
  return db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)).orderBy(users.id);
}
