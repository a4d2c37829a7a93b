import { piastresToPounds, poundsToPiastres } from '@portal/shared/money';
import type {
  TRefundRequest,
  TReplaceRequest,
  TWithdrawQuote,
  TWithdrawRequest,
  TWithdrawResult,
} from '@portal/shared/schemas/ledger';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { type AppContext, callerOf } from '../../lib/context.js';
import {
  balanceOf,
  isClosed,
  lockSubscription,
  owedBackPiastres,
  readSubscriptionFigures,
} from './ledger.repository.js';
import { assertOpen, closedError } from './record-money.js';

/**
 * A member who leaves and a member who takes over (issue 20 §3, docs/decisions/0029): both are
 * subscription_changes rows with a reason, written with the state they change.
 */

/** POST /subscriptions/{id}/withdraw-quote: the balance and what a withdrawal would cancel. */
export async function quoteWithdrawal(ctx: AppContext, id: number): Promise<TWithdrawQuote> {
  const found = await readSubscriptionFigures(ctx.db, id, ctx.clock.today());
  if (!found) throw AppError.notFound();
  const { subscription, balance } = found;
  const [pending] = rowsOf<{ n: number; total: string | number }>(
    await ctx.db.execute(sql`select count(*)::int as n, coalesce(sum(amount_piastres), 0) as total
      from installments where subscription_id = ${id} and status = 'pending'`),
  );
  return {
    subscription_id: id,
    balance,
    cancel_count: subscription.status === 'active' ? Number(pending?.n ?? 0) : 0,
    cancel_sum: subscription.status === 'active' ? piastresToPounds(Number(pending?.total ?? 0)) : 0,
  };
}

/**
 * POST /subscriptions/{id}/withdraw: the subscription ends (status cancelled, its day free for
 * another member) and every pending installment, late ones too, is cancelled — kept, not
 * deleted. What the member paid against what they received is the balance; a refund follows.
 */
export async function withdraw(ctx: AppContext, id: number, input: TWithdrawRequest): Promise<TWithdrawResult> {
  const today = ctx.clock.today();
  const cancelled = await inTransaction(ctx, async (tx) => {
    const s = await lockSubscription(tx.db, id);
    if (!s) throw AppError.notFound();
    assertOpen(s, today);
    const [count] = rowsOf<{ n: number }>(
      await tx.db.execute(sql`with gone as (update installments set status = 'cancelled'
          where subscription_id = ${id} and status = 'pending' returning 1)
        select count(*)::int as n from gone`),
    );
    const ended = rowsOf<{ id: number }>(
      await tx.db.execute(sql`update subscriptions set status = 'cancelled', updated_at = now()
        where id = ${id} and status = 'active' returning id`),
    );
    if (ended.length !== 1) throw AppError.conflict('ledger.errors.subscription_cancelled');
    await tx.db.execute(sql`insert into subscription_changes
        (kind, subscription_id, association_id, from_user_id, reason, cancelled_count, recorded_by)
      values ('withdrawal', ${id}, ${s.association_id}, ${s.user_id}, ${input.reason}, ${Number(count?.n ?? 0)},
        ${callerOf(ctx).userId})`);
    return Number(count?.n ?? 0);
  });
  return {
    subscription_id: id,
    status: 'cancelled',
    cancelled_count: cancelled,
    balance: await balanceOf(ctx.db, id, today),
  };
}

/**
 * POST /subscriptions/{id}/refund: money back to a member who withdrew, recorded like a payout
 * (kind refund), at most what is owed back (paid − payouts − refunds, summed in SQL).
 */
export async function refund(ctx: AppContext, id: number, input: TRefundRequest): Promise<number> {
  const today = ctx.clock.today();
  return inTransaction(ctx, async (tx) => {
    const s = await lockSubscription(tx.db, id);
    if (!s) throw AppError.notFound();
    if (isClosed(s, today)) throw closedError();
    if (s.status !== 'cancelled') throw AppError.conflict('ledger.errors.not_withdrawn');
    const amount = poundsToPiastres(input.amount);
    const owed = await owedBackPiastres(tx.db, id);
    if (amount > owed) {
      throw new AppError(409, 'ledger.errors.refund_exceeds', { owed: piastresToPounds(Math.max(0, owed)) }, [
        { field: 'amount', key: 'ledger.errors.refund_exceeds', params: { owed: piastresToPounds(Math.max(0, owed)) } },
      ]);
    }
    const [row] = rowsOf<{ id: number | string }>(
      await tx.db.execute(sql`insert into payouts (kind, subscription_id, association_id, user_id, gross_piastres,
          deducted_piastres, net_piastres, reference, paid_on, note, recorded_by)
        values ('refund', ${id}, ${s.association_id}, ${s.user_id}, ${amount}, 0, ${amount}, ${input.reference},
          ${input.date}::date, ${input.note || null}, ${callerOf(ctx).userId})
        returning id`),
    );
    if (!row) throw new Error('refund insert returned nothing');
    return Number(row.id);
  });
}

/**
 * POST /subscriptions/{id}/replace: another customer takes over the subscription — its day, its
 * payout, the installments still to pay. What was received stays with the receipts of the member
 * who paid it; the history names both.
 */
export async function replaceMember(ctx: AppContext, id: number, input: TReplaceRequest): Promise<void> {
  const today = ctx.clock.today();
  await inTransaction(ctx, async (tx) => {
    const s = await lockSubscription(tx.db, id);
    if (!s) throw AppError.notFound();
    assertOpen(s, today);
    const [member] = rowsOf<{ id: number; type: string; active: boolean }>(
      await tx.db.execute(sql`select id, type, active from users
        where id = ${input.user_id} and deleted_at is null for key share`),
    );
    if (!member) throw AppError.validation([{ field: 'user_id', key: 'errors.not_found' }]);
    if (member.type !== 'user' || !member.active) {
      throw AppError.validation([{ field: 'user_id', key: 'associations.errors.member_not_customer' }]);
    }
    if (Number(member.id) === s.user_id) {
      throw AppError.validation([{ field: 'user_id', key: 'ledger.errors.same_member' }]);
    }
    const moved = rowsOf<{ id: number }>(
      await tx.db.execute(sql`update subscriptions set user_id = ${input.user_id}, updated_at = now()
        where id = ${id} and status = 'active' and user_id = ${s.user_id} returning id`),
    );
    if (moved.length !== 1) throw AppError.conflict();
    await tx.db.execute(sql`update installments set user_id = ${input.user_id}
      where subscription_id = ${id} and status <> 'received'`);
    await tx.db.execute(sql`insert into subscription_changes
        (kind, subscription_id, association_id, from_user_id, to_user_id, reason, recorded_by)
      values ('replacement', ${id}, ${s.association_id}, ${s.user_id}, ${input.user_id}, ${input.reason},
        ${callerOf(ctx).userId})`);
  });
}
