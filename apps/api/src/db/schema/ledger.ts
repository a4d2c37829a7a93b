import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { associations, installments, subscriptions } from './associations.js';
import { users } from './users.js';

/**
 * The money ledger (docs/decisions/0029-money-controls.md): receipts (money in), payouts and
 * refunds (money out), reversals (the undoing of either) and subscription changes (withdrawals,
 * replacements). Append-only: a trigger refuses UPDATE and DELETE on every one of these tables
 * (migration 0022). Installment and subscription state follows them in the same transaction.
 * Money is integer piastres.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** R-YYYY-NNNNNN: the Cairo year of recording, gapless within it (counter receipts.YYYY). */
    number: varchar('number', { length: 20 }).notNull(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    associationId: integer('association_id')
      .notNull()
      .references(() => associations.id),
    /** Who paid: the subscription's member when it was recorded. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    method: varchar('method', { length: 20 }).notNull(),
    reference: varchar('reference', { length: 100 }),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    amountPiastres: bigint('amount_piastres', { mode: 'number' }).notNull(),
    /** A deduction receipt: the payout whose gross settled these installments. */
    payoutId: bigint('payout_id', { mode: 'number' }).references((): AnyPgColumn => payouts.id),
    note: text('note'),
    recordedBy: integer('recorded_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('receipts_number_key').on(t.number),
    uniqueIndex('receipts_payout_key').on(t.payoutId).where(sql`${t.payoutId} is not null`),
    index('receipts_subscription_idx').on(t.subscriptionId, t.id),
    index('receipts_association_idx').on(t.associationId, t.id),
    check('receipts_number_check', sql`${t.number} ~ '^R-[0-9]{4}-[0-9]{6,}$'`),
    check(
      'receipts_method_check',
      sql`${t.method} in ('cash', 'bank_transfer', 'instapay', 'mobile_wallet', 'fawry', 'payout_deduction')`,
    ),
    check(
      'receipts_reference_check',
      sql`${t.method} in ('cash', 'payout_deduction') or (${t.reference} is not null and btrim(${t.reference}) <> '')`,
    ),
    check('receipts_deduction_check', sql`(${t.method} = 'payout_deduction') = (${t.payoutId} is not null)`),
    check('receipts_amount_check', sql`${t.amountPiastres} > 0`),
  ],
);

/** The installments a receipt covers, as they were: the print and the history read them after a reversal too. */
export const receiptLines = pgTable(
  'receipt_lines',
  {
    receiptId: bigint('receipt_id', { mode: 'number' })
      .notNull()
      .references(() => receipts.id),
    installmentId: bigint('installment_id', { mode: 'number' })
      .notNull()
      .references(() => installments.id),
    dayNumber: smallint('day_number').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountPiastres: integer('amount_piastres').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.receiptId, t.installmentId] }),
    index('receipt_lines_installment_idx').on(t.installmentId),
    check('receipt_lines_amount_check', sql`${t.amountPiastres} > 0`),
  ],
);

/** Money out: a turn's payout (gross, arrears deducted, net transferred) or a refund to a member who withdrew. */
export const payouts = pgTable(
  'payouts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar('kind', { length: 10 }).notNull(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    associationId: integer('association_id')
      .notNull()
      .references(() => associations.id),
    /** Who received it. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    grossPiastres: bigint('gross_piastres', { mode: 'number' }).notNull(),
    deductedPiastres: bigint('deducted_piastres', { mode: 'number' }).notNull().default(0),
    netPiastres: bigint('net_piastres', { mode: 'number' }).notNull(),
    reference: varchar('reference', { length: 100 }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    note: text('note'),
    recordedBy: integer('recorded_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('payouts_subscription_idx').on(t.subscriptionId, t.id),
    index('payouts_association_idx').on(t.associationId, t.id),
    check('payouts_kind_check', sql`${t.kind} in ('payout', 'refund')`),
    check('payouts_gross_check', sql`${t.grossPiastres} > 0 and ${t.deductedPiastres} >= 0`),
    check(
      'payouts_net_check',
      sql`${t.netPiastres} = ${t.grossPiastres} - ${t.deductedPiastres} and ${t.netPiastres} >= 0`,
    ),
    check('payouts_refund_check', sql`${t.kind} = 'payout' or ${t.deductedPiastres} = 0`),
    check('payouts_reference_check', sql`btrim(${t.reference}) <> ''`),
  ],
);

/** The undoing of exactly one receipt or one payout, with its reason; each is reversed at most once. */
export const reversals = pgTable(
  'reversals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    receiptId: bigint('receipt_id', { mode: 'number' }).references(() => receipts.id),
    payoutId: bigint('payout_id', { mode: 'number' }).references(() => payouts.id),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    associationId: integer('association_id')
      .notNull()
      .references(() => associations.id),
    reason: text('reason').notNull(),
    reversedBy: integer('reversed_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reversals_receipt_key').on(t.receiptId),
    uniqueIndex('reversals_payout_key').on(t.payoutId),
    index('reversals_subscription_idx').on(t.subscriptionId, t.id),
    check('reversals_target_check', sql`num_nonnulls(${t.receiptId}, ${t.payoutId}) = 1`),
    check('reversals_reason_check', sql`btrim(${t.reason}) <> ''`),
  ],
);

/** A withdrawal (the member leaves) or a replacement (another member takes over), with its reason. */
export const subscriptionChanges = pgTable(
  'subscription_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar('kind', { length: 12 }).notNull(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    associationId: integer('association_id')
      .notNull()
      .references(() => associations.id),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id),
    toUserId: integer('to_user_id').references(() => users.id),
    reason: text('reason').notNull(),
    /** A withdrawal: the installments it cancelled. */
    cancelledCount: integer('cancelled_count').notNull().default(0),
    recordedBy: integer('recorded_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('subscription_changes_subscription_idx').on(t.subscriptionId, t.id),
    check('subscription_changes_kind_check', sql`${t.kind} in ('withdrawal', 'replacement')`),
    check(
      'subscription_changes_member_check',
      sql`(${t.kind} = 'replacement') = (${t.toUserId} is not null) and ${t.fromUserId} is distinct from ${t.toUserId}`,
    ),
    check('subscription_changes_reason_check', sql`btrim(${t.reason}) <> ''`),
  ],
);

/** A daily job's runs, one per Cairo day: a second run of the same day finds its row and does nothing. */
export const dailyRuns = pgTable(
  'daily_runs',
  {
    kind: varchar('kind', { length: 50 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.day] })],
);

export type ReceiptRow = typeof receipts.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
