import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  FILE_SIZE_LIMIT_BYTES,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  TIME_ZONE,
} from '../constants.js';
import { USER_TYPES } from '../enums.js';
import { stripSpaces } from '../text.js';
import { ZRoleSummary, ZUserSchema } from './auth.js';
import { dayField, idField, passwordInput, phoneField, requiredText, searchField } from './fields.js';
import { ZListQuery } from './list.js';

/** Longest address kept (a street, a building, a district and a governorate fit easily). */
export const ADDRESS_MAX_LENGTH = 500;
/** Oldest birthdate accepted; anything before is a typo. */
export const BIRTHDATE_MIN = '1900-01-01';
/** Profile photos (SPEC §9: 512 KB for uploaded images). */
export const PHOTO_MAX_BYTES = FILE_SIZE_LIMIT_BYTES;
export const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

/** yyyy-mm-dd of the day before today in Cairo: the latest birthdate allowed (SPEC §5). */
export function latestBirthdate(now: Date = new Date()): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(now);
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

export const nameField = requiredText('users.validation.name_required', NAME_MAX_LENGTH);

/** Email: spaces removed (SPEC §5), kept in lower case so uniqueness ignores case. */
export const emailField = z
  .string({
    error: (iss) =>
      iss.input === undefined || iss.input === null ? 'users.validation.email_required' : 'validation.invalid_type',
  })
  .overwrite((s) => stripSpaces(s).toLowerCase())
  .min(1, { error: 'users.validation.email_required' })
  .max(EMAIL_MAX_LENGTH, { error: 'validation.too_long' })
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, { error: 'users.validation.email_invalid' });

/** SPEC §5: at least 8 characters, one capital letter and one symbol (anything not a letter or digit). */
export function meetsPasswordRule(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /\p{Lu}/u.test(password) && /[^\p{L}\p{N}]/u.test(password);
}

/** A new password (SPEC §5): at least 8 characters with a capital letter and a symbol; spaces removed as at login. */
export const newPasswordField = z
  .string({
    error: (iss) =>
      iss.input === undefined || iss.input === null ? 'validation.password_required' : 'validation.invalid_type',
  })
  .overwrite((s) => s.replace(/\s+/g, ''))
  .min(1, { error: 'validation.password_required' })
  .max(PASSWORD_MAX_LENGTH, { error: 'validation.too_long' })
  .refine((s) => meetsPasswordRule(s), { error: 'users.validation.password_rule' });

/** Birthdate: a real day, not later than one day ago (SPEC §5), not before 1900. Empty means none. */
export const birthdateField = z.preprocess(
  (v) => (v === '' ? null : v),
  dayField
    .refine((d) => d >= BIRTHDATE_MIN && d <= latestBirthdate(), { error: 'users.validation.birthdate_range' })
    .nullable(),
);

export const addressField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string({ error: 'validation.invalid_type' })
    .trim()
    .max(ADDRESS_MAX_LENGTH, { error: 'validation.too_long' })
    .nullable(),
);

/** true/false, also 1/0 and "true"/"false" as query-string-minded clients send them. */
export const flagField = z.preprocess(
  (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
  z.boolean({ error: 'validation.invalid_value' }),
);

const userType = z.enum(USER_TYPES, { error: 'users.validation.type_invalid' });

/** PUT /users: create a customer (type user, the default) or an administrator (type admin). */
export const ZUserCreateRequestSchema = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField,
  birthdate: birthdateField.optional(),
  address: addressField.optional(),
  password: newPasswordField,
  type: userType.default('user'),
});
export type TUserCreateRequest = z.infer<typeof ZUserCreateRequestSchema>;

/**
 * PUT /users/:id. name, email and phone are required (the edit form always sends them);
 * address and birthdate are left as they are when absent and cleared with null or "".
 * `active` (enable or disable the account) needs users.put and is refused on oneself.
 */
export const ZUserUpdateRequestSchema = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField,
  birthdate: birthdateField.optional(),
  address: addressField.optional(),
  active: flagField.optional(),
});
export type TUserUpdateRequest = z.infer<typeof ZUserUpdateRequestSchema>;

/** POST /me/password?user_id={id}: without user_id, the caller's own password. */
export const ZPasswordChangeQuery = z.object({ user_id: idField.optional() });
export type TPasswordChangeQuery = z.infer<typeof ZPasswordChangeQuery>;

/**
 * new_password is the new password, `password` repeats it (the confirmation field of the form),
 * old_password is required when changing one's own password.
 */
export const ZPasswordChangeRequestSchema = z
  .object({
    old_password: passwordInput.optional(),
    new_password: newPasswordField,
    password: z
      .string({
        error: (iss) =>
          iss.input === undefined || iss.input === null
            ? 'users.validation.confirm_required'
            : 'validation.invalid_type',
      })
      .overwrite((s) => s.replace(/\s+/g, ''))
      .min(1, { error: 'users.validation.confirm_required' })
      .max(PASSWORD_MAX_LENGTH, { error: 'validation.too_long' }),
  })
  .refine((b) => b.password === b.new_password, { error: 'users.validation.passwords_mismatch', path: ['password'] });
export type TPasswordChangeRequest = z.infer<typeof ZPasswordChangeRequestSchema>;

export const USER_SORT_COLUMNS = ['id', 'name', 'email', 'phone', 'birthDate', 'created_at'] as const;

export const ZUserListFilters = z.object({
  name: searchField.optional(),
  email: searchField.optional(),
  phone: searchField.optional(),
  type: userType.optional(),
  active: flagField.optional(),
  /** Only for holders of admin_users: true = removed only, false = live only, absent = both. */
  removed: flagField.optional(),
});

/**
 * POST /users (SPEC §7): the shared list query plus detailed, name, type, offset and filters.
 * `offset`, when given, is used instead of (page - 1) × perPage.
 */
export const ZUserListRequestSchema = ZListQuery.extend({
  sortBy: z.enum(USER_SORT_COLUMNS, { error: 'validation.invalid_value' }).default('id'),
  detailed: flagField.default(false),
  name: searchField.optional(),
  type: userType.optional(),
  offset: z.coerce
    .number({ error: 'validation.invalid_value' })
    .int({ error: 'validation.invalid_value' })
    .min(0, { error: 'validation.invalid_value' })
    .max(100_000_000, { error: 'validation.invalid_value' })
    .optional(),
  filters: ZUserListFilters.default({}),
});
export type TUserListRequest = z.infer<typeof ZUserListRequestSchema>;

/** A users-list row: the user without permissions; roles only when `detailed` was asked for. */
export const ZUserListRow = ZUserSchema.omit({ roles: true, direct_permissions: true, role_permissions: true }).extend({
  roles: z.array(ZRoleSummary).optional(),
});
export type TUserListRow = z.infer<typeof ZUserListRow>;
