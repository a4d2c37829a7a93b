import type { Locale } from '@portal/shared/constants';
import { REQUEST_STATUSES } from '@portal/shared/schemas/customer-requests-policy';
import { sql } from 'drizzle-orm';
import { labelled, type QueryColumn } from '../../lib/export-query.js';

/**
 * The columns of the service requests export (issue 12 "Exports"): what each holds (lib/export-query.ts
 * has PostgreSQL write it by its kind), headers, lookups and statuses in the caller's language. The
 * tables it names (c, and the lookups s, d, o, b and the creator u) are those requestExport reads.
 */
export function requestColumns(locale: Locale): QueryColumn[] {
  // The lookups' own name in the caller's language, from the tables requestExport joins.
  const name = (alias: string) => sql.raw(`${alias}.${locale === 'ar' ? 'name_local' : 'name'}`);
  return [
    { header: 'requests.columns.code', kind: 'text', value: sql`c.code` },
    { header: 'requests.columns.name', kind: 'text', value: sql`c.name` },
    { header: 'requests.columns.mobile', kind: 'text', value: sql`c.mobile` },
    { header: 'requests.columns.email', kind: 'text', value: sql`c.email` },
    { header: 'requests.columns.service', kind: 'text', value: sql`${name('s')}` },
    { header: 'requests.columns.duration', kind: 'text', value: sql`${name('d')}` },
    { header: 'requests.columns.organization_type', kind: 'text', value: sql`${name('o')}` },
    {
      header: 'requests.columns.status',
      kind: 'text',
      value: labelled(sql`c.status`, locale, 'requests.status', REQUEST_STATUSES),
    },
    { header: 'requests.columns.branch', kind: 'text', value: sql`${name('b')}` },
    { header: 'requests.columns.receiving_date', kind: 'date', value: sql`c.receiving_date` },
    { header: 'requests.columns.payment_amount', kind: 'money', value: sql`c.payment_amount_piastres` },
    { header: 'requests.columns.payment_reference', kind: 'text', value: sql`c.payment_reference` },
    { header: 'requests.columns.created_by', kind: 'text', value: sql`u.name` },
    { header: 'requests.columns.created_at', kind: 'datetime', value: sql`c.created_at` },
  ];
}
