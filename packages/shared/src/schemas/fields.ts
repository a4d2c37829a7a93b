import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NATIONAL_ID_LENGTH,
  PASSWORD_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  SEARCH_MAX_LENGTH,
} from '../constants.js';
import { EGYPTIAN_MOBILE, normalizePhone, stripSpaces, toLatinCode, toLatinDigits, toLatinNumber } from '../text.js';

/**
 * Field builders shared by every schema. Messages are catalogue keys
 * (src/locales/*.json) so the server and the web app translate the same text.
 */

/**
 * Control characters (NUL, escape, …) have no place in any text a person types; tab and line
 * breaks are allowed (addresses, notes). PostgreSQL refuses NUL outright, so letting one through
 * would be a 500 instead of a field error.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Invisible formatting: zero-width characters and bidi overrides, which let a name show as another. */
export const FORMAT_CHARACTERS = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;
/** At least one letter or digit a person can see. */
const VISIBLE = /[\p{L}\p{N}]/u;

export function hasNoControlCharacters(text: string): boolean {
  return !CONTROL_CHARACTERS.test(text);
}

/** A string that must be present; `missing` is the message when it is absent or empty. */
export function requiredText(missing: string, max: number) {
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? missing : 'validation.invalid_type') })
    .trim()
    .min(1, { error: missing })
    .max(max, { error: 'validation.too_long' })
    .refine(hasNoControlCharacters, { error: 'validation.control_characters' });
}

/**
 * A name people read (a user's, a role's): trimmed, no control or invisible formatting
 * characters (so "Ali \u202Enimda\u202C" cannot show as "Ali admin"), at least one visible letter
 * or digit.
 */
export function nameText(missing: string, max: number) {
  // A blank name says "required" alone (no abort: the object's own rules still report in the same pass).
  return requiredText(missing, max)
    .refine((s) => !FORMAT_CHARACTERS.test(s), { error: 'validation.format_characters' })
    .refine((s) => s === '' || VISIBLE.test(s), { error: 'validation.name_visible' });
}

/** An optional part of a name (first name, last name): the name rules when given, empty allowed. */
export function optionalNameText(max: number) {
  return optionalText(max)
    .refine((s) => !FORMAT_CHARACTERS.test(s), { error: 'validation.format_characters' })
    .refine((s) => s === '' || VISIBLE.test(s), { error: 'validation.name_visible' });
}

/** An optional free text (an address, a note): trimmed, bounded, no control characters. */
export function optionalText(max: number) {
  return z
    .string({ error: 'validation.invalid_type' })
    .trim()
    .max(max, { error: 'validation.too_long' })
    .refine(hasNoControlCharacters, { error: 'validation.control_characters' });
}

/** One email rule everywhere (registration, profile, recovery, reset): spaces removed, lower case. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function emailFieldWith(messages: { required: string; invalid: string }) {
  return z
    .string({
      error: (iss) => (iss.input === undefined || iss.input === null ? messages.required : 'validation.invalid_type'),
    })
    .overwrite((s) => stripSpaces(s).toLowerCase())
    .min(1, { error: messages.required })
    .max(EMAIL_MAX_LENGTH, { error: 'validation.too_long' })
    .regex(EMAIL_PATTERN, { error: messages.invalid })
    .refine((s) => hasNoControlCharacters(s) && !FORMAT_CHARACTERS.test(s), { error: messages.invalid });
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

/**
 * A mobile a person gives (a user's phone, a registration, a recovery): normalized first
 * (spaces, dashes, +20, Arabic digits), then an Egyptian mobile, 01[0125] and 8 digits.
 */
export function egyptianMobileField(required: string) {
  return (
    z
      .string({
        error: (iss) => (iss.input === undefined || iss.input === null ? required : 'validation.invalid_type'),
      })
      .overwrite(normalizePhone)
      .min(1, { error: required })
      // Checked only once something was typed: an empty mobile says "required" alone, and no check
      // aborts the object, so its own rules (passwords must match, …) still report in the same pass.
      .refine((v) => v === '' || EGYPTIAN_MOBILE.test(v), { error: 'validation.mobile_egypt' })
  );
}

/** A password being checked (login): spaces removed, only presence and an upper bound. */
export const passwordInput = z
  .string({
    error: (iss) =>
      iss.input === undefined || iss.input === null ? 'validation.password_required' : 'validation.invalid_type',
  })
  .overwrite((s) => s.replace(/\s+/g, ''))
  .min(1, { error: 'validation.password_required' })
  .max(PASSWORD_MAX_LENGTH, { error: 'validation.too_long' });

/*
 * Digits (GLOSSARY "Digits", issue 22 item 1): every numeric or code field below reads what a
 * person typed through the one rule of text.ts — Arabic-Indic (٠-٩) and Persian (۰-۹) digits
 * become Latin, the Arabic decimal (٫) and thousands (٬) separators are read — before any check,
 * so the form and the server accept and refuse the same text, and store Latin digits. A field
 * that takes a number, an id, a day, an amount, a phone, a reference or a code is built here.
 */

/** The text of a whole number once read: decimal, no sign, no leading zero. */
const CANONICAL_INTEGER = /^(0|[1-9][0-9]{0,15})$/;

/** Number text as the one rule reads it; anything else as it came, for the schema to refuse. */
function numberText(v: unknown): unknown {
  return typeof v === 'string' ? toLatinNumber(v) : v;
}

/**
 * A whole number: an integer in JSON, or its decimal text (paths, query strings, multipart
 * fields, a form's input) in either digit system, with thousands grouped (١٬٢٠٠). Nothing else:
 * not true, not ["2"], not "0x1", "1e0", "+1", "01", "1.0" or "".
 */
export function wholeNumber(message: string, range: { min: number; max: number }, typeMessage = message) {
  return z.preprocess(
    (v) => {
      const text = numberText(v);
      return typeof text === 'string' && CANONICAL_INTEGER.test(text) ? Number(text) : v;
    },
    z
      .number({ error: typeMessage })
      .int({ error: message })
      .min(range.min, { error: message })
      .max(range.max, { error: message }),
  );
}

/** A decimal amount's text once read: digits, at most one point. */
const DECIMAL = /^(?:\d+\.?\d*|\.\d+)$/;

/**
 * An amount in EGP a person types (a fee, a receipt, a refund): a number or its decimal text in
 * either digit system ("١٬٢٥٠٫٥٠" is 1250.5), more than 0 (or 0 too, with `zero`) and at most
 * `max`, at most two decimals (piastres). Kept in pounds here; the server stores piastres.
 */
export function amountField(message: string, range: { max: number; zero?: boolean }) {
  return z.preprocess(
    (v) => {
      const text = numberText(v);
      return typeof text === 'string' && DECIMAL.test(text) ? Number(text) : v;
    },
    z
      .number({ error: message })
      .refine((n) => Number.isFinite(n) && (n > 0 || (range.zero === true && n === 0)) && n <= range.max, {
        error: message,
      })
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { error: message }),
  );
}

/**
 * A choice sent as a number code (a status 1 or 2, removed 0 or 1): the number, or its text in
 * either digit system.
 */
export function numberChoice<const T extends readonly [number, ...number[]]>(values: T, message: string) {
  return z.preprocess(
    (v) => {
      const text = numberText(v);
      return typeof text === 'string' && CANONICAL_INTEGER.test(text) ? Number(text) : v;
    },
    z.literal(values, { error: message }),
  );
}

/**
 * A yes/no: true/false in JSON, also 1/0 and "true"/"false" as query-string-minded clients and form
 * fields send them ("١" and "٠" too).
 */
export function flag(message: string) {
  return z.preprocess(
    (v) => {
      const text = numberText(v);
      if (text === 1 || text === '1' || text === 'true') return true;
      if (text === 0 || text === '0' || text === 'false') return false;
      return v;
    },
    z.boolean({ error: message }),
  );
}

/**
 * A reference or a code a person types (a transfer reference, a payment reference): required,
 * trimmed, its digits Latin ("TRX-٢٠٢٦-001" is stored as "TRX-2026-001"), invisible marks dropped,
 * no control characters, something visible.
 */
export function codeText(missing: string, max: number) {
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? missing : 'validation.invalid_type') })
    .overwrite(toLatinCode)
    .min(1, { error: missing })
    .max(max, { error: 'validation.too_long' })
    .refine(hasNoControlCharacters, { error: 'validation.control_characters' })
    .refine((s) => s === '' || VISIBLE.test(s), { error: 'validation.name_visible' });
}

/** An optional reference (empty allowed): the same digits rule. */
export function optionalCode(max: number) {
  return z
    .string({ error: 'validation.invalid_type' })
    .overwrite(toLatinCode)
    .max(max, { error: 'validation.too_long' })
    .refine(hasNoControlCharacters, { error: 'validation.control_characters' });
}

/** A positive integer id, from a path or query (canonical decimal text) or a body (integer). */
export const idField = wholeNumber('validation.invalid_id', { min: 1, max: 2_147_483_647 });

export const ZIdParams = z.object({ id: idField });
export type TIdParams = z.infer<typeof ZIdParams>;

/**
 * The days any date in the product may name (DAY_MIN..DAY_MAX): far wider than any real use, and
 * inside what both the database (no year 0) and JavaScript's Date (no year 10000) can hold, so a
 * date that passes a schema can never break a query, an export or a date computed from it.
 */
export const DAY_MIN = '1900-01-01';
export const DAY_MAX = '2199-12-31';

/** True when yyyy-mm-dd names a real calendar day: Date.parse rolls 2024-02-30 over to March 1st. */
function isCalendarDay(s: string): boolean {
  const time = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === s;
}

/**
 * A calendar day as yyyy-mm-dd (Latin digits; Arabic ones are converted): a real day between
 * DAY_MIN and DAY_MAX. A use with a narrower range declares it with `dayWithin`.
 */
export const dayField = z
  .string({ error: 'validation.invalid_date' })
  .overwrite(toLatinDigits)
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.invalid_date', abort: true })
  .refine(isCalendarDay, { error: 'validation.invalid_date', abort: true })
  .refine((s) => s >= DAY_MIN && s <= DAY_MAX, { error: 'validation.date_out_of_range', abort: true });

/** A bound of a day range: a fixed day, or one computed when the value is checked (from today, Cairo). */
export type DayBound = string | (() => string);

const boundOf = (bound: DayBound) => (typeof bound === 'function' ? bound() : bound);

/**
 * A day within the range its use declares (an association's start, a payout's date), checked on
 * both sides by the same schema; `message` names the range to the person. Bounds that depend on
 * today read the shared clock when the value is checked, so a form open over midnight stays right.
 */
export function dayWithin(range: { min?: DayBound; max?: DayBound }, message: string) {
  return dayField.refine(
    (day) =>
      (range.min === undefined || day >= boundOf(range.min)) && (range.max === undefined || day <= boundOf(range.max)),
    { error: message },
  );
}

export const searchField = optionalText(SEARCH_MAX_LENGTH);

/** A list filter on a code (an association's "A-000042"): searched with Latin digits whatever was typed. */
export const codeSearchField = optionalCode(SEARCH_MAX_LENGTH);

/**
 * An Egyptian national id (SPEC §5: exactly 14 digits), typed with spaces or Arabic digits as
 * often as not; stored as 14 Latin digits.
 */
export function nationalIdField(messages: { required: string; format: string }) {
  return z
    .string({
      error: (iss) => (iss.input === undefined || iss.input === null ? messages.required : 'validation.invalid_type'),
    })
    .overwrite(normalizePhone)
    .min(1, { error: messages.required, abort: true })
    .regex(new RegExp(`^\\d{${NATIONAL_ID_LENGTH}}$`), { error: messages.format });
}
