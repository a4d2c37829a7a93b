import type { TMyReceipt, TPayout, TReceipt, TSettlement, TSubscriptionLedger } from '@portal/shared/schemas/ledger';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { type AppContext, viewerOf } from '../../lib/context.js';
import {
  findPayout,
  findReceipt,
  ledgerEntries,
  ledgerTotals,
  readSubscriptionFigures,
  settlementLines,
} from './ledger.repository.js';

/** Reading the ledger (docs/decisions/0029): receipts to print, payouts, a subscription's history, a settlement. */

export async function getReceipt(ctx: AppContext, id: number): Promise<TReceipt> {
  const receipt = await findReceipt(ctx.db, id);
  if (!receipt) throw AppError.notFound();
  return receipt;
}

/** GET /me/receipts/{id}: the caller's own receipt (another's is the same 404 as none), without staff-only data. */
export async function getMyReceipt(ctx: AppContext, id: number): Promise<TMyReceipt> {
  const receipt = await findReceipt(ctx.db, id, viewerOf(ctx).id);
  if (!receipt) throw AppError.notFound();
  const { note: _note, recorded_by: _recordedBy, reversal, ...shown } = receipt;
  return { ...shown, reversed: reversal !== null, reversed_at: reversal?.reversed_at ?? null };
}

export async function getPayout(ctx: AppContext, id: number): Promise<TPayout> {
  const payout = await findPayout(ctx.db, id);
  if (!payout) throw AppError.notFound();
  return payout;
}

/** GET /subscriptions/{id}/ledger: the history (who paid what, who received what) and the balance. */
export async function getSubscriptionLedger(ctx: AppContext, id: number): Promise<TSubscriptionLedger> {
  const found = await readSubscriptionFigures(ctx.db, id, ctx.clock.today());
  if (!found) throw AppError.notFound();
  return {
    subscription_id: id,
    status: found.subscription.status,
    balance: found.balance,
    entries: await ledgerEntries(ctx.db, id),
  };
}

/** GET /associations/{id}/settlement: every subscription's figures and the totals, live and at closing. */
export async function getSettlement(ctx: AppContext, id: number): Promise<TSettlement> {
  const [association] = rowsOf<{ closed_at: string | null; closing_totals: TSettlement['at_close'] }>(
    await ctx.db.execute(sql`select closed_at, closing_totals from associations where id = ${id}`),
  );
  if (!association) throw AppError.notFound();
  return {
    association_id: id,
    closed_at: association.closed_at ? new Date(association.closed_at).toISOString() : null,
    as_of: ctx.clock.today(),
    totals: await ledgerTotals(ctx.db, id),
    at_close: association.closing_totals ?? null,
    lines: await settlementLines(ctx.db, id),
  };
}
