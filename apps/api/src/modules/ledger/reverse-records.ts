import { piastresToPounds } from '@portal/shared/money';
import type { TReversal, TReverseRequest } from '@portal/shared/schemas/ledger';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { type AppContext, callerOf, type TxContext } from '../../lib/context.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { tellMember } from '../notifications/tell-member.js';
import { lockSubscription, restoreInstallments } from './ledger.repository.js';
import { MY_ASSOCIATIONS } from './record-money.js';

/**
 * Reversals (issue 20 §2, docs/decisions/0029): the original row is never edited; a reversal is
 * its own record pointing to it (UNIQUE: nothing is reversed twice), and the state it drove goes
 * back in the same transaction. Allowed on a closed association too: a mistake found after the
 * close is still corrected in the books.
 */

function alreadyReversed(): AppError {
  return AppError.conflict('ledger.errors.already_reversed');
}

async function insertReversal(
  tx: TxContext,
  target: { receiptId?: number; payoutId?: number; subscriptionId: number; associationId: number },
  reason: string,
): Promise<number> {
  const [row] = rowsOf<{ id: number | string }>(
    await tx.db
      .execute(sql`insert into reversals (receipt_id, payout_id, subscription_id, association_id, reason, reversed_by)
        values (${target.receiptId ?? null}, ${target.payoutId ?? null}, ${target.subscriptionId},
          ${target.associationId}, ${reason}, ${callerOf(tx).userId})
        returning id`)
      .catch((error: unknown) => {
        const constraint = uniqueViolation(error);
        if (constraint === 'reversals_receipt_key' || constraint === 'reversals_payout_key') throw alreadyReversed();
        throw error;
      }),
  );
  if (!row) throw new Error('reversal insert returned nothing');
  return Number(row.id);
}

async function reversalDto(tx: TxContext, id: number, restored: number): Promise<TReversal> {
  const [r] = rowsOf<Record<string, string | number | null>>(
    await tx.db.execute(sql`select v.id, v.receipt_id, v.payout_id, v.subscription_id, v.reason, v.created_at,
        u.id as user_id, u.name as user_name
      from reversals v left join users u on u.id = v.reversed_by where v.id = ${id}`),
  );
  if (!r) throw new Error('reversal not found after insert');
  return {
    id: Number(r.id),
    receipt_id: r.receipt_id === null ? null : Number(r.receipt_id),
    payout_id: r.payout_id === null ? null : Number(r.payout_id),
    subscription_id: Number(r.subscription_id),
    reason: String(r.reason),
    created_at: new Date(String(r.created_at)).toISOString(),
    reversed_by: r.user_id === null ? null : { id: Number(r.user_id), name: String(r.user_name) },
    installments_restored: restored,
  };
}

/**
 * POST /receipts/{id}/reverse: the receipt's installments go back to pending (cancelled on a
 * withdrawn subscription). A deduction receipt is reversed with its payout, not alone.
 */
export async function reverseReceipt(ctx: AppContext, id: number, input: TReverseRequest): Promise<TReversal> {
  return inTransaction(ctx, async (tx) => {
    const [receipt] = rowsOf<{
      subscription_id: number;
      association_id: number;
      user_id: number;
      method: string;
      number: string;
      amount_piastres: number;
      title: string;
    }>(
      await tx.db.execute(sql`select r.subscription_id, r.association_id, r.user_id, r.method, r.number,
          r.amount_piastres, a.title
        from receipts r join associations a on a.id = r.association_id where r.id = ${id}`),
    );
    if (!receipt) throw AppError.notFound();
    if (receipt.method === 'payout_deduction') throw AppError.conflict('ledger.errors.reverse_through_payout');
    await lockSubscription(tx.db, Number(receipt.subscription_id));
    const reversalId = await insertReversal(
      tx,
      { receiptId: id, subscriptionId: Number(receipt.subscription_id), associationId: Number(receipt.association_id) },
      input.reason,
    );
    const restored = await restoreInstallments(tx.db, id);
    await tellMember(tx, Number(receipt.user_id), {
      type: 'receipt_reversed',
      link: MY_ASSOCIATIONS,
      values: {
        number: receipt.number,
        amount: piastresToPounds(Number(receipt.amount_piastres)),
        association: receipt.title,
        reason: input.reason,
      },
    });
    return reversalDto(tx, reversalId, restored);
  });
}

/**
 * POST /payouts/{id}/reverse: a payout's subscription goes back to unpaid and its deduction
 * receipt is reversed with it (the installments it settled are pending again); a refund's
 * reversal restores what is owed back to the member.
 */
export async function reversePayout(ctx: AppContext, id: number, input: TReverseRequest): Promise<TReversal> {
  return inTransaction(ctx, async (tx) => {
    const [payout] = rowsOf<{
      kind: string;
      subscription_id: number;
      association_id: number;
      user_id: number;
      gross_piastres: number;
      title: string;
      day_number: number;
    }>(
      await tx.db.execute(sql`select p.kind, p.subscription_id, p.association_id, p.user_id, p.gross_piastres, a.title,
          s.day_number
        from payouts p join associations a on a.id = p.association_id join subscriptions s on s.id = p.subscription_id
        where p.id = ${id}`),
    );
    if (!payout) throw AppError.notFound();
    const subscriptionId = Number(payout.subscription_id);
    const associationId = Number(payout.association_id);
    await lockSubscription(tx.db, subscriptionId);
    const reversalId = await insertReversal(tx, { payoutId: id, subscriptionId, associationId }, input.reason);
    let restored = 0;
    if (payout.kind === 'payout') {
      const back = rowsOf<{ id: number }>(
        await tx.db.execute(sql`update subscriptions set transfer_status = 'unpaid', payout_id = null,
            transfer_reference = null, transfer_date = null, transferred_by = null, updated_at = now()
          where id = ${subscriptionId} and payout_id = ${id} returning id`),
      );
      if (back.length !== 1) throw new Error('payout reversal: the subscription no longer points to it');
      const [deduction] = rowsOf<{ id: number | string }>(
        await tx.db.execute(sql`select id from receipts where payout_id = ${id}`),
      );
      if (deduction) {
        await insertReversal(tx, { receiptId: Number(deduction.id), subscriptionId, associationId }, input.reason);
        restored = await restoreInstallments(tx.db, Number(deduction.id));
      }
    }
    await tellMember(tx, Number(payout.user_id), {
      type: 'payout_reversed',
      link: MY_ASSOCIATIONS,
      values: {
        amount: piastresToPounds(Number(payout.gross_piastres)),
        association: payout.title,
        day: Number(payout.day_number),
        reason: input.reason,
      },
    });
    return reversalDto(tx, reversalId, restored);
  });
}
