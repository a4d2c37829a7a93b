import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/**
 * Rollups of the ledger for the association's Ledger tab, the cash report and a member's balance
 * (issue 20 §4, docs/decisions/0030-cash-report.md). Kept by triggers in the same transaction as
 * every change to receipts, payouts, reversals, installments, subscriptions and turn days
 * (migration 0024), recounted from the rows by refresh_ledger_counters() after a bulk load.
 * Money in piastres; reversed receipts and payouts are not counted. No foreign keys: like
 * installment_day_counts they follow the rows, they do not constrain them.
 */

/** Per association: the money recorded (docs/decisions/0029 definitions). */
export const ledgerAssociationTotals = pgTable('ledger_association_totals', {
  associationId: integer('association_id').primaryKey(),
  /** Receipts not reversed (deductions included). */
  collectedPiastres: bigint('collected_piastres', { mode: 'number' }).notNull().default(0),
  /** Payouts (kind payout) not reversed: gross, and of it the arrears deducted. */
  paidOutPiastres: bigint('paid_out_piastres', { mode: 'number' }).notNull().default(0),
  deductedPiastres: bigint('deducted_piastres', { mode: 'number' }).notNull().default(0),
  /** Refunds not reversed (net; a refund deducts nothing). */
  refundsPiastres: bigint('refunds_piastres', { mode: 'number' }).notNull().default(0),
  payoutsCount: bigint('payouts_count', { mode: 'number' }).notNull().default(0),
  refundsCount: bigint('refunds_count', { mode: 'number' }).notNull().default(0),
});

/**
 * Per subscription and member: the money of that member on that subscription (receipts in their
 * name, payouts and refunds to them) and the installments they still owe on it, with the oldest
 * due date among those (what "members in arrears" and "oldest" read).
 */
export const ledgerSubscriptionTotals = pgTable(
  'ledger_subscription_totals',
  {
    subscriptionId: integer('subscription_id').notNull(),
    userId: integer('user_id').notNull(),
    associationId: integer('association_id').notNull(),
    paidPiastres: bigint('paid_piastres', { mode: 'number' }).notNull().default(0),
    paidOutPiastres: bigint('paid_out_piastres', { mode: 'number' }).notNull().default(0),
    deductedPiastres: bigint('deducted_piastres', { mode: 'number' }).notNull().default(0),
    refundsPiastres: bigint('refunds_piastres', { mode: 'number' }).notNull().default(0),
    payoutsCount: bigint('payouts_count', { mode: 'number' }).notNull().default(0),
    refundsCount: bigint('refunds_count', { mode: 'number' }).notNull().default(0),
    pendingCount: bigint('pending_count', { mode: 'number' }).notNull().default(0),
    pendingPiastres: bigint('pending_piastres', { mode: 'number' }).notNull().default(0),
    oldestPending: date('oldest_pending', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.userId] }),
    index('ledger_subscription_totals_association_idx').on(t.associationId),
    index('ledger_subscription_totals_user_idx').on(t.userId),
    // Members in arrears across associations: those whose oldest pending day is before today.
    index('ledger_subscription_totals_arrears_idx').on(t.oldestPending, t.userId).where(sql`${t.pendingCount} > 0`),
  ],
);

/**
 * Per association and day: installments pending and due that day, and payouts due that day (held,
 * active, unpaid subscriptions whose turn day falls on it, at their amount). "Late", "due to date"
 * and the forecast are ranges of days; `ledger_month_totals` holds the same per calendar month, so
 * a range of years is a few dozen rows. Association 0 is every association together (migration
 * 0025).
 */
export const ledgerDayTotals = pgTable(
  'ledger_day_totals',
  {
    associationId: integer('association_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    pendingCount: bigint('pending_count', { mode: 'number' }).notNull().default(0),
    pendingPiastres: bigint('pending_piastres', { mode: 'number' }).notNull().default(0),
    payoutsCount: bigint('payouts_count', { mode: 'number' }).notNull().default(0),
    payoutsPiastres: bigint('payouts_piastres', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.associationId, t.day] }),
    index('ledger_day_totals_day_idx').on(t.day, t.associationId),
  ],
);

/** ledger_day_totals summed per calendar month (`month` is its first day). */
export const ledgerMonthTotals = pgTable(
  'ledger_month_totals',
  {
    associationId: integer('association_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    pendingCount: bigint('pending_count', { mode: 'number' }).notNull().default(0),
    pendingPiastres: bigint('pending_piastres', { mode: 'number' }).notNull().default(0),
    payoutsCount: bigint('payouts_count', { mode: 'number' }).notNull().default(0),
    payoutsPiastres: bigint('payouts_piastres', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.associationId, t.month] }),
    index('ledger_month_totals_month_idx').on(t.month, t.associationId),
  ],
);
