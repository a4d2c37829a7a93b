import { z } from 'zod';
import { ASSOCIATION_DURATION_DAYS } from '../constants.js';
import type { Machine } from '../workflow.js';
import { idField, numberChoice, optionalText, searchField, wholeNumber } from './fields.js';
import { ZListQuery } from './list.js';

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

const dayNumber = wholeNumber('associations.validation.day_invalid', { min: 1, max: ASSOCIATION_DURATION_DAYS });

/** POST /me/turn-moves: the member's own subscription and the day they want. */
export const ZTurnMoveCreateRequest = z.object({ subscription_id: idField, to_day: dayNumber });
export type TTurnMoveCreateRequest = z.infer<typeof ZTurnMoveCreateRequest>;

/** POST /associations/change-turn/{id} (SPEC §7: id, status): 1 approves, 2 rejects, with a note. */
export const ZTurnMoveDecisionRequest = z.object({
  id: idField.optional(),
  status: numberChoice([1, 2], 'validation.invalid_value'),
  note: optionalText(500).optional(),
});
export type TTurnMoveDecisionRequest = z.infer<typeof ZTurnMoveDecisionRequest>;

/** POST /associations/change-turn-requests?page={n}: user search, status, association, dates (SPEC §2). */
export const ZTurnMoveListRequest = ZListQuery.extend({
  sortBy: z.enum(['id', 'created_at'], { error: 'validation.invalid_value' }).default('id'),
  status: numberChoice(TURN_MOVE_STATUSES, 'validation.invalid_value').optional(),
  association_id: idField.optional(),
  user: searchField.optional(),
});
export type TTurnMoveListRequest = z.infer<typeof ZTurnMoveListRequest>;

const ZDayRef = z.object({ day_number: z.number().int(), date: z.string() });

/** A turn-move request as SPEC §3 lists it. */
export const ZTurnMove = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), phone: z.string(), image_url: z.string().nullable() }),
  association: z.object({ id: z.number().int(), title: z.string(), cost: z.number() }),
  subscription_id: z.number().int(),
  from_day: ZDayRef,
  to_day: ZDayRef,
  status: z.number().int(),
  note: z.string().nullable(),
  changed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  /** What the caller may do now (from TURN_MOVE_MACHINE). */
  actions: z.array(z.enum(TURN_MOVE_ACTIONS)),
});
export type TTurnMove = z.infer<typeof ZTurnMove>;
