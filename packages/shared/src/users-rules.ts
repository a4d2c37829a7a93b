import { addDays, cairoDay, today } from './clock.js';
import { FILE_SIZE_LIMIT_BYTES } from './constants.js';

/**
 * The users rules a form needs before its schema arrives, without zod: the web app's user and
 * password forms load packages/shared/src/schemas/users.ts (and zod with it) only when they
 * validate, to stay within the 350 KB first-load budget. schemas/users.ts re-exports them.
 */

/** Oldest birthdate accepted; anything before is a typo. */
export const BIRTHDATE_MIN = '1900-01-01';

/**
 * yyyy-mm-dd of the day before today in Cairo: the latest birthdate allowed (SPEC §5).
 * "Today" is the shared clock's (settable in tests); pass a Cairo day, or an instant, to ask about another.
 */
export function latestBirthdate(on: string | Date = today()): string {
  return addDays(typeof on === 'string' ? on : cairoDay(on), -1);
}

/** The key of "the two passwords differ", for the schemas and the forms that repeat a password. */
export const PASSWORDS_MISMATCH = 'users.validation.passwords_mismatch';

/** A repeated password matches the password, compared as both are kept: white space removed. */
export function passwordsMatch(password: unknown, confirmation: unknown): boolean {
  return (
    typeof password === 'string' &&
    typeof confirmation === 'string' &&
    password.replace(/\s+/g, '') === confirmation.replace(/\s+/g, '')
  );
}

/** Profile photos (SPEC §9: 512 KB for uploaded images). */
export const PHOTO_MAX_BYTES = FILE_SIZE_LIMIT_BYTES;
export const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
