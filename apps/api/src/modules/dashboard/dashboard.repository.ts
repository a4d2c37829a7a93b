import { sql } from 'drizzle-orm';
import { fixedRead } from '../../db/prepared.js';
import type { Reader } from '../../db/transaction.js';

/** How many associations the subscriptions chart names one by one; the rest are one "others" bar. */
export const CHART_TOP = 10;

export type SubscriptionsChart = {
  top: { title: string; users: number }[];
  /** Every association not in `top` (none subscribed, or past the first CHART_TOP), and their subscribers. */
  others: { associations: number; users: number };
};

/** Which of the dashboard's figures the caller may see: the others are not read. */
export type DashboardParts = { customers: boolean; payments: boolean; byCost: boolean; bySubscriptions: boolean };

export type DashboardFigures = {
  customers: { active: number; inactive: number } | null;
  payments: { received: number; late: number; future: number } | null;
  byCost: { cost: number; cost_count: number }[];
  bySubscriptions: SubscriptionsChart | null;
};

type FiguresRow = {
  customers: { active: number | string; inactive: number | string } | null;
  payments: { received: number | string; late: number | string; future: number | string } | null;
  by_cost: { cost: number | string; n: number | string }[] | null;
  by_subscriptions: { title: string | null; n: number | string; associations: number; top: boolean }[] | null;
};

const figuresRow = fixedRead<FiguresRow, [string, DashboardParts, number]>(
  'dashboard_figures',
  (today, parts, limit) => sql`select
      case when ${parts.customers} then (
        select json_build_object(
          'active', coalesce(sum(n) filter (where key = 'users.user.active'), 0),
          'inactive', coalesce(sum(n) filter (where key = 'users.user.inactive'), 0))
        from counters where key in ('users.user.active', 'users.user.inactive')) end as customers,
      case when ${parts.payments} then (
        select json_build_object(
          'received', coalesce(sum(received), 0),
          'late', coalesce(sum(pending) filter (where due_date < ${today}::date), 0),
          'future', coalesce(sum(pending) filter (where due_date >= ${today}::date), 0))
        from installment_day_counts) end as payments,
      case when ${parts.byCost} then (
        select json_agg(json_build_object('cost', cost, 'n', n) order by cost)
        from (select cost_piastres as cost, count(*) as n from associations group by 1) c) end as by_cost,
      case when ${parts.bySubscriptions} then (
        with ranked as (
          select id, title, subscriptions_count as n,
            row_number() over (order by subscriptions_count desc, id) <= ${limit} and subscriptions_count > 0 as top
          from associations),
        bars as (
          (select title, n::bigint as n, 1 as associations, true as top, n as rank_n, id as rank_id
            from ranked where top)
          union all
          select null, coalesce(sum(n), 0)::bigint, count(*)::int, false, null, null from ranked where not top)
        select json_agg(json_build_object('title', title, 'n', n, 'associations', associations, 'top', top)
          order by top desc, rank_n desc, rank_id)
        from bars) end as by_subscriptions`,
);

/**
 * Every figure of the dashboard in one statement, each a scalar subquery read only when the caller
 * may see it (a CASE branch not taken is never run). Four reads in parallel took four of the pool's
 * connections and four round trips per call; one statement takes one (issue 21 §3, DESIGN §5: the
 * dashboard's p99 < 5 ms). Every figure comes from a rollup the database keeps, exact at any size:
 * - customers by state (docs/decisions/0004-active-users.md): type user, not removed, from the
 *   counters the users trigger keeps (migration 0006);
 * - installments by state from the per-day rollup (installment_day_counts), late and future split
 *   at today in Cairo;
 * - associations by cost (SPEC §2 item 3): a handful of rows whatever the size;
 * - subscriptions per association (SPEC §2 item 5) from the counter the subscriptions trigger keeps:
 *   the CHART_TOP most subscribed by name, every other association summed into one figure, so the
 *   chart accounts for every association (DESIGN §5 counts 100).
 */
export async function dashboardFigures(
  db: Reader,
  today: string,
  parts: DashboardParts,
  limit = CHART_TOP,
): Promise<DashboardFigures> {
  const [row] = await figuresRow(db, today, parts, limit);
  const bars = row?.by_subscriptions ?? null;
  const rest = bars?.find((b) => !b.top);
  return {
    customers: row?.customers
      ? { active: Number(row.customers.active), inactive: Number(row.customers.inactive) }
      : null,
    payments: row?.payments
      ? {
          received: Number(row.payments.received),
          late: Number(row.payments.late),
          future: Number(row.payments.future),
        }
      : null,
    byCost: (row?.by_cost ?? []).map((r) => ({ cost: Number(r.cost) / 100, cost_count: Number(r.n) })),
    bySubscriptions: bars
      ? {
          top: bars.filter((b) => b.top).map((b) => ({ title: b.title ?? '', users: Number(b.n) })),
          others: { associations: Number(rest?.associations ?? 0), users: Number(rest?.n ?? 0) },
        }
      : null,
  };
}
