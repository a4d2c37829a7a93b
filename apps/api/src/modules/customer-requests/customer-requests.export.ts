import type { Locale } from '@portal/shared/constants';
import { translate } from '@portal/shared/messages';
import type { TCustomerRequest } from '@portal/shared/schemas/customer-requests-api';
import type { ExportColumn } from '../../lib/export.js';

/**
 * The columns of the service requests export (issue 12 "Exports"): what each holds (lib/export.ts
 * writes it by its kind), headers, lookups and statuses in the caller's language.
 */
export function requestColumns(locale: Locale): ExportColumn<TCustomerRequest>[] {
  const name = (item: { name: string; name_local: string } | null) =>
    item ? (locale === 'ar' ? item.name_local : item.name) : null;
  return [
    { header: 'requests.columns.code', kind: 'text', value: (r) => r.code },
    { header: 'requests.columns.name', kind: 'text', value: (r) => r.name },
    { header: 'requests.columns.mobile', kind: 'text', value: (r) => r.mobile },
    { header: 'requests.columns.email', kind: 'text', value: (r) => r.email },
    { header: 'requests.columns.service', kind: 'text', value: (r) => name(r.service) },
    { header: 'requests.columns.duration', kind: 'text', value: (r) => name(r.service_duration) },
    { header: 'requests.columns.organization_type', kind: 'text', value: (r) => name(r.organization_type) },
    {
      header: 'requests.columns.status',
      kind: 'text',
      value: (r) => translate(locale, `requests.status.${r.request_status_type.id}`),
    },
    { header: 'requests.columns.branch', kind: 'text', value: (r) => name(r.branch) },
    { header: 'requests.columns.receiving_date', kind: 'date', value: (r) => r.receivingDate },
    { header: 'requests.columns.payment_amount', kind: 'money', value: (r) => r.payment_amount },
    { header: 'requests.columns.payment_reference', kind: 'text', value: (r) => r.payment_reference },
    { header: 'requests.columns.created_by', kind: 'text', value: (r) => r.created_by.name },
    { header: 'requests.columns.created_at', kind: 'datetime', value: (r) => r.created_at },
  ];
}
