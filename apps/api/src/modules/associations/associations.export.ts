import type { Locale } from '@portal/shared/constants';
import { translate } from '@portal/shared/messages';
import type { TAssociation, TPayment, TSubscription } from '@portal/shared/schemas/associations';
import { type ExportColumn, exportFormatters } from '../../lib/export.js';

/** The columns of each export, in the caller's language (headers and labels from the catalogue). */
export function associationColumns(locale: Locale): ExportColumn<TAssociation>[] {
  const f = exportFormatters(locale);
  const label = (key: string) => translate(locale, `associations.labels.${key}`);
  return [
    { header: 'associations.columns.code', value: (a) => a.code },
    { header: 'associations.columns.title', value: (a) => a.title },
    { header: 'associations.columns.type', value: (a) => label(a.association_type) },
    { header: 'associations.columns.cost', value: (a) => f.money(a.cost) },
    { header: 'associations.columns.from_date', value: (a) => f.day(a.from_date) },
    { header: 'associations.columns.to_date', value: (a) => f.day(a.to_date) },
    { header: 'associations.columns.status', value: (a) => label(a.status) },
    { header: 'associations.columns.subscriptions', value: (a) => a.numOfSubscription },
    { header: 'associations.columns.available_days', value: (a) => a.AvailableDays },
  ];
}

export function subscriptionColumns(locale: Locale): ExportColumn<TSubscription>[] {
  const f = exportFormatters(locale);
  return [
    { header: 'associations.columns.id', value: (s) => s.id },
    { header: 'associations.columns.member', value: (s) => s.userName },
    { header: 'associations.columns.phone', value: (s) => s.userPhone },
    { header: 'associations.columns.association', value: (s) => s.association.title },
    { header: 'associations.columns.cost', value: (s) => f.money(s.association.cost) },
    { header: 'associations.columns.day_number', value: (s) => s.dayNumber },
    { header: 'associations.columns.turn_date', value: (s) => f.day(s.date) },
    { header: 'associations.columns.payout', value: (s) => f.money(s.amount) },
    {
      header: 'associations.columns.transfer_status',
      value: (s) => translate(locale, `associations.labels.${s.transferStatus}`),
    },
    { header: 'associations.columns.transfer_reference', value: (s) => s.transfer_reference },
  ];
}

export function paymentColumns(locale: Locale): ExportColumn<TPayment>[] {
  const f = exportFormatters(locale);
  return [
    { header: 'associations.columns.id', value: (p) => p.id },
    { header: 'associations.columns.member', value: (p) => p.user.name },
    { header: 'associations.columns.phone', value: (p) => p.user.phone },
    { header: 'associations.columns.association', value: (p) => p.association.title },
    { header: 'associations.columns.day_number', value: (p) => p.dayNumber },
    { header: 'associations.columns.due_date', value: (p) => f.day(p.dueDate) },
    {
      header: 'associations.columns.payment_status',
      value: (p) => translate(locale, `associations.labels.${p.status}`),
    },
    { header: 'associations.columns.amount', value: (p) => f.money(p.amount) },
    { header: 'associations.columns.days_late', value: (p) => p.days_late },
    { header: 'associations.columns.reference', value: (p) => p.reference },
    {
      header: 'associations.columns.received_at',
      value: (p) => (p.received_at ? f.day(p.received_at.slice(0, 10)) : ''),
    },
  ];
}
