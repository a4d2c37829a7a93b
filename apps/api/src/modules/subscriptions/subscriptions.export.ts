import type { Locale } from '@portal/shared/constants';
import { PAYMENT_STATUSES, TRANSFER_STATUSES } from '@portal/shared/schemas/associations';
import { sql } from 'drizzle-orm';
import { labelled, type QueryColumn } from '../../lib/export-query.js';
import { paymentFields, subscriptionFields } from './subscriptions.repository.js';

/**
 * The columns of the subscriptions and payments exports: what each holds (lib/export-query.ts has
 * PostgreSQL write it by its kind; money in piastres), headers and labels in the caller's language.
 */

export function subscriptionColumns(locale: Locale): QueryColumn[] {
  const s = subscriptionFields;
  return [
    { header: 'associations.columns.id', kind: 'integer', value: sql`${s.id}` },
    { header: 'associations.columns.member', kind: 'text', value: sql`${s.userName}` },
    { header: 'associations.columns.phone', kind: 'text', value: sql`${s.userPhone}` },
    { header: 'associations.columns.association', kind: 'text', value: sql`${s.associationTitle}` },
    { header: 'associations.columns.cost_egp', kind: 'money', value: sql`${s.costPiastres}` },
    { header: 'associations.columns.day_number', kind: 'integer', value: sql`${s.dayNumber}` },
    { header: 'associations.columns.turn_date', kind: 'date', value: sql`${s.date}` },
    { header: 'associations.columns.payout_egp', kind: 'money', value: sql`${s.amountPiastres}` },
    {
      header: 'associations.columns.transfer_status',
      kind: 'text',
      // As the list shows it: anything but paid is unpaid.
      value: labelled(
        sql`case when ${s.transferStatus} = 'paid' then 'paid' else 'unpaid' end`,
        locale,
        'associations.labels',
        TRANSFER_STATUSES,
      ),
    },
    { header: 'associations.columns.transfer_reference', kind: 'text', value: sql`${s.transferReference}` },
  ];
}

export function paymentColumns(locale: Locale, today: string): QueryColumn[] {
  const p = paymentFields(today);
  return [
    { header: 'associations.columns.id', kind: 'integer', value: sql`${p.id}` },
    { header: 'associations.columns.member', kind: 'text', value: sql`${p.userName}` },
    { header: 'associations.columns.phone', kind: 'text', value: sql`${p.userPhone}` },
    { header: 'associations.columns.association', kind: 'text', value: sql`${p.associationTitle}` },
    { header: 'associations.columns.day_number', kind: 'integer', value: sql`${p.dayNumber}` },
    { header: 'associations.columns.due_date', kind: 'date', value: sql`${p.dueDate}` },
    {
      header: 'associations.columns.payment_status',
      kind: 'text',
      value: labelled(p.status, locale, 'associations.labels', PAYMENT_STATUSES),
    },
    { header: 'associations.columns.amount_egp', kind: 'money', value: sql`${p.amountPiastres}` },
    { header: 'associations.columns.days_late', kind: 'integer', value: p.daysLate },
    { header: 'associations.columns.reference', kind: 'text', value: sql`${p.reference}` },
    { header: 'associations.columns.received_at', kind: 'datetime', value: sql`${p.receivedAt}` },
  ];
}
