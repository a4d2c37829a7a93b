import type { TurnMoveStatus } from '@portal/shared/schemas/turn-moves';
import { type BadgeColor, StatusBadge } from '../../../components/data-table/columns';
import type { FilterOption } from '../../../components/data-table/table-filters';

/**
 * SPEC §4: in review (0), moved (1), rejected (2), and cancelled by the member (3, docs/decisions/0018):
 * every status of TURN_MOVE_STATUSES (the type says so). Read from here rather than from the shared
 * schema module, which would bring zod onto the dashboard's first load.
 */
export const TURN_MOVE_COLORS: Record<`${TurnMoveStatus}`, BadgeColor> = {
  0: 'processing',
  1: 'success',
  2: 'error',
  3: 'default',
};

/** The status's label in the shared catalogue (the server's messages name it the same way). */
export const turnMoveStatusLabel = (status: number | string) => `turn_moves.status.${status}`;

export const TURN_MOVE_STATUS_OPTIONS: FilterOption[] = Object.keys(TURN_MOVE_COLORS).map((s) => ({
  value: s,
  label: turnMoveStatusLabel(s),
}));

function isStatus(status: number): status is TurnMoveStatus {
  return String(status) in TURN_MOVE_COLORS;
}

/** A turn-move request's status as the badge lists and the dashboard show. */
export function TurnMoveStatusBadge({ status, testId }: { status: number; testId?: string }) {
  const color = isStatus(status) ? TURN_MOVE_COLORS[`${status}`] : 'default';
  return <StatusBadge color={color} label={turnMoveStatusLabel(status)} testId={testId} />;
}
