import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../constants.js';
import type { Machine } from '../workflow.js';
import { idField, nameText, nationalIdField, numberChoice, optionalText, searchField } from './fields.js';
import { ZListQuery } from './list.js';

/**
 * Card requests (SPEC §3, §5; docs/decisions/0018-members.md): a member asks for a card with the
 * name to print and a 14-digit national id, one open request at a time (a unique index). Staff
 * holding card_requests.put (added to the catalogue, which only lists .index) issue or reject it.
 * Status 0 in review, 1 issued, 2 rejected.
 */
export const CARD_REQUEST_STATUS = { inReview: 0, issued: 1, rejected: 2 } as const;
export const CARD_REQUEST_STATUSES = [0, 1, 2] as const;
export type CardRequestStatus = (typeof CARD_REQUEST_STATUSES)[number];
export const CARD_REQUEST_ACTIONS = ['issue', 'reject'] as const;
export type CardRequestAction = (typeof CARD_REQUEST_ACTIONS)[number];

export type CardRequestRecord = { user_id: number };

export const CARD_REQUEST_MACHINE: Machine<CardRequestStatus, CardRequestAction, CardRequestRecord> = {
  name: 'card_request',
  namespace: 'card_requests',
  ownerOf: (r) => r.user_id,
  transitions: [
    { action: 'issue', from: [0], to: 1, who: [{ permission: 'card_requests.put' }] },
    { action: 'reject', from: [0], to: 2, who: [{ permission: 'card_requests.put' }] },
  ],
};

/** POST /me/card-requests. */
export const ZCardRequestCreateRequest = z.object({
  name: nameText('card_requests.validation.name_required', NAME_MAX_LENGTH),
  national_id: nationalIdField({
    required: 'card_requests.validation.national_id_required',
    format: 'card_requests.validation.national_id_format',
  }),
});
export type TCardRequestCreateRequest = z.infer<typeof ZCardRequestCreateRequest>;

/** POST /card-requests/{id}/decision: 1 issued, 2 rejected; a rejection says why. */
export const ZCardRequestDecisionRequest = z
  .object({
    status: numberChoice([1, 2], 'validation.invalid_value'),
    note: optionalText(500).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === 2 && !value.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'card_requests.validation.note_required' });
    }
  });
export type TCardRequestDecisionRequest = z.infer<typeof ZCardRequestDecisionRequest>;

/** POST /card-requests?page={n}: user search and dates (SPEC §2), and the status. */
export const ZCardRequestListRequest = ZListQuery.extend({
  sortBy: z.enum(['id', 'created_at'], { error: 'validation.invalid_value' }).default('id'),
  status: numberChoice([0, 1, 2], 'validation.invalid_value').optional(),
  user: searchField.optional(),
  user_id: idField.optional(),
  /** SPEC §7 names it; every row carries its user either way. */
  detailed: z.unknown().optional(),
  orderBy: z.unknown().optional(),
});
export type TCardRequestListRequest = z.infer<typeof ZCardRequestListRequest>;

/** A card request as SPEC §3 lists it (id, name, national_id, created_at, user), with its decision. */
export const ZCardRequest = z.object({
  id: z.number().int(),
  name: z.string(),
  national_id: z.string(),
  status: z.number().int(),
  note: z.string().nullable(),
  user: z.object({ id: z.number().int(), name: z.string(), phone: z.string(), image_url: z.string().nullable() }),
  decided_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  /** What the caller may do now (from CARD_REQUEST_MACHINE). */
  actions: z.array(z.enum(CARD_REQUEST_ACTIONS)),
});
export type TCardRequest = z.infer<typeof ZCardRequest>;
