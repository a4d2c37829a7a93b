import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { associations, subscriptions } from './associations.js';
import { rejectionReasons } from './request-lookups.js';
import { users } from './users.js';

/**
 * What members ask of staff (docs/decisions/0018-members.md). Both kinds are state machines
 * (packages/shared/src/workflow.ts): status changes only by lib/workflow.ts, one conditional
 * UPDATE and a workflow_history row in one transaction.
 */

/**
 * A member asks to move a subscription to another day of its association. Status 0 in review,
 * 1 moved, 2 rejected, 3 cancelled by the member. One request in review per subscription (a
 * unique index); the move itself is held by subscriptions_day_held_key.
 */
export const turnMoveRequests = pgTable(
  'turn_move_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    associationId: integer('association_id')
      .notNull()
      .references(() => associations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fromDay: smallint('from_day').notNull(),
    toDay: smallint('to_day').notNull(),
    status: smallint('status').notNull().default(0),
    note: text('note'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    check('turn_move_requests_status_check', sql`${t.status} in (0, 1, 2, 3)`),
    check('turn_move_requests_days_check', sql`${t.fromDay} <> ${t.toDay}`),
    uniqueIndex('turn_move_requests_open_key').on(t.subscriptionId).where(sql`${t.status} = 0`),
    index('turn_move_requests_status_idx').on(t.status, t.id),
    index('turn_move_requests_user_idx').on(t.userId, t.id),
    index('turn_move_requests_association_idx').on(t.associationId, t.id),
  ],
);

/**
 * A member asks for a card: the name to print and a 14-digit national id. Status 0 in review,
 * 1 issued, 2 rejected. One request in review per member (a unique index).
 */
export const cardRequests = pgTable(
  'card_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 150 }).notNull(),
    nationalId: char('national_id', { length: 14 }).notNull(),
    status: smallint('status').notNull().default(0),
    note: text('note'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    check('card_requests_status_check', sql`${t.status} in (0, 1, 2)`),
    check('card_requests_national_id_check', sql`${t.nationalId} ~ '^[0-9]{14}$'`),
    uniqueIndex('card_requests_open_key').on(t.userId).where(sql`${t.status} = 0`),
    index('card_requests_user_idx').on(t.userId, t.id),
    index('card_requests_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * Every transition of every machine (DESIGN §6): who took which action, from which status to
 * which, when and why. Written by lib/workflow.ts in the transaction of the change.
 */
export const workflowHistory = pgTable(
  'workflow_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    machine: varchar('machine', { length: 40 }).notNull(),
    recordId: integer('record_id').notNull(),
    action: varchar('action', { length: 40 }).notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    actorId: integer('actor_id').references(() => users.id),
    note: text('note'),
    /**
     * What a service request's step decided, kept with the step (docs/decisions/0021): the fee and
     * its reference of an accept (next-for-pay), the reason of a rejection. The request itself
     * keeps only the latest, and a reset to draft clears its fee; the history keeps every one.
     */
    paymentAmountPiastres: bigint('payment_amount_piastres', { mode: 'number' }),
    paymentReference: varchar('payment_reference', { length: 100 }),
    rejectionReasonId: integer('rejection_reason_id').references(() => rejectionReasons.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('workflow_history_record_idx').on(t.machine, t.recordId, t.id),
    check('workflow_history_payment_check', sql`${t.paymentAmountPiastres} is null or ${t.paymentAmountPiastres} > 0`),
  ],
);

export type TurnMoveRequestRow = typeof turnMoveRequests.$inferSelect;
export type CardRequestRow = typeof cardRequests.$inferSelect;
