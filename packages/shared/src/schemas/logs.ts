import { z } from 'zod';
import { ZListQuery } from './list.js';

/** POST /logs: the audit-log list with the filters of SPEC §2 (action, url, dates). */
export const ZLogListRequestSchema = ZListQuery.extend({
  sortBy: z.enum(['id', 'action', 'created_at'], { error: 'validation.invalid_value' }).default('id'),
  action: z.string().trim().max(100, { error: 'validation.too_long' }).optional(),
  url: z.string().trim().max(300, { error: 'validation.too_long' }).optional(),
});
export type TLogListRequest = z.infer<typeof ZLogListRequestSchema>;

export const ZLogUser = z.object({ id: z.number().int(), name: z.string(), phone: z.string() }).nullable();

export const ZLogRow = z.object({
  id: z.number().int(),
  action: z.string(),
  url: z.string().nullable(),
  method: z.string().nullable(),
  entity: z.string().nullable(),
  entity_id: z.string().nullable(),
  user: ZLogUser,
  created_at: z.string(),
});
export type TLogRow = z.infer<typeof ZLogRow>;

/** A person an entry's values name by id (closed_by, decided_by…: audit-fields.ts AUDIT_USER_COLUMNS). */
export const ZLogPerson = z.object({ id: z.number().int(), name: z.string() });
export type TLogPerson = z.infer<typeof ZLogPerson>;

export const ZLogDetail = ZLogRow.extend({
  ip: z.string().nullable(),
  request_id: z.string().nullable(),
  old_value: z.unknown().nullable(),
  new_value: z.unknown().nullable(),
  /**
   * The users whose ids the old and new values hold in a user column, with their names, so the
   * entry shows people rather than numbers; an id no user has any more is left out.
   */
  people: z
    .array(ZLogPerson)
    .meta({ description: 'Users named by id in old_value or new_value (user columns), with their names' }),
});
export type TLogDetail = z.infer<typeof ZLogDetail>;
