import { z } from 'zod';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, RECOVERY_STATUSES } from '../constants.js';
import { normalizePhone, stripSpaces } from '../text.js';
import { ZLoginResponseData } from './auth.js';
import {
  egyptianMobileField,
  emailFieldWith,
  idField,
  nameText,
  nationalIdField,
  optionalNameText,
  optionalText,
  requiredText,
  wholeNumber,
} from './fields.js';

/**
 * Customer accounts (docs/decisions/0005-accounts.md): registration, email
 * activation by link or code, forgot/reset password, and recovery (account
 * data completion while recovery mode is on). Messages are catalogue keys.
 */

/** How long each emailed secret lives, and how many wrong codes one email allows. */
export const ACTIVATION_TTL_HOURS = 24;
export const RECOVERY_ACTIVATION_TTL_HOURS = 24;
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const ACTIVATION_CODE_LENGTH = 6;
export const ACTIVATION_CODE_MAX_ATTEMPTS = 5;
export const ADDRESS_MAX_LENGTH = 300;
export const EXPERIENCE_MAX_LENGTH = 2000;

/** Audit action names written by the account flows (the rows they touch carry them); every audit code is in audit-actions.ts. */
export { ACCOUNT_ACTIONS } from '../audit-actions.js';

const missingOr = (missing: string) => (iss: { input: unknown }) =>
  iss.input === undefined || iss.input === null ? missing : 'validation.invalid_type';

/** A required text: trimmed, not empty, bounded, no control characters. */
const text = requiredText;

/** Email as SPEC §5 wants it: the one rule of fields.ts (spaces removed, lower case, as the unique index compares it). */
export const emailField = emailFieldWith({
  required: 'accounts.validation.email_required',
  invalid: 'accounts.validation.email_invalid',
});

/** Mobile: spaces removed, Arabic digits accepted, digits only, at most 12 (SPEC §5). */
export const mobileField = egyptianMobileField('accounts.validation.mobile_required');

/**
 * A password being chosen: spaces removed (login removes them too), at least 8,
 * with a capital letter and a symbol (anything that is neither letter nor digit).
 */
export const newPasswordField = z
  .string({ error: missingOr('validation.password_required') })
  .overwrite(stripSpaces)
  .min(1, { error: 'validation.password_required' })
  .max(PASSWORD_MAX_LENGTH, { error: 'validation.too_long' })
  .refine((s) => s.length >= 8 && /\p{Lu}/u.test(s) && /[^\p{L}\p{N}]/u.test(s), {
    error: 'accounts.validation.password_rule',
  });

const confirmField = z
  .string({ error: missingOr('accounts.validation.confirm_required') })
  .overwrite(stripSpaces)
  .min(1, { error: 'accounts.validation.confirm_required' })
  .max(PASSWORD_MAX_LENGTH, { error: 'validation.too_long' });

type Loose = Record<string, unknown>;
const isObject = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null;
const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/** confirm_password must equal password ('passwords must be identical'); checked even when other fields fail. */
function withConfirmation<T extends z.ZodObject>(schema: T) {
  return schema.refine(
    (v) => {
      const o = v as Loose;
      return (
        typeof o.password !== 'string' || typeof o.confirm_password !== 'string' || o.password === o.confirm_password
      );
    },
    { path: ['confirm_password'], error: 'accounts.validation.passwords_mismatch', when: isObject },
  );
}

/**
 * POST /register. The form sends first_name + last_name (SPEC §2, §5); SPEC §7's
 * single `name` is accepted instead. The stored name is `first last` (or name).
 */
/** The terms' checkbox: ticked (true, or 'true' from a form field), or the registration is refused. */
const acceptTermsField = z
  .unknown()
  .refine((v) => v === true || v === 'true', { error: 'accounts.validation.terms_required' })
  .transform((): true => true);

export const ZRegisterRequest = withConfirmation(
  z.object({
    name: optionalNameText(NAME_MAX_LENGTH).optional(),
    first_name: optionalNameText(70).optional(),
    last_name: optionalNameText(70).optional(),
    address: text('accounts.validation.address_required', ADDRESS_MAX_LENGTH),
    email: emailField,
    mobile: mobileField,
    password: newPasswordField,
    confirm_password: confirmField,
    accept_terms: acceptTermsField,
    /** The terms version the page showed (GET /get-terms); the server takes the current one when absent. */
    terms_version_id: wholeNumber('validation.invalid_type', { min: 1, max: 2_147_483_647 }).optional(),
  }),
)
  .refine((v) => filled((v as Loose).name) || filled((v as Loose).first_name), {
    path: ['first_name'],
    error: 'accounts.validation.first_name_required',
    when: isObject,
  })
  .refine((v) => filled((v as Loose).name) || filled((v as Loose).last_name), {
    path: ['last_name'],
    error: 'accounts.validation.last_name_required',
    when: isObject,
  });
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/** Registration answers like login: the new customer is signed in and sent to /message. */
export const ZRegisterResponseData = ZLoginResponseData;

/** The 6-digit code of the activation email; Arabic digits and spaces are accepted. */
export const activationCodeField = z
  .string({ error: missingOr('accounts.validation.code_required') })
  .overwrite(normalizePhone)
  .min(1, { error: 'accounts.validation.code_required' })
  .regex(new RegExp(`^\\d{${ACTIVATION_CODE_LENGTH}}$`), { error: 'accounts.validation.code_format' });

/** POST /users/verify/email. */
export const ZVerifyEmailCodeRequest = z.object({ code: activationCodeField });
export type TVerifyEmailCodeRequest = z.infer<typeof ZVerifyEmailCodeRequest>;

/** A token from an emailed link (path or body); its shape is not checked, a bad one is just "invalid". */
export const tokenField = z
  .string({ error: missingOr('accounts.validation.token_required') })
  .trim()
  .min(1, { error: 'accounts.validation.token_required' })
  .max(200, { error: 'accounts.errors.link_invalid' });

export const ZTokenParams = z.object({ token: tokenField });

/** POST /forgot-password (query or body). */
export const ZForgotPasswordRequest = z.object({ email: emailField });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/** POST /resetPassword (query or body). */
export const ZResetPasswordRequest = withConfirmation(
  z.object({ token: tokenField, password: newPasswordField, confirm_password: confirmField }),
);
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZActivationResult = z.object({ email: z.string(), email_verified: z.literal(true) });
export type TActivationResult = z.infer<typeof ZActivationResult>;

/* ------------------------------------------------------------------ recovery */

// In constants.ts, so the staff list reads them without loading zod.
export { RECOVERY_STATUSES, type RecoveryStatus } from '../constants.js';

/** Empty form fields ('' from multipart) count as absent. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalId = z.preprocess(blankToUndefined, idField.optional());
const optionalBlankText = (max: number) => z.preprocess(blankToUndefined, optionalText(max).optional());
/**
 * A lookup id the form must name: absent or blank is `missing` (one issue, on the field), anything
 * else is judged by idField. A plain pipe, not a union with z.undefined(): its JSON Schema is the
 * id's own (required, integer), where the union's was an empty, invalid `anyOf: []`.
 */
const requiredId = (missing: string) =>
  z.preprocess((value, ctx) => {
    const present = blankToUndefined(value);
    if (present === undefined) ctx.addIssue({ code: 'custom', message: missing });
    return present;
  }, idField);

/**
 * POST /recovery (multipart or JSON): the data a recovery account must complete
 * (SPEC §2, §3, §5). Whether the specification is required depends on the
 * chosen qualification, so the server checks it against the lookups.
 */
export const ZRecoveryRequest = z.object({
  ar_name: nameText('accounts.validation.ar_name_required', NAME_MAX_LENGTH),
  en_name: text('accounts.validation.en_name_required', NAME_MAX_LENGTH)
    .overwrite((s) => s.replace(/\s+/g, ' '))
    .regex(/^[A-Za-z][A-Za-z ]*$/, { error: 'accounts.validation.en_name_letters' }),
  email: emailField,
  mobile: mobileField,
  national_id: nationalIdField({
    required: 'accounts.validation.national_id_required',
    format: 'accounts.validation.national_id_format',
  }),
  university_degree_id: optionalId,
  university_name: optionalBlankText(NAME_MAX_LENGTH),
  organization_degree_id: optionalId,
  organization_name: optionalBlankText(NAME_MAX_LENGTH),
  degree_education_level_id: requiredId('accounts.validation.level_required'),
  degree_qualification_id: requiredId('accounts.validation.qualification_required'),
  degree_specification_id: optionalId,
  experience: optionalBlankText(EXPERIENCE_MAX_LENGTH),
});
export type TRecoveryRequest = z.infer<typeof ZRecoveryRequest>;

/** A recovery account as the customer (GET /recovery) and staff (POST /recovery/accounts) see it. */
export const ZRecoveryAccount = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  status: z.enum(RECOVERY_STATUSES),
  ar_name: z.string(),
  en_name: z.string(),
  email: z.string(),
  old_email: z.string().nullable(),
  mobile: z.string(),
  national_id: z.string(),
  university_degree_id: z.number().int().nullable(),
  university_name: z.string().nullable(),
  organization_degree_id: z.number().int().nullable(),
  organization_name: z.string().nullable(),
  degree_education_level_id: z.number().int(),
  degree_qualification_id: z.number().int(),
  degree_specification_id: z.number().int().nullable(),
  experience: z.string().nullable(),
  submitted_at: z.string(),
  verified_at: z.string().nullable(),
});
export type TRecoveryAccount = z.infer<typeof ZRecoveryAccount>;

/** GET /recovery: the signed-in customer's state; old_email is shown read-only. */
export const ZRecoveryState = z.object({
  recovery_mode: z.boolean(),
  data_required: z.boolean(),
  old_email: z.string().nullable(),
  account: ZRecoveryAccount.nullable(),
});
export type TRecoveryState = z.infer<typeof ZRecoveryState>;

/** POST /recovery/accounts (staff): recovery accounts, newest first, optionally by status. */
export const ZRecoveryListRequest = z.object({
  page: wholeNumber('validation.invalid_value', { min: 1, max: 1_000_000 }).default(1),
  perPage: wholeNumber('validation.invalid_value', { min: 1, max: 200 }).default(10),
  status: z.enum(RECOVERY_STATUSES, { error: 'validation.invalid_value' }).optional(),
});
export type TRecoveryListRequest = z.infer<typeof ZRecoveryListRequest>;

/** POST /recovery/verify. */
export const ZRecoveryVerifyRequest = z.object({ id: idField });

/** POST /user/verify: staff confirm a user's email and phone by hand. */
export const ZUserVerifyRequest = z.object({ user_id: idField });

/* ------------------------------------------------------------------ lookups */

export const ZLookupItem = z.object({ id: z.number().int(), name: z.string(), name_local: z.string() });
export const ZPlaceItem = ZLookupItem.extend({ government_id: z.number().int().nullable() });

/** POST /user/register/data: every registration lookup (name English, name_local Arabic). */
export const ZRegistrationLookups = z.object({
  degrees: z.array(ZLookupItem),
  levels: z.array(ZLookupItem),
  qualifications: z.array(ZLookupItem),
  specifications: z.array(ZLookupItem),
  degree_qualifications: z.array(z.object({ level_id: z.number().int(), qualification_id: z.number().int() })),
  degree_specifications: z.array(z.object({ qualification_id: z.number().int(), specification_id: z.number().int() })),
  pre_qualifications: z.array(ZLookupItem),
  universities: z.array(ZLookupItem),
  collages: z.array(ZLookupItem),
  grades: z.array(ZLookupItem),
  places: z.array(ZPlaceItem),
  governments: z.array(ZLookupItem),
});
export type TRegistrationLookups = z.infer<typeof ZRegistrationLookups>;
