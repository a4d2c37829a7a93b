import type { Locale } from '@portal/shared/constants';
import { translate } from '@portal/shared/messages';
import type { TAssociation } from '@portal/shared/schemas/associations';
import type { ExportColumn } from '../../lib/export.js';

/**
 * The columns of the associations export: what each holds (lib/export.ts writes it by its kind), headers and
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
