import type { Locale } from '@portal/shared/constants';
import { translate } from '@portal/shared/messages';
import type { TBalanceLine, TCashReportRow, TForecastDay } from '@portal/shared/schemas/reports';
import type { ExportColumn } from '../../lib/export.js';

/**
 * The columns of the cash report's exports (lib/export.ts writes each by its kind: money as
 * numbers in EGP, days as dates, counts as integers), headers in the caller's language.
 */
export function cashRowColumns(locale: Locale): ExportColumn<TCashReportRow>[] {
  return [
    { header: 'reports.columns.code', kind: 'text', value: (r) => r.code },
    { header: 'reports.columns.title', kind: 'text', value: (r) => r.title },
    {
      header: 'reports.columns.status',
      kind: 'text',
      value: (r) => translate(locale, `associations.labels.${r.status}`),
    },
    { header: 'reports.columns.from_date', kind: 'date', value: (r) => r.from_date },
    { header: 'reports.columns.to_date', kind: 'date', value: (r) => r.to_date },
    { header: 'reports.columns.cost_egp', kind: 'money', value: (r) => r.cost },
    { header: 'reports.columns.days_held', kind: 'integer', value: (r) => r.figures.days_held },
    { header: 'reports.columns.days_total', kind: 'integer', value: (r) => r.figures.days_total },
    { header: 'reports.columns.members', kind: 'integer', value: (r) => r.figures.members },
    { header: 'reports.columns.collected_egp', kind: 'money', value: (r) => r.figures.collected },
    { header: 'reports.columns.paid_out_egp', kind: 'money', value: (r) => r.figures.paid_out },
    { header: 'reports.columns.deducted_egp', kind: 'money', value: (r) => r.figures.deducted },
    { header: 'reports.columns.refunds_egp', kind: 'money', value: (r) => r.figures.refunds },
    { header: 'reports.columns.cash_position_egp', kind: 'money', value: (r) => r.figures.cash_position },
    { header: 'reports.columns.arrears_egp', kind: 'money', value: (r) => r.figures.arrears.sum },
    { header: 'reports.columns.arrears_count', kind: 'integer', value: (r) => r.figures.arrears.count },
    { header: 'reports.columns.arrears_members', kind: 'integer', value: (r) => r.figures.arrears.members },
    { header: 'reports.columns.arrears_oldest', kind: 'date', value: (r) => r.figures.arrears.oldest },
    { header: 'reports.columns.payouts_made', kind: 'integer', value: (r) => r.figures.payouts_made.count },
    { header: 'reports.columns.payouts_due', kind: 'integer', value: (r) => r.figures.payouts_due.count },
    { header: 'reports.columns.payouts_due_egp', kind: 'money', value: (r) => r.figures.payouts_due.sum },
    { header: 'reports.columns.negative_on', kind: 'date', value: (r) => r.negative_on },
  ];
}

/** A forecast day as an export row (the writer wants an id per row: the day). */
export type ForecastRow = TForecastDay & { id: string };

export function forecastColumns(): ExportColumn<ForecastRow>[] {
  return [
    { header: 'reports.columns.date', kind: 'date', value: (r) => r.date },
    { header: 'reports.columns.collections_egp', kind: 'money', value: (r) => r.collections },
    { header: 'reports.columns.payouts_count', kind: 'integer', value: (r) => r.payouts_count },
    { header: 'reports.columns.payouts_egp', kind: 'money', value: (r) => r.payouts },
    { header: 'reports.columns.cash_egp', kind: 'money', value: (r) => r.cash },
  ];
}

export type BalanceRow = TBalanceLine & { id: number };

export function balanceColumns(locale: Locale): ExportColumn<BalanceRow>[] {
  return [
    { header: 'reports.columns.subscription', kind: 'integer', value: (r) => r.subscription_id },
    { header: 'reports.columns.code', kind: 'text', value: (r) => r.association.code },
    { header: 'reports.columns.title', kind: 'text', value: (r) => r.association.title },
    { header: 'reports.columns.day_number', kind: 'integer', value: (r) => r.day_number },
    { header: 'reports.columns.turn_date', kind: 'date', value: (r) => r.turn_date },
    {
      header: 'reports.columns.subscription_status',
      kind: 'text',
      value: (r) => translate(locale, `ledger.labels.${r.status}`),
    },
    {
      header: 'reports.columns.transfer_status',
      kind: 'text',
      value: (r) => translate(locale, `associations.labels.${r.transfer_status}`),
    },
    {
      header: 'reports.columns.holder',
      kind: 'text',
      value: (r) => translate(locale, r.holder ? 'reports.labels.yes' : 'reports.labels.no'),
    },
    { header: 'reports.columns.paid_egp', kind: 'money', value: (r) => r.paid },
    { header: 'reports.columns.received_egp', kind: 'money', value: (r) => r.received },
    { header: 'reports.columns.owed_count', kind: 'integer', value: (r) => r.owed.count },
    { header: 'reports.columns.owed_egp', kind: 'money', value: (r) => r.owed.sum },
    { header: 'reports.columns.late_count', kind: 'integer', value: (r) => r.late.count },
    { header: 'reports.columns.late_egp', kind: 'money', value: (r) => r.late.sum },
  ];
}
