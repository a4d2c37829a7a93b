import type { ContactStatus } from '@portal/shared/schemas/contacts';
import type { BadgeColor } from '../../../components/data-table/columns';
import type { FilterOption } from '../../../components/data-table/table-filters';

/** New (0), answered (1): every status of CONTACT_STATUSES. Kept apart from the schema module (zod). */
export const CONTACT_COLORS: Record<`${ContactStatus}`, BadgeColor> = { 0: 'processing', 1: 'success' };

export const contactStatusLabel = (status: number | string) => `contacts.status.${status}`;

export const CONTACT_STATUS_OPTIONS: FilterOption[] = Object.keys(CONTACT_COLORS).map((s) => ({
  value: s,
  label: contactStatusLabel(s),
}));
