import { piastresToPounds } from '@portal/shared/money';
import type {
  TPayment,
  TPaymentListRequest,
  TReceivePaymentsRequest,
  TSubscription,
  TSubscriptionCreateRequest,
  TSubscriptionDetail,
  TSubscriptionListRequest,
  TSubscriptionQuote,
  TTransferRequest,
  TTransferResult,
} from '@portal/shared/schemas/associations';
import type { TListPage } from '@portal/shared/schemas/list';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { subscriptions } from '../../db/schema/associations.js';
import { users } from '../../db/schema/users.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { type AppContext, callerOf } from '../../lib/context.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { pageWindow } from '../../lib/list.js';
import { lockAssociation } from '../associations/associations.repository.js';
import { findPayout, isClosed, readSubscriptionFigures } from '../ledger/ledger.repository.js';
import { recordPayout, receivePayments as recordReceipts } from '../ledger/record-money.js';
import {
  findPayment,
  findSubscription,
  listPayments as listPaymentRows,
  listSubscriptions as listSubscriptionRows,
} from './subscriptions.repository.js';

export async function listSubscriptions(
  ctx: AppContext,
  query: TSubscriptionListRequest,
): Promise<TListPage<TSubscription>> {
  return listSubscriptionRows(ctx.db, query, pageWindow(query.page, query.perPage));
}

export async function getSubscription(ctx: AppContext, id: number): Promise<TSubscriptionDetail> {
  const today = ctx.clock.today();
  // Two reads at once: the subscription as listed, and its state with its figures (one read of its installments).
  const [subscription, figures] = await Promise.all([
    findSubscription(ctx.db, id),
    readSubscriptionFigures(ctx.db, id, today),
  ]);
  if (!subscription || !figures) throw AppError.notFound();
  const { subscription: state, balance } = figures;
  const closed = isClosed(state, today);
  const active = state.status === 'active' && !closed;
  return {
    ...subscription,
    installments: figures.installments,
    payout_due: active && subscription.transferStatus === 'unpaid' && subscription.date <= today,
    association_status: closed ? 'closed' : state.from_date <= today ? 'started' : 'pending',
    balance,
    can_withdraw: active,
    can_replace: active,
    can_refund: !closed && state.status === 'cancelled' && balance.owed_back > 0,
  };
}

/** What subscribing to a day means, before it is done: the payout and what is owed at once (today, Cairo). */
export async function quoteSubscription(
  ctx: AppContext,
  input: { association_id: number; day_number: number },
): Promise<TSubscriptionQuote> {
  const today = ctx.clock.today();
  const [row] = rowsOf<{ date: string | null; days: number; cost: number; past: number }>(
    await ctx.db.execute(sql`select
        (select d.date::text from association_days d where d.association_id = a.id and d.day_number = ${input.day_number}) as date,
        a.days_count as days,
        a.cost_piastres as cost,
        (select count(*)::int from association_days d where d.association_id = a.id and d.date < ${today}::date) as past
      from associations a where a.id = ${input.association_id}`),
  );
  if (!row) throw AppError.notFound();
  if (!row.date) throw dayUnknown(input.day_number);
  return {
    amount: piastresToPounds(Number(row.cost) * Number(row.days)),
    installments: Number(row.days),
    past_due_count: Number(row.past),
    past_due_sum: piastresToPounds(Number(row.cost) * Number(row.past)),
    day: { day_number: input.day_number, date: row.date },
  };
}

function dayUnknown(day: number): AppError {
  return AppError.validation([{ field: 'day_number', key: 'associations.errors.day_unknown', params: { day } }]);
}

function dayTaken(day: number): AppError {
  return new AppError(409, 'associations.errors.day_taken', { day }, [
    { field: 'day_number', key: 'associations.errors.day_taken', params: { day } },
  ]);
}

/**
 * PUT /subscriptions: the subscription and its installments (one per turn day, the cost each,
 * due on that day's date) in one transaction: one INSERT … SELECT writes the 1,200 rows. The
 * day is held by the unique index subscriptions_day_held_key, so two staff subscribing two
 * members to one day at the same moment: exactly one succeeds, the other gets 409 naming it.
 */
export async function subscribe(
  ctx: AppContext,
  input: TSubscriptionCreateRequest,
  rules: {
    /** A member joining by themselves (/me) takes only a day from today on and an association still running. */
    notBefore?: string;
  } = {},
): Promise<TSubscription> {
  const id = await inTransaction(ctx, async (tx) => {
    // Locked, not shared: the subscription counter on the association row is updated by this
    // transaction's trigger, so two subscriptions to one association take turns (a share lock
    // held by both would deadlock there); the full check then reads a settled count.
    const association = await lockAssociation(tx.db, input.association_id);
    if (!association) throw AppError.notFound();
    const [member] = await tx.db
      .select({ id: users.id, type: users.type, active: users.active })
      .from(users)
      .where(and(eq(users.id, input.user_id), sql`${users.deletedAt} is null`));
    if (!member) {
      throw AppError.validation([{ field: 'user_id', key: 'errors.not_found' }]);
    }
    if (member.type !== 'user' || !member.active) {
      throw AppError.validation([{ field: 'user_id', key: 'associations.errors.member_not_customer' }]);
    }
    const [day] = rowsOf<{ date: string }>(
      await tx.db.execute(sql`select date::text as date from association_days
        where association_id = ${input.association_id} and day_number = ${input.day_number}`),
    );
    if (rules.notBefore && association.toDate < rules.notBefore) throw AppError.conflict('members.errors.not_open');
    if (association.closedAt !== null || association.toDate <= ctx.clock.today()) {
      throw AppError.conflict('ledger.errors.association_closed');
    }
    if (association.subscriptionsCount >= association.daysCount) throw AppError.conflict('associations.errors.full');
    if (!day) throw dayUnknown(input.day_number);
    if (rules.notBefore && day.date < rules.notBefore) {
      throw AppError.validation([
        { field: 'day_number', key: 'members.errors.day_passed', params: { day: input.day_number } },
      ]);
    }
    const [created] = await tx.db
      .insert(subscriptions)
      .values({
        associationId: input.association_id,
        dayNumber: input.day_number,
        userId: input.user_id,
        amountPiastres: association.costPiastres * association.daysCount,
        createdBy: callerOf(ctx).userId,
      })
      .returning({ id: subscriptions.id })
      .catch((error: unknown) => {
        if (uniqueViolation(error) === 'subscriptions_day_held_key') throw dayTaken(input.day_number);
        throw error;
      });
    if (!created) throw new Error('subscription insert returned nothing');
    await tx.db.execute(sql`insert into installments
        (subscription_id, association_id, user_id, day_number, due_date, amount_piastres)
      select ${created.id}, d.association_id, ${input.user_id}, d.day_number, d.date, ${association.costPiastres}
        from association_days d where d.association_id = ${input.association_id}`);
    return created.id;
  }).catch((error: unknown) => {
    // The index can also be hit at commit time on some engines: the same answer.
    if (uniqueViolation(error) === 'subscriptions_day_held_key') throw dayTaken(input.day_number);
    throw error;
  });
  const subscription = await findSubscription(ctx.db, id);
  if (!subscription) throw AppError.notFound();
  return subscription;
}

/**
 * POST /subscriptions/{id}/transfer: the payout against the member's arrears (modules/ledger,
 * docs/decisions/0029); answers the subscription with the payout recorded.
 */
export async function recordTransfer(ctx: AppContext, id: number, input: TTransferRequest): Promise<TTransferResult> {
  const payoutId = await recordPayout(ctx, id, input);
  const [subscription, payout] = [await findSubscription(ctx.db, id), await findPayout(ctx.db, payoutId)];
  if (!subscription || !payout) throw AppError.notFound();
  return { ...subscription, payout };
}

export async function listPayments(ctx: AppContext, query: TPaymentListRequest): Promise<TListPage<TPayment>> {
  return listPaymentRows(ctx.db, query, ctx.clock.today(), pageWindow(query.page, query.perPage));
}

export async function getPayment(ctx: AppContext, id: number): Promise<TPayment> {
  const payment = await findPayment(ctx.db, id, ctx.clock.today());
  if (!payment) throw AppError.notFound();
  return payment;
}

/**
 * POST /subscriptions/payments/receive: one receipt per subscription the installments belong to,
 * in one transaction (modules/ledger); answers the installments, each with its receipt.
 */
export async function receivePayments(ctx: AppContext, input: TReceivePaymentsRequest): Promise<TPayment[]> {
  const ids = await recordReceipts(ctx, input);
  const today = ctx.clock.today();
  const received: TPayment[] = [];
  for (const id of ids) {
    const payment = await findPayment(ctx.db, id, today);
    if (payment) received.push(payment);
  }
  return received;
}
