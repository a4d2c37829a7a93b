import { z } from 'zod';
import { today as cairoToday } from '../clock.js';
import { NAME_MAX_LENGTH, TAX_NUMBER_MAX_LENGTH } from '../constants.js';
import { stripSpaces, toLatinDigits } from '../text.js';
import {
  CUSTOMER_TYPES,
  customerTypeOf,
  isAllowedDuration,
  isAllowedOrganizationType,
  isCompany,
  missingDocuments,
  needsRepresentative,
  needsTaxNumber,
  PASSPORT_MAX_LENGTH,
  PASSPORT_MIN_LENGTH,
  RENEWAL,
  REPRESENTATIVE_TYPES,
  REQUEST_ADDRESS_MAX_LENGTH,
} from './customer-requests-rules.js';
import {
  dayField,
  emailFieldWith,
  nameText,
  nationalIdField,
  phoneField,
  requiredText,
  wholeNumber,
} from './fields.js';
import { IDENTITY_TYPE_IDS } from './request-ids.js';

/**
 * The customer service request form (SPEC §3 payload, §5 rules; DESIGN §2): one schema the form
 * and POST /customers_requests/save both parse, and the small rules the form also calls to show,
 * hide and filter its fields. Lookup ids with a meaning of their own (identity type 1/2, service
 * 1/2, duration 3, organization types 1 and 7) are fixed by SPEC §9 and kept in request-lookups.ts
 * with the seed; the other ids come from the seeded lookups and the server checks they exist.
 */

export * from './customer-requests-rules.js';

// ---- Fields --------------------------------------------------------------------------------

const missingOr = (missing: string) => (iss: { input: unknown }) =>
  iss.input === undefined || iss.input === null ? missing : 'validation.invalid_type';

export const requestNameField = nameText('requests.validation.name_required', NAME_MAX_LENGTH);
export const requestEmailField = emailFieldWith({
  required: 'requests.validation.email_required',
  invalid: 'requests.validation.email_invalid',
});
/** SPEC §5: digits only, at most 12 (not only Egyptian mobiles: passport holders apply too). */
export const requestMobileField = phoneField;
export const requestAddressField = requiredText('requests.validation.address_required', REQUEST_ADDRESS_MAX_LENGTH);

export const requestNationalIdField = nationalIdField({
  required: 'requests.validation.national_id_required',
  format: 'requests.validation.national_id_format',
});

/**
 * A passport number: Latin letters and digits as printed on the data page (ICAO 9303), spaces
 * removed, upper case. Foreign passports vary in length, so only sane bounds.
 */
export const passportField = z
  .string({ error: missingOr('requests.validation.passport_required') })
  .overwrite((s) => toLatinDigits(stripSpaces(s)).toUpperCase())
  .min(1, { error: 'requests.validation.passport_required', abort: true })
  .regex(new RegExp(`^[A-Z0-9]{${PASSPORT_MIN_LENGTH},${PASSPORT_MAX_LENGTH}}$`), {
    error: 'requests.validation.passport_format',
  });

/** Tax registration number: digits only (Arabic digits, spaces and dashes as typed), at most 12. */
export const taxNumberField = z
  .string({ error: missingOr('requests.validation.tax_number_required') })
  .overwrite((s) => toLatinDigits(stripSpaces(s)).replace(/[-.\u2010-\u2015]/g, ''))
  .min(1, { error: 'requests.validation.tax_number_required', abort: true })
  .regex(new RegExp(`^\\d{1,${TAX_NUMBER_MAX_LENGTH}}$`), { error: 'requests.validation.tax_number_format' });

export const representativeTypeField = z.enum(REPRESENTATIVE_TYPES, {
  error: (iss) =>
    iss.input === undefined || iss.input === null
      ? 'requests.validation.representative_type_required'
      : 'validation.invalid_value',
});

/** The picker writes yyyy-MM-d (SPEC §5): a one-digit month or day is padded before the day rule. */
function padDay(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(toLatinDigits(value.trim()));
  return match ? `${match[1]}-${match[2]?.padStart(2, '0')}-${match[3]?.padStart(2, '0')}` : value;
}

/** The identity's expiration day: a real day, not before `today` (Cairo, from the caller's clock). */
export function identityExpirationField(today: string) {
  return z.preprocess(
    padDay,
    z
      .string({ error: missingOr('requests.validation.expiration_required') })
      .min(1, { error: 'requests.validation.expiration_required', abort: true })
      .pipe(dayField)
      .refine((day) => day >= today, {
        error: 'requests.validation.expiration_past',
        when: (payload) => payload.issues.length === 0,
      }),
  );
}

const choice = (message: string, max: number) => wholeNumber(message, { min: 1, max });
const lookupId = (message: string) => choice(message, 2_147_483_647);

// ---- The form ------------------------------------------------------------------------------

export type RequestFormContext = {
  /** Today in Cairo (yyyy-mm-dd); the shared clock's when not given. */
  today?: string;
  /**
   * The main documents the request has (stored plus uploaded now). When given, the required ones
   * are checked, each missing one reported under its own field; the web form and the server
   * pass it, a check of the text fields alone does not.
   */
  documents?: Iterable<string>;
};

type Loose = Record<string, unknown>;
const isObject = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null;
const numberOr = (v: unknown) => (typeof v === 'number' ? v : undefined);

/** Multipart sends every hidden or untouched field as "": that is the field being absent. */
function blanksAbsent(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== '' && v !== null && v !== undefined));
}

/** The passport may arrive in identity_passport_value (SPEC §3) or, from older clients, identity_value. */
const passportInput = (o: Loose) => o.identity_passport_value ?? o.identity_value;

/**
 * POST /customers_requests/save and /save/{id}: the text fields of the multipart payload. Every
 * rule reports in one pass (the form lists them all). The output keeps only what applies: the
 * identity value of the chosen identity type, the tax number and representative type of a
 * company only (organization type 1 or 7 clears them, SPEC §5), the customer type derived.
 */
export function customerRequestFormSchema(context: RequestFormContext = {}) {
  const today = context.today ?? cairoToday();
  const documents = context.documents === undefined ? undefined : [...context.documents];
  return z
    .preprocess(
      blanksAbsent,
      z
        .object({
          name: requestNameField,
          email: requestEmailField,
          mobile: requestMobileField,
          address: requestAddressField,
          identity_type_id: choice('requests.validation.identity_type_required', 2),
          identity_value: z.unknown().optional(),
          identity_passport_value: z.unknown().optional(),
          identity_expiration_date: identityExpirationField(today),
          service_id: lookupId('requests.validation.service_required'),
          service_duration_id: lookupId('requests.validation.duration_required'),
          organization_type_id: lookupId('requests.validation.organization_type_required'),
          user_type: z.enum(CUSTOMER_TYPES, { error: 'validation.invalid_value' }).optional(),
          tax_registration_number: z.unknown().optional(),
          Representative_type: z.unknown().optional(),
          nationality: lookupId('requests.validation.nationality_invalid').optional(),
          branch: lookupId('requests.validation.branch_invalid').optional(),
          renewal: choice('requests.validation.renewal_invalid', 2).optional(),
        })
        .superRefine(
          (value, ctx) => {
            const o = value as Loose;
            const report = (field: string, schema: z.ZodType, input: unknown) => {
              const result = schema.safeParse(input);
              if (!result.success) {
                for (const issue of result.error.issues) {
                  ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
                }
              }
            };
            const identityType = numberOr(o.identity_type_id);
            if (identityType === IDENTITY_TYPE_IDS.nationalId) {
              report('identity_value', requestNationalIdField, o.identity_value);
            } else if (identityType === IDENTITY_TYPE_IDS.passport) {
              report('identity_passport_value', passportField, passportInput(o));
            }

            const service = numberOr(o.service_id);
            const duration = numberOr(o.service_duration_id);
            const organizationType = numberOr(o.organization_type_id);
            if (service !== undefined && duration !== undefined && !isAllowedDuration(service, duration)) {
              ctx.addIssue({
                code: 'custom',
                path: ['service_duration_id'],
                message: 'requests.validation.duration_not_allowed',
              });
            }
            if (
              service !== undefined &&
              organizationType !== undefined &&
              !isAllowedOrganizationType(service, organizationType)
            ) {
              ctx.addIssue({
                code: 'custom',
                path: ['organization_type_id'],
                message: 'requests.validation.organization_type_not_allowed',
              });
            }
            // A person's tax number is cleared on save, so it is only checked when it will be kept
            // or when one was typed (a wrong value in a visible field still says so).
            if (needsTaxNumber(service) && (isCompany(organizationType) || o.tax_registration_number !== undefined)) {
              report('tax_registration_number', taxNumberField, o.tax_registration_number);
            }
            if (needsRepresentative(organizationType)) {
              report('Representative_type', representativeTypeField, o.Representative_type);
            }
            if (documents !== undefined && organizationType !== undefined) {
              const parsedType = representativeTypeField.safeParse(o.Representative_type);
              const missing = missingDocuments(
                organizationType,
                parsedType.success ? parsedType.data : undefined,
                documents,
              );
              for (const document of missing) {
                const message =
                  document === 'tax_registration_copy' && documents.includes('official_authorization_copy')
                    ? 'requests.validation.tax_card_for_authorization'
                    : 'requests.validation.document_required';
                ctx.addIssue({ code: 'custom', path: [document], message });
              }
            }
          },
          { when: isObject },
        ),
    )
    .transform((o) => {
      const company = isCompany(o.organization_type_id);
      const keepTax = company && needsTaxNumber(o.service_id);
      return {
        name: o.name,
        email: o.email,
        mobile: o.mobile,
        address: o.address,
        identity_type_id: o.identity_type_id,
        identity_value:
          o.identity_type_id === IDENTITY_TYPE_IDS.nationalId ? requestNationalIdField.parse(o.identity_value) : null,
        identity_passport_value:
          o.identity_type_id === IDENTITY_TYPE_IDS.passport ? passportField.parse(passportInput(o as Loose)) : null,
        identity_expiration_date: o.identity_expiration_date,
        service_id: o.service_id,
        service_duration_id: o.service_duration_id,
        organization_type_id: o.organization_type_id,
        user_type: customerTypeOf(o.organization_type_id),
        tax_registration_number: keepTax ? taxNumberField.parse(o.tax_registration_number) : null,
        Representative_type: company ? representativeTypeField.parse(o.Representative_type) : null,
        nationality: o.nationality ?? null,
        branch: o.branch ?? null,
        renewal: o.renewal ?? RENEWAL.firstTime,
      };
    });
}

export type TCustomerRequestFormInput = z.input<ReturnType<typeof customerRequestFormSchema>>;
export type TCustomerRequestForm = z.output<ReturnType<typeof customerRequestFormSchema>>;
