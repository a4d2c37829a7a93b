import { ASSOCIATION_DURATION_DAYS } from '@portal/shared/constants';
import { piastresToPounds } from '@portal/shared/money';
import type { TCashReportListRequest, TForecast } from '@portal/shared/schemas/reports';
import { FORECAST_DAYS } from '@portal/shared/schemas/reports';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { fixedRead } from '../../db/prepared.js';
import type { Reader } from '../../db/transaction.js';
import { type Fetched, rowsWithTotal } from '../../lib/list.js';
import { idOfCode } from '../associations/associations.repository.js';

/**
 * The cash report's SQL (docs/decisions/0030-cash-report.md). Every figure is read from the rollups
 * migration 0024 keeps in the same transaction as the ledger (ledger_association_totals,
 * ledger_subscription_totals, ledger_day_totals, ledger_month_totals) or from one indexed query;
 * sums stay in piastres in SQL and become EGP at the edge.
 *
 * "Up to today" ranges read whole months from ledger_month_totals and the days of the current
 * month from ledger_day_totals: a few dozen rows per association whatever its age; every
 * association together is their association 0.
 */

const money = (piastres: number | string | null | undefined) => piastresToPounds(Number(piastres ?? 0));
const int = (n: number | string | null | undefined) => Number(n ?? 0);
const ids = (list: number[]) => sql`${`{${list.join(',')}}`}::int[]`;
/** The first day of `today`'s month: the month rows before it are whole months of the past. */
const monthOf = (today: string) => sql`date_trunc('month', ${today}::date::timestamp)::date`;
/** The association id of the day and month rollups' rows that hold every association together (migration 0025). */
const EVERY_ASSOCIATION = 0;

/** The figures of one association or of all of them, in piastres and counts, as the SQL gives them. */
export type FigureRow = {
  days_held: number | string;
  days_total: number | string;
  fill_rate: number | string;
  members: number | string;
  collected: number | string;
  paid_out: number | string;
  deducted: number | string;
  refunds: number | string;
  payouts_made: number | string;
  late_count: number | string;
  late_sum: number | string;
  arrears_members: number | string;
  oldest: string | null;
  due_count: number | string;
  due_sum: number | string;
};

export function figuresDto(r: FigureRow) {
  const collected = int(r.collected);
  const paidOut = int(r.paid_out);
  const refunds = int(r.refunds);
  return {
    days_held: int(r.days_held),
    days_total: int(r.days_total),
    fill_rate: Number(r.fill_rate ?? 0),
    members: int(r.members),
    collected: money(collected),
    paid_out: money(paidOut),
    deducted: money(r.deducted),
    refunds: money(refunds),
    // Integer piastres subtracted, then shown in EGP: no float arithmetic on pounds.
    cash_position: money(collected - paidOut - refunds),
    arrears: {
      sum: money(r.late_sum),
      count: int(r.late_count),
      members: int(r.arrears_members),
      oldest: r.oldest,
    },
    payouts_made: { count: int(r.payouts_made), sum: money(paidOut) },
    payouts_due: { count: int(r.due_count), sum: money(r.due_sum) },
  };
}

/**
 * Pending installments due before today and payouts due up to today (turn day ≤ today), per
 * association: whole past months, then this month's days.
 */
function dueSoFar(today: string, scope: (alias: string) => SQL): SQL {
  return sql`select x.association_id,
      coalesce(sum(x.pending_count) filter (where x.day < ${today}::date), 0) as late_count,
      coalesce(sum(x.pending_piastres) filter (where x.day < ${today}::date), 0) as late_sum,
      coalesce(sum(x.payouts_count), 0) as due_count,
      coalesce(sum(x.payouts_piastres), 0) as due_sum
    from (
      select m.association_id, m.month as day, m.pending_count, m.pending_piastres, m.payouts_count, m.payouts_piastres
        from ledger_month_totals m where ${scope('m')} and m.month < ${monthOf(today)}
      union all
      select d.association_id, d.day, d.pending_count, d.pending_piastres, d.payouts_count, d.payouts_piastres
        from ledger_day_totals d where ${scope('d')} and d.day >= ${monthOf(today)} and d.day <= ${today}::date
    ) as x
    group by x.association_id`;
}

const figureRows = fixedRead<FigureRow & { id: number }, [number[], string]>(
  'association_figures',
  (associationIds: number[], today: string) => {
    const scope = (alias: string) => sql`${sql.raw(alias)}.association_id = any(${ids(associationIds)})`;
    return sql`with due as (${dueSoFar(today, scope)}),
      holders as (
        select s.association_id, count(distinct s.user_id) as members from subscriptions s
        where ${scope('s')} and s.status = 'active' group by s.association_id
      ),
      owing as (
        select t.association_id,
          count(distinct t.user_id) filter (where t.oldest_pending < ${today}::date) as members,
          min(t.oldest_pending) filter (where t.oldest_pending < ${today}::date) as oldest
        from ledger_subscription_totals t where ${scope('t')} and t.pending_count > 0 group by t.association_id
      )
      select a.id, a.subscriptions_count as days_held, ${ASSOCIATION_DURATION_DAYS}::int as days_total,
        round(a.subscriptions_count::numeric / ${ASSOCIATION_DURATION_DAYS}::int, 4) as fill_rate,
        coalesce(h.members, 0) as members,
        coalesce(m.collected_piastres, 0) as collected, coalesce(m.paid_out_piastres, 0) as paid_out,
        coalesce(m.deducted_piastres, 0) as deducted, coalesce(m.refunds_piastres, 0) as refunds,
        coalesce(m.payouts_count, 0) as payouts_made,
        coalesce(d.late_count, 0) as late_count, coalesce(d.late_sum, 0) as late_sum,
        coalesce(o.members, 0) as arrears_members, o.oldest::text as oldest,
        coalesce(d.due_count, 0) as due_count, coalesce(d.due_sum, 0) as due_sum
      from associations a
      left join ledger_association_totals m on m.association_id = a.id
      left join due d on d.association_id = a.id
      left join holders h on h.association_id = a.id
      left join owing o on o.association_id = a.id
      where a.id = any(${ids(associationIds)})`;
  },
);

/** The figures of each association named, keyed by id (an association with nothing recorded has zeros). */
export async function figuresByAssociation(
  db: Reader,
  associationIds: number[],
  today: string,
): Promise<Map<number, FigureRow>> {
  if (associationIds.length === 0) return new Map();
  const rows = await figureRows(db, associationIds, today);
  return new Map(rows.map((r) => [Number(r.id), r]));
}

const overallRows = fixedRead<FigureRow & { associations: number }, [string]>('overall_figures', (today: string) => {
  // Association 0 of the day and month rollups is every association together (migration 0025).
  const everywhere = (alias: string) => sql`${sql.raw(alias)}.association_id = ${EVERY_ASSOCIATION}`;
  return sql`with due as (${dueSoFar(today, everywhere)}),
      held as (select count(*) as associations, coalesce(sum(subscriptions_count), 0) as days_held from associations),
      money as (
        select coalesce(sum(collected_piastres), 0) as collected, coalesce(sum(paid_out_piastres), 0) as paid_out,
          coalesce(sum(deducted_piastres), 0) as deducted, coalesce(sum(refunds_piastres), 0) as refunds,
          coalesce(sum(payouts_count), 0) as payouts_made
        from ledger_association_totals
      ),
      owing as (
        select count(distinct t.user_id) as members, min(t.oldest_pending) as oldest
        from ledger_subscription_totals t where t.pending_count > 0 and t.oldest_pending < ${today}::date
      )
      select h.associations, h.days_held, h.associations * ${ASSOCIATION_DURATION_DAYS}::int as days_total,
        case when h.associations = 0 then 0
          else round(h.days_held::numeric / (h.associations * ${ASSOCIATION_DURATION_DAYS}::int), 4) end as fill_rate,
        (select count(*) from (select s.user_id from subscriptions s where s.status = 'active' group by s.user_id) as holders) as members,
        m.collected, m.paid_out, m.deducted, m.refunds, m.payouts_made,
        (select coalesce(sum(late_count), 0) from due) as late_count,
        (select coalesce(sum(late_sum), 0) from due) as late_sum,
        o.members as arrears_members, o.oldest::text as oldest,
        (select coalesce(sum(due_count), 0) from due) as due_count,
        (select coalesce(sum(due_sum), 0) from due) as due_sum
      from held h, money m, owing o`;
});

/** Every association together: sums of the same rollups, members and members in arrears counted once. */
export async function overallFigures(db: Reader, today: string): Promise<FigureRow & { associations: number }> {
  const [row] = await overallRows(db, today);
  if (!row) throw new Error('overall figures returned nothing');
  return row;
}

type ForecastRow = {
  day: string;
  collections: string | number;
  payouts: string | number;
  payouts_count: string | number;
  cash: string | number;
  opening: string | number;
  overdue_count: string | number;
  overdue_sum: string | number;
};

/** The forecast's statement: of one association, or of all with none named. */
function forecastSql(today: string, associationId?: number): SQL {
  // Every association together: association 0 of the day and month rollups (migration 0025); the
  // opening cash sums the associations' own totals.
  const scope = (alias: string) => sql`${sql.raw(alias)}.association_id = ${associationId ?? EVERY_ASSOCIATION}`;
  const everyTotal = (alias: string) =>
    associationId === undefined ? sql`true` : sql`${sql.raw(alias)}.association_id = ${associationId}`;
  const last = sql`${today}::date + ${FORECAST_DAYS - 1}::int`;
  return sql`with flows as (
        select d.day, sum(d.pending_piastres) as collections, sum(d.payouts_piastres) as payouts,
          sum(d.payouts_count) as payouts_count
        from ledger_day_totals d where ${scope('d')} and d.day between ${today}::date and ${last}
        group by d.day
      ),
      overdue as (
        select coalesce(sum(x.payouts_count), 0) as n, coalesce(sum(x.payouts_piastres), 0) as s from (
          select m.payouts_count, m.payouts_piastres from ledger_month_totals m
            where ${scope('m')} and m.month < ${monthOf(today)}
          union all
          select d.payouts_count, d.payouts_piastres from ledger_day_totals d
            where ${scope('d')} and d.day >= ${monthOf(today)} and d.day < ${today}::date
        ) as x
      ),
      opening as (
        select coalesce(sum(t.collected_piastres - t.paid_out_piastres - t.refunds_piastres), 0) as cash
        from ledger_association_totals t where ${everyTotal('t')}
      ),
      days as (
        select (${today}::date + g) as day from generate_series(0, ${FORECAST_DAYS - 1}::int) as g
      ),
      lines as (
        select d.day, coalesce(f.collections, 0) as collections,
          coalesce(f.payouts, 0) + case when d.day = ${today}::date then o.s else 0 end as payouts,
          coalesce(f.payouts_count, 0) + case when d.day = ${today}::date then o.n else 0 end as payouts_count
        from days d left join flows f on f.day = d.day cross join overdue o
      )
      select l.day::text as day, l.collections, l.payouts, l.payouts_count,
        p.cash + sum(l.collections - l.payouts) over (order by l.day) as cash,
        p.cash as opening, o.n as overdue_count, o.s as overdue_sum
      from lines l cross join opening p cross join overdue o
      order by l.day`;
}

const forecastOfOne = fixedRead<ForecastRow, [string, number]>('forecast_association', forecastSql);
const forecastOfAll = fixedRead<ForecastRow, [string]>('forecast_all', (today) => forecastSql(today));

/**
 * The forecast of one association (or of all): today and the 89 days after it, each day's pending
 * installments (expected collections) and payouts of held, unpaid turn days, the payouts already
 * overdue on the first day, and the running cash position from today's, summed in SQL.
 */
export async function forecast(db: Reader, today: string, associationId?: number): Promise<TForecast> {
  const rows = await (associationId === undefined ? forecastOfAll(db, today) : forecastOfOne(db, today, associationId));
  const days = rows.map((r) => ({
    date: r.day,
    collections: money(r.collections),
    payouts: money(r.payouts),
    payouts_count: int(r.payouts_count),
    cash: money(r.cash),
    piastres: Number(r.cash),
  }));
  const first = rows[0];
  // Comparisons on the integer piastres SQL summed: the first day below zero, the lowest day.
  const negative = days.find((d) => d.piastres < 0);
  const lowest = days.reduce(
    (low, d) => (d.piastres < low.piastres ? d : low),
    days[0] ?? { date: today, piastres: 0 },
  );
  return {
    from: today,
    to: days[days.length - 1]?.date ?? today,
    opening_cash: money(first?.opening),
    overdue_payouts: { count: int(first?.overdue_count), sum: money(first?.overdue_sum) },
    days: days.map(({ piastres: _piastres, ...day }) => day),
    negative_on: negative?.date ?? null,
    lowest: { date: lowest.date, cash: money(lowest.piastres) },
  };
}

const negativeRows = fixedRead<{ id: number; negative_on: string | null }, [number[], string]>(
  'negative_days',
  (associationIds: number[], today: string) => {
    const scope = (alias: string) => sql`${sql.raw(alias)}.association_id = any(${ids(associationIds)})`;
    return sql`with flows as (
        select d.association_id, d.day, d.pending_piastres - d.payouts_piastres as net
        from ledger_day_totals d
        where ${scope('d')} and d.day between ${today}::date and ${today}::date + ${FORECAST_DAYS - 1}::int
        union all
        select a, ${today}::date, 0 from unnest(${ids(associationIds)}) as a
      ),
      overdue as (
        select x.association_id, sum(x.payouts_piastres) as s from (
          select m.association_id, m.payouts_piastres from ledger_month_totals m
            where ${scope('m')} and m.month < ${monthOf(today)}
          union all
          select d.association_id, d.payouts_piastres from ledger_day_totals d
            where ${scope('d')} and d.day >= ${monthOf(today)} and d.day < ${today}::date
        ) as x group by x.association_id
      ),
      running as (
        select f.association_id, f.day,
          coalesce(t.collected_piastres - t.paid_out_piastres - t.refunds_piastres, 0) - coalesce(o.s, 0)
            + sum(f.net) over (partition by f.association_id order by f.day) as cash
        from flows f
        left join ledger_association_totals t on t.association_id = f.association_id
        left join overdue o on o.association_id = f.association_id
      )
      select r.association_id as id, min(r.day) filter (where r.cash < 0)::text as negative_on
      from running r group by r.association_id`;
  },
);

/**
 * The first day within the forecast each association's own cash position falls below zero (null
 * when it never does): the same flows as forecast(), per association, with today always a line
 * (the opening cash less the overdue payouts may already be negative).
 */
export async function negativeDays(
  db: Reader,
  associationIds: number[],
  today: string,
): Promise<Map<number, string | null>> {
  if (associationIds.length === 0) return new Map();
  const rows = await negativeRows(db, associationIds, today);
  return new Map(rows.map((r) => [Number(r.id), r.negative_on]));
}

/* ------------------------------------------------------------------ the report's lines */

export type AssociationBase = {
  id: number;
  title: string;
  cost_piastres: number;
  from_date: string;
  to_date: string;
  started_at: string | null;
  closed_at: string | null;
};

const BASE_COLUMNS = sql`a.id, a.title, a.cost_piastres, a.from_date::text as from_date, a.to_date::text as to_date,
    a.started_at, a.closed_at`;
const BASE_FROM = sql`from associations a left join ledger_association_totals m on m.association_id = a.id`;
const base = sql`select ${BASE_COLUMNS} ${BASE_FROM}`;

/** The list's filters: title, code, status (as the associations list reads it). */
function listWhere(query: Pick<TCashReportListRequest, 'title' | 'code' | 'status' | 'search'>, today: string): SQL {
  const parts: SQL[] = [sql`true`];
  const text = query.title ?? query.search;
  if (text) parts.push(sql`a.title ilike ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (query.code) {
    const id = idOfCode(query.code);
    parts.push(id === undefined ? sql`false` : sql`a.id = ${id}`);
  }
  if (query.status === 'closed') parts.push(sql`(a.closed_at is not null or a.to_date <= ${today}::date)`);
  if (query.status === 'started') {
    parts.push(sql`a.closed_at is null and a.to_date > ${today}::date
      and (a.started_at is not null or a.from_date <= ${today}::date)`);
  }
  if (query.status === 'pending') {
    parts.push(sql`a.closed_at is null and a.started_at is null and a.from_date > ${today}::date`);
  }
  return sql.join(parts, sql` and `);
}

const SORTS: Record<TCashReportListRequest['sortBy'], SQL> = {
  id: sql`a.id`,
  title: sql`a.title`,
  from_date: sql`a.from_date`,
  days_held: sql`a.subscriptions_count`,
  collected: sql`coalesce(m.collected_piastres, 0)`,
  paid_out: sql`coalesce(m.paid_out_piastres, 0)`,
  cash_position: sql`coalesce(m.collected_piastres - m.paid_out_piastres - m.refunds_piastres, 0)`,
};

/**
 * One page of associations for the report, in the order asked (the id breaks ties the same way),
 * its capped total riding along: the page, its count and then its figures were three round trips.
 */
export async function associationsPage(
  db: Reader,
  query: TCashReportListRequest,
  today: string,
  limit: number,
  offset: number,
): Promise<Fetched<AssociationBase>> {
  const direction = query.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const column = SORTS[query.sortBy];
  return rowsWithTotal<AssociationBase>(
    db,
    associationsCountQuery(query, today),
    (total) => sql`select ${BASE_COLUMNS}, ${total} as total ${BASE_FROM} where ${listWhere(query, today)}
      order by ${column} ${direction}, a.id ${direction} limit ${limit} offset ${offset}`,
  );
}

/** The filtered associations, for the list's count (at most a few hundred rows: DESIGN §5 has 100). */
export function associationsCountQuery(query: TCashReportListRequest, today: string): SQL {
  return sql`select 1 from associations a where ${listWhere(query, today)}`;
}

/** A batch of the filtered associations by id, newest first (exports). */
export async function associationsBefore(
  db: Reader,
  query: TCashReportListRequest,
  today: string,
  before: number | null,
  limit: number,
): Promise<AssociationBase[]> {
  const after = before === null ? sql`true` : sql`a.id < ${before}`;
  return rowsOf<AssociationBase>(
    await db.execute(sql`${base} where ${listWhere(query, today)} and ${after} order by a.id desc limit ${limit}`),
  );
}

const associationBase = fixedRead<AssociationBase, [number]>(
  'association_base',
  (id) => sql`${base} where a.id = ${id}`,
);

export async function findAssociationBase(db: Reader, id: number): Promise<AssociationBase | undefined> {
  const [row] = await associationBase(db, id);
  return row;
}
