import type { CardRequestStatus } from '@portal/shared/schemas/card-requests';
import { type BadgeColor, StatusBadge } from '../../../components/data-table/columns';
import type { FilterOption } from '../../../components/data-table/table-filters';

/**
 * In review (0), issued (1), rejected (2): docs/decisions/0018-members.md, every status of
 * CARD_REQUEST_STATUSES (the type says so). Read from here rather than from the shared schema
 * module, which would bring zod onto the dashboard's first load.
 */
export const CARD_REQUEST_COLORS: Record<`${CardRequestStatus}`, BadgeColor> = {
  0: 'processing',
  1: 'success',
  2: 'error',
};

/** The status's label in the shared catalogue (the server's messages name it the same way). */
export const cardRequestStatusLabel = (status: number | string) => `card_requests.status.${status}`;

export const CARD_REQUEST_STATUS_OPTIONS: FilterOption[] = Object.keys(CARD_REQUEST_COLORS).map((s) => ({
  value: s,
  label: cardRequestStatusLabel(s),
}));

function isStatus(status: number): status is CardRequestStatus {
  return String(status) in CARD_REQUEST_COLORS;
}

/** A card request's status as the badge lists, the request's drawer and the dashboard show. */
export function CardRequestStatusBadge({ status, testId }: { status: number; testId?: string }) {
  const color = isStatus(status) ? CARD_REQUEST_COLORS[`${status}`] : 'default';
  return <StatusBadge color={color} label={cardRequestStatusLabel(status)} testId={testId} />;
}
