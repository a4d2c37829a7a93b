import { z } from 'zod';
import { today } from '../clock.js';
import { amountField, codeText, dayWithin, idField, nameText, optionalCode, optionalText } from './fields.js';

/**
 * Money controls (issue 20, DESIGN §2 "Money controls (turn 3)", docs/decisions/0029-money-controls.md):
 * receipts that say how money came in, payouts and refunds that say how it left, and reversals
 * that undo either without editing or deleting anything. Money leaves the API in EGP (numbers
 * with at most two decimals); the database keeps integer piastres.
 */

/** How an installment was paid. `payout_deduction` is written by the server only (a payout settling arrears). */
export const RECEIPT_METHODS = [
  'cash',
  'bank_transfer',
  'instapay',
  'mobile_wallet',
  'fawry',
  'payout_deduction',
] as const;
export type ReceiptMethod = (typeof RECEIPT_METHODS)[number];
/** The methods a person may choose when recording a receipt. */
export const RECEIVE_METHODS = ['cash', 'bank_transfer', 'instapay', 'mobile_wallet', 'fawry'] as const;
export type ReceiveMethod = (typeof RECEIVE_METHODS)[number];
/** Money out: the turn's payout, or a refund to a member who withdrew. */
export const PAYOUT_KINDS = ['payout', 'refund'] as const;
export type PayoutKind = (typeof PAYOUT_KINDS)[number];
export const SUBSCRIPTION_STATES = ['active', 'cancelled'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];
/** What the setting payout_arrears_policy may say. */
export const PAYOUT_ARREARS_POLICIES = ['net', 'refuse'] as const;
export type PayoutArrearsPolicy = (typeof PAYOUT_ARREARS_POLICIES)[number];

export const LEDGER_REFERENCE_MAX_LENGTH = 100;
export const LEDGER_NOTE_MAX_LENGTH = 500;
export const LEDGER_REASON_MAX_LENGTH = 500;
/** R-2026-000123: R, the Cairo year it was issued, a six-digit number gapless within that year. */
export const RECEIPT_NUMBER_PATTERN = /^R-\d{4}-\d{6,}$/;

/** An amount in EGP typed by a person: the shared amount rule, below 10 million. */
export const poundsField = amountField('ledger.validation.amount_invalid', { max: 10_000_000 });

const referenceText = optionalCode(LEDGER_REFERENCE_MAX_LENGTH);
const noteText = optionalText(LEDGER_NOTE_MAX_LENGTH);
/** A day money moved: a real day, not in the future (Cairo); the server checks it against the subscription too. */
const pastDay = (message: string) => dayWithin({ max: today }, message);

/**
 * POST /subscriptions/payments/receive: one or several installments received (docs/decisions/0029):
 * one receipt per subscription the ids belong to, all in one transaction. `method` defaults to
 * cash for clients written before receipts had one; the reference is required for every other
 * method. `received_on` defaults to today (Cairo); it may not be in the future nor before the
 * subscription was made (checked by the server).
 */
export const RECEIPT_FIELDS = {
  method: z.enum(RECEIVE_METHODS, { error: 'ledger.validation.method_invalid' }).default('cash'),
  reference: referenceText.optional(),
  received_on: pastDay('ledger.validation.received_on_future').optional(),
  note: noteText.optional(),
};

/** The reference is required unless the money came in cash (the database says so too). */
export function referenceUnlessCash(body: { method: ReceiveMethod; reference?: string }, ctx: z.RefinementCtx): void {
  if (body.method !== 'cash' && !body.reference) {
    ctx.addIssue({ code: 'custom', path: ['reference'], message: 'ledger.validation.reference_required' });
  }
}

/** POST /subscriptions/{id}/payout-quote: what a payout on `date` (default today) means. */
export const ZPayoutQuoteRequest = z.object({
  date: pastDay('associations.validation.transfer_date_future').optional(),
});
export type TPayoutQuoteRequest = z.infer<typeof ZPayoutQuoteRequest>;

/** Why a payout cannot be recorded now (null when it can). */
export const PAYOUT_REFUSALS = [
  'not_due',
  'paid',
  'cancelled',
  'closed',
  'arrears_refused',
  'arrears_exceed',
  'date_before_turn',
] as const;
export type PayoutRefusal = (typeof PAYOUT_REFUSALS)[number];

const ZInstallmentLine = z.object({
  id: z.number().int(),
  day_number: z.number().int(),
  due_date: z.string(),
  amount: z.number(),
});
export type TInstallmentLine = z.infer<typeof ZInstallmentLine>;

/**
 * The payout dialog's figures, computed by the server: the arrears are the subscription's
 * installments still pending and due on or before the payout date (the late ones among them).
 */
export const ZPayoutQuote = z.object({
  subscription_id: z.number().int(),
  /** The payout date the quote is for. */
  date: z.string(),
  /** The turn day's date: the payout may not be dated before it. */
  turn_date: z.string(),
  /** The payout (EGP), cost × number of turn days. */
  gross: z.number(),
  arrears: z.object({
    count: z.number().int(),
    sum: z.number(),
    /** Of those, due before today (Cairo). */
    late_count: z.number().int(),
    late_sum: z.number(),
    installments: z.array(ZInstallmentLine),
  }),
  /** What is deducted: the arrears under policy `net`, else 0. */
  deducted: z.number(),
  /** The amount to transfer: gross − deducted. */
  net: z.number(),
  policy: z.enum(PAYOUT_ARREARS_POLICIES),
  /** Null when the payout may be recorded with these figures. */
  refusal: z.enum(PAYOUT_REFUSALS).nullable(),
});
export type TPayoutQuote = z.infer<typeof ZPayoutQuote>;

/** A person as a ledger record names them. */
const ZPersonRef = z.object({ id: z.number().int(), name: z.string() });
const ZMemberRef = ZPersonRef.extend({ phone: z.string() });

/** A reversal as the record it undid shows it. */
export const ZReversalInfo = z.object({
  id: z.number().int(),
  reason: z.string(),
  reversed_at: z.string(),
  reversed_by: ZPersonRef.nullable(),
});
export type TReversalInfo = z.infer<typeof ZReversalInfo>;

/** A receipt reference on an installment, a payout, a history entry. */
export const ZReceiptRef = z.object({ id: z.number().int(), number: z.string() });
export type TReceiptRef = z.infer<typeof ZReceiptRef>;

/**
 * GET /receipts/{id}: everything a printed receipt (A4 and an 80 mm slip) shows. A receipt
 * covers installments of one subscription.
 */
export const ZReceipt = z.object({
  id: z.number().int(),
  number: z.string(),
  /** The day the money was received. */
  date: z.string(),
  /** When it was recorded. */
  created_at: z.string(),
  method: z.enum(RECEIPT_METHODS),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  /** EGP, the sum of the installments covered. */
  amount: z.number(),
  /** Who paid: the subscription's member when it was recorded. */
  member: ZMemberRef,
  association: z.object({ id: z.number().int(), code: z.string(), title: z.string(), cost: z.number() }),
  subscription: z.object({ id: z.number().int(), day_number: z.number().int(), date: z.string() }),
  installments: z.array(ZInstallmentLine),
  recorded_by: ZPersonRef.nullable(),
  /** A deduction receipt: the payout that settled these installments. */
  payout_id: z.number().int().nullable(),
  reversal: ZReversalInfo.nullable(),
});
export type TReceipt = z.infer<typeof ZReceipt>;

/** GET /me/receipts/{id}: the member's own receipt, without staff-only data (note, recorder, reason). */
export const ZMyReceipt = ZReceipt.omit({ note: true, recorded_by: true, reversal: true }).extend({
  reversed: z.boolean(),
  reversed_at: z.string().nullable(),
});
export type TMyReceipt = z.infer<typeof ZMyReceipt>;

/** A payout or a refund. */
export const ZPayout = z.object({
  id: z.number().int(),
  kind: z.enum(PAYOUT_KINDS),
  subscription_id: z.number().int(),
  association_id: z.number().int(),
  member: ZMemberRef,
  /** EGP: what the member was due. */
  gross: z.number(),
  /** EGP: arrears settled from it (a receipt with method payout_deduction). */
  deducted: z.number(),
  /** EGP: what left the association's account, gross − deducted. */
  net: z.number(),
  reference: z.string(),
  /** The day the money left. */
  date: z.string(),
  note: z.string().nullable(),
  recorded_by: ZPersonRef.nullable(),
  created_at: z.string(),
  deduction_receipt: ZReceiptRef.nullable(),
  reversal: ZReversalInfo.nullable(),
});
export type TPayout = z.infer<typeof ZPayout>;

/** POST /receipts/{id}/reverse and POST /payouts/{id}/reverse: a reason is required. */
export const ZReverseRequest = z.object({
  reason: nameText('ledger.validation.reason_required', LEDGER_REASON_MAX_LENGTH),
});
export type TReverseRequest = z.infer<typeof ZReverseRequest>;

export const ZReversal = z.object({
  id: z.number().int(),
  receipt_id: z.number().int().nullable(),
  payout_id: z.number().int().nullable(),
  subscription_id: z.number().int(),
  reason: z.string(),
  created_at: z.string(),
  reversed_by: ZPersonRef.nullable(),
  /** Installments that went back to pending (or cancelled, on a withdrawn subscription). */
  installments_restored: z.number().int(),
});
export type TReversal = z.infer<typeof ZReversal>;

/**
 * A subscription's money so far (EGP), from the ledger: paid = receipts not reversed; paid_out =
 * payouts (gross) not reversed; refunded = refunds not reversed; owed_back = paid − paid_out −
 * refunded, what a member who withdrew is owed (negative: what they owe).
 */
export const ZSubscriptionBalance = z.object({
  paid: z.number(),
  paid_out: z.number(),
  refunded: z.number(),
  owed_back: z.number(),
  /** Installments still pending: late (due before today) and future. */
  late_count: z.number().int(),
  late_sum: z.number(),
  future_count: z.number().int(),
  future_sum: z.number(),
});
export type TSubscriptionBalance = z.infer<typeof ZSubscriptionBalance>;

/** POST /subscriptions/{id}/withdraw-quote: what withdrawing means, before it is done. */
export const ZWithdrawQuote = z.object({
  subscription_id: z.number().int(),
  balance: ZSubscriptionBalance,
  /** Installments that a withdrawal cancels (every pending one: late and future). */
  cancel_count: z.number().int(),
  cancel_sum: z.number(),
});
export type TWithdrawQuote = z.infer<typeof ZWithdrawQuote>;

/** POST /subscriptions/{id}/withdraw: the member leaves; a reason is required. */
export const ZWithdrawRequest = z.object({
  reason: nameText('ledger.validation.reason_required', LEDGER_REASON_MAX_LENGTH),
});
export type TWithdrawRequest = z.infer<typeof ZWithdrawRequest>;

export const ZWithdrawResult = z.object({
  subscription_id: z.number().int(),
  status: z.enum(SUBSCRIPTION_STATES),
  cancelled_count: z.number().int(),
  balance: ZSubscriptionBalance,
});
export type TWithdrawResult = z.infer<typeof ZWithdrawResult>;

/** POST /subscriptions/{id}/refund: money back to a member who withdrew, at most owed_back. */
export const ZRefundRequest = z.object({
  amount: poundsField,
  reference: codeText('ledger.validation.reference_required', LEDGER_REFERENCE_MAX_LENGTH),
  date: pastDay('ledger.validation.refund_date_future'),
  note: noteText.optional(),
});
export type TRefundRequest = z.infer<typeof ZRefundRequest>;

/** POST /subscriptions/{id}/replace: another member takes over the subscription (its day and its history). */
export const ZReplaceRequest = z.object({
  user_id: idField,
  reason: nameText('ledger.validation.reason_required', LEDGER_REASON_MAX_LENGTH),
});
export type TReplaceRequest = z.infer<typeof ZReplaceRequest>;

export const LEDGER_ENTRY_KINDS = ['receipt', 'payout', 'refund', 'reversal', 'withdrawal', 'replacement'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** One line of a subscription's history, oldest first. */
export const ZLedgerEntry = z.object({
  kind: z.enum(LEDGER_ENTRY_KINDS),
  /** The record's id in its own table (receipt, payout, reversal, change). */
  id: z.number().int(),
  at: z.string(),
  /** receipt: R-…; otherwise null. */
  number: z.string().nullable(),
  /** EGP; null for a withdrawal or a replacement. */
  amount: z.number().nullable(),
  method: z.enum(RECEIPT_METHODS).nullable(),
  reference: z.string().nullable(),
  /** The day money moved (receipt, payout, refund). */
  date: z.string().nullable(),
  /** Who paid (receipt), who received (payout, refund), the member who left or took over. */
  member: ZMemberRef.nullable(),
  /** A replacement: the member before. */
  previous_member: ZMemberRef.nullable(),
  recorded_by: ZPersonRef.nullable(),
  /** Reversal, withdrawal, replacement. */
  reason: z.string().nullable(),
  /** A reversal: what it undid. */
  target: z.object({ kind: z.enum(['receipt', 'payout', 'refund']), id: z.number().int() }).nullable(),
  /** A receipt, payout or refund that was reversed since. */
  reversed: z.boolean(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

/** GET /subscriptions/{id}/ledger: the subscription's history and its balance. */
export const ZSubscriptionLedger = z.object({
  subscription_id: z.number().int(),
  status: z.enum(SUBSCRIPTION_STATES),
  balance: ZSubscriptionBalance,
  entries: z.array(ZLedgerEntry),
});
export type TSubscriptionLedger = z.infer<typeof ZSubscriptionLedger>;

/**
 * Totals of an association's ledger (EGP), reversed records left out. cash_position = collected −
 * paid_out − refunds = the cash that came in less the cash that left.
 */
export const ZLedgerTotals = z.object({
  subscriptions: z.number().int(),
  withdrawn: z.number().int(),
  /** Receipts not reversed, deductions included. */
  collected: z.number(),
  /** Payouts (gross) not reversed. */
  paid_out: z.number(),
  /** Of those, arrears settled by deduction (also in collected; never cash). */
  deducted: z.number(),
  /** Of those, what was transferred: paid_out − deducted. */
  transferred: z.number(),
  refunds: z.number(),
  cash_position: z.number(),
  owed_by_members: z.number(),
  owed_to_members: z.number(),
});
export type TLedgerTotals = z.infer<typeof ZLedgerTotals>;

/** One subscription in the settlement: what it paid, received and owes. */
export const ZSettlementLine = z.object({
  subscription_id: z.number().int(),
  day_number: z.number().int(),
  date: z.string(),
  member: ZMemberRef,
  status: z.enum(SUBSCRIPTION_STATES),
  transfer_status: z.enum(['unpaid', 'paid']),
  paid: z.number(),
  /** Payout gross and refunds not reversed. */
  received: z.number(),
  /** Installments still pending. */
  pending: z.number(),
  /** What the member owes (≥ 0): arrears, or a withdrawn member's negative balance. */
  owed_by_member: z.number(),
  /** What is owed to the member (≥ 0): an unpaid payout less arrears, or a withdrawn member's refund. */
  owed_to_member: z.number(),
});
export type TSettlementLine = z.infer<typeof ZSettlementLine>;

/**
 * GET /associations/{id}/settlement: every subscription (active and withdrawn) with the
 * totals, live from the ledger; `at_close` keeps the totals as they were when the association
 * closed (a reversal afterwards changes the live figures, never the closing ones).
 */
export const ZSettlement = z.object({
  association_id: z.number().int(),
  closed_at: z.string().nullable(),
  as_of: z.string(),
  totals: ZLedgerTotals,
  at_close: ZLedgerTotals.nullable(),
  lines: z.array(ZSettlementLine),
});
export type TSettlement = z.infer<typeof ZSettlement>;
