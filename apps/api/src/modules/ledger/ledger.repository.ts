import { piastresToPounds } from '@portal/shared/money';
import type { TInstallmentTotals } from '@portal/shared/schemas/associations';
import type {
  ReceiptMethod,
  TInstallmentLine,
  TLedgerEntry,
  TLedgerTotals,
  TPayout,
  TReceipt,
  TSettlementLine,
  TSubscriptionBalance,
} from '@portal/shared/schemas/ledger';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { fixedRead } from '../../db/prepared.js';
import type { Reader, Tx } from '../../db/transaction.js';
import { associationCode } from '../associations/associations.repository.js';

/**
 * The ledger's SQL (docs/decisions/0029-money-controls.md). Every sum is taken in SQL over
 * piastres; only the DTOs turn them into EGP. "Live" means not reversed.
 */

const iso = (value: string | Date | null | undefined) => (value ? new Date(value).toISOString() : null);
const money = (piastres: number | string | null | undefined) => piastresToPounds(Number(piastres ?? 0));

/** A receipt not reversed. */
const LIVE_RECEIPT = sql`not exists (select 1 from reversals v where v.receipt_id = r.id)`;
/** A payout or refund not reversed. */
const LIVE_PAYOUT = sql`not exists (select 1 from reversals v where v.payout_id = p.id)`;

/* ------------------------------------------------------------------ writing */

/**
 * The next receipt number of a Cairo year, gapless: the counter row is locked by this
 * transaction until it ends, and a rollback gives the number back.
 */
export async function nextReceiptNumber(tx: Tx, year: string): Promise<string> {
  const [row] = rowsOf<{ n: number | string }>(
    await tx.execute(sql`insert into counters (key, n) values (${`receipts.${year}`}, 1)
      on conflict (key) do update set n = counters.n + 1 returning n`),
  );
  return `R-${year}-${String(Number(row?.n ?? 0)).padStart(6, '0')}`;
}

export type ReceiptInput = {
  subscriptionId: number;
  associationId: number;
  userId: number;
  method: ReceiptMethod;
  reference: string | null;
  receivedOn: string;
  note: string | null;
  recordedBy: number | null;
  payoutId: number | null;
  /** Installments of this subscription, locked and pending. */
  installmentIds: number[];
  year: string;
};

/**
 * One receipt for installments of one subscription: the receipt (its amount summed in SQL from
 * the installments), its lines, and the installments received — each only if still pending (the
 * update decides; the caller has them locked, so a shortfall is a bug, not a race).
 */
export async function writeReceipt(tx: Tx, input: ReceiptInput): Promise<{ id: number; number: string }> {
  const number = await nextReceiptNumber(tx, input.year);
  const ids = sql`${`{${input.installmentIds.join(',')}}`}::bigint[]`;
  const [receipt] = rowsOf<{ id: number | string }>(
    await tx.execute(sql`insert into receipts (number, subscription_id, association_id, user_id, method, reference,
        received_on, amount_piastres, payout_id, note, recorded_by)
      select ${number}, ${input.subscriptionId}, ${input.associationId}, ${input.userId}, ${input.method},
        ${input.reference}, ${input.receivedOn}::date, sum(i.amount_piastres), ${input.payoutId}, ${input.note},
        ${input.recordedBy}
      from installments i
      where i.id = any(${ids}) and i.subscription_id = ${input.subscriptionId} and i.status = 'pending'
      returning id`),
  );
  if (!receipt) throw new Error('receipt insert returned nothing');
  const id = Number(receipt.id);
  await tx.execute(sql`insert into receipt_lines (receipt_id, installment_id, day_number, due_date, amount_piastres)
    select ${id}, i.id, i.day_number, i.due_date, i.amount_piastres from installments i
    where i.id = any(${ids}) and i.subscription_id = ${input.subscriptionId} and i.status = 'pending'`);
  const done = rowsOf<{ id: number }>(
    await tx.execute(sql`update installments set status = 'received', receipt_id = ${id}, received_at = now(),
        received_by = ${input.recordedBy}, reference = ${input.reference}, note = ${input.note}
      where id = any(${ids}) and subscription_id = ${input.subscriptionId} and status = 'pending'
      returning id`),
  );
  if (done.length !== input.installmentIds.length) throw new Error('receipt: installments changed under their lock');
  return { id, number };
}

/**
 * Puts a reversed receipt's installments back: pending on an active subscription, cancelled on a
 * withdrawn one (it owes no more installments), owed by the subscription's member now.
 */
export async function restoreInstallments(tx: Tx, receiptId: number): Promise<number> {
  const restored = rowsOf<{ id: number }>(
    await tx.execute(sql`update installments i
        set status = case when s.status = 'active' then 'pending' else 'cancelled' end,
            receipt_id = null, received_at = null, received_by = null, reference = null, note = null,
            user_id = s.user_id
      from subscriptions s
      where i.receipt_id = ${receiptId} and i.status = 'received' and s.id = i.subscription_id
      returning i.id`),
  );
  const [lines] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from receipt_lines where receipt_id = ${receiptId}`),
  );
  if (restored.length !== Number(lines?.n ?? 0)) throw new Error('reversal: a receipt line no longer points to it');
  return restored.length;
}

/* ------------------------------------------------------------------ reading */

/** The subscription row a money action decides on, locked (FOR NO KEY UPDATE) until the transaction ends. */
export type LockedSubscription = {
  id: number;
  association_id: number;
  user_id: number;
  day_number: number;
  status: 'active' | 'cancelled';
  transfer_status: 'unpaid' | 'paid';
  payout_id: number | null;
  amount_piastres: number;
  turn_date: string;
  created_on: string;
  title: string;
  from_date: string;
  to_date: string;
  closed_at: string | null;
};

const subscriptionSelect = sql`select s.id, s.association_id, s.user_id, s.day_number, s.status, s.transfer_status,
    s.payout_id, s.amount_piastres, d.date::text as turn_date,
    (s.created_at at time zone 'Africa/Cairo')::date::text as created_on,
    a.title, a.from_date::text as from_date, a.to_date::text as to_date, a.closed_at
  from subscriptions s
  join associations a on a.id = s.association_id
  join association_days d on d.association_id = s.association_id and d.day_number = s.day_number`;

function toLocked(r: LockedSubscription): LockedSubscription {
  return {
    status: r.status,
    transfer_status: r.transfer_status,
    turn_date: r.turn_date,
    created_on: r.created_on,
    title: r.title,
    from_date: r.from_date,
    to_date: r.to_date,
    closed_at: r.closed_at,
    id: Number(r.id),
    association_id: Number(r.association_id),
    user_id: Number(r.user_id),
    day_number: Number(r.day_number),
    payout_id: r.payout_id === null ? null : Number(r.payout_id),
    amount_piastres: Number(r.amount_piastres),
  };
}

export async function lockSubscription(tx: Tx, id: number): Promise<LockedSubscription | undefined> {
  const [row] = rowsOf<LockedSubscription>(
    await tx.execute(sql`${subscriptionSelect} where s.id = ${id} for no key update of s`),
  );
  return row ? toLocked(row) : undefined;
}

export async function readSubscription(db: Reader, id: number): Promise<LockedSubscription | undefined> {
  const [row] = rowsOf<LockedSubscription>(await db.execute(sql`${subscriptionSelect} where s.id = ${id}`));
  return row ? toLocked(row) : undefined;
}

/** Closed: the job closed it, or its end date has come before the job ran. */
export function isClosed(s: { closed_at: string | null; to_date: string }, today: string): boolean {
  return s.closed_at !== null || s.to_date <= today;
}

/** The subscription's pending installments due on or before `date` (its arrears then), oldest first. */
export async function arrearsOf(
  db: Reader,
  subscriptionId: number,
  date: string,
  today: string,
  options: { lock?: boolean } = {},
): Promise<{
  lines: TInstallmentLine[];
  ids: number[];
  sumPiastres: number;
  lateCount: number;
  latePiastres: number;
}> {
  // Locked first, on their own: PostgreSQL allows no FOR UPDATE with the window sums below.
  if (options.lock) {
    await db.execute(sql`select i.id from installments i
      where i.subscription_id = ${subscriptionId} and i.status = 'pending' and i.due_date <= ${date}::date
      order by i.id for update`);
  }
  const rows = rowsOf<{
    id: number;
    day_number: number;
    due_date: string;
    amount_piastres: number;
    total: string;
    late_count: string;
    late_sum: string;
  }>(
    await db.execute(sql`select i.id, i.day_number, i.due_date::text as due_date, i.amount_piastres,
        sum(i.amount_piastres) over () as total,
        count(*) filter (where i.due_date < ${today}::date) over () as late_count,
        coalesce(sum(i.amount_piastres) filter (where i.due_date < ${today}::date) over (), 0) as late_sum
      from installments i
      where i.subscription_id = ${subscriptionId} and i.status = 'pending' and i.due_date <= ${date}::date
      order by i.due_date, i.id`),
  );
  const lines = rows.map((r) => ({
    id: Number(r.id),
    day_number: Number(r.day_number),
    due_date: r.due_date,
    amount: money(r.amount_piastres),
  }));
  return {
    lines,
    ids: lines.map((l) => l.id),
    sumPiastres: Number(rows[0]?.total ?? 0),
    lateCount: Number(rows[0]?.late_count ?? 0),
    latePiastres: Number(rows[0]?.late_sum ?? 0),
  };
}

/**
 * Installments by state as aggregate columns over `i` (installments): received, late and future as
 * of today (Cairo), cancelled. `toInstallmentTotals` reads them back; a member's statement sums them
 * in the same pass as its rows.
 */
export function installmentStateColumns(today: string): SQL {
  return sql`count(*) as total,
      count(*) filter (where i.status = 'received') as received_count,
      coalesce(sum(i.amount_piastres) filter (where i.status = 'received'), 0) as received_sum,
      count(*) filter (where i.status = 'pending' and i.due_date < ${today}::date) as late_count,
      coalesce(sum(i.amount_piastres) filter (where i.status = 'pending' and i.due_date < ${today}::date), 0) as late_sum,
      count(*) filter (where i.status = 'pending' and i.due_date >= ${today}::date) as future_count,
      coalesce(sum(i.amount_piastres) filter (where i.status = 'pending' and i.due_date >= ${today}::date), 0) as future_sum,
      count(*) filter (where i.status = 'cancelled') as cancelled_count`;
}

/** A subscription's installments by state, as one row. */
function installmentsByState(subscriptionId: number, today: string): SQL {
  return sql`select ${installmentStateColumns(today)} from installments i where i.subscription_id = ${subscriptionId}`;
}

export function toInstallmentTotals(row: Record<string, string | number> | undefined): TInstallmentTotals {
  return {
    total: Number(row?.total ?? 0),
    received_count: Number(row?.received_count ?? 0),
    received_sum: money(row?.received_sum),
    late_count: Number(row?.late_count ?? 0),
    late_sum: money(row?.late_sum),
    future_count: Number(row?.future_count ?? 0),
    future_sum: money(row?.future_sum),
    cancelled_count: Number(row?.cancelled_count ?? 0),
  };
}

/** One statement: the subscription's state, its money from the ledger, its installments by state. */
const subscriptionFigures = fixedRead<LockedSubscription & Record<string, string | number>, [number, string]>(
  'subscription_figures',
  (subscriptionId, today) => sql`select st.*,
      coalesce((select sum(r.amount_piastres) from receipts r where r.subscription_id = st.id and ${LIVE_RECEIPT}), 0) as paid,
      coalesce((select sum(p.gross_piastres) from payouts p where p.subscription_id = st.id and p.kind = 'payout' and ${LIVE_PAYOUT}), 0) as paid_out,
      coalesce((select sum(p.net_piastres) from payouts p where p.subscription_id = st.id and p.kind = 'refund' and ${LIVE_PAYOUT}), 0) as refunded,
      i.*
    from (${subscriptionSelect} where s.id = ${subscriptionId}) st
    cross join (${installmentsByState(subscriptionId, today)}) i`,
);

/**
 * A subscription as a money action decides on it (unlocked) and its figures, in one statement: the
 * installments by state (one read of them) and what it paid, was paid and still owes, from the
 * ledger. Its detail screen, its ledger and the withdrawal quote show both; one round trip
 * instead of two or three.
 */
export async function readSubscriptionFigures(
  db: Reader,
  subscriptionId: number,
  today: string,
): Promise<
  { subscription: LockedSubscription; installments: TInstallmentTotals; balance: TSubscriptionBalance } | undefined
> {
  const [row] = await subscriptionFigures(db, subscriptionId, today);
  if (!row) return undefined;
  const paid = Number(row.paid ?? 0);
  const paidOut = Number(row.paid_out ?? 0);
  const refunded = Number(row.refunded ?? 0);
  const installments = toInstallmentTotals(row);
  return {
    subscription: toLocked(row),
    installments,
    balance: {
      paid: money(paid),
      paid_out: money(paidOut),
      refunded: money(refunded),
      owed_back: money(paid - paidOut - refunded),
      late_count: installments.late_count,
      late_sum: installments.late_sum,
      future_count: installments.future_count,
      future_sum: installments.future_sum,
    },
  };
}

/** What a subscription that exists paid, was paid and still owes, from the ledger. */
export async function balanceOf(db: Reader, subscriptionId: number, today: string): Promise<TSubscriptionBalance> {
  const found = await readSubscriptionFigures(db, subscriptionId, today);
  if (!found) throw new Error(`the balance of subscription ${subscriptionId}, which does not exist`);
  return found.balance;
}

/** owed back in piastres: paid − payouts (gross) − refunds, every live one (a refund's gross is its net). */
export async function owedBackPiastres(db: Reader, subscriptionId: number): Promise<number> {
  const [row] = rowsOf<{ owed: string | number }>(
    await db.execute(sql`select
        coalesce((select sum(r.amount_piastres) from receipts r where r.subscription_id = ${subscriptionId} and ${LIVE_RECEIPT}), 0)
      - coalesce((select sum(p.gross_piastres) from payouts p where p.subscription_id = ${subscriptionId} and ${LIVE_PAYOUT}), 0)
        as owed`),
  );
  return Number(row?.owed ?? 0);
}

type PersonRow = { id: number | null; name: string | null };
const person = (p: PersonRow) => (p.id === null ? null : { id: Number(p.id), name: p.name ?? '' });

type ReceiptRecord = {
  id: number;
  number: string;
  received_on: string;
  created_at: string;
  method: ReceiptMethod;
  reference: string | null;
  note: string | null;
  amount_piastres: number;
  user_id: number;
  user_name: string;
  user_phone: string;
  association_id: number;
  title: string;
  cost_piastres: number;
  subscription_id: number;
  day_number: number;
  turn_date: string;
  recorder_id: number | null;
  recorder_name: string | null;
  payout_id: number | null;
  reversal_id: number | null;
  reversal_reason: string | null;
  reversal_at: string | null;
  reverser_id: number | null;
  reverser_name: string | null;
};

/** Everything a printed receipt shows. */
export async function findReceipt(db: Reader, id: number, onlyUser?: number): Promise<TReceipt | undefined> {
  const mine = onlyUser === undefined ? sql`` : sql` and r.user_id = ${onlyUser}`;
  const [r] = rowsOf<ReceiptRecord>(
    await db.execute(sql`select r.id, r.number, r.received_on::text as received_on, r.created_at, r.method,
        r.reference, r.note, r.amount_piastres, r.user_id, m.name as user_name, m.phone as user_phone,
        a.id as association_id, a.title, a.cost_piastres, s.id as subscription_id, s.day_number, d.date::text as turn_date,
        rb.id as recorder_id, rb.name as recorder_name, r.payout_id,
        v.id as reversal_id, v.reason as reversal_reason, v.created_at as reversal_at,
        vb.id as reverser_id, vb.name as reverser_name
      from receipts r
      join users m on m.id = r.user_id
      join associations a on a.id = r.association_id
      join subscriptions s on s.id = r.subscription_id
      join association_days d on d.association_id = s.association_id and d.day_number = s.day_number
      left join users rb on rb.id = r.recorded_by
      left join reversals v on v.receipt_id = r.id
      left join users vb on vb.id = v.reversed_by
      where r.id = ${id}${mine}`),
  );
  if (!r) return undefined;
  const lines = rowsOf<{ installment_id: number; day_number: number; due_date: string; amount_piastres: number }>(
    await db.execute(sql`select installment_id, day_number, due_date::text as due_date, amount_piastres
      from receipt_lines where receipt_id = ${id} order by due_date, installment_id`),
  );
  return {
    id: Number(r.id),
    number: r.number,
    date: r.received_on,
    created_at: iso(r.created_at) ?? '',
    method: r.method,
    reference: r.reference,
    note: r.note,
    amount: money(r.amount_piastres),
    member: { id: Number(r.user_id), name: r.user_name, phone: r.user_phone },
    association: {
      id: Number(r.association_id),
      code: associationCode(Number(r.association_id)),
      title: r.title,
      cost: money(r.cost_piastres),
    },
    subscription: { id: Number(r.subscription_id), day_number: Number(r.day_number), date: r.turn_date },
    installments: lines.map((l) => ({
      id: Number(l.installment_id),
      day_number: Number(l.day_number),
      due_date: l.due_date,
      amount: money(l.amount_piastres),
    })),
    recorded_by: person({ id: r.recorder_id, name: r.recorder_name }),
    payout_id: r.payout_id === null ? null : Number(r.payout_id),
    reversal:
      r.reversal_id === null
        ? null
        : {
            id: Number(r.reversal_id),
            reason: r.reversal_reason ?? '',
            reversed_at: iso(r.reversal_at) ?? '',
            reversed_by: person({ id: r.reverser_id, name: r.reverser_name }),
          },
  };
}

/** A payout or a refund with who received it, its deduction receipt and its reversal. */
export async function findPayout(db: Reader, id: number): Promise<TPayout | undefined> {
  const [p] = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`select p.id, p.kind, p.subscription_id, p.association_id, p.user_id, m.name as user_name,
        m.phone as user_phone, p.gross_piastres, p.deducted_piastres, p.net_piastres, p.reference,
        p.paid_on::text as paid_on, p.note, rb.id as recorder_id, rb.name as recorder_name, p.created_at,
        dr.id as receipt_id, dr.number as receipt_number,
        v.id as reversal_id, v.reason as reversal_reason, v.created_at as reversal_at,
        vb.id as reverser_id, vb.name as reverser_name
      from payouts p
      join users m on m.id = p.user_id
      left join users rb on rb.id = p.recorded_by
      left join receipts dr on dr.payout_id = p.id
      left join reversals v on v.payout_id = p.id
      left join users vb on vb.id = v.reversed_by
      where p.id = ${id}`),
  );
  if (!p) return undefined;
  return {
    id: Number(p.id),
    kind: p.kind === 'refund' ? 'refund' : 'payout',
    subscription_id: Number(p.subscription_id),
    association_id: Number(p.association_id),
    member: { id: Number(p.user_id), name: String(p.user_name), phone: String(p.user_phone) },
    gross: money(p.gross_piastres),
    deducted: money(p.deducted_piastres),
    net: money(p.net_piastres),
    reference: String(p.reference),
    date: String(p.paid_on),
    note: p.note === null ? null : String(p.note),
    recorded_by: person({ id: p.recorder_id as number | null, name: p.recorder_name as string | null }),
    created_at: iso(p.created_at as string) ?? '',
    deduction_receipt: p.receipt_id === null ? null : { id: Number(p.receipt_id), number: String(p.receipt_number) },
    reversal:
      p.reversal_id === null
        ? null
        : {
            id: Number(p.reversal_id),
            reason: String(p.reversal_reason),
            reversed_at: iso(p.reversal_at as string) ?? '',
            reversed_by: person({ id: p.reverser_id as number | null, name: p.reverser_name as string | null }),
          },
  };
}

/** A subscription's history, oldest first: receipts, payouts and refunds, reversals, withdrawals, replacements. */
export async function ledgerEntries(db: Reader, subscriptionId: number): Promise<TLedgerEntry[]> {
  const rows = rowsOf<{
    kind: TLedgerEntry['kind'];
    id: number;
    at: string;
    number: string | null;
    amount: number | null;
    method: ReceiptMethod | null;
    reference: string | null;
    date: string | null;
    member_id: number | null;
    member_name: string | null;
    member_phone: string | null;
    previous_id: number | null;
    previous_name: string | null;
    previous_phone: string | null;
    recorder_id: number | null;
    recorder_name: string | null;
    reason: string | null;
    target_kind: 'receipt' | 'payout' | 'refund' | null;
    target_id: number | null;
    reversed: boolean;
  }>(
    await db.execute(sql`select e.*, m.name as member_name, m.phone as member_phone,
        pm.name as previous_name, pm.phone as previous_phone, rb.name as recorder_name
      from (
        select 'receipt' as kind, r.id, r.created_at as at, r.number, r.amount_piastres as amount, r.method,
          r.reference, r.received_on::text as date, r.user_id as member_id, null::int as previous_id,
          r.recorded_by as recorder_id, null::text as reason, null::text as target_kind, null::bigint as target_id,
          exists (select 1 from reversals v where v.receipt_id = r.id) as reversed
        from receipts r where r.subscription_id = ${subscriptionId}
        union all
        select p.kind, p.id, p.created_at, null, p.gross_piastres, null, p.reference, p.paid_on::text, p.user_id, null,
          p.recorded_by, null, null, null, exists (select 1 from reversals v where v.payout_id = p.id)
        from payouts p where p.subscription_id = ${subscriptionId}
        union all
        select 'reversal', v.id, v.created_at, null, coalesce(r.amount_piastres, p.gross_piastres), null, null, null,
          coalesce(r.user_id, p.user_id), null, v.reversed_by, v.reason,
          case when v.receipt_id is not null then 'receipt' else p.kind end, coalesce(v.receipt_id, v.payout_id), false
        from reversals v left join receipts r on r.id = v.receipt_id left join payouts p on p.id = v.payout_id
        where v.subscription_id = ${subscriptionId}
        union all
        select case when c.kind = 'withdrawal' then 'withdrawal' else 'replacement' end, c.id, c.created_at, null, null,
          null, null, null, coalesce(c.to_user_id, c.from_user_id),
          case when c.kind = 'replacement' then c.from_user_id end, c.recorded_by, c.reason, null, null, false
        from subscription_changes c where c.subscription_id = ${subscriptionId}
      ) as e
      left join users m on m.id = e.member_id
      left join users pm on pm.id = e.previous_id
      left join users rb on rb.id = e.recorder_id
      order by e.at, e.kind, e.id`),
  );
  return rows.map((r) => ({
    kind: r.kind,
    id: Number(r.id),
    at: iso(r.at) ?? '',
    number: r.number,
    amount: r.amount === null ? null : money(r.amount),
    method: r.method,
    reference: r.reference,
    date: r.date,
    member:
      r.member_id === null ? null : { id: Number(r.member_id), name: r.member_name ?? '', phone: r.member_phone ?? '' },
    previous_member:
      r.previous_id === null
        ? null
        : { id: Number(r.previous_id), name: r.previous_name ?? '', phone: r.previous_phone ?? '' },
    recorded_by: person({ id: r.recorder_id, name: r.recorder_name }),
    reason: r.reason,
    target: r.target_kind === null ? null : { kind: r.target_kind, id: Number(r.target_id) },
    reversed: r.reversed === true,
  }));
}

/** Every subscription of an association with what it paid, received and owes (piastres in SQL, EGP out). */
export async function settlementLines(db: Reader, associationId: number): Promise<TSettlementLine[]> {
  const rows = rowsOf<Record<string, string | number>>(
    await db.execute(sql`select t.*,
        case when t.status = 'active'
          then (case when t.transfer_status = 'unpaid' then t.amount_piastres else 0 end) - t.pending
          else t.paid - t.received end as net
      from (
        select s.id, s.day_number, d.date::text as date, s.user_id, u.name, u.phone, s.status, s.transfer_status,
          s.amount_piastres,
          coalesce((select sum(r.amount_piastres) from receipts r where r.subscription_id = s.id and ${LIVE_RECEIPT}), 0) as paid,
          coalesce((select sum(case when p.kind = 'payout' then p.gross_piastres else p.net_piastres end)
            from payouts p where p.subscription_id = s.id and ${LIVE_PAYOUT}), 0) as received,
          coalesce((select sum(i.amount_piastres) from installments i
            where i.subscription_id = s.id and i.status = 'pending'), 0) as pending
        from subscriptions s
        join users u on u.id = s.user_id
        join association_days d on d.association_id = s.association_id and d.day_number = s.day_number
        where s.association_id = ${associationId}
      ) as t
      order by t.date, t.id`),
  );
  return rows.map((r) => {
    const net = Number(r.net);
    return {
      subscription_id: Number(r.id),
      day_number: Number(r.day_number),
      date: String(r.date),
      member: { id: Number(r.user_id), name: String(r.name), phone: String(r.phone) },
      status: r.status === 'cancelled' ? 'cancelled' : 'active',
      transfer_status: r.transfer_status === 'paid' ? 'paid' : 'unpaid',
      paid: money(r.paid),
      received: money(r.received),
      pending: money(r.pending),
      owed_by_member: money(Math.max(0, -net)),
      owed_to_member: money(Math.max(0, net)),
    };
  });
}

/**
 * An association's ledger totals (or every association's, without an id): the definitions of
 * docs/decisions/0029, each one SQL sum. cash_position = collected − paid_out − refunds.
 */
export async function ledgerTotals(db: Reader, associationId?: number): Promise<TLedgerTotals> {
  const of = (alias: string): SQL =>
    associationId === undefined ? sql`true` : sql`${sql.raw(alias)}.association_id = ${associationId}`;
  const [row] = rowsOf<Record<string, string | number>>(
    await db.execute(sql`select
        (select count(*) from subscriptions s where ${of('s')} and s.status = 'active') as subscriptions,
        (select count(*) from subscriptions s where ${of('s')} and s.status = 'cancelled') as withdrawn,
        coalesce((select sum(r.amount_piastres) from receipts r where ${of('r')} and ${LIVE_RECEIPT}), 0) as collected,
        coalesce((select sum(p.gross_piastres) from payouts p where ${of('p')} and p.kind = 'payout' and ${LIVE_PAYOUT}), 0) as paid_out,
        coalesce((select sum(p.deducted_piastres) from payouts p where ${of('p')} and p.kind = 'payout' and ${LIVE_PAYOUT}), 0) as deducted,
        coalesce((select sum(p.net_piastres) from payouts p where ${of('p')} and p.kind = 'refund' and ${LIVE_PAYOUT}), 0) as refunds`),
  );
  const collected = Number(row?.collected ?? 0);
  const paidOut = Number(row?.paid_out ?? 0);
  const deducted = Number(row?.deducted ?? 0);
  const refunds = Number(row?.refunds ?? 0);
  let owedBy = 0;
  let owedTo = 0;
  if (associationId !== undefined) {
    for (const line of await settlementLines(db, associationId)) {
      owedBy += Math.round(line.owed_by_member * 100);
      owedTo += Math.round(line.owed_to_member * 100);
    }
  }
  return {
    subscriptions: Number(row?.subscriptions ?? 0),
    withdrawn: Number(row?.withdrawn ?? 0),
    collected: money(collected),
    paid_out: money(paidOut),
    deducted: money(deducted),
    transferred: money(paidOut - deducted),
    refunds: money(refunds),
    cash_position: money(collected - paidOut - refunds),
    owed_by_members: money(owedBy),
    owed_to_members: money(owedTo),
  };
}
