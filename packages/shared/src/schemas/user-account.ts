import { z } from 'zod';
import { USER_TYPES } from '../enums.js';
import { flag, idField } from './fields.js';

/**
 * The staff's calls on one account (SPEC §7 "user/…", docs/decisions/0022-staff-tools.md):
 * activate or deactivate, restore a deleted account, send a password-reset link, and a member's
 * documents across their service requests.
 */

/** PUT /user/activate/{id}: true (or 1, 'true') activates, false deactivates. */
export const ZUserActivateRequest = z.object({
  active: flag('users.validation.active_invalid'),
});
export type TUserActivateRequest = z.infer<typeof ZUserActivateRequest>;

/** POST /user/restore/{id}/{type}: the account and the list it is restored to (customers or administrators). */
export const ZUserRestoreParams = z.object({
  id: idField,
  type: z.enum(USER_TYPES, { error: 'users.validation.type_invalid' }),
});

/** GET /user/archive/{id}: one document of one of the member's requests. */
export const ZUserDocument = z.object({
  id: z.number().int(),
  request_id: z.number().int(),
  request_code: z.string(),
  content_type: z.string(),
  title: z.string(),
  size: z.number().int(),
  mime: z.string(),
  /** Its download address (relative to /api/v1), as the server routes it. */
  url: z.string(),
  created_at: z.string(),
});
export type TUserDocument = z.infer<typeof ZUserDocument>;
