import type { TLogDetail, TLogListRequest, TLogRow } from '@portal/shared/schemas/logs';
import { and, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit-logs.js';
import { users } from '../../db/schema/users.js';
import type { Reader } from '../../db/transaction.js';
import {
  cappedCount,
  estimatedCount,
  likeContains,
  listPage,
  orderBy,
  type PageWindow,
  withinCairoDays,
} from '../../lib/list.js';

function filters(query: TLogListRequest): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  // An action is a code picked from a list (users.update, login, …): matched whole, on its index.
  // Free text over action, url and entity is the `search` field.
  if (query.action) where.push(eq(auditLogs.action, query.action.toLowerCase()));
  if (query.url) where.push(ilike(auditLogs.url, likeContains(query.url)));
  if (query.search) {
    const pattern = likeContains(query.search);
    where.push(or(ilike(auditLogs.action, pattern), ilike(auditLogs.url, pattern), ilike(auditLogs.entity, pattern)));
  }
  where.push(...withinCairoDays(auditLogs.createdAt, query));
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

/**
 * The audit log, newest first by default. The page's ids come first (an index walk,
 * however deep the page), then the users of those rows only. The total of the
 * whole log is the planner's estimate (it grows by every change; an exact count
 * of millions of rows on every page would cost more than the page), filtered
 * totals are exact up to the cap.
 */
export async function listLogs(db: Reader, query: TLogListRequest, window: PageWindow) {
  const where = filters(query);
  const order = orderBy(SORT_COLUMNS, query.sortBy, query.sortOrder, auditLogs.id);
  return listPage(
    window,
    async (limit, offset) => {
      const ids = db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      const page = (await ids).map((r) => r.id);
      if (page.length === 0) return [];
      const rows = await db
        .select(rowColumns)
        .from(auditLogs)
        .leftJoin(users, eq(users.id, auditLogs.userId))
        .where(inArray(auditLogs.id, page));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return page.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toRow(row)] : [];
      });
    },
    async () => {
      const all = db.select({ one: sql`1` }).from(auditLogs).where(where).getSQL();
      return where === undefined ? estimatedCount(db, all) : cappedCount(db, all);
    },
  );
}

export async function findLog(db: Reader, id: number): Promise<TLogDetail | undefined> {
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
