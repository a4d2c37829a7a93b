import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PHONE_MAX_LENGTH, SEARCH_MAX_LENGTH } from '../constants.js';
import { normalizePhone, toLatinDigits } from '../text.js';

/**
 * Field builders shared by every schema. Messages are catalogue keys
 * (src/locales/*.json) so the server and the web app translate the same text.
 */

/** A string that must be present; `missing` is the message when it is absent or empty. */
export function requiredText(missing: string, max: number) {
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? missing : 'validation.invalid_type') })
    .trim()
    .min(1, { error: missing })
    .max(max, { error: 'validation.too_long' });
}

/** Phone as SPEC §5 wants it: spaces removed, Arabic digits accepted, digits only, at most 12. */
export const phoneField = z
  .string({
    error: (iss) =>
      iss.input === undefined || iss.input === null ? 'validation.phone_required' : 'validation.invalid_type',
  })
  .overwrite(normalizePhone)
  // abort: an empty phone gets "please enter the phone number" alone, not also "digits only".
  .min(1, { error: 'validation.phone_required', abort: true })
  .max(PHONE_MAX_LENGTH, { error: 'validation.phone_max' })
  .regex(/^\d+$/, { error: 'validation.phone_digits' });

/** A password being checked (login): spaces removed, only presence and an upper bound. */
export const passwordInput = z
  .string({
    error: (iss) =>
      iss.input === undefined || iss.input === null ? 'validation.password_required' : 'validation.invalid_type',
  })
  .overwrite((s) => s.replace(/\s+/g, ''))
  .min(1, { error: 'validation.password_required' })
  .max(PASSWORD_MAX_LENGTH, { error: 'validation.too_long' });

/** A positive integer id, from a path (string) or a body (number). */
export const idField = z.coerce
  .number({ error: 'validation.invalid_id' })
  .int({ error: 'validation.invalid_id' })
  .positive({ error: 'validation.invalid_id' })
  .max(2_147_483_647, { error: 'validation.invalid_id' });

export const ZIdParams = z.object({ id: idField });
export type TIdParams = z.infer<typeof ZIdParams>;

/** A calendar day as yyyy-mm-dd (Latin digits; Arabic ones are converted). */
export const dayField = z
  .string({ error: 'validation.invalid_date' })
  .overwrite(toLatinDigits)
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.invalid_date', abort: true })
  // A real calendar day: Date.parse rolls 2024-02-30 over to March 1st, so compare the round trip.
  .refine(
    (s) => {
      const time = Date.parse(`${s}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === s;
    },
    { error: 'validation.invalid_date' },
  );

export const searchField = z
  .string({ error: 'validation.invalid_type' })
  .trim()
  .max(SEARCH_MAX_LENGTH, { error: 'validation.too_long' });
