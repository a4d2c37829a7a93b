import { z } from 'zod';
import { ASSOCIATION_STATUSES, TRANSFER_STATUSES, ZExportFormat } from './associations.js';
import { codeSearchField, idField, searchField } from './fields.js';
import { SUBSCRIPTION_STATES } from './ledger.js';
import { ZListQuery } from './list.js';

/**
 * The association's ledger and the cash report (issue 20 §4, docs/decisions/0030-cash-report.md):
 * what an association (or all of them) holds, owes and will need, each figure one SQL sum over the
 * ledger of docs/decisions/0029 (reversed rows left out), read from rollups the database keeps in
 * the same transaction as every change. Money leaves the API in EGP; the database keeps piastres.
 */

/** How far the forecast looks ahead: today and the 89 days after it. */
export const FORECAST_DAYS = 90;

/** Late installments: pending, due before today (Cairo). */
export const ZArrears = z.object({
  /** EGP. */
  sum: z.number(),
  /** Installments. */
  count: z.number().int(),
  /** Members who owe at least one of them. */
  members: z.number().int(),
  /** The due date of the oldest one, or null when nothing is late. */
  oldest: z.string().nullable(),
});
export type TArrears = z.infer<typeof ZArrears>;

/** A number of things and what they come to (EGP). */
export const ZCountSum = z.object({ count: z.number().int(), sum: z.number() });
export type TCountSum = z.infer<typeof ZCountSum>;

/**
 * The figures of one association or of all of them, as of `today` (Cairo):
 * - fill: days held (active subscriptions) of the days there are (1,200 per association);
 * - members: people holding at least one day;
 * - collected = receipts not reversed (deductions included); paid_out = payouts (gross) not
 *   reversed, of which `deducted` settled arrears; refunds = refunds not reversed;
 *   cash_position = collected − paid_out − refunds (docs/decisions/0029);
 * - arrears: installments late today;
 * - payouts made (not reversed) and due: held days not yet paid out whose turn has come (today
 *   included).
 */
export const ZCashFigures = z.object({
  days_held: z.number().int(),
  days_total: z.number().int(),
  /** days_held / days_total, four decimals (0.2525 = 25.25 %). */
  fill_rate: z.number(),
  members: z.number().int(),
  collected: z.number(),
  paid_out: z.number(),
  deducted: z.number(),
  refunds: z.number(),
  cash_position: z.number(),
  arrears: ZArrears,
  payouts_made: ZCountSum,
  payouts_due: ZCountSum,
});
export type TCashFigures = z.infer<typeof ZCashFigures>;

/** One day of the forecast (EGP). */
export const ZForecastDay = z.object({
  date: z.string(),
  /** Installments pending and due that day. */
  collections: z.number(),
  /** Payouts of held, unpaid turn days that day (cost × 1,200 each); the first day also carries the overdue ones. */
  payouts: z.number(),
  payouts_count: z.number().int(),
  /** The cash position at the end of the day, if everything due is collected and paid as due. */
  cash: z.number(),
});
export type TForecastDay = z.infer<typeof ZForecastDay>;

/**
 * The next 90 days: the cash position today, then each day's expected collections and payouts due,
 * and the running cash position. Late installments are not counted on (they are arrears, shown
 * apart); payouts already due and not made are, on the first day. `negative_on`: the first day the
 * cash position falls below zero, or null.
 */
export const ZForecast = z.object({
  from: z.string(),
  to: z.string(),
  opening_cash: z.number(),
  /** Held, unpaid turn days before today: owed now, counted on the first day. */
  overdue_payouts: ZCountSum,
  days: z.array(ZForecastDay),
  negative_on: z.string().nullable(),
  /** The lowest running cash position and its first day. */
  lowest: z.object({ date: z.string(), cash: z.number() }),
});
export type TForecast = z.infer<typeof ZForecast>;

/** The association a figure set belongs to. */
export const ZCashAssociation = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  status: z.enum(ASSOCIATION_STATUSES),
  cost: z.number(),
  from_date: z.string(),
  to_date: z.string(),
});
export type TCashAssociation = z.infer<typeof ZCashAssociation>;

/** GET /reports/cash/associations/{id}: the Ledger tab of an association. */
export const ZAssociationCash = z.object({
  as_of: z.string(),
  association: ZCashAssociation,
  figures: ZCashFigures,
  forecast: ZForecast,
});
export type TAssociationCash = z.infer<typeof ZAssociationCash>;

/** GET /reports/cash: every association together. */
export const ZCashReport = z.object({
  as_of: z.string(),
  associations: z.number().int(),
  figures: ZCashFigures,
  forecast: ZForecast,
});
export type TCashReport = z.infer<typeof ZCashReport>;

/** One association's line of the report: its figures and the first day its own pool goes negative. */
export const ZCashReportRow = ZCashAssociation.extend({
  figures: ZCashFigures,
  /** Within the forecast's 90 days, or null. */
  negative_on: z.string().nullable(),
});
export type TCashReportRow = z.infer<typeof ZCashReportRow>;

export const CASH_REPORT_SORT_COLUMNS = [
  'id',
  'title',
  'from_date',
  'days_held',
  'collected',
  'paid_out',
  'cash_position',
] as const;

/** POST /reports/cash/associations: the report's lines, paged; title or code, status. */
export const ZCashReportListRequest = ZListQuery.extend({
  sortBy: z.enum(CASH_REPORT_SORT_COLUMNS, { error: 'validation.invalid_value' }).default('id'),
  title: searchField.optional(),
  code: codeSearchField.optional(),
  status: z.enum(ASSOCIATION_STATUSES, { error: 'validation.invalid_value' }).optional(),
});
export type TCashReportListRequest = z.infer<typeof ZCashReportListRequest>;
export const ZCashReportExportRequest = ZCashReportListRequest.extend(ZExportFormat.shape);
export type TCashReportExportRequest = z.infer<typeof ZCashReportExportRequest>;

/** POST /reports/cash/forecast/export: the 90 days of one association, or of all of them. */
export const ZForecastExportRequest = ZExportFormat.extend({ association_id: idField.optional() });
export type TForecastExportRequest = z.infer<typeof ZForecastExportRequest>;

/** POST /users/{id}/balance/export and /me/balance/export: the balance's lines. */
export const ZBalanceExportRequest = ZExportFormat;
export type TBalanceExportRequest = z.infer<typeof ZBalanceExportRequest>;

/**
 * One subscription in a member's balance (EGP): what they paid on it, received from it, still owe
 * on it and of that what is late. A subscription they no longer hold (replaced) keeps the money
 * they paid or received on it; `holder` says whether it is still theirs.
 */
export const ZBalanceLine = z.object({
  subscription_id: z.number().int(),
  association: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
  day_number: z.number().int(),
  turn_date: z.string(),
  status: z.enum(SUBSCRIPTION_STATES),
  transfer_status: z.enum(TRANSFER_STATUSES),
  holder: z.boolean(),
  paid: z.number(),
  received: z.number(),
  owed: ZCountSum,
  late: ZCountSum,
});
export type TBalanceLine = z.infer<typeof ZBalanceLine>;

/**
 * GET /users/{id}/balance (staff) and GET /me/balance (the member): across all the member's
 * subscriptions, as of `as_of` (Cairo), EGP:
 * - paid: receipts in their name, not reversed (payout deductions included);
 * - received: payouts (gross) and refunds to them, not reversed;
 * - owed: installments they still owe (pending), of which `late` are due before today;
 * - to_receive: payouts of days they hold that are not made yet.
 */
export const ZMemberBalance = z.object({
  user_id: z.number().int(),
  as_of: z.string(),
  paid: z.number(),
  received: z.number(),
  payouts: z.number(),
  deducted: z.number(),
  refunds: z.number(),
  owed: ZCountSum,
  late: ZCountSum.extend({ oldest: z.string().nullable() }),
  to_receive: ZCountSum,
  lines: z.array(ZBalanceLine),
});
export type TMemberBalance = z.infer<typeof ZMemberBalance>;
