import { FILE_SIZE_LIMIT_BYTES } from '../constants.js';
import { INDIVIDUAL_ORGANIZATION_TYPE_IDS, SERVICE_DURATION_IDS, SERVICE_IDS } from './request-ids.js';

/**
 * The rules of the service request form that are not a schema (SPEC §3, §5): constants, the
 * options a service allows, the documents a customer type requires, file checks and titles.
 * Without zod, so the screens call them without loading the schema library (DESIGN §5);
 * customer-requests.ts re-exports them beside the form's schema.
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
/** A main document may be a phone photo of a paper: larger than an extra file (docs/decisions/0021). */
export const MAIN_DOCUMENT_MAX_BYTES = 2 * 1024 * 1024;
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
