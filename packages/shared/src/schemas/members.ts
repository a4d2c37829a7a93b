import { z } from 'zod';
import { ASSOCIATION_DURATION_DAYS } from '../constants.js';
import { ASSOCIATION_TYPES, PAYMENT_STATUSES, TRANSFER_STATUSES, ZInstallmentTotals } from './associations.js';
import { idField, wholeNumber } from './fields.js';
import { RECEIPT_METHODS, ZReceiptRef } from './ledger.js';
import { ZListQuery } from './list.js';

/**
 * The member's own side (docs/decisions/0018-members.md): calls under /me, where the caller is
 * part of every query, so another member's subscription or request can never be named.
 */

const ZDayRef = z.object({ day_number: z.number().int(), date: z.string() });

const ZAssociationRef = z.object({
  id: z.number().int(),
  title: z.string(),
  /** EGP per installment. */
  cost: z.number(),
  type: z.enum(ASSOCIATION_TYPES),
});

/** One of my subscriptions, as "My associations" shows it. */
export const ZMySubscription = z.object({
  id: z.number().int(),
  association: ZAssociationRef,
  day: ZDayRef,
  /** The payout (EGP). */
  amount: z.number(),
  transfer_status: z.enum(TRANSFER_STATUSES),
  transfer_date: z.string().nullable(),
  installments_total: z.number().int(),
  installments_received: z.number().int(),
  installments_late: z.number().int(),
  /** The first installment not yet received (late or future), if any. */
  next_due: z.object({ due_date: z.string(), amount: z.number(), status: z.enum(PAYMENT_STATUSES) }).nullable(),
  /** My turn-move request in progress for this subscription, if any. */
  open_turn_move: z.object({ id: z.number().int(), to_day: ZDayRef, created_at: z.string() }).nullable(),
  /** I may ask to move this turn now (unpaid, its day still ahead, nothing in progress). */
  can_move: z.boolean(),
});
export type TMySubscription = z.infer<typeof ZMySubscription>;

/** One installment of my statement. */
export const ZStatementRow = z.object({
  id: z.number().int(),
  day_number: z.number().int(),
  due_date: z.string(),
  amount: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  received_at: z.string().nullable(),
  reference: z.string().nullable(),
  /**
   * The receipt covering it while received (GET /me/receipts/{id} prints it), and how it was paid:
   * the statement says so itself, so a page of it needs no request per receipt (and reads offline).
   */
  receipt: ZReceiptRef.extend({ method: z.enum(RECEIPT_METHODS) }).nullable(),
});
export type TStatementRow = z.infer<typeof ZStatementRow>;

/** GET /me/subscriptions/{id}/statement: every installment (at most 1,200) with the totals. */
export const ZStatement = z.object({
  subscription: ZMySubscription,
  totals: ZInstallmentTotals,
  /** What is left to pay: late and future together (EGP). */
  remaining_sum: z.number(),
  rows: z.array(ZStatementRow),
  /** The day the statement was made (Cairo), printed on it. */
  as_of: z.string(),
});
export type TStatement = z.infer<typeof ZStatement>;

/** GET /me/associations/open: associations a member may still join. */
export const ZOpenAssociationsRequest = ZListQuery.pick({ page: true, perPage: true }).extend({
  sortBy: z.enum(['from_date', 'cost'], { error: 'validation.invalid_value' }).default('from_date'),
});
export type TOpenAssociationsRequest = z.infer<typeof ZOpenAssociationsRequest>;

export const ZOpenAssociation = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  type: z.enum(ASSOCIATION_TYPES),
  cost: z.number(),
  from_date: z.string(),
  to_date: z.string(),
  /** The payout a member of it receives (EGP). */
  amount: z.number(),
  /** Days no one holds whose date is today or later. */
  available_days: z.number().int(),
  first_available: ZDayRef.nullable(),
});
export type TOpenAssociation = z.infer<typeof ZOpenAssociation>;

/** GET /me/associations/{id}/days: the days I may take or move to (free, today or later). */
export const ZAvailableDays = z.object({ association_id: z.number().int(), days: z.array(ZDayRef) });
export type TAvailableDays = z.infer<typeof ZAvailableDays>;

const dayNumber = wholeNumber('associations.validation.day_invalid', { min: 1, max: ASSOCIATION_DURATION_DAYS });

/** POST /me/subscriptions (join) and POST /me/subscriptions/quote. */
export const ZJoinRequest = z.object({ association_id: idField, day_number: dayNumber });
export type TJoinRequest = z.infer<typeof ZJoinRequest>;
