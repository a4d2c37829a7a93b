import { z } from 'zod';
import { NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from '../constants.js';
import { normalizePhone } from '../text.js';
import { emailFieldWith, nameText, numberChoice, requiredText } from './fields.js';
import { ZListQuery } from './list.js';

/**
 * Contact messages from guests (SPEC §7 POST /contacts, POST /contact/{id};
 * docs/decisions/0022-staff-tools.md "Help desk and contact messages"): anyone may write one from
 * the contact page; staff holding contacts.index list them and contacts.put answer, by email, in
 * the language the guest wrote in. Status 0 new, 1 answered (once).
 */
export const CONTACT_STATUS = { new: 0, answered: 1 } as const;
export const CONTACT_STATUSES = [0, 1] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_SUBJECT_MAX_LENGTH } from './tickets-rules.js';

export { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_SUBJECT_MAX_LENGTH };

/** An optional phone: empty means none; otherwise digits only (Arabic digits and spaces accepted), at most 12. */
const optionalPhone = z
  .string({ error: 'validation.invalid_type' })
  .overwrite(normalizePhone)
  .max(PHONE_MAX_LENGTH, { error: 'validation.phone_max' })
  .regex(/^\d*$/, { error: 'validation.phone_digits' })
  .transform((v) => (v === '' ? null : v));

/** PUT /contact: the guest's form (the page checks itself with the same schema). */
export const ZContactCreateRequest = z.object({
  name: nameText('contacts.validation.name_required', NAME_MAX_LENGTH),
  email: emailFieldWith({
    required: 'contacts.validation.email_required',
    invalid: 'contacts.validation.email_invalid',
  }),
  phone: optionalPhone.nullish().transform((v) => v ?? null),
  subject: requiredText('contacts.validation.subject_required', CONTACT_SUBJECT_MAX_LENGTH),
  message: requiredText('contacts.validation.message_required', CONTACT_MESSAGE_MAX_LENGTH),
});
export type TContactCreateRequest = z.input<typeof ZContactCreateRequest>;
export type TContactCreate = z.output<typeof ZContactCreateRequest>;

/** POST /contact/{id}: the answer, emailed to the guest. */
export const ZContactReplyRequest = z.object({
  reply: requiredText('contacts.validation.reply_required', CONTACT_MESSAGE_MAX_LENGTH),
});
export type TContactReplyRequest = z.infer<typeof ZContactReplyRequest>;

/** POST /contacts: the shared list query (search: name, email, phone, subject), the status and the dates. */
export const ZContactListRequest = ZListQuery.extend({
  sortBy: z.enum(['id', 'created_at'], { error: 'validation.invalid_value' }).default('id'),
  status: numberChoice([0, 1], 'validation.invalid_value').optional(),
});
export type TContactListRequest = z.infer<typeof ZContactListRequest>;

export const ZContactMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  /** The language the guest wrote in: the answer is emailed in it. */
  locale: z.enum(['ar', 'en']),
  status: z.number().int(),
  reply: z.string().nullable(),
  replied_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  replied_at: z.string().nullable(),
  created_at: z.string(),
});
export type TContactMessage = z.infer<typeof ZContactMessage>;
