import type { TicketStatus } from '@portal/shared/schemas/tickets';
import { type BadgeColor, StatusBadge } from '../../../components/data-table/columns';
import type { FilterOption } from '../../../components/data-table/table-filters';

/**
 * Awaiting reply (0), answered (1), closed (2): every status of TICKET_STATUSES (the type says so).
 * Read from here rather than from the shared schema module, which would bring zod with the list.
 */
export const TICKET_COLORS: Record<`${TicketStatus}`, BadgeColor> = {
  0: 'warning',
  1: 'success',
  2: 'default',
};

/** The status's label in the shared catalogue (the server's messages name it the same way). */
export const ticketStatusLabel = (status: number | string) => `tickets.status.${status}`;

export const TICKET_STATUS_OPTIONS: FilterOption[] = Object.keys(TICKET_COLORS).map((s) => ({
  value: s,
  label: ticketStatusLabel(s),
}));

function isStatus(status: number): status is TicketStatus {
  return String(status) in TICKET_COLORS;
}

/** A ticket's status as the lists and the conversation show it. */
export function TicketStatusBadge({ status, testId }: { status: number; testId?: string }) {
  const color = isStatus(status) ? TICKET_COLORS[`${status}`] : 'default';
  return <StatusBadge color={color} label={ticketStatusLabel(status)} testId={testId} />;
}
