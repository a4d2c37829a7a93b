import { z } from 'zod';
import { ASSOCIATION_DURATION_DAYS } from '../constants.js';
import { idField, numberChoice, optionalText, searchField, wholeNumber } from './fields.js';
import { ZListQuery } from './list.js';
import { TURN_MOVE_ACTIONS, TURN_MOVE_STATUSES } from './turn-moves-rules.js';

export * from './turn-moves-rules.js';

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
