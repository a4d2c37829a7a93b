import type { TLogDetail, TLogListRequest, TLogRow } from '@portal/shared/schemas/logs';
import { and, asc, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { auditLogs } from '../../db/schema/audit-logs.js';
import { users } from '../../db/schema/users.js';
import { CAIRO_TZ } from '../../lib/cairo-day.js';
import type { PageWindow } from '../../lib/pagination.js';

/** Escapes LIKE wildcards so a search for "50%" means the text, not a pattern. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function startOfCairoDay(day: string): SQL {
  return sql`(${day}::date)::timestamp at time zone ${CAIRO_TZ}`;
}

function filters(query: TLogListRequest): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (query.action) where.push(ilike(auditLogs.action, likeContains(query.action)));
  if (query.url) where.push(ilike(auditLogs.url, likeContains(query.url)));
  if (query.search) {
    const pattern = likeContains(query.search);
    where.push(or(ilike(auditLogs.action, pattern), ilike(auditLogs.url, pattern), ilike(auditLogs.entity, pattern)));
  }
  if (query.from_date) where.push(gte(auditLogs.createdAt, startOfCairoDay(query.from_date)));
  // to_date is inclusive: everything before the start of the next Cairo day.
  if (query.to_date) where.push(lt(auditLogs.createdAt, sql`${startOfCairoDay(query.to_date)} + interval '1 day'`));
  return and(...where);
}

const SORT_COLUMNS = { id: auditLogs.id, action: auditLogs.action, created_at: auditLogs.createdAt } as const;

const rowColumns = {
  id: auditLogs.id,
  action: auditLogs.action,
  url: auditLogs.url,
  method: auditLogs.method,
  entity: auditLogs.entity,
  entityId: auditLogs.entityId,
  createdAt: auditLogs.createdAt,
  userId: users.id,
  userName: users.name,
  userPhone: users.phone,
};

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

export async function listLogs(db: Database, query: TLogListRequest, window: PageWindow) {
  const where = filters(query);
  const column = SORT_COLUMNS[query.sortBy];
  const order = query.sortOrder === 'asc' ? asc(column) : desc(column);
  const [rows, [count]] = await Promise.all([
    db
      .select(rowColumns)
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.userId))
      .where(where)
      // id breaks ties so paging is stable when sorting by action or date.
      .orderBy(order, query.sortOrder === 'asc' ? asc(auditLogs.id) : desc(auditLogs.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLogs).where(where),
  ]);
  return { rows: rows.map(toRow), total: count?.total ?? 0 };
}

export async function findLog(db: Database, id: number): Promise<TLogDetail | undefined> {
  const [row] = await db
    .select({
      ...rowColumns,
      ip: auditLogs.ip,
      requestId: auditLogs.requestId,
      oldValue: auditLogs.oldValue,
      newValue: auditLogs.newValue,
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.userId))
    .where(eq(auditLogs.id, id));
  if (!row) return undefined;
  return {
    ...toRow(row),
    ip: row.ip,
    request_id: row.requestId,
    old_value: row.oldValue ?? null,
    new_value: row.newValue ?? null,
  };
}
