import { asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { auditLogs } from '../../src/db/schema/audit-logs.js';
import { sessions } from '../../src/db/schema/sessions.js';
import { users } from '../../src/db/schema/users.js';

/**
 * Row counts of the tables a failed request must leave alone. Security events (a failed
 * login, a refusal) are written to the audit log on purpose and are not counted here;
 * securityEvents() reads them.
 */
export async function tableCounts(db: Database) {
  const [[a], [s], [u]] = await Promise.all([
    db.select({ n: count() }).from(auditLogs).where(sql`${auditLogs.entity} is distinct from 'security'`),
    db.select({ n: count() }).from(sessions),
    db.select({ n: count() }).from(users),
  ]);
  return { audit_logs: a?.n ?? 0, sessions: s?.n ?? 0, users: u?.n ?? 0 };
}

/** Audit rows with one action, oldest first. */
export function auditRowsOf(db: Database, action: string) {
  return db.select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(asc(auditLogs.id));
}

export function sessionsOf(db: Database, userId: number) {
  return db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.id));
}

/** Security events (failed logins, throttled and forbidden calls) of one action, oldest first. */
export function securityEvents(db: Database, action: string) {
  return db.select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(asc(auditLogs.id));
}

/**
 * How many due dates the installments' day rollup (installment_day_counts) counts differently from
 * the installments themselves, by state: 0 when the triggers kept it exact.
 */
export const DAY_ROLLUP_DRIFT = sql`(select count(*) from (select due_date,
    count(*) filter (where status = 'pending') as p, count(*) filter (where status = 'received') as r,
    count(*) filter (where status = 'cancelled') as x
    from installments group by due_date) e
  full join installment_day_counts c using (due_date)
  where coalesce(e.p, 0) <> coalesce(c.pending, 0) or coalesce(e.r, 0) <> coalesce(c.received, 0)
    or coalesce(e.x, 0) <> coalesce(c.cancelled, 0))`;
