import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { payouts, receipts } from './ledger.js';
import { users } from './users.js';

/**
 * Savings associations (DESIGN §2, docs/decisions/0017-associations.md). Money is integer
 * piastres (1 EGP = 100); days are SQL dates; to_date is always from_date + 1200 days,
 * computed by the database, never accepted from a client.
 */
export const associations = pgTable(
  'associations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: varchar('title', { length: 150 }).notNull(),
    type: varchar('type', { length: 10 }).notNull().default('normal'),
    costPiastres: integer('cost_piastres').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull().generatedAlwaysAs(sql`from_date + 1200`),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'string' }),
    /**
     * Set by the daily job on to_date (docs/decisions/0029): nothing but a reversal is recorded
     * afterwards (a trigger refuses receipts, payouts and changes on a closed association).
     */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'string' }),
    /** The ledger's totals when it closed (TLedgerTotals, EGP): the settlement as it was. */
    closingTotals: jsonb('closing_totals'),
    /** Kept by a trigger on subscriptions (the dashboard chart and "available days"). */
    subscriptionsCount: integer('subscriptions_count').notNull().default(0),
    /**
     * Its turn days (association_days rows), kept by a trigger on them (migration 0037): the payout,
     * "available days" and the members' open associations read it instead of counting 1,200 rows
     * per association (0.3 ms each at DESIGN §5 size). Not audited: it follows the days.
     */
    daysCount: integer('days_count').notNull().default(0),
    /** Bumped by a turn-days import, so the import is audited as a change of the association. */
    daysVersion: integer('days_version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    check('associations_type_check', sql`${t.type} in ('normal', 'vip')`),
    check('associations_cost_check', sql`${t.costPiastres} in (500, 1000, 2000, 5000, 10000, 20000)`),
    index('associations_from_idx').on(t.fromDate, t.id),
    index('associations_cost_idx').on(t.costPiastres, t.id),
    index('associations_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  ],
);

/** The turn days of an association: day 1..1200 and its date (generated on create, importable). */
export const associationDays = pgTable(
  'association_days',
  {
    associationId: integer('association_id')
      .notNull()
      .references(() => associations.id, { onDelete: 'cascade' }),
    dayNumber: smallint('day_number').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /**
     * An active subscription holds this day. Kept by a trigger on subscriptions (migration 0032), never
     * written by the app: the open associations' free days are then an index range (only free days
     * are in `association_days_free_idx`) instead of one probe per day of every association.
     */
    held: boolean('held').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.associationId, t.dayNumber] }),
    check('association_days_number_check', sql`${t.dayNumber} between 1 and 1200`),
    index('association_days_free_idx').on(t.associationId, t.date, t.dayNumber).where(sql`not ${t.held}`),
  ],
);

/**
 * A member holds one turn day of one association. A day is held by at most one active
 * subscription: a unique index, not only a check in code (two staff subscribing two members to
 * one day at the same moment: exactly one succeeds).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    associationId: integer('association_id')
      .notNull()
      .references(() => associations.id),
    dayNumber: smallint('day_number').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The payout: cost × the association's number of turn days, in piastres. */
    amountPiastres: bigint('amount_piastres', { mode: 'number' }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('active'),
    transferStatus: varchar('transfer_status', { length: 10 }).notNull().default('unpaid'),
    transferReference: varchar('transfer_reference', { length: 100 }),
    transferDate: date('transfer_date', { mode: 'string' }),
    transferredBy: integer('transferred_by').references(() => users.id),
    /**
     * The payout that made transfer_status paid; null while unpaid (a CHECK in migration 0022:
     * paid iff payout_id is set). A reversal of the payout sets it back to null and unpaid.
     */
    payoutId: bigint('payout_id', { mode: 'number' }).references((): AnyPgColumn => payouts.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_day_held_key').on(t.associationId, t.dayNumber).where(sql`${t.status} = 'active'`),
    index('subscriptions_user_idx').on(t.userId, t.id),
    index('subscriptions_association_idx').on(t.associationId, t.id),
    // The members holding a day, counted once (the cash report, docs/decisions/0030): an index-only walk.
    index('subscriptions_active_user_idx').on(t.userId).where(sql`${t.status} = 'active'`),
    check('subscriptions_status_check', sql`${t.status} in ('active', 'cancelled')`),
    check('subscriptions_transfer_check', sql`${t.transferStatus} in ('unpaid', 'paid')`),
  ],
);

/**
 * Installments: a subscription owes the association's cost on the date of every turn day.
 * Stored state is pending, received or cancelled (a withdrawal); late and future are derived from the due date and
 * today in Africa/Cairo, never stored. 1,200 rows per subscription, 1.44 M per full association.
 */
export const installments = pgTable(
  'installments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    associationId: integer('association_id').notNull(),
    userId: integer('user_id').notNull(),
    dayNumber: smallint('day_number').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountPiastres: integer('amount_piastres').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'string' }),
    receivedBy: integer('received_by'),
    reference: varchar('reference', { length: 100 }),
    note: text('note'),
    /**
     * The receipt that covers it while received (migration 0022: received iff receipt_id is set);
     * a reversal of the receipt sets it back to null.
     */
    receiptId: bigint('receipt_id', { mode: 'number' }).references((): AnyPgColumn => receipts.id),
  },
  (t) => [
    uniqueIndex('installments_subscription_day_key').on(t.subscriptionId, t.dayNumber),
    index('installments_association_due_idx').on(t.associationId, t.dueDate, t.id),
    index('installments_user_due_idx').on(t.userId, t.dueDate, t.id),
    index('installments_due_idx').on(t.dueDate, t.id),
    // A list of one association's or one member's installments in the default order (newest id
    // first): without these the planner walks the primary key backwards through every other
    // association's rows (123 ms at 10 M installments against 0.4 ms, bench:api).
    index('installments_association_id_idx').on(t.associationId, t.id),
    index('installments_user_id_idx').on(t.userId, t.id),
    index('installments_receipt_idx').on(t.receiptId).where(sql`${t.receiptId} is not null`),
    // The daily reminders (docs/decisions/0031-reminders.md): who owes on one or two dates, one
    // set-based query a day; only owed (pending) installments, a small part of the table.
    index('installments_pending_due_idx').on(t.dueDate, t.userId).where(sql`${t.status} = 'pending'`),
    // cancelled: a withdrawn subscription's installments, kept (docs/decisions/0029).
    check('installments_status_check', sql`${t.status} in ('pending', 'received', 'cancelled')`),
  ],
);

/**
 * Installments per due date and state, kept by statement-level triggers in the same
 * transaction as every change (migration 0009; cancelled since 0030): the dashboard's received /
 * late / future counts and the payments list's totals are sums over days, the same cost at 10 M
 * installments as at 10.
 */
export const installmentDayCounts = pgTable('installment_day_counts', {
  dueDate: date('due_date', { mode: 'string' }).primaryKey(),
  pending: bigint('pending', { mode: 'number' }).notNull().default(0),
  received: bigint('received', { mode: 'number' }).notNull().default(0),
  cancelled: bigint('cancelled', { mode: 'number' }).notNull().default(0),
});

export type AssociationRow = typeof associations.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InstallmentRow = typeof installments.$inferSelect;
