import type { Machine } from '../workflow.js';

// Zod-free (like customer-requests-rules.ts): the turn-move screens import these without zod, which
// their forms load when they open (DESIGN §5). turn-moves.ts re-exports them with the request schemas.

/**
 * Turn-move requests (SPEC §3, §4; DESIGN §2; docs/decisions/0018-members.md): a member asks to
 * move a subscription from its day to an available day of the same association. Status 0 in
 * progress, 1 success, 2 rejected (SPEC), and 3 cancelled by the member while in progress (the
 * spec shows no cancel; the request is kept with its history).
 */
export const TURN_MOVE_STATUS = { inProgress: 0, success: 1, rejected: 2, cancelled: 3 } as const;
export const TURN_MOVE_STATUSES = [0, 1, 2, 3] as const;
export type TurnMoveStatus = (typeof TURN_MOVE_STATUSES)[number];
export const TURN_MOVE_ACTIONS = ['approve', 'reject', 'cancel'] as const;
export type TurnMoveAction = (typeof TURN_MOVE_ACTIONS)[number];

/** What the machine needs of a request. */
export type TurnMoveRecord = { user_id: number };

export const TURN_MOVE_MACHINE: Machine<TurnMoveStatus, TurnMoveAction, TurnMoveRecord> = {
  name: 'turn_move',
  namespace: 'turn_moves',
  ownerOf: (r) => r.user_id,
  transitions: [
    { action: 'approve', from: [0], to: 1, who: [{ permission: 'association_move_turn.put' }] },
    { action: 'reject', from: [0], to: 2, who: [{ permission: 'association_move_turn.put' }] },
    { action: 'cancel', from: [0], to: 3, who: [{ owner: true }] },
  ],
};
