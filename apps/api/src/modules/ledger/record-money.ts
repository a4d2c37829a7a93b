import { piastresToPounds, poundsToPiastres } from '@portal/shared/money';
import type { TReceivePaymentsRequest, TTransferRequest } from '@portal/shared/schemas/associations';
import type { PayoutRefusal, TPayoutQuote } from '@portal/shared/schemas/ledger';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { type AppContext, callerOf, type TxContext } from '../../lib/context.js';
import { tellMember } from '../notifications/tell-member.js';
import { readSetting } from '../settings/settings.service.js';
import {
  arrearsOf,
  isClosed,
  type LockedSubscription,
  lockSubscription,
  readSubscription,
  writeReceipt,
} from './ledger.repository.js';

/**
 * Money in and money out (issue 20 §1, §2; docs/decisions/0029-money-controls.md). Every write
 * locks the subscription first (FOR NO KEY UPDATE), then its installments: one order everywhere,
 * so a receipt and a payout of one subscription take turns instead of deadlocking.
 */

export const MY_ASSOCIATIONS = '/my/associations';

export function closedError(): AppError {
  return AppError.conflict('ledger.errors.association_closed');
}

/** The association accepts new money records, and the subscription is active. */
export function assertOpen(s: LockedSubscription, today: string): void {
  if (isClosed(s, today)) throw closedError();
  if (s.status !== 'active') throw AppError.conflict('ledger.errors.subscription_cancelled');
}

const cairoYear = (today: string) => today.slice(0, 4);

/**
 * POST /subscriptions/payments/receive: the installments received, one receipt per subscription
 * they belong to, all in one transaction. Unknown ids: 404; any not pending (received, or
 * cancelled by a withdrawal): 409 naming them; a closed association or a withdrawn subscription:
 * 409; a date received before the subscription was made: 422. Nothing is recorded on a refusal.
 */
export async function receivePayments(ctx: AppContext, input: TReceivePaymentsRequest): Promise<number[]> {
  const ids = [...new Set(input.ids)];
  const today = ctx.clock.today();
  const receivedOn = input.received_on ?? today;
  const recordedBy = callerOf(ctx).userId;
  await inTransaction(ctx, async (tx) => {
    // The subscriptions first (an installment never changes subscription, so this read needs no lock).
    const owners = rowsOf<{ subscription_id: number }>(
      await tx.db.execute(sql`select distinct subscription_id from installments
        where id = any(${`{${ids.join(',')}}`}::bigint[]) order by subscription_id`),
    ).map((r) => Number(r.subscription_id));
    const subscriptions: LockedSubscription[] = [];
    for (const id of owners) {
      const s = await lockSubscription(tx.db, id);
      if (s) subscriptions.push(s);
    }
    const rows = rowsOf<{ id: number; subscription_id: number; status: string }>(
      await tx.db.execute(sql`select id, subscription_id, status from installments
        where id = any(${`{${ids.join(',')}}`}::bigint[]) order by id for update`),
    );
    if (rows.length < ids.length) throw AppError.notFound();
    const notPending = rows.filter((r) => r.status !== 'pending').map((r) => Number(r.id));
    if (notPending.length > 0) {
      throw AppError.conflict('associations.errors.payments_not_pending', [
        { field: 'ids', key: 'associations.errors.payments_not_pending', params: { ids: notPending.join(', ') } },
      ]);
    }
    for (const s of subscriptions) {
      assertOpen(s, today);
      // created_at is the database's clock; the bound is never later than today as the app's clock sees it.
      const since = s.created_on < today ? s.created_on : today;
      if (receivedOn < since) {
        throw AppError.validation([
          {
            field: 'received_on',
            key: 'ledger.validation.received_on_before_subscription',
            params: { date: since },
          },
        ]);
      }
    }
    for (const s of subscriptions) {
      await writeReceipt(tx.db, {
        subscriptionId: s.id,
        associationId: s.association_id,
        userId: s.user_id,
        method: input.method,
        reference: input.reference || null,
        receivedOn,
        note: input.note || null,
        recordedBy,
        payoutId: null,
        installmentIds: rows.filter((r) => Number(r.subscription_id) === s.id).map((r) => Number(r.id)),
        year: cairoYear(today),
      });
    }
  });
  return ids;
}

type PayoutFigures = {
  subscription: LockedSubscription;
  date: string;
  arrears: Awaited<ReturnType<typeof arrearsOf>>;
  policy: 'net' | 'refuse';
  refusal: PayoutRefusal | null;
  deductedPiastres: number;
  netPiastres: number;
};

/** The payout's figures on `date` and why it may not be recorded (the quote and the record share it). */
async function payoutFigures(
  ctx: AppContext | TxContext,
  subscription: LockedSubscription,
  date: string,
  lock: boolean,
): Promise<PayoutFigures> {
  const today = ctx.clock.today();
  const arrears = await arrearsOf(ctx.db, subscription.id, date, today, { lock });
  const policy = (await readSetting(ctx.db, 'payout_arrears_policy')) === 'refuse' ? 'refuse' : 'net';
  const gross = subscription.amount_piastres;
  let refusal: PayoutRefusal | null = null;
  if (isClosed(subscription, today)) refusal = 'closed';
  else if (subscription.status !== 'active') refusal = 'cancelled';
  else if (subscription.transfer_status === 'paid') refusal = 'paid';
  else if (subscription.turn_date > today) refusal = 'not_due';
  else if (date < subscription.turn_date) refusal = 'date_before_turn';
  else if (arrears.sumPiastres > gross) refusal = 'arrears_exceed';
  else if (arrears.sumPiastres > 0 && policy === 'refuse') refusal = 'arrears_refused';
  const deductedPiastres = policy === 'net' && refusal === null ? arrears.sumPiastres : 0;
  return {
    subscription,
    date,
    arrears,
    policy,
    refusal,
    deductedPiastres,
    netPiastres: gross - deductedPiastres,
  };
}

function toQuote(f: PayoutFigures): TPayoutQuote {
  return {
    subscription_id: f.subscription.id,
    date: f.date,
    turn_date: f.subscription.turn_date,
    gross: piastresToPounds(f.subscription.amount_piastres),
    arrears: {
      count: f.arrears.ids.length,
      sum: piastresToPounds(f.arrears.sumPiastres),
      late_count: f.arrears.lateCount,
      late_sum: piastresToPounds(f.arrears.latePiastres),
      installments: f.arrears.lines,
    },
    deducted: piastresToPounds(f.deductedPiastres),
    net: piastresToPounds(f.netPiastres),
    policy: f.policy,
    refusal: f.refusal,
  };
}

/** POST /subscriptions/{id}/payout-quote: what the payout dialog shows before it is confirmed. */
export async function quotePayout(ctx: AppContext, id: number, input: { date?: string }): Promise<TPayoutQuote> {
  const subscription = await readSubscription(ctx.db, id);
  if (!subscription) throw AppError.notFound();
  return toQuote(await payoutFigures(ctx, subscription, input.date ?? ctx.clock.today(), false));
}

/** A refusal as the error the record call answers. */
function refusalError(f: PayoutFigures): AppError {
  switch (f.refusal) {
    case 'closed':
      return closedError();
    case 'cancelled':
      return AppError.conflict('ledger.errors.subscription_cancelled');
    case 'paid':
      return AppError.conflict('associations.errors.payout_done');
    case 'not_due':
      return AppError.conflict('associations.errors.payout_not_due');
    case 'date_before_turn':
      return AppError.validation([{ field: 'date', key: 'associations.validation.transfer_date_before_turn' }]);
    case 'arrears_exceed':
      return new AppError(409, 'ledger.errors.arrears_exceed', {
        sum: piastresToPounds(f.arrears.sumPiastres),
        amount: piastresToPounds(f.subscription.amount_piastres),
      });
    default:
      return new AppError(409, 'ledger.errors.arrears_refused', {
        count: f.arrears.ids.length,
        sum: piastresToPounds(f.arrears.sumPiastres),
        date: f.date,
      });
  }
}

/**
 * POST /subscriptions/{id}/transfer: the payout, against the member's arrears (issue 20 §1). With
 * the subscription and its arrears locked: under policy `net` one receipt (method
 * payout_deduction, pointing to the payout) settles the arrears and the net is recorded; under
 * `refuse` any arrears refuse it; arrears above the payout refuse it under either. The member is
 * told in the bell and by mail, in the same transaction.
 */
export async function recordPayout(ctx: AppContext, id: number, input: TTransferRequest): Promise<number> {
  const today = ctx.clock.today();
  const recordedBy = callerOf(ctx).userId;
  return inTransaction(ctx, async (tx) => {
    const subscription = await lockSubscription(tx.db, id);
    if (!subscription) throw AppError.notFound();
    const f = await payoutFigures(tx, subscription, input.date, true);
    if (f.refusal) throw refusalError(f);
    if (input.expected_net !== undefined && poundsToPiastres(input.expected_net) !== f.netPiastres) {
      throw new AppError(409, 'ledger.errors.quote_changed', { net: piastresToPounds(f.netPiastres) });
    }
    const [payout] = rowsOf<{ id: number | string }>(
      await tx.db.execute(sql`insert into payouts (kind, subscription_id, association_id, user_id, gross_piastres,
          deducted_piastres, net_piastres, reference, paid_on, note, recorded_by)
        values ('payout', ${subscription.id}, ${subscription.association_id}, ${subscription.user_id},
          ${subscription.amount_piastres}, ${f.deductedPiastres}, ${f.netPiastres}, ${input.reference},
          ${input.date}::date, ${input.note || null}, ${recordedBy})
        returning id`),
    );
    if (!payout) throw new Error('payout insert returned nothing');
    const payoutId = Number(payout.id);
    if (f.deductedPiastres > 0) {
      await writeReceipt(tx.db, {
        subscriptionId: subscription.id,
        associationId: subscription.association_id,
        userId: subscription.user_id,
        method: 'payout_deduction',
        reference: input.reference,
        receivedOn: input.date,
        note: null,
        recordedBy,
        payoutId,
        installmentIds: f.arrears.ids,
        year: cairoYear(today),
      });
    }
    const done = rowsOf<{ id: number }>(
      await tx.db.execute(sql`update subscriptions set transfer_status = 'paid', payout_id = ${payoutId},
          transfer_reference = ${input.reference}, transfer_date = ${input.date}::date,
          transferred_by = ${recordedBy}, updated_at = now()
        where id = ${subscription.id} and status = 'active' and transfer_status = 'unpaid'
        returning id`),
    );
    if (done.length !== 1) throw AppError.conflict('associations.errors.payout_done');
    await tellMember(tx, subscription.user_id, {
      type: 'payout_recorded',
      link: MY_ASSOCIATIONS,
      values: {
        association: subscription.title,
        day: subscription.day_number,
        date: input.date,
        reference: input.reference,
        gross: piastresToPounds(subscription.amount_piastres),
        deducted: piastresToPounds(f.deductedPiastres),
        net: piastresToPounds(f.netPiastres),
        count: f.arrears.ids.length,
      },
    });
    return payoutId;
  });
}
