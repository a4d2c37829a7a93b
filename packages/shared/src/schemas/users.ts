import { z } from 'zod';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';
import { USER_TYPES } from '../enums.js';
import {
  BIRTHDATE_MIN,
  latestBirthdate,
  PASSWORDS_MISMATCH,
  PHOTO_EXTENSIONS,
  PHOTO_MAX_BYTES,
  passwordsMatch,
} from '../users-rules.js';
import { ZRoleSummary, ZUserSchema } from './auth.js';
import {
  dayField,
  egyptianMobileField,
  emailFieldWith,
  flag,
  idField,
  nameText,
  optionalText,
  passwordInput,
  searchField,
  wholeNumber,
} from './fields.js';
import { ZListQuery } from './list.js';

export { BIRTHDATE_MIN, latestBirthdate, PASSWORDS_MISMATCH, PHOTO_EXTENSIONS, PHOTO_MAX_BYTES, passwordsMatch };

/** Longest address kept (a street, a building, a district and a governorate fit easily). */
export const ADDRESS_MAX_LENGTH = 500;

export const nameField = nameText('users.validation.name_required', NAME_MAX_LENGTH);

/** Email: spaces removed (SPEC §5), kept in lower case so uniqueness ignores case. */
export const emailField = emailFieldWith({
  required: 'users.validation.email_required',
  invalid: 'users.validation.email_invalid',
});

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

/** The confirmation field of a new password: required, spaces removed; whether it matches is `passwordsMatch`. */
export const confirmPasswordField = z
  .string({
    error: (iss) =>
      iss.input === undefined || iss.input === null ? 'users.validation.confirm_required' : 'validation.invalid_type',
  })
  .overwrite((s) => s.replace(/\s+/g, ''))
  .min(1, { error: 'users.validation.confirm_required' })
  .max(PASSWORD_MAX_LENGTH, { error: 'validation.too_long' });

/** Birthdate: a real day, not later than one day ago (SPEC §5), not before 1900. Empty means none. */
export const birthdateField = z.preprocess(
  (v) => (v === '' ? null : v),
  dayField
    .refine((d) => d >= BIRTHDATE_MIN && d <= latestBirthdate(), { error: 'users.validation.birthdate_range' })
    .nullable(),
);

export const addressField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  optionalText(ADDRESS_MAX_LENGTH).nullable(),
);

/** true/false, also 1/0 and "true"/"false" as query-string-minded clients send them. */
export const flagField = flag('validation.invalid_value');

const userType = z.enum(USER_TYPES, { error: 'users.validation.type_invalid' });

/** PUT /users: create a customer (type user, the default) or an administrator (type admin). */
export const ZUserCreateRequestSchema = z.object({
  name: nameField,
  email: emailField,
  phone: egyptianMobileField('validation.phone_required'),
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
 * `reminder_emails` is whoever may edit the user's (themselves, or staff on their behalf).
 */
export const ZUserUpdateRequestSchema = z.object({
  name: nameField,
  email: emailField,
  phone: egyptianMobileField('validation.phone_required'),
  birthdate: birthdateField.optional(),
  address: addressField.optional(),
  active: flagField.optional(),
  /** Reminder e-mails on or off (the bell keeps the reminders); left as it is when absent. */
  reminder_emails: flagField.optional(),
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
    password: confirmPasswordField,
  })
  .refine((b) => passwordsMatch(b.new_password, b.password), { error: PASSWORDS_MISMATCH, path: ['password'] });
export type TPasswordChangeRequest = z.infer<typeof ZPasswordChangeRequestSchema>;

export const USER_SORT_COLUMNS = ['id', 'name', 'email', 'phone', 'birthDate', 'created_at'] as const;

export const ZUserListFilters = z.object({
  name: searchField.optional(),
  email: searchField.optional(),
  phone: searchField.optional(),
  type: userType.optional(),
  active: flagField.optional(),
  /** Members of one association (SPEC §2 users filter "association"): they hold one of its days. */
  association_id: idField.optional(),
  /** Only for holders of admin_users: true = removed users only; otherwise live users only (the default). */
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
  offset: wholeNumber('validation.invalid_value', { min: 0, max: 100_000_000 }).optional(),
  filters: ZUserListFilters.default({}),
});
export type TUserListRequest = z.infer<typeof ZUserListRequestSchema>;

/** A users-list row: the user without permissions; roles only when `detailed` was asked for. */
export const ZUserListRow = ZUserSchema.omit({ roles: true, direct_permissions: true, role_permissions: true }).extend({
  roles: z.array(ZRoleSummary).optional(),
});
export type TUserListRow = z.infer<typeof ZUserListRow>;
