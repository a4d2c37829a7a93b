import { piastresToPounds } from '@portal/shared/money';
import type { TMemberBalance } from '@portal/shared/schemas/reports';
import { sql } from 'drizzle-orm';
import { fixedRead } from '../../db/prepared.js';
import type { Reader } from '../../db/transaction.js';
import { associationCode } from '../associations/associations.repository.js';

const money = (piastres: number | string | null | undefined) => piastresToPounds(Number(piastres ?? 0));
const int = (n: number | string | null | undefined) => Number(n ?? 0);

type LineRow = {
  subscription_id: number;
  association_id: number;
  title: string;
  day_number: number;
  turn_date: string;
  status: string;
  transfer_status: string;
  holder: boolean;
  paid: string;
  received: string;
  owed_count: string;
  owed_sum: string;
  late_count: string;
  late_sum: string;
  // The member's totals, the same on every line (window sums in SQL).
  t_paid: string;
  t_payouts: string;
  t_deducted: string;
  t_refunds: string;
  t_owed_count: string;
  t_owed_sum: string;
  t_late_count: string;
  t_late_sum: string;
  t_late_oldest: string | null;
  t_due_count: string;
  t_due_sum: string;
};

const balanceLines = fixedRead<LineRow, [number, string]>(
  'member_balance',
  (userId, today) => sql`with mine as (
        select t.subscription_id, t.paid_piastres, t.paid_out_piastres, t.deducted_piastres, t.refunds_piastres,
          t.pending_count, t.pending_piastres
        from ledger_subscription_totals t where t.user_id = ${userId}
      ),
      late as (
        select i.subscription_id, count(*) as n, sum(i.amount_piastres) as s, min(i.due_date) as oldest
        from installments i
        where i.user_id = ${userId} and i.status = 'pending' and i.due_date < ${today}::date
          and exists (select 1 from ledger_subscription_totals t
            where t.user_id = ${userId} and t.pending_count > 0 and t.oldest_pending < ${today}::date)
        group by i.subscription_id
      ),
      subs as (
        select subscription_id as id from mine
        union
        select s.id from subscriptions s where s.user_id = ${userId}
      )
      select s.id as subscription_id, s.association_id, a.title, s.day_number, d.date::text as turn_date, s.status,
        s.transfer_status, s.user_id = ${userId} as holder,
        coalesce(m.paid_piastres, 0) as paid,
        coalesce(m.paid_out_piastres, 0) + coalesce(m.refunds_piastres, 0) as received,
        coalesce(m.pending_count, 0) as owed_count, coalesce(m.pending_piastres, 0) as owed_sum,
        coalesce(l.n, 0) as late_count, coalesce(l.s, 0) as late_sum,
        sum(coalesce(m.paid_piastres, 0)) over () as t_paid,
        sum(coalesce(m.paid_out_piastres, 0)) over () as t_payouts,
        sum(coalesce(m.deducted_piastres, 0)) over () as t_deducted,
        sum(coalesce(m.refunds_piastres, 0)) over () as t_refunds,
        sum(coalesce(m.pending_count, 0)) over () as t_owed_count,
        sum(coalesce(m.pending_piastres, 0)) over () as t_owed_sum,
        sum(coalesce(l.n, 0)) over () as t_late_count,
        sum(coalesce(l.s, 0)) over () as t_late_sum,
        (min(l.oldest) over ())::text as t_late_oldest,
        count(*) filter (where s.user_id = ${userId} and s.status = 'active' and s.transfer_status = 'unpaid') over ()
          as t_due_count,
        coalesce(sum(s.amount_piastres) filter (where s.user_id = ${userId} and s.status = 'active'
          and s.transfer_status = 'unpaid') over (), 0) as t_due_sum
      from subs k
      join subscriptions s on s.id = k.id
      join associations a on a.id = s.association_id
      join association_days d on d.association_id = s.association_id and d.day_number = s.day_number
      left join mine m on m.subscription_id = s.id
      left join late l on l.subscription_id = s.id
      order by d.date, s.id`,
);

/**
 * A member's balance across every subscription they hold or have money on (docs/decisions/0030):
 * paid and received from ledger_subscription_totals (kept by the ledger's triggers), owed likewise,
 * and the late part from one query on the member's installments (index installments_user_due_idx),
 * run only when the rollup says something of theirs is late. One statement, totals summed in SQL.
 */
export async function memberBalance(db: Reader, userId: number, today: string): Promise<TMemberBalance> {
  const rows = await balanceLines(db, userId, today);
  const first = rows[0];
  const payouts = int(first?.t_payouts);
  const refunds = int(first?.t_refunds);
  return {
    user_id: userId,
    as_of: today,
    paid: money(first?.t_paid),
    received: money(payouts + refunds),
    payouts: money(payouts),
    deducted: money(first?.t_deducted),
    refunds: money(refunds),
    owed: { count: int(first?.t_owed_count), sum: money(first?.t_owed_sum) },
    late: { count: int(first?.t_late_count), sum: money(first?.t_late_sum), oldest: first?.t_late_oldest ?? null },
    to_receive: { count: int(first?.t_due_count), sum: money(first?.t_due_sum) },
    lines: rows.map((r) => ({
      subscription_id: Number(r.subscription_id),
      association: {
        id: Number(r.association_id),
        code: associationCode(Number(r.association_id)),
        title: r.title,
      },
      day_number: Number(r.day_number),
      turn_date: r.turn_date,
      status: r.status === 'cancelled' ? 'cancelled' : 'active',
      transfer_status: r.transfer_status === 'paid' ? 'paid' : 'unpaid',
      holder: r.holder === true,
      paid: money(r.paid),
      received: money(r.received),
      owed: { count: int(r.owed_count), sum: money(r.owed_sum) },
      late: { count: int(r.late_count), sum: money(r.late_sum) },
    })),
  };
}

const userById = fixedRead<{ one: number }, [number]>(
  'user_exists',
  (userId) => sql`select 1 as one from users where id = ${userId}`,
);

/** Whether a user exists (deleted or not: their money stays on the books). */
export async function userExists(db: Reader, userId: number): Promise<boolean> {
  const [row] = await userById(db, userId);
  return row !== undefined;
}
