import { z } from 'zod';
import { ASSOCIATION_START_MIN, latestAssociationStart } from '../associations-rules.js';
import { today } from '../clock.js';
import { ASSOCIATION_COSTS, ASSOCIATION_DURATION_DAYS, NAME_MAX_LENGTH } from '../constants.js';
import {
  amountField,
  codeSearchField,
  codeText,
  dayWithin,
  idField,
  nameText,
  optionalText,
  searchField,
  wholeNumber,
} from './fields.js';
import {
  RECEIPT_FIELDS,
  referenceUnlessCash,
  SUBSCRIPTION_STATES,
  ZPayout,
  ZReceiptRef,
  ZSubscriptionBalance,
} from './ledger.js';
import { ZListQuery } from './list.js';

export { ASSOCIATION_START_MAX_YEARS, ASSOCIATION_START_MIN, latestAssociationStart } from '../associations-rules.js';

/**
 * Savings associations, subscriptions, installments and payouts (SPEC §1–§9, DESIGN §2,
 * docs/decisions/0017-associations.md). Money leaves the API in EGP (whole pounds here, since
 * every cost is); it is kept in integer piastres.
 */
export const ASSOCIATION_TYPES = ['normal', 'vip'] as const;
export type AssociationType = (typeof ASSOCIATION_TYPES)[number];
/**
 * Status follows the dates (issue 22 §4, docs/decisions/0029): pending before from_date, started
 * from from_date (or a force start), closed from to_date (the daily job writes the settlement).
 */
export const ASSOCIATION_STATUSES = ['pending', 'started', 'closed'] as const;
export type AssociationStatus = (typeof ASSOCIATION_STATUSES)[number];
export const TRANSFER_STATUSES = ['unpaid', 'paid'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
/** `cancelled`: an installment of a subscription that was withdrawn (kept, never deleted). */
export const PAYMENT_STATUSES = ['future', 'received', 'late', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** The most installments recorded as received in one call. */
export const RECEIVE_MAX_IDS = 200;
/** The largest days file an import reads. */
export const DAYS_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const REFERENCE_MAX_LENGTH = 100;

/** to_date = from_date + 1200 days, the same arithmetic the database does (shown live in the form). */
export function associationEndDate(fromDate: string): string {
  const day = new Date(`${fromDate}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + ASSOCIATION_DURATION_DAYS);
  return day.toISOString().slice(0, 10);
}

const costField = wholeNumber('associations.validation.cost_invalid', { min: 1, max: 1_000_000 }).refine(
  (n) => (ASSOCIATION_COSTS as readonly number[]).includes(n),
  { error: 'associations.validation.cost_invalid' },
);
const typeField = z.enum(ASSOCIATION_TYPES, { error: 'associations.validation.type_invalid' });
/**
 * Required on create and edit (SPEC §5): a missing type used to become normal without a word. The
 * same pattern as the start date: "" and null count as missing, so each refusal has its own message.
 */
const requiredTypeField = z
  .preprocess((v) => (v === '' || v === null ? undefined : v), typeField.optional())
  .refine((v) => v !== undefined, { error: 'associations.validation.type_required' });
const titleField = nameText('associations.validation.title_required', NAME_MAX_LENGTH);
/** The start date: a real day from 2000 to five years ahead (its end, 1,200 days on, must stay a real date). */
const startDateField = dayWithin(
  { min: ASSOCIATION_START_MIN, max: latestAssociationStart },
  'associations.validation.from_date_range',
);

// Not a union with undefined: a union that fails reports only "invalid value", not the day's own message.
const fromDateField = z
  .preprocess((v) => (v === '' || v === null ? undefined : v), startDateField.optional())
  .refine((v) => v !== undefined, { error: 'associations.validation.from_date_required' });

/** SPEC §7 sends both spellings (associationType / association_type, fromDate / from_date): one shape. */
function aliases(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const body = input as Record<string, unknown>;
  return {
    ...body,
    association_type: body.association_type ?? body.associationType,
    from_date: body.from_date ?? body.fromDate,
  };
}

/** PUT /associations: title, cost, type and start date (to_date is computed, never accepted). */
export const ZAssociationCreateRequest = z.preprocess(
  aliases,
  z.object({
    title: titleField,
    cost: costField,
    association_type: requiredTypeField,
    from_date: fromDateField,
  }),
);
export type TAssociationCreateRequest = z.infer<typeof ZAssociationCreateRequest>;

/** PUT /associations/{id}: the same fields; cost, type and from_date only while nobody subscribed. */
export const ZAssociationUpdateRequest = ZAssociationCreateRequest;
export type TAssociationUpdateRequest = TAssociationCreateRequest;

export const ASSOCIATION_SORT_COLUMNS = ['id', 'title', 'cost', 'from_date', 'to_date'] as const;

/** POST /associations?page={n}: title, code, type, cost range, from_date, to_date (SPEC §2). */
export const ZAssociationListRequest = ZListQuery.extend({
  sortBy: z.enum(ASSOCIATION_SORT_COLUMNS, { error: 'validation.invalid_value' }).default('id'),
  title: searchField.optional(),
  code: codeSearchField.optional(),
  association_type: typeField.optional(),
  cost_min: wholeNumber('validation.invalid_value', { min: 0, max: 1_000_000 }).optional(),
  cost_max: wholeNumber('validation.invalid_value', { min: 0, max: 1_000_000 }).optional(),
  status: z.enum(ASSOCIATION_STATUSES, { error: 'validation.invalid_value' }).optional(),
});
export type TAssociationListRequest = z.infer<typeof ZAssociationListRequest>;

export const ZAssociation = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  association_type: z.enum(ASSOCIATION_TYPES),
  associationType: z.enum(ASSOCIATION_TYPES),
  /** EGP per installment. */
  cost: z.number(),
  from_date: z.string(),
  fromDate: z.string(),
  to_date: z.string(),
  status: z.enum(ASSOCIATION_STATUSES),
  started_at: z.string().nullable(),
  /** "Start" may be offered: only before from_date, and only while not started. */
  can_start: z.boolean(),
  /** Set by the daily job on to_date; nothing but a reversal is recorded after it. */
  closed_at: z.string().nullable(),
  numOfSubscription: z.number().int(),
  AvailableDays: z.number().int(),
  /** Cost, type and from_date may no longer change (someone subscribed). */
  locked: z.boolean(),
  created_at: z.string(),
});
export type TAssociation = z.infer<typeof ZAssociation>;

/** POST /associations/status: force-start, only while started_at is empty. */
export const ZAssociationStatusRequest = z.object({
  association_id: idField,
  status: z.literal('started', { error: 'validation.invalid_value' }),
});

/** A turn day and who holds it. */
export const ZAssociationDay = z.object({
  day_number: z.number().int(),
  date: z.string(),
  subscription_id: z.number().int().nullable(),
  user: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }).nullable(),
});
export type TAssociationDay = z.infer<typeof ZAssociationDay>;

/** POST /associations/{id}/days: the calendar, paged, optionally only the available days. */
export const ZAssociationDaysRequest = ZListQuery.extend({
  sortBy: z.enum(['day_number'], { error: 'validation.invalid_value' }).default('day_number'),
  sortOrder: z.enum(['asc', 'desc'], { error: 'validation.invalid_value' }).default('asc'),
  available: z.boolean({ error: 'validation.invalid_value' }).optional(),
});

/** One bad row of a days file: its line, the column and why. */
export const ZImportProblem = z.object({
  row: z.number().int(),
  field: z.string().optional(),
  title: z.string(),
});
export const ZDaysImportResult = z.object({
  /** Rows read from the file. */
  rows: z.number().int(),
  /** Days whose date changed (0 in a preview). */
  changed: z.number().int(),
  applied: z.boolean(),
});
export type TDaysImportResult = z.infer<typeof ZDaysImportResult>;

/* ------------------------------------------------------------- subscriptions */

/** PUT /subscriptions: a member takes one available day of an association. */
export const ZSubscriptionCreateRequest = z.object({
  user_id: idField,
  association_id: idField,
  day_number: wholeNumber('associations.validation.day_invalid', { min: 1, max: ASSOCIATION_DURATION_DAYS }),
});
export type TSubscriptionCreateRequest = z.infer<typeof ZSubscriptionCreateRequest>;

/** POST /subscriptions/quote: what subscribing to a day would mean. */
export const ZSubscriptionQuoteRequest = z.object({
  association_id: idField,
  day_number: wholeNumber('associations.validation.day_invalid', { min: 1, max: ASSOCIATION_DURATION_DAYS }),
});

/** What a subscription will mean before it is made: the payout and what is owed at once. */
export const ZSubscriptionQuote = z.object({
  amount: z.number(),
  installments: z.number().int(),
  past_due_count: z.number().int(),
  past_due_sum: z.number(),
  day: z.object({ day_number: z.number().int(), date: z.string() }),
});
export type TSubscriptionQuote = z.infer<typeof ZSubscriptionQuote>;

export const SUBSCRIPTION_SORT_COLUMNS = ['id', 'date', 'dayNumber', 'amount'] as const;

/** POST /subscriptions?page={n}: status (the payout's), association, dates of the turn day (SPEC §2). */
export const ZSubscriptionListRequest = ZListQuery.extend({
  sortBy: z.enum(SUBSCRIPTION_SORT_COLUMNS, { error: 'validation.invalid_value' }).default('id'),
  status: z.enum(TRANSFER_STATUSES, { error: 'validation.invalid_value' }).optional(),
  /** Active subscriptions unless asked otherwise (withdrawn ones are `cancelled`). */
  subscription_status: z.enum(SUBSCRIPTION_STATES, { error: 'validation.invalid_value' }).default('active'),
  association_id: idField.optional(),
  user_id: idField.optional(),
});
export type TSubscriptionListRequest = z.infer<typeof ZSubscriptionListRequest>;

const ZAssociationRef = z.object({ id: z.number().int(), title: z.string(), cost: z.number() });

/** A subscription as SPEC §3 lists it. */
export const ZSubscription = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  userName: z.string(),
  userPhone: z.string(),
  /** The turn day's date: when the member receives the payout. */
  date: z.string(),
  dayNumber: z.number().int(),
  association: ZAssociationRef,
  /** The payout in EGP. */
  amount: z.number(),
  transferStatus: z.enum(TRANSFER_STATUSES),
  transfer_reference: z.string().nullable(),
  transfer_date: z.string().nullable(),
  /** The payout that made transferStatus paid (null while unpaid). */
  payout_id: z.number().int().nullable(),
  /** active, or cancelled once the member withdrew. */
  subscription_status: z.enum(SUBSCRIPTION_STATES),
  created_at: z.string(),
});
export type TSubscription = z.infer<typeof ZSubscription>;

/** A subscription's installments summed in SQL: received, late and future, counts and EGP. */
export const ZInstallmentTotals = z.object({
  total: z.number().int(),
  received_count: z.number().int(),
  received_sum: z.number(),
  late_count: z.number().int(),
  late_sum: z.number(),
  future_count: z.number().int(),
  future_sum: z.number(),
  /** Cancelled by a withdrawal: owed by no one. */
  cancelled_count: z.number().int(),
});
export type TInstallmentTotals = z.infer<typeof ZInstallmentTotals>;

/** GET /subscriptions/{id}: with the member's account of it. */
export const ZSubscriptionDetail = ZSubscription.extend({
  installments: ZInstallmentTotals,
  /** The payout may be recorded: its day has come, it is unpaid, the subscription active, the association open. */
  payout_due: z.boolean(),
  association_status: z.enum(ASSOCIATION_STATUSES),
  /** From the ledger (docs/decisions/0029): paid, paid out, refunded, owed back. */
  balance: ZSubscriptionBalance,
  /** Staff may withdraw it or hand it to another member (active, association not closed). */
  can_withdraw: z.boolean(),
  can_replace: z.boolean(),
  /** A refund may be recorded: withdrawn, owed_back > 0, association not closed. */
  can_refund: z.boolean(),
});
export type TSubscriptionDetail = z.infer<typeof ZSubscriptionDetail>;

/** POST /subscriptions/{id}/transfer: staff record the payout (SPEC §4 transferStatus). */
export const ZTransferRequest = z.object({
  reference: codeText('associations.validation.reference_required', REFERENCE_MAX_LENGTH),
  /** The day the money left: not in the future (Cairo); not before the turn day (checked with the day, on the server). */
  date: dayWithin({ max: today }, 'associations.validation.transfer_date_future'),
  note: optionalText(500).optional(),
  /**
   * The net the dialog showed (EGP, from the payout quote). When given and the arrears changed
   * since (a receipt recorded meanwhile), the payout is refused with 409 ledger.errors.quote_changed.
   */
  expected_net: amountField('validation.invalid_value', { max: 1e12, zero: true }).optional(),
});
export type TTransferRequest = z.infer<typeof ZTransferRequest>;

/** POST /subscriptions/{id}/transfer answers the subscription and the payout it recorded. */
export const ZTransferResult = ZSubscription.extend({ payout: ZPayout });
export type TTransferResult = z.infer<typeof ZTransferResult>;

/* ------------------------------------------------------------------ payments */

export const PAYMENT_SORT_COLUMNS = ['id', 'dueDate'] as const;

/** POST /subscriptions/payments?page={n}: status, association, due-date range (SPEC §2). */
export const ZPaymentListRequest = ZListQuery.extend({
  sortBy: z.enum(PAYMENT_SORT_COLUMNS, { error: 'validation.invalid_value' }).default('id'),
  status: z.enum(PAYMENT_STATUSES, { error: 'validation.invalid_value' }).optional(),
  association_id: idField.optional(),
  user_id: idField.optional(),
  subscription_id: idField.optional(),
});
export type TPaymentListRequest = z.infer<typeof ZPaymentListRequest>;

/** An installment as SPEC §3 lists it; the amount is the association's cost. */
export const ZPayment = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }),
  association: ZAssociationRef,
  association_id: z.number().int(),
  subscription_id: z.number().int(),
  dayNumber: z.number().int(),
  dueDate: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number(),
  /** Days past due while unpaid (late), else 0. */
  days_late: z.number().int(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  received_at: z.string().nullable(),
  /** The receipt that covers it while received. */
  receipt: ZReceiptRef.nullable(),
});
export type TPayment = z.infer<typeof ZPayment>;

/**
 * POST /subscriptions/payments/receive: one or several installments received, in one transaction,
 * one receipt per subscription they belong to (method, reference unless cash, date received, note).
 */
export const ZReceivePaymentsRequest = z
  .object({
    ids: z
      .array(idField, { error: 'validation.invalid_value' })
      .min(1, { error: 'associations.validation.payments_required' })
      .max(RECEIVE_MAX_IDS, { error: 'validation.too_long' }),
    ...RECEIPT_FIELDS,
  })
  .superRefine(referenceUnlessCash);
export type TReceivePaymentsRequest = z.infer<typeof ZReceivePaymentsRequest>;

/** The body of an export: a list's filters plus the file format (every matching row, not a page). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ZExportFormat = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'validation.invalid_value' }).default('xlsx'),
});
export const ZAssociationExportRequest = ZAssociationListRequest.extend(ZExportFormat.shape);
export const ZSubscriptionExportRequest = ZSubscriptionListRequest.extend(ZExportFormat.shape);
export const ZPaymentExportRequest = ZPaymentListRequest.extend(ZExportFormat.shape);
