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
} from '@portal/shared/schemas/associations';
import type { TListPage } from '@portal/shared/schemas/list';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { associationDays, installments, subscriptions } from '../../db/schema/associations.js';
import { users } from '../../db/schema/users.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { type AppContext, callerOf } from '../../lib/context.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { pageWindow } from '../../lib/list.js';
import { piastresToPounds } from '../../lib/money.js';
import { lockAssociation } from '../associations/associations.repository.js';
import {
  findPayment,
  findSubscription,
  installmentTotals,
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
  const subscription = await findSubscription(ctx.db, id);
  if (!subscription) throw AppError.notFound();
  const today = ctx.clock.today();
  return {
    ...subscription,
    installments: await installmentTotals(ctx.db, id, today),
    payout_due: subscription.transferStatus === 'unpaid' && subscription.date <= today,
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
        (select count(*)::int from association_days d where d.association_id = a.id) as days,
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
    const [days] = rowsOf<{ total: number; has: boolean; date: string | null }>(
      await tx.db.execute(sql`select count(*)::int as total,
          bool_or(day_number = ${input.day_number}) as has,
          (max(date) filter (where day_number = ${input.day_number}))::text as date
        from association_days where association_id = ${input.association_id}`),
    );
    if (rules.notBefore && association.toDate < rules.notBefore) throw AppError.conflict('members.errors.not_open');
    if (association.subscriptionsCount >= Number(days?.total ?? 0)) throw AppError.conflict('associations.errors.full');
    if (!days?.has) throw dayUnknown(input.day_number);
    if (rules.notBefore && (days.date ?? '') < rules.notBefore) {
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
        amountPiastres: association.costPiastres * Number(days.total),
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
 * POST /subscriptions/{id}/transfer: staff record the payout. Only an active, unpaid
 * subscription whose day has come (its date on or before today in Cairo), decided by the update.
 */
export async function recordTransfer(ctx: AppContext, id: number, input: TTransferRequest): Promise<TSubscription> {
  const today = ctx.clock.today();
  await inTransaction(ctx, async (tx) => {
    const [done] = await tx.db
      .update(subscriptions)
      .set({
        transferStatus: 'paid',
        transferReference: input.reference,
        transferDate: input.date,
        transferredBy: callerOf(ctx).userId,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(subscriptions.id, id),
          eq(subscriptions.status, 'active'),
          eq(subscriptions.transferStatus, 'unpaid'),
          // The money cannot leave before the turn day, whatever day the transfer is recorded on.
          sql`(select d.date from ${associationDays} d where d.association_id = ${subscriptions.associationId}
               and d.day_number = ${subscriptions.dayNumber}) <= least(${today}::date, ${input.date}::date)`,
        ),
      )
      .returning({ id: subscriptions.id });
    if (done) return;
    const current = await findSubscription(tx.db, id);
    if (!current) throw AppError.notFound();
    if (current.transferStatus === 'paid') throw AppError.conflict('associations.errors.payout_done');
    if (current.date <= today && input.date < current.date) {
      throw AppError.validation([{ field: 'date', key: 'associations.validation.transfer_date_before_turn' }]);
    }
    throw AppError.conflict('associations.errors.payout_not_due');
  });
  const subscription = await findSubscription(ctx.db, id);
  if (!subscription) throw AppError.notFound();
  return subscription;
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
 * POST /subscriptions/payments/receive: several installments received in one transaction, each
 * only if still pending (the update decides). Unknown ids are a 404, ones already received a
 * 409 naming them; either way nothing is recorded.
 */
export async function receivePayments(ctx: AppContext, input: TReceivePaymentsRequest): Promise<TPayment[]> {
  const ids = [...new Set(input.ids)];
  await inTransaction(ctx, async (tx) => {
    const done = await tx.db
      .update(installments)
      .set({
        status: 'received',
        receivedAt: sql`now()`,
        receivedBy: callerOf(ctx).userId,
        reference: input.reference,
        note: input.note ?? null,
      })
      .where(and(inArray(installments.id, ids), eq(installments.status, 'pending')))
      .returning({ id: installments.id });
    if (done.length === ids.length) return;
    const doneIds = new Set(done.map((r) => Number(r.id)));
    const existing = await tx.db
      .select({ id: installments.id })
      .from(installments)
      .where(inArray(installments.id, ids));
    if (existing.length < ids.length) throw AppError.notFound();
    const already = ids.filter((i) => !doneIds.has(i));
    throw AppError.conflict('associations.errors.payments_not_pending', [
      { field: 'ids', key: 'associations.errors.payments_not_pending', params: { ids: already.join(', ') } },
    ]);
  });
  const today = ctx.clock.today();
  const received: TPayment[] = [];
  for (const id of ids) {
    const payment = await findPayment(ctx.db, id, today);
    if (payment) received.push(payment);
  }
  return received;
}
