import { z } from 'zod';
import { idField, numberChoice, requiredText, searchField } from './fields.js';
import { ZListQuery } from './list.js';

export * from './tickets-rules.js';

import { TICKET_ACTIONS, TICKET_MESSAGE_MAX_LENGTH, TICKET_SUBJECT_MAX_LENGTH } from './tickets-rules.js';

/**
 * PUT /ticket/tickets (multipart: these text fields and an optional `file`). The same schema checks
 * the form in the browser.
 */
export const ZTicketOpenRequest = z.object({
  subject: requiredText('tickets.validation.subject_required', TICKET_SUBJECT_MAX_LENGTH),
  message: requiredText('tickets.validation.message_required', TICKET_MESSAGE_MAX_LENGTH),
});
export type TTicketOpenRequest = z.infer<typeof ZTicketOpenRequest>;

/** POST /ticket/add/{id} (multipart `message` and an optional `file`, or JSON `message`). */
export const ZTicketReplyRequest = z.object({
  message: requiredText('tickets.validation.message_required', TICKET_MESSAGE_MAX_LENGTH),
});
export type TTicketReplyRequest = z.infer<typeof ZTicketReplyRequest>;

/** POST /ticket/tickets: the shared list query, the status, the user (name or phone) and the dates. */
export const ZTicketListRequest = ZListQuery.extend({
  sortBy: z.enum(['id', 'created_at', 'last_message_at'], { error: 'validation.invalid_value' }).default('id'),
  status: numberChoice([0, 1, 2], 'validation.invalid_value').optional(),
  /** The user who opened it: part of a name or phone (staff; a customer's list is theirs anyway). */
  user: searchField.optional(),
  user_id: idField.optional(),
});
export type TTicketListRequest = z.infer<typeof ZTicketListRequest>;

const ZPerson = z.object({ id: z.number().int(), name: z.string() });

export const ZTicket = z.object({
  id: z.number().int(),
  subject: z.string(),
  status: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), phone: z.string(), image_url: z.string().nullable() }),
  /** How many messages the conversation has. */
  messages_count: z.number().int(),
  last_message_at: z.string(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  closed_by: ZPerson.nullable(),
  /** What the caller may do now (TICKET_MACHINE). */
  actions: z.array(z.enum(TICKET_ACTIONS)),
});
export type TTicket = z.infer<typeof ZTicket>;

export const ZTicketMessage = z.object({
  id: z.number().int(),
  body: z.string(),
  /** Written by the support staff (true) or by the ticket's owner (false). */
  from_staff: z.boolean(),
  author: ZPerson.nullable(),
  created_at: z.string(),
  /** The attachment, downloaded through `url` (an API path, with the session) only. */
  file: z.object({ name: z.string(), size: z.number().int(), mime: z.string(), url: z.string() }).nullable(),
});
export type TTicketMessage = z.infer<typeof ZTicketMessage>;

/** GET /ticket/get/{id}: the ticket and its conversation, oldest message first. */
export const ZTicketDetail = ZTicket.extend({ messages: z.array(ZTicketMessage) });
export type TTicketDetail = z.infer<typeof ZTicketDetail>;
