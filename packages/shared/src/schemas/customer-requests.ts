import { z } from 'zod';
import { today as cairoToday } from '../clock.js';
import { FILE_SIZE_LIMIT_BYTES, NAME_MAX_LENGTH, TAX_NUMBER_MAX_LENGTH } from '../constants.js';
import { stripSpaces, toLatinDigits } from '../text.js';
import {
  dayField,
  emailFieldWith,
  nameText,
  nationalIdField,
  phoneField,
  requiredText,
  wholeNumber,
} from './fields.js';
import {
  IDENTITY_TYPE_IDS,
  INDIVIDUAL_ORGANIZATION_TYPE_IDS,
  SERVICE_DURATION_IDS,
  SERVICE_IDS,
} from './request-lookups.js';

/**
 * The customer service request form (SPEC §3 payload, §5 rules; DESIGN §2): one schema the form
 * and POST /customers_requests/save both parse, and the small rules the form also calls to show,
 * hide and filter its fields. Lookup ids with a meaning of their own (identity type 1/2, service
 * 1/2, duration 3, organization types 1 and 7) are fixed by SPEC §9 and kept in request-lookups.ts
 * with the seed; the other ids come from the seeded lookups and the server checks they exist.
 */

export const RENEWAL = { firstTime: 1, renewal: 2 } as const;
export const REPRESENTATIVE_TYPES = ['partner', 'representative', 'official_authorization'] as const;
export type RepresentativeType = (typeof REPRESENTATIVE_TYPES)[number];
export const CUSTOMER_TYPES = ['individual', 'representative', 'Organization'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

/** The main documents of the form, one file each (SPEC §3). */
export const MAIN_DOCUMENTS = [
  'identity_copy',
  'commercial_registration_copy',
  'tax_registration_copy',
  'authorization_copy',
  'signature_approval_copy',
  'official_authorization_copy',
] as const;
export type MainDocument = (typeof MAIN_DOCUMENTS)[number];
/** What only a company brings; organization type 1 (or 7) drops them on save. */
export const COMPANY_DOCUMENTS = MAIN_DOCUMENTS.filter((d) => d !== 'identity_copy');
/** The extra files: each at most 512 KB, a larger one discarded (SPEC §5). */
export const EXTRA_FILE_FIELDS = ['signedContract', 'investment', 'additionalFile'] as const;
export type ExtraFileField = (typeof EXTRA_FILE_FIELDS)[number];
export const EXTRA_FILE_MAX_BYTES = FILE_SIZE_LIMIT_BYTES;
/** Extensions by field (SPEC §5); the server also checks the content (magic bytes). */
export const FILE_EXTENSIONS = {
  main: ['pdf', 'png', 'jpg', 'jpeg'],
  signedContract: ['pdf'],
  investment: ['pdf'],
  additionalFile: ['jpg', 'png', 'jpeg', 'pdf'],
} as const satisfies Record<'main' | ExtraFileField, readonly string[]>;
/** An additional file's title is shown cut to this many characters in lists (SPEC §5). */
export const FILE_TITLE_LIST_LENGTH = 35;

export const REQUEST_ADDRESS_MAX_LENGTH = 500;
export const PASSPORT_MIN_LENGTH = 5;
export const PASSPORT_MAX_LENGTH = 20;

// ---- The rules the form calls too -------------------------------------------------------

/** Whether a duration may go with a service: service 2 takes all but 3, any other only 1. */
export function isAllowedDuration(serviceId: number, durationId: number): boolean {
  return serviceId === SERVICE_IDS.organizationSignature
    ? durationId !== SERVICE_DURATION_IDS.threeYears
    : durationId === SERVICE_DURATION_IDS.oneYear;
}

/** Whether an organization type may go with a service: service 2 takes all but 1, any other only 1. */
export function isAllowedOrganizationType(serviceId: number, organizationTypeId: number): boolean {
  return serviceId === SERVICE_IDS.organizationSignature
    ? organizationTypeId !== INDIVIDUAL_ORGANIZATION_TYPE
    : organizationTypeId === INDIVIDUAL_ORGANIZATION_TYPE;
}

/** The individual organization type (SPEC §9); 7 is treated like it elsewhere, but not in the options. */
const INDIVIDUAL_ORGANIZATION_TYPE = 1;
const SERVICE_DURATIONS: readonly number[] = Object.values(SERVICE_DURATION_IDS);

type Option = number | { id: number };
const idOf = (option: Option) => (typeof option === 'number' ? option : option.id);

/**
 * The duration options of a service, out of the lookup's (ids or rows); none until a service is
 * chosen. Durations default to the seeded three.
 */
export function allowedDurations<T extends Option>(
  serviceId: number | null | undefined,
  options: readonly T[] = SERVICE_DURATIONS as readonly T[],
): T[] {
  if (!serviceId) return [];
  return options.filter((o) => isAllowedDuration(serviceId, idOf(o)));
}

/** The organization type options of a service, out of the lookup's (ids or rows). */
export function allowedOrganizationTypes<T extends Option>(
  serviceId: number | null | undefined,
  options: readonly T[],
): T[] {
  if (!serviceId) return [];
  return options.filter((o) => isAllowedOrganizationType(serviceId, idOf(o)));
}

/** The tax registration number is asked for whenever the service is not 1. */
export function needsTaxNumber(serviceId: number | null | undefined): boolean {
  return serviceId !== null && serviceId !== undefined && serviceId !== SERVICE_IDS.individualSignature;
}

/** A company (or authority): an organization type is chosen and it is neither 1 nor 7. */
export function isCompany(organizationTypeId: number | null | undefined): boolean {
  return (
    organizationTypeId !== null &&
    organizationTypeId !== undefined &&
    !(INDIVIDUAL_ORGANIZATION_TYPE_IDS as readonly number[]).includes(organizationTypeId)
  );
}

/** The representative type is asked for when the organization type is not 1, not 7, not empty. */
export const needsRepresentative = isCompany;

/** The customer type a request is stored with, decided by its organization type. */
export function customerTypeOf(organizationTypeId: number | null | undefined): CustomerType {
  return isCompany(organizationTypeId) ? 'representative' : 'individual';
}

/** SPEC §3: a company representative is one whose main files include the tax card. */
export function isCompanyRepresentative(files: readonly { content_type: string }[]): boolean {
  return files.some((f) => f.content_type === 'tax_registration_copy');
}

/**
 * The main documents a customer type requires (SPEC §5). A person: the identity copy. A company
 * also brings its tax card, and by who signs for it: a partner named in the commercial register
 * its register; a legal representative the register, the power of attorney and the bank's
 * signature approval; an official authorization (authorities have no commercial register) the
 * authorization letter.
 */
export function requiredDocuments(
  organizationTypeId: number | null | undefined,
  representativeType: RepresentativeType | null | undefined,
): MainDocument[] {
  if (!isCompany(organizationTypeId)) return ['identity_copy'];
  switch (representativeType) {
    case 'representative':
      return [
        'identity_copy',
        'commercial_registration_copy',
        'tax_registration_copy',
        'authorization_copy',
        'signature_approval_copy',
      ];
    case 'official_authorization':
      return ['identity_copy', 'tax_registration_copy', 'official_authorization_copy'];
    default:
      return ['identity_copy', 'commercial_registration_copy', 'tax_registration_copy'];
  }
}

/**
 * The required documents the request still lacks, given those it has (stored ones on edit, plus
 * the ones uploaded now; on create only the uploaded). An official authorization is never taken
 * without the tax card, whatever the customer type.
 */
export function missingDocuments(
  organizationTypeId: number | null | undefined,
  representativeType: RepresentativeType | null | undefined,
  have: Iterable<string>,
): MainDocument[] {
  const present = new Set(have);
  const required = new Set(requiredDocuments(organizationTypeId, representativeType));
  if (present.has('official_authorization_copy')) required.add('tax_registration_copy');
  return MAIN_DOCUMENTS.filter((d) => required.has(d) && !present.has(d));
}

/** The documents a save discards: a person's request keeps no company document. */
export function documentsToDiscard(organizationTypeId: number | null | undefined): readonly MainDocument[] {
  return isCompany(organizationTypeId) ? [] : COMPANY_DOCUMENTS;
}

/** A file's extension, lower case, without the dot ('' when it has none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * Whether a file may go in a field by its name and size: 'requests.validation.file_type_size'
 * (the spec's one size/extension error) otherwise. Main documents have no size rule of their own
 * here; the upload limit of the server applies.
 */
export function fileProblem(
  field: MainDocument | ExtraFileField,
  file: { name: string; size: number },
): 'requests.validation.file_type_size' | null {
  const allowed: readonly string[] =
    field === 'signedContract' || field === 'investment' || field === 'additionalFile'
      ? FILE_EXTENSIONS[field]
      : FILE_EXTENSIONS.main;
  const extra = (EXTRA_FILE_FIELDS as readonly string[]).includes(field);
  if (!allowed.includes(extensionOf(file.name))) return 'requests.validation.file_type_size';
  if (extra && file.size > EXTRA_FILE_MAX_BYTES) return 'requests.validation.file_type_size';
  return null;
}

/** A title as lists show it: cut to 35 characters (whole characters, not UTF-16 halves), with an ellipsis. */
export function listTitle(title: string): string {
  const chars = [...title];
  return chars.length <= FILE_TITLE_LIST_LENGTH ? title : `${chars.slice(0, FILE_TITLE_LIST_LENGTH).join('')}…`;
}

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
