import type { Locale } from '@portal/shared/constants';
import { translate } from '@portal/shared/messages';
import type { TCustomerRequest } from '@portal/shared/schemas/customer-requests-api';
import { type ExportColumn, exportFormatters } from '../../lib/export.js';

/** The columns of the service requests export, in the caller's language (issue 12 "Exports"). */
export function requestColumns(locale: Locale): ExportColumn<TCustomerRequest>[] {
  const f = exportFormatters(locale);
  const name = (item: { name: string; name_local: string } | null) =>
    item ? (locale === 'ar' ? item.name_local : item.name) : '';
  const cairo = new Intl.DateTimeFormat(locale === 'ar' ? 'ar-EG' : 'en-EG', {
    timeZone: 'Africa/Cairo',
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return [
    { header: 'requests.columns.code', value: (r) => r.code },
    { header: 'requests.columns.name', value: (r) => r.name },
    { header: 'requests.columns.mobile', value: (r) => r.mobile },
    { header: 'requests.columns.email', value: (r) => r.email },
    { header: 'requests.columns.service', value: (r) => name(r.service) },
    { header: 'requests.columns.duration', value: (r) => name(r.service_duration) },
    { header: 'requests.columns.organization_type', value: (r) => name(r.organization_type) },
    {
      header: 'requests.columns.status',
      value: (r) => translate(locale, `requests.status.${r.request_status_type.id}`),
    },
    { header: 'requests.columns.branch', value: (r) => name(r.branch) },
    { header: 'requests.columns.receiving_date', value: (r) => f.day(r.receivingDate) },
    {
      header: 'requests.columns.payment_amount',
      value: (r) => (r.payment_amount === null ? '' : f.money(r.payment_amount)),
    },
    { header: 'requests.columns.payment_reference', value: (r) => r.payment_reference },
    { header: 'requests.columns.created_by', value: (r) => r.created_by.name },
    { header: 'requests.columns.created_at', value: (r) => cairo.format(new Date(r.created_at)) },
  ];
}
