import { inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { counters } from '../../db/schema/counters.js';
import type { Reader } from '../../db/transaction.js';

/**
 * Customer accounts by state (docs/decisions/0004-active-users.md): type user,
 * not removed; active when `active` is true, inactive otherwise. Read from the
 * counters the users trigger keeps (migration 0006), so the dashboard costs one
 * primary-key lookup at any size.
 */
export async function countCustomers(db: Reader): Promise<{ active: number; inactive: number }> {
  const rows = await db
    .select({ key: counters.key, n: counters.n })
    .from(counters)
    .where(inArray(counters.key, ['users.user.active', 'users.user.inactive']));
  const of = (key: string) => Number(rows.find((r) => r.key === key)?.n ?? 0);
  return { active: of('users.user.active'), inactive: of('users.user.inactive') };
}

/**
 * Installments by state from the per-day rollup (installment_day_counts, kept by triggers in
 * the same transaction as every change): late and future split at today in Cairo, a parameter.
 */
export async function countInstallments(
  db: Reader,
  today: string,
): Promise<{ received: number; late: number; future: number }> {
  const [row] = rowsOf<{ received: string | number; late: string | number; future: string | number }>(
    await db.execute(sql`select coalesce(sum(received), 0)::bigint as received,
        coalesce(sum(pending) filter (where due_date < ${today}::date), 0)::bigint as late,
        coalesce(sum(pending) filter (where due_date >= ${today}::date), 0)::bigint as future
      from installment_day_counts`),
  );
  return { received: Number(row?.received ?? 0), late: Number(row?.late ?? 0), future: Number(row?.future ?? 0) };
}

/** Associations by cost (the chart of SPEC §2 item 3): a handful of rows whatever the size. */
export async function associationsByCost(db: Reader): Promise<{ cost: number; cost_count: number }[]> {
  const rows = rowsOf<{ cost: number; n: number }>(
    await db.execute(sql`select cost_piastres as cost, count(*)::int as n from associations group by 1 order by 1`),
  );
  return rows.map((r) => ({ cost: Number(r.cost) / 100, cost_count: Number(r.n) }));
}

/** How many associations the subscriptions chart names one by one; the rest are one "others" bar. */
export const CHART_TOP = 10;

export type SubscriptionsChart = {
  top: { title: string; users: number }[];
  /** Every association not in `top` (none subscribed, or past the first CHART_TOP), and their subscribers. */
  others: { associations: number; users: number };
};

/**
 * Subscriptions per association (SPEC §2 item 5), from the counter the subscriptions trigger keeps:
 * the CHART_TOP most subscribed by name, and every other association summed into one figure, so the
 * chart accounts for every association (associations are few: DESIGN §5 counts 100).
 */
export async function subscriptionsByAssociation(db: Reader, limit = CHART_TOP): Promise<SubscriptionsChart> {
  const rows = rowsOf<{ title: string | null; n: string | number; associations: number; top: boolean }>(
    await db.execute(sql`with ranked as (
        select id, title, subscriptions_count as n,
          row_number() over (order by subscriptions_count desc, id) <= ${limit} and subscriptions_count > 0 as top
        from associations)
      (select title, n::bigint as n, 1 as associations, true as top from ranked where top order by n desc, id)
      union all
      select null, coalesce(sum(n), 0)::bigint, count(*)::int, false from ranked where not top`),
  );
  const rest = rows.find((r) => !r.top);
  return {
    top: rows.filter((r) => r.top).map((r) => ({ title: r.title ?? '', users: Number(r.n) })),
    others: { associations: Number(rest?.associations ?? 0), users: Number(rest?.n ?? 0) },
  };
}
