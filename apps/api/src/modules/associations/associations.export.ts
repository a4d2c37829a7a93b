import type { Locale } from '@portal/shared/constants';
import { translate } from '@portal/shared/messages';
import type { TAssociation, TPayment, TSubscription } from '@portal/shared/schemas/associations';
import type { ExportColumn } from '../../lib/export.js';

/**
 * The columns of each export: what each holds (lib/export.ts writes it by its kind), headers and
 * labels in the caller's language from the catalogue.
 */
export function associationColumns(locale: Locale): ExportColumn<TAssociation>[] {
  const label = (key: string) => translate(locale, `associations.labels.${key}`);
  return [
    { header: 'associations.columns.code', kind: 'text', value: (a) => a.code },
    { header: 'associations.columns.title', kind: 'text', value: (a) => a.title },
    { header: 'associations.columns.type', kind: 'text', value: (a) => label(a.association_type) },
    { header: 'associations.columns.cost_egp', kind: 'money', value: (a) => a.cost },
    { header: 'associations.columns.from_date', kind: 'date', value: (a) => a.from_date },
    { header: 'associations.columns.to_date', kind: 'date', value: (a) => a.to_date },
    { header: 'associations.columns.status', kind: 'text', value: (a) => label(a.status) },
    { header: 'associations.columns.subscriptions', kind: 'integer', value: (a) => a.numOfSubscription },
    { header: 'associations.columns.available_days', kind: 'integer', value: (a) => a.AvailableDays },
  ];
}

export function subscriptionColumns(locale: Locale): ExportColumn<TSubscription>[] {
  return [
    { header: 'associations.columns.id', kind: 'integer', value: (s) => s.id },
    { header: 'associations.columns.member', kind: 'text', value: (s) => s.userName },
    { header: 'associations.columns.phone', kind: 'text', value: (s) => s.userPhone },
    { header: 'associations.columns.association', kind: 'text', value: (s) => s.association.title },
    { header: 'associations.columns.cost_egp', kind: 'money', value: (s) => s.association.cost },
    { header: 'associations.columns.day_number', kind: 'integer', value: (s) => s.dayNumber },
    { header: 'associations.columns.turn_date', kind: 'date', value: (s) => s.date },
    { header: 'associations.columns.payout_egp', kind: 'money', value: (s) => s.amount },
    {
      header: 'associations.columns.transfer_status',
      kind: 'text',
      value: (s) => translate(locale, `associations.labels.${s.transferStatus}`),
    },
    { header: 'associations.columns.transfer_reference', kind: 'text', value: (s) => s.transfer_reference },
  ];
}

export function paymentColumns(locale: Locale): ExportColumn<TPayment>[] {
  return [
    { header: 'associations.columns.id', kind: 'integer', value: (p) => p.id },
    { header: 'associations.columns.member', kind: 'text', value: (p) => p.user.name },
    { header: 'associations.columns.phone', kind: 'text', value: (p) => p.user.phone },
    { header: 'associations.columns.association', kind: 'text', value: (p) => p.association.title },
    { header: 'associations.columns.day_number', kind: 'integer', value: (p) => p.dayNumber },
    { header: 'associations.columns.due_date', kind: 'date', value: (p) => p.dueDate },
    {
      header: 'associations.columns.payment_status',
      kind: 'text',
      value: (p) => translate(locale, `associations.labels.${p.status}`),
    },
    { header: 'associations.columns.amount_egp', kind: 'money', value: (p) => p.amount },
    { header: 'associations.columns.days_late', kind: 'integer', value: (p) => p.days_late },
    { header: 'associations.columns.reference', kind: 'text', value: (p) => p.reference },
    { header: 'associations.columns.received_at', kind: 'datetime', value: (p) => p.received_at },
  ];
}
