import type { PaymentStatus, TransferStatus } from '@portal/shared/schemas/associations';
import { type BadgeColor, StatusBadge } from '../../../components/data-table/columns';

/** SPEC §4: future primary, received success, late danger. */
const PAYMENT_COLORS: Record<PaymentStatus, BadgeColor> = {
  future: 'processing',
  received: 'success',
  late: 'error',
  cancelled: 'default',
};

export function PaymentStatusBadge({ status, testId }: { status: PaymentStatus; testId?: string }) {
  return <StatusBadge color={PAYMENT_COLORS[status]} label={`associations.labels.${status}`} testId={testId} />;
}

/**
 * The payout's status. Staff lists show "unpaid" as danger (SPEC §4); to a member whose day is
 * still ahead an unpaid payout is simply not due yet, so it is neutral here, and green once paid.
 */
const TRANSFER_COLORS: Record<TransferStatus, BadgeColor> = { unpaid: 'default', paid: 'success' };

export function TransferBadge({ status }: { status: TransferStatus }) {
  return <StatusBadge color={TRANSFER_COLORS[status]} label={`associations.labels.${status}`} />;
}

/** Turn moves: 0 in review, 1 moved, 2 rejected, 3 cancelled (packages/shared turn-moves.ts). */
const TURN_MOVE_COLORS: Record<number, BadgeColor> = { 0: 'processing', 1: 'success', 2: 'error', 3: 'default' };

export function TurnMoveStatusBadge({ status, testId }: { status: number; testId?: string }) {
  return (
    <StatusBadge color={TURN_MOVE_COLORS[status] ?? 'default'} label={`turn_moves.status.${status}`} testId={testId} />
  );
}

/** Card requests: 0 in review, 1 issued, 2 rejected. */
const CARD_COLORS: Record<number, BadgeColor> = { 0: 'processing', 1: 'success', 2: 'error' };

export function CardRequestStatusBadge({ status, testId }: { status: number; testId?: string }) {
  return (
    <StatusBadge color={CARD_COLORS[status] ?? 'default'} label={`card_requests.status.${status}`} testId={testId} />
  );
}
