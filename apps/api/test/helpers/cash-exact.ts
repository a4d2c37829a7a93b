import type { TCashFigures, TForecast, TMemberBalance } from '@portal/shared/schemas/reports';
import { type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Database, rowsOf } from '../../src/db/client.js';

/**
 * The cash report's figures straight from the ledger's own rows (docs/decisions/0029 definitions,
 * reversed rows left out), never from a rollup: what every figure of the Ledger tab, the cash
 * report, the forecast and a member's balance must equal (issue 20 §4, decision 0030), and the
 * rollups themselves recounted.
 */
export function cashExact(db: Database, defaultToday: string) {
  async function one<T>(query: SQL): Promise<T> {
    const [row] = rowsOf<T>(await db.execute(query));
    return row as T;
  }

  /* ------------------------------------------------------------------ the exact sums */

  /** The live ledger (decision 0029): receipts and payouts with no reversal. */
  const LIVE_R = sql`not exists (select 1 from reversals v where v.receipt_id = r.id)`;
  const LIVE_P = sql`not exists (select 1 from reversals v where v.payout_id = p.id)`;

  /** Each figure straight from the rows: no rollup read. `scope` limits to one association (or none). */
  async function exactFigures(associationId: number | null, today = defaultToday) {
    const of = (alias: string) =>
      associationId === null ? sql`true` : sql`${sql.raw(alias)}.association_id = ${associationId}`;
    const associations = associationId === null ? sql`true` : sql`a.id = ${associationId}`;
    const row = await one<Record<string, string | number | null>>(sql`select
        (select count(*) from associations a where ${associations}) as associations,
        (select count(*) from subscriptions s where ${of('s')} and s.status = 'active') as days_held,
        (select count(distinct s.user_id) from subscriptions s where ${of('s')} and s.status = 'active') as members,
        (select coalesce(sum(r.amount_piastres), 0) from receipts r where ${of('r')} and ${LIVE_R}) as collected,
        (select coalesce(sum(p.gross_piastres), 0) from payouts p where ${of('p')} and p.kind = 'payout' and ${LIVE_P}) as paid_out,
        (select coalesce(sum(p.deducted_piastres), 0) from payouts p where ${of('p')} and p.kind = 'payout' and ${LIVE_P}) as deducted,
        (select coalesce(sum(p.net_piastres), 0) from payouts p where ${of('p')} and p.kind = 'refund' and ${LIVE_P}) as refunds,
        (select count(*) from payouts p where ${of('p')} and p.kind = 'payout' and ${LIVE_P}) as payouts_made,
        (select count(*) from installments i where ${of('i')} and i.status = 'pending' and i.due_date < ${today}::date) as late_count,
        (select coalesce(sum(i.amount_piastres), 0) from installments i where ${of('i')} and i.status = 'pending' and i.due_date < ${today}::date) as late_sum,
        (select count(distinct i.user_id) from installments i where ${of('i')} and i.status = 'pending' and i.due_date < ${today}::date) as arrears_members,
        (select min(i.due_date)::text from installments i where ${of('i')} and i.status = 'pending' and i.due_date < ${today}::date) as oldest,
        (select count(*) from subscriptions s join association_days d on d.association_id = s.association_id and d.day_number = s.day_number
          where ${of('s')} and s.status = 'active' and s.transfer_status = 'unpaid' and d.date <= ${today}::date) as due_count,
        (select coalesce(sum(s.amount_piastres), 0) from subscriptions s join association_days d on d.association_id = s.association_id and d.day_number = s.day_number
          where ${of('s')} and s.status = 'active' and s.transfer_status = 'unpaid' and d.date <= ${today}::date) as due_sum`);
    return row;
  }

  function expectFigures(api: TCashFigures, exact: Record<string, string | number | null>) {
    const collected = n(exact.collected);
    const paidOut = n(exact.paid_out);
    const refunds = n(exact.refunds);
    expect({
      days_held: api.days_held,
      days_total: api.days_total,
      members: api.members,
      collected: piastres(api.collected),
      paid_out: piastres(api.paid_out),
      deducted: piastres(api.deducted),
      refunds: piastres(api.refunds),
      cash_position: piastres(api.cash_position),
      arrears: { sum: piastres(api.arrears.sum), count: api.arrears.count, members: api.arrears.members },
      oldest: api.arrears.oldest,
      payouts_made: { count: api.payouts_made.count, sum: piastres(api.payouts_made.sum) },
      payouts_due: { count: api.payouts_due.count, sum: piastres(api.payouts_due.sum) },
    }).toEqual({
      days_held: n(exact.days_held),
      days_total: n(exact.associations) * 1200,
      members: n(exact.members),
      collected,
      paid_out: paidOut,
      deducted: n(exact.deducted),
      refunds,
      cash_position: collected - paidOut - refunds,
      arrears: { sum: n(exact.late_sum), count: n(exact.late_count), members: n(exact.arrears_members) },
      oldest: exact.oldest,
      payouts_made: { count: n(exact.payouts_made), sum: paidOut },
      payouts_due: { count: n(exact.due_count), sum: n(exact.due_sum) },
    });
    expect(api.fill_rate).toBe(Math.round((n(exact.days_held) / (n(exact.associations) * 1200)) * 10_000) / 10_000);
  }

  /** The forecast straight from the rows: each day's pending installments and unpaid held turn days, the running cash. */
  async function expectForecast(api: TForecast, associationId: number | null, today = defaultToday) {
    const of = (alias: string) =>
      associationId === null ? sql`true` : sql`${sql.raw(alias)}.association_id = ${associationId}`;
    const days = rowsOf<{ day: string; collections: string; payouts: string; payouts_count: string }>(
      await db.execute(sql`select g.day::text as day,
          (select coalesce(sum(i.amount_piastres), 0) from installments i
            where ${of('i')} and i.status = 'pending' and i.due_date = g.day) as collections,
          (select coalesce(sum(s.amount_piastres), 0) from subscriptions s
            join association_days d on d.association_id = s.association_id and d.day_number = s.day_number
            where ${of('s')} and s.status = 'active' and s.transfer_status = 'unpaid'
              and (d.date = g.day or (g.day = ${today}::date and d.date < g.day))) as payouts,
          (select count(*) from subscriptions s
            join association_days d on d.association_id = s.association_id and d.day_number = s.day_number
            where ${of('s')} and s.status = 'active' and s.transfer_status = 'unpaid'
              and (d.date = g.day or (g.day = ${today}::date and d.date < g.day))) as payouts_count
        from (select (${today}::date + k) as day from generate_series(0, 89) as k) as g order by g.day`),
    );
    const exact = await exactFigures(associationId, today);
    const opening = n(exact.collected) - n(exact.paid_out) - n(exact.refunds);
    expect(piastres(api.opening_cash)).toBe(opening);
    let cash = opening;
    let negative: string | null = null;
    const expected = days.map((d) => {
      cash += n(d.collections) - n(d.payouts);
      if (cash < 0 && negative === null) negative = d.day;
      return {
        date: d.day,
        collections: n(d.collections),
        payouts: n(d.payouts),
        payouts_count: n(d.payouts_count),
        cash,
      };
    });
    expect(
      api.days.map((d) => ({
        date: d.date,
        collections: piastres(d.collections),
        payouts: piastres(d.payouts),
        payouts_count: d.payouts_count,
        cash: piastres(d.cash),
      })),
    ).toEqual(expected);
    expect(api.days).toHaveLength(90);
    expect(api.from).toBe(today);
    expect(api.negative_on).toBe(negative);
    const low = Math.min(...expected.map((d) => d.cash));
    expect(piastres(api.lowest.cash)).toBe(low);
    expect(api.lowest.date).toBe(expected.find((d) => d.cash === low)?.date);
  }

  /** A member's balance straight from the rows. */
  async function expectBalance(api: TMemberBalance, userId: number, today = defaultToday) {
    const exact = await one<Record<string, string | number | null>>(sql`select
        (select coalesce(sum(r.amount_piastres), 0) from receipts r where r.user_id = ${userId} and ${LIVE_R}) as paid,
        (select coalesce(sum(p.gross_piastres), 0) from payouts p where p.user_id = ${userId} and p.kind = 'payout' and ${LIVE_P}) as payouts,
        (select coalesce(sum(p.deducted_piastres), 0) from payouts p where p.user_id = ${userId} and p.kind = 'payout' and ${LIVE_P}) as deducted,
        (select coalesce(sum(p.net_piastres), 0) from payouts p where p.user_id = ${userId} and p.kind = 'refund' and ${LIVE_P}) as refunds,
        (select count(*) from installments i where i.user_id = ${userId} and i.status = 'pending') as owed_count,
        (select coalesce(sum(i.amount_piastres), 0) from installments i where i.user_id = ${userId} and i.status = 'pending') as owed_sum,
        (select count(*) from installments i where i.user_id = ${userId} and i.status = 'pending' and i.due_date < ${today}::date) as late_count,
        (select coalesce(sum(i.amount_piastres), 0) from installments i where i.user_id = ${userId} and i.status = 'pending' and i.due_date < ${today}::date) as late_sum,
        (select min(i.due_date)::text from installments i where i.user_id = ${userId} and i.status = 'pending' and i.due_date < ${today}::date) as late_oldest,
        (select count(*) from subscriptions s where s.user_id = ${userId} and s.status = 'active' and s.transfer_status = 'unpaid') as due_count,
        (select coalesce(sum(s.amount_piastres), 0) from subscriptions s where s.user_id = ${userId} and s.status = 'active' and s.transfer_status = 'unpaid') as due_sum`);
    expect({
      paid: piastres(api.paid),
      payouts: piastres(api.payouts),
      deducted: piastres(api.deducted),
      refunds: piastres(api.refunds),
      received: piastres(api.received),
      owed: { count: api.owed.count, sum: piastres(api.owed.sum) },
      late: { count: api.late.count, sum: piastres(api.late.sum), oldest: api.late.oldest },
      to_receive: { count: api.to_receive.count, sum: piastres(api.to_receive.sum) },
    }).toEqual({
      paid: n(exact.paid),
      payouts: n(exact.payouts),
      deducted: n(exact.deducted),
      refunds: n(exact.refunds),
      received: n(exact.payouts) + n(exact.refunds),
      owed: { count: n(exact.owed_count), sum: n(exact.owed_sum) },
      late: { count: n(exact.late_count), sum: n(exact.late_sum), oldest: exact.late_oldest },
      to_receive: { count: n(exact.due_count), sum: n(exact.due_sum) },
    });
    // Each line: the member's money on that subscription, straight from the rows.
    for (const line of api.lines) {
      const exactLine = await one<Record<string, string | number>>(sql`select
          (select coalesce(sum(r.amount_piastres), 0) from receipts r
            where r.user_id = ${userId} and r.subscription_id = ${line.subscription_id} and ${LIVE_R}) as paid,
          (select coalesce(sum(case when p.kind = 'payout' then p.gross_piastres else p.net_piastres end), 0) from payouts p
            where p.user_id = ${userId} and p.subscription_id = ${line.subscription_id} and ${LIVE_P}) as received,
          (select count(*) from installments i
            where i.user_id = ${userId} and i.subscription_id = ${line.subscription_id} and i.status = 'pending') as owed_count,
          (select coalesce(sum(i.amount_piastres), 0) from installments i
            where i.user_id = ${userId} and i.subscription_id = ${line.subscription_id} and i.status = 'pending') as owed_sum,
          (select count(*) from installments i where i.user_id = ${userId} and i.subscription_id = ${line.subscription_id}
            and i.status = 'pending' and i.due_date < ${today}::date) as late_count,
          (select coalesce(sum(i.amount_piastres), 0) from installments i where i.user_id = ${userId}
            and i.subscription_id = ${line.subscription_id} and i.status = 'pending' and i.due_date < ${today}::date) as late_sum`);
      expect({
        paid: piastres(line.paid),
        received: piastres(line.received),
        owed: [line.owed.count, piastres(line.owed.sum)],
        late: [line.late.count, piastres(line.late.sum)],
      }).toEqual({
        paid: n(exactLine.paid),
        received: n(exactLine.received),
        owed: [n(exactLine.owed_count), n(exactLine.owed_sum)],
        late: [n(exactLine.late_count), n(exactLine.late_sum)],
      });
    }
    // Every subscription they hold, or have money or installments on, has its line.
    const subs = rowsOf<{ id: number }>(
      await db.execute(sql`select id from subscriptions where user_id = ${userId}
        union select subscription_id from receipts where user_id = ${userId}
        union select subscription_id from payouts where user_id = ${userId}
        union select subscription_id from installments where user_id = ${userId} and status = 'pending'`),
    ).map((r) => Number(r.id));
    expect(api.lines.map((l) => l.subscription_id).sort((a, b) => a - b)).toEqual(subs.sort((a, b) => a - b));
  }

  /**
   * The rollups equal a recount from the rows (as the dashboard's do): per association, per
   * (subscription, member), per day and per month (each association's, and association 0: all of
   * them together). Each count is 0 when they agree.
   */
  async function rollupDifferences() {
    const [row] = rowsOf<Record<string, number>>(
      await db.execute(sql`select
      (select count(*) from (
        select a.id, coalesce(m.collected_piastres, 0) as c, coalesce(m.paid_out_piastres, 0) as o,
          coalesce(m.deducted_piastres, 0) as d, coalesce(m.refunds_piastres, 0) as f,
          coalesce(m.payouts_count, 0) as pn, coalesce(m.refunds_count, 0) as fn,
          (select coalesce(sum(r.amount_piastres), 0) from receipts r where r.association_id = a.id and ${LIVE_R}) as ec,
          (select coalesce(sum(p.gross_piastres), 0) from payouts p where p.association_id = a.id and p.kind = 'payout' and ${LIVE_P}) as eo,
          (select coalesce(sum(p.deducted_piastres), 0) from payouts p where p.association_id = a.id and p.kind = 'payout' and ${LIVE_P}) as ed,
          (select coalesce(sum(p.net_piastres), 0) from payouts p where p.association_id = a.id and p.kind = 'refund' and ${LIVE_P}) as ef,
          (select count(*) from payouts p where p.association_id = a.id and p.kind = 'payout' and ${LIVE_P}) as epn,
          (select count(*) from payouts p where p.association_id = a.id and p.kind = 'refund' and ${LIVE_P}) as efn
        from associations a left join ledger_association_totals m on m.association_id = a.id
      ) x where (c, o, d, f, pn, fn) is distinct from (ec, eo, ed, ef, epn, efn))::int as associations,
      (select count(*) from (
        select k.subscription_id, k.user_id from (
          select subscription_id, user_id from receipts union select subscription_id, user_id from payouts
          union select subscription_id, user_id from installments union select subscription_id, user_id from ledger_subscription_totals
        ) k
        left join ledger_subscription_totals t on t.subscription_id = k.subscription_id and t.user_id = k.user_id
        where (coalesce(t.paid_piastres, 0), coalesce(t.paid_out_piastres, 0), coalesce(t.deducted_piastres, 0),
            coalesce(t.refunds_piastres, 0), coalesce(t.payouts_count, 0), coalesce(t.refunds_count, 0),
            coalesce(t.pending_count, 0), coalesce(t.pending_piastres, 0), t.oldest_pending)
          is distinct from (
            (select coalesce(sum(r.amount_piastres), 0) from receipts r where r.subscription_id = k.subscription_id and r.user_id = k.user_id and ${LIVE_R}),
            (select coalesce(sum(p.gross_piastres), 0) from payouts p where p.subscription_id = k.subscription_id and p.user_id = k.user_id and p.kind = 'payout' and ${LIVE_P}),
            (select coalesce(sum(p.deducted_piastres), 0) from payouts p where p.subscription_id = k.subscription_id and p.user_id = k.user_id and p.kind = 'payout' and ${LIVE_P}),
            (select coalesce(sum(p.net_piastres), 0) from payouts p where p.subscription_id = k.subscription_id and p.user_id = k.user_id and p.kind = 'refund' and ${LIVE_P}),
            (select count(*) from payouts p where p.subscription_id = k.subscription_id and p.user_id = k.user_id and p.kind = 'payout' and ${LIVE_P}),
            (select count(*) from payouts p where p.subscription_id = k.subscription_id and p.user_id = k.user_id and p.kind = 'refund' and ${LIVE_P}),
            (select count(*) from installments i where i.subscription_id = k.subscription_id and i.user_id = k.user_id and i.status = 'pending'),
            (select coalesce(sum(i.amount_piastres), 0) from installments i where i.subscription_id = k.subscription_id and i.user_id = k.user_id and i.status = 'pending'),
            (select min(i.due_date) from installments i where i.subscription_id = k.subscription_id and i.user_id = k.user_id and i.status = 'pending'))
      ) x)::int as subscriptions,
      (select count(*) from (
        select association_id, day, sum(pc) as pc, sum(ps) as ps, sum(qc) as qc, sum(qs) as qs from (
          -- each row for its association and for every association together (association 0, migration 0025)
          select k.a as association_id, b.day, b.pc, b.ps, b.qc, b.qs from (
            select association_id, due_date as day, 1 as pc, amount_piastres as ps, 0 as qc, 0::bigint as qs
              from installments where status = 'pending'
            union all
            select s.association_id, d.date, 0, 0, 1, s.amount_piastres from subscriptions s
              join association_days d on d.association_id = s.association_id and d.day_number = s.day_number
              where s.status = 'active' and s.transfer_status = 'unpaid'
          ) b cross join lateral (values (b.association_id), (0)) as k(a)
        ) e group by association_id, day
      ) e full join ledger_day_totals r on r.association_id = e.association_id and r.day = e.day
      where (coalesce(e.pc, 0), coalesce(e.ps, 0), coalesce(e.qc, 0), coalesce(e.qs, 0))
        is distinct from (coalesce(r.pending_count, 0), coalesce(r.pending_piastres, 0), coalesce(r.payouts_count, 0), coalesce(r.payouts_piastres, 0))
      )::int as days,
      (select count(*) from (
        select association_id, date_trunc('month', day::timestamp)::date as month, sum(pc) as pc, sum(ps) as ps, sum(qc) as qc, sum(qs) as qs from (
          -- each row for its association and for every association together (association 0, migration 0025)
          select k.a as association_id, b.day, b.pc, b.ps, b.qc, b.qs from (
            select association_id, due_date as day, 1 as pc, amount_piastres as ps, 0 as qc, 0::bigint as qs
              from installments where status = 'pending'
            union all
            select s.association_id, d.date, 0, 0, 1, s.amount_piastres from subscriptions s
              join association_days d on d.association_id = s.association_id and d.day_number = s.day_number
              where s.status = 'active' and s.transfer_status = 'unpaid'
          ) b cross join lateral (values (b.association_id), (0)) as k(a)
        ) e group by 1, 2
      ) e full join ledger_month_totals r on r.association_id = e.association_id and r.month = e.month
      where (coalesce(e.pc, 0), coalesce(e.ps, 0), coalesce(e.qc, 0), coalesce(e.qs, 0))
        is distinct from (coalesce(r.pending_count, 0), coalesce(r.pending_piastres, 0), coalesce(r.payouts_count, 0), coalesce(r.payouts_piastres, 0))
      )::int as months`),
    );
    return row;
  }

  return { exactFigures, expectFigures, expectForecast, expectBalance, rollupDifferences };
}

export const piastres = (pounds: number) => Math.round(pounds * 100);
export const n = (value: unknown) => Number(value ?? 0);
