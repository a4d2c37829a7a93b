import { piastresToPounds } from '@portal/shared/money';
import type { PaymentStatus, TInstallmentTotals } from '@portal/shared/schemas/associations';
import type {
  TMySubscription,
  TOpenAssociation,
  TOpenAssociationsRequest,
  TStatementRow,
} from '@portal/shared/schemas/members';
import { type SQL, sql } from 'drizzle-orm';
import { isoTimestamp } from '../../db/iso-timestamp.js';
import { fixedRead } from '../../db/prepared.js';
import type { Reader } from '../../db/transaction.js';
import { cappedCount, cappedTotal, listPage, type PageWindow, ridingTotal } from '../../lib/list.js';
import { RawJson } from '../../lib/raw-json.js';
import { associationCode } from '../associations/associations.repository.js';
import { installmentStateColumns, toInstallmentTotals } from '../ledger/ledger.repository.js';

/**
 * A subscription's installments in due order. `due_date + 0` keeps PostgreSQL from walking the
 * all-installments due-date index (millions of rows, 2.8 s for the next one due at 10 M) in place of
 * reading this subscription's 1,200 by its own index and sorting them (5 ms).
 */
const BY_DUE_DATE = sql.raw('i.due_date + 0, i.day_number');

/**
 * The member's own data (docs/decisions/0018-members.md). Every query here takes the member's id
 * and puts it in its WHERE: what another member holds is never found, whatever id is asked for.
 */

type MySubscriptionRecord = {
  id: number;
  association_id: number;
  title: string;
  cost_piastres: number;
  type: 'normal' | 'vip';
  day_number: number;
  date: string;
  amount_piastres: number;
  transfer_status: string;
  transfer_date: string | null;
  total: number;
  received: number;
  late: number;
  next_due_date: string | null;
  next_due_amount: number | null;
  move_id: number | null;
  move_to_day: number | null;
  move_to_date: string | null;
  move_created_at: string | null;
};

/** My subscriptions with their progress, next installment and any turn move in review. */
function mySubscriptionsSql(userId: number, today: string, only?: number): SQL {
  const one = only === undefined ? sql`` : sql` and s.id = ${only}`;
  return sql`select s.id, s.association_id, a.title, a.cost_piastres, a.type, s.day_number, d.date::text as date,
      s.amount_piastres, s.transfer_status, s.transfer_date::text as transfer_date,
      t.total, t.received, t.late,
      (date '2000-01-01' + t.next_due[1])::text as next_due_date, t.next_due[3] as next_due_amount,
      m.id as move_id, m.to_day as move_to_day, md.date::text as move_to_date, m.created_at as move_created_at
    from subscriptions s
    join associations a on a.id = s.association_id
    join association_days d on d.association_id = s.association_id and d.day_number = s.day_number
    cross join lateral (
      select count(*)::int as total,
        (count(*) filter (where i.status = 'received'))::int as received,
        (count(*) filter (where i.status = 'pending' and i.due_date < ${today}::date))::int as late,
        -- The next one due, in the same pass: the least (due date, day) of the pending ones with its
        -- amount; arrays compare element by element (a second scan and sort cost ~0.1 ms a call).
        min(array[i.due_date - date '2000-01-01', i.day_number, i.amount_piastres])
          filter (where i.status = 'pending') as next_due
      from installments i where i.subscription_id = s.id) t
    left join turn_move_requests m on m.subscription_id = s.id and m.status = 0
    left join association_days md on md.association_id = m.association_id and md.day_number = m.to_day
    where s.user_id = ${userId} and s.status = 'active'${one}
    order by d.date, s.id`;
}

function toMySubscription(r: MySubscriptionRecord, today: string): TMySubscription {
  const nextDue =
    r.next_due_date === null
      ? null
      : {
          due_date: r.next_due_date,
          amount: piastresToPounds(Number(r.next_due_amount ?? 0)),
          status: (r.next_due_date < today ? 'late' : 'future') as PaymentStatus,
        };
  const unpaid = r.transfer_status !== 'paid';
  return {
    id: Number(r.id),
    association: {
      id: Number(r.association_id),
      title: r.title,
      cost: piastresToPounds(Number(r.cost_piastres)),
      type: r.type,
    },
    day: { day_number: Number(r.day_number), date: r.date },
    amount: piastresToPounds(Number(r.amount_piastres)),
    transfer_status: unpaid ? 'unpaid' : 'paid',
    transfer_date: r.transfer_date,
    installments_total: Number(r.total),
    installments_received: Number(r.received),
    installments_late: Number(r.late),
    next_due: nextDue,
    open_turn_move:
      r.move_id === null
        ? null
        : {
            id: Number(r.move_id),
            to_day: { day_number: Number(r.move_to_day), date: r.move_to_date ?? '' },
            created_at: new Date(r.move_created_at ?? 0).toISOString(),
          },
    can_move: unpaid && r.date > today && r.move_id === null,
  };
}

const allMySubscriptions = fixedRead<MySubscriptionRecord, [number, string]>('my_subscriptions', (userId, today) =>
  mySubscriptionsSql(userId, today),
);

export async function mySubscriptions(db: Reader, userId: number, today: string): Promise<TMySubscription[]> {
  const rows = await allMySubscriptions(db, userId, today);
  return rows.map((r) => toMySubscription(r, today));
}

const oneOfMySubscriptions = fixedRead<MySubscriptionRecord, [number, string, number]>(
  'my_subscription',
  mySubscriptionsSql,
);

export async function mySubscription(db: Reader, userId: number, id: number, today: string) {
  const [row] = await oneOfMySubscriptions(db, userId, today, id);
  return row ? toMySubscription(row, today) : undefined;
}

// Every installment of the subscription, also those a previous holder paid (a replacement): the
// caller holds it (the subscription is looked up with them first). Written as the JSON of
// ZStatementRow by PostgreSQL (lib/raw-json.ts): keys in the schema's order, amounts in pounds as
// `piastresToPounds` gives them (trim_scale: 2050 piastres → 20.5), texts through to_json, instants
// as `isoTimestamp`. members.test.ts parses it against the schema and compares it with the rows.
const statementRead = fixedRead<
  { rows: string; remaining: string | number } & Record<string, string | number>,
  [number, number, string]
>(
  'my_statement',
  (userId, subscriptionId, today) => sql`select '[' || coalesce(string_agg(concat(
        '{"id":', i.id,
        ',"day_number":', i.day_number,
        ',"due_date":"', i.due_date::text,
        '","amount":', trim_scale(i.amount_piastres / 100.0),
        ',"status":"', case when i.status in ('received', 'cancelled') then i.status::text
          when i.due_date < ${today}::date then 'late' else 'future' end,
        '","received_at":', coalesce(to_json(${isoTimestamp(sql`i.received_at`)})::text, 'null'),
        ',"reference":', coalesce(to_json(i.reference)::text, 'null'),
        ',"receipt":', case when r.id is null or r.method is null then 'null'
          else concat('{"id":', r.id, ',"number":', to_json(r.number)::text, ',"method":', to_json(r.method)::text, '}') end,
        '}'), ',' order by ${BY_DUE_DATE}), '') || ']' as rows,
      ${installmentStateColumns(today)},
      coalesce(sum(i.amount_piastres) filter (where i.user_id = ${userId} and i.status = 'pending'), 0)::bigint as remaining
    from installments i
    join subscriptions s on s.id = i.subscription_id and s.user_id = ${userId}
    left join receipts r on r.id = i.receipt_id
    where i.subscription_id = ${subscriptionId}`,
);

export type StatementBody = {
  rows: RawJson<TStatementRow[]>;
  totals: TInstallmentTotals;
  /** What the member still owes on it (their pending installments, late or future), in piastres. */
  remainingPiastres: number;
};

/**
 * One of my subscriptions' statement in one pass over its installments (at most 1,200): every one
 * in due-date order as JSON text, their totals by state as of today (Cairo), and what is left to
 * pay, summed in SQL in piastres (DESIGN §6). Owed means pending: a received or cancelled one is
 * not; the rows and totals include a previous holder's installments (a replacement), what is left
 * only the caller's. Nothing when the caller does not hold the subscription.
 */
export async function statementBody(
  db: Reader,
  userId: number,
  subscriptionId: number,
  today: string,
): Promise<StatementBody> {
  const [row] = await statementRead(db, userId, subscriptionId, today);
  return {
    rows: new RawJson(row?.rows ?? '[]'),
    totals: toInstallmentTotals(row),
    remainingPiastres: Number(row?.remaining ?? 0),
  };
}

/**
 * A day nobody holds whose date is today or later: `held` is kept from the subscriptions by a
 * trigger (migration 0032), and only free days are in association_days_free_idx.
 */
function freeDay(today: string): SQL {
  return sql`d.date >= ${today}::date and not d.held`;
}

/** Associations still running (to_date today or later) with at least one free day. */
function openWhere(today: string): SQL {
  return sql`a.to_date >= ${today}::date
    and exists (select 1 from association_days d where d.association_id = a.id and ${freeDay(today)})`;
}

type OpenRow = {
  id: number;
  title: string;
  type: 'normal' | 'vip';
  cost_piastres: number;
  from_date: string;
  to_date: string;
  days_count: number;
  amount_piastres: string | number;
  available: number;
  first_day: number | null;
  first_date: string | null;
  total: number;
};

/** What the open associations' total counts. */
const openMatching = (today: string) => sql`select 1 from associations a where ${openWhere(today)}`;

/**
 * A page of open associations in one order, a fixed read (docs/decisions/0042): its only values are
 * today and the page, never a caller's filter, so one generic plan serves every call. Planned per
 * call it took 2.5 ms to plan and 3.8 ms to run at the DESIGN §5 size; with the kept plan, 0.6 ms.
 */
function openPage(name: string, order: SQL) {
  return fixedRead<OpenRow, [string, number, number]>(
    `open_associations_by_${name}`,
    (today, limit, offset) => sql`select a.id, a.title, a.type, a.cost_piastres, a.from_date::text as from_date,
        a.to_date::text as to_date,
        a.days_count, a.cost_piastres::bigint * a.days_count as amount_piastres,
        f.available, f.first_day, f.first_date, ${cappedTotal(openMatching(today))} as total
      from (select * from associations a where ${openWhere(today)} order by ${order} limit ${limit} offset ${offset}) a
      cross join lateral (
        select count(*)::int as available,
          (array_agg(d.day_number order by d.date, d.day_number))[1] as first_day,
          min(d.date)::text as first_date
        from association_days d where d.association_id = a.id and ${freeDay(today)}) f
      order by ${order}`,
  );
}

const openPages: Record<TOpenAssociationsRequest['sortBy'], ReturnType<typeof openPage>> = {
  from_date: openPage('from_date', sql`a.from_date asc, a.id asc`),
  cost: openPage('cost', sql`a.cost_piastres asc, a.id asc`),
};

export async function openAssociations(db: Reader, query: TOpenAssociationsRequest, today: string, window: PageWindow) {
  const page = await listPage(
    window,
    async (limit, offset) => ridingTotal(await openPages[query.sortBy](db, today, limit, offset)),
    () => cappedCount(db, openMatching(today)),
  );
  return {
    ...page,
    data: page.data.map(
      (r): TOpenAssociation => ({
        id: Number(r.id),
        code: associationCode(Number(r.id)),
        title: r.title,
        type: r.type,
        cost: piastresToPounds(Number(r.cost_piastres)),
        from_date: r.from_date,
        to_date: r.to_date,
        amount: piastresToPounds(r.amount_piastres),
        available_days: Number(r.available),
        first_available: r.first_day === null ? null : { day_number: Number(r.first_day), date: r.first_date ?? '' },
      }),
    ),
  };
}

const associationExists = fixedRead<{ id: number }, [number]>(
  'association_exists',
  (associationId) => sql`select id from associations where id = ${associationId}`,
);
const freeDays = fixedRead<{ day_number: number; date: string }, [number, string]>(
  'free_days',
  (associationId, today) => sql`select d.day_number, d.date::text as date from association_days d
    where d.association_id = ${associationId} and ${freeDay(today)}
    order by d.date, d.day_number`,
);

/** The free days of an association from today on; undefined when there is no such association. */
export async function availableDays(db: Reader, associationId: number, today: string) {
  const [association] = await associationExists(db, associationId);
  if (!association) return undefined;
  const rows = await freeDays(db, associationId, today);
  return rows.map((r) => ({ day_number: Number(r.day_number), date: r.date }));
}
