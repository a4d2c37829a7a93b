import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { setNowSource } from '../clock.js';
import { LOCALES } from '../constants.js';
import { isMessageKey, translate } from '../messages.js';
import { PERMISSION_GROUPS, type Permission } from '../permissions.js';
import type { Viewer } from '../policy.js';
import { actionsFor, mayTake, transitionOf } from '../workflow.js';
import { CARD_REQUEST_MACHINE } from './card-requests.js';
import {
  allowedDurations,
  allowedOrganizationTypes,
  COMPANY_DOCUMENTS,
  customerRequestFormSchema,
  documentsToDiscard,
  fileProblem,
  isCompanyRepresentative,
  listTitle,
  missingDocuments,
  needsRepresentative,
  needsTaxNumber,
  type RepresentativeType,
  requiredDocuments,
} from './customer-requests.js';
import {
  REQUEST_ACTIONS,
  REQUEST_MACHINE,
  REQUEST_STATUSES,
  type RequestAction,
  type RequestStatus,
  requestPolicy,
  showsNextInForm,
  ZRequestActionRequest,
} from './customer-requests-machine.js';
import { TURN_MOVE_MACHINE } from './turn-moves.js';

const TODAY = '2026-03-15';

type Issue = { path: PropertyKey[]; message: string };
const issuesOf = (result: { success: boolean; error?: { issues: Issue[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message] as const);

/** A person asking for an individual certificate, as the multipart form sends it (all text). */
const person = {
  name: 'محمد أحمد عبد الله',
  email: ' Mohamed.Ahmed@Example.com ',
  mobile: '0101 234 5678',
  address: '١٢ شارع التحرير، الدقي، الجيزة',
  identity_type_id: '1',
  identity_value: '29001011234567',
  identity_expiration_date: '2030-01-01',
  service_id: '1',
  service_duration_id: '1',
  organization_type_id: '1',
  renewal: '1',
};

/** A company partner asking for an organization certificate. */
const company = {
  ...person,
  service_id: '2',
  service_duration_id: '2',
  organization_type_id: '3',
  tax_registration_number: '123-456-789',
  Representative_type: 'partner',
};

const parse = (input: unknown, context: Parameters<typeof customerRequestFormSchema>[0] = { today: TODAY }) =>
  customerRequestFormSchema(context).safeParse(input);

describe('the request form: rows that pass, and what they become', () => {
  it.each([
    ['a person with a national id', person, { identity_value: '29001011234567', identity_passport_value: null }],
    ['email spaces removed, lower case', person, { email: 'mohamed.ahmed@example.com', mobile: '01012345678' }],
    [
      'a national id in Arabic digits',
      { ...person, identity_value: '٢٩٠٠١٠١١٢٣٤٥٦٧' },
      { identity_value: '29001011234567' },
    ],
    [
      'a passport, spaces removed and upper case',
      { ...person, identity_type_id: '2', identity_value: '', identity_passport_value: 'a 2345 678' },
      { identity_value: null, identity_passport_value: 'A2345678' },
    ],
    [
      'a passport sent in identity_value by an older client',
      { ...person, identity_type_id: 2, identity_value: 'P1234567' },
      { identity_value: null, identity_passport_value: 'P1234567' },
    ],
    ['an identity expiring today', { ...person, identity_expiration_date: TODAY }, {}],
    [
      'the picker format yyyy-M-d',
      { ...person, identity_expiration_date: '2026-3-15' },
      { identity_expiration_date: TODAY },
    ],
    [
      'a day in Arabic digits',
      { ...person, identity_expiration_date: '٢٠٣٠-٠١-٠٢' },
      { identity_expiration_date: '2030-01-02' },
    ],
    ['service 2 with duration 1', { ...company, service_duration_id: '1' }, { service_duration_id: 1 }],
    ['service 2 with duration 2', company, { service_duration_id: 2 }],
    [
      'a company: tax number and representative kept, customer type derived',
      company,
      { tax_registration_number: '123456789', Representative_type: 'partner', user_type: 'representative' },
    ],
    ['a 12-digit tax number', { ...company, tax_registration_number: '123456789012' }, {}],
    [
      'service 2, organization type 7 (like 1): no representative, the tax number cleared',
      { ...company, organization_type_id: '7', Representative_type: '', tax_registration_number: '999' },
      { tax_registration_number: null, Representative_type: null, user_type: 'individual' },
    ],
    [
      'service 3, organization type 1: the tax number shown, cleared on save',
      { ...person, service_id: '3', tax_registration_number: '123456' },
      { tax_registration_number: null },
    ],
    [
      'service 1: a stale tax number of a hidden field is dropped, not judged',
      { ...person, tax_registration_number: 'abc' },
      { tax_registration_number: null },
    ],
    [
      'organization type 1: a stale representative type is cleared',
      { ...person, Representative_type: 'partner' },
      { Representative_type: null, user_type: 'individual' },
    ],
    [
      'blank optional fields are absent; renewal defaults to first time',
      { ...person, renewal: '', nationality: '', branch: '', user_type: '' },
      { renewal: 1, nationality: null, branch: null },
    ],
    [
      'integers in JSON as well as text',
      { ...person, service_id: 1, nationality: 818, branch: '4' },
      { nationality: 818, branch: 4 },
    ],
    [
      'a client user_type is replaced by the derived one',
      { ...person, user_type: 'Organization' },
      { user_type: 'individual' },
    ],
  ])('%s', (_name, input, expected) => {
    const result = parse(input);
    expect(issuesOf(result)).toEqual([]);
    expect(result.data).toMatchObject(expected);
  });

  it('keeps only the fields of the payload', () => {
    const result = parse({ ...person, is_admin: true, status: 7 });
    expect(Object.keys(result.data ?? {}).sort()).toEqual(
      [
        'address',
        'branch',
        'email',
        'identity_expiration_date',
        'identity_passport_value',
        'identity_type_id',
        'identity_value',
        'mobile',
        'name',
        'nationality',
        'organization_type_id',
        'renewal',
        'Representative_type',
        'service_duration_id',
        'service_id',
        'tax_registration_number',
        'user_type',
      ].sort(),
    );
  });
});

describe('the request form: rows that fail, each under its field with its message', () => {
  it.each([
    ['no name', { ...person, name: '' }, 'name', 'requests.validation.name_required'],
    ['a name of blanks', { ...person, name: '   ' }, 'name', 'requests.validation.name_required'],
    ['a control character in the name', { ...person, name: 'محمد\u0000' }, 'name', 'validation.control_characters'],
    ['a bidi override in the name', { ...person, name: 'Ali \u202Enimda' }, 'name', 'validation.format_characters'],
    ['no email', { ...person, email: undefined }, 'email', 'requests.validation.email_required'],
    ['a bad email', { ...person, email: 'mohamed@example' }, 'email', 'requests.validation.email_invalid'],
    ['no mobile', { ...person, mobile: '' }, 'mobile', 'validation.phone_required'],
    ['letters in the mobile', { ...person, mobile: '010abc' }, 'mobile', 'validation.phone_digits'],
    ['a 13-digit mobile', { ...person, mobile: '0101234567890' }, 'mobile', 'validation.phone_max'],
    ['no address', { ...person, address: ' ' }, 'address', 'requests.validation.address_required'],
    [
      'a control character in the address',
      { ...person, address: 'شارع\u001b' },
      'address',
      'validation.control_characters',
    ],
    [
      'no identity type',
      { ...person, identity_type_id: '' },
      'identity_type_id',
      'requests.validation.identity_type_required',
    ],
    [
      'identity type 3',
      { ...person, identity_type_id: '3' },
      'identity_type_id',
      'requests.validation.identity_type_required',
    ],
    [
      'type 1 without a national id',
      { ...person, identity_value: '' },
      'identity_value',
      'requests.validation.national_id_required',
    ],
    [
      'a 13-digit national id',
      { ...person, identity_value: '2900101123456' },
      'identity_value',
      'requests.validation.national_id_format',
    ],
    [
      'a national id with letters',
      { ...person, identity_value: '2900101123456x' },
      'identity_value',
      'requests.validation.national_id_format',
    ],
    [
      'type 1 with only a passport',
      { ...person, identity_value: '', identity_passport_value: 'A1234567' },
      'identity_value',
      'requests.validation.national_id_required',
    ],
    [
      'type 2 without a passport',
      { ...person, identity_type_id: '2', identity_value: '' },
      'identity_passport_value',
      'requests.validation.passport_required',
    ],
    [
      'a passport too short',
      { ...person, identity_type_id: '2', identity_passport_value: 'A12' },
      'identity_passport_value',
      'requests.validation.passport_format',
    ],
    [
      'markup in a passport',
      { ...person, identity_type_id: '2', identity_passport_value: 'A123<b>' },
      'identity_passport_value',
      'requests.validation.passport_format',
    ],
    [
      'no expiration date',
      { ...person, identity_expiration_date: '' },
      'identity_expiration_date',
      'requests.validation.expiration_required',
    ],
    [
      'an identity that expired yesterday',
      { ...person, identity_expiration_date: '2026-03-14' },
      'identity_expiration_date',
      'requests.validation.expiration_past',
    ],
    [
      'a day that does not exist',
      { ...person, identity_expiration_date: '2027-02-30' },
      'identity_expiration_date',
      'validation.invalid_date',
    ],
    [
      'not a day',
      { ...person, identity_expiration_date: 'next year' },
      'identity_expiration_date',
      'validation.invalid_date',
    ],
    ['no service', { ...person, service_id: '' }, 'service_id', 'requests.validation.service_required'],
    [
      'no duration',
      { ...person, service_duration_id: '' },
      'service_duration_id',
      'requests.validation.duration_required',
    ],
    [
      'service 1, duration 2',
      { ...person, service_duration_id: '2' },
      'service_duration_id',
      'requests.validation.duration_not_allowed',
    ],
    [
      'service 3, duration 2',
      { ...person, service_id: '3', service_duration_id: '2' },
      'service_duration_id',
      'requests.validation.duration_not_allowed',
    ],
    [
      'service 2, duration 3',
      { ...company, service_duration_id: '3' },
      'service_duration_id',
      'requests.validation.duration_not_allowed',
    ],
    [
      'no organization type',
      { ...person, organization_type_id: '' },
      'organization_type_id',
      'requests.validation.organization_type_required',
    ],
    [
      'service 1, organization type 3',
      { ...person, organization_type_id: '3', Representative_type: 'partner' },
      'organization_type_id',
      'requests.validation.organization_type_not_allowed',
    ],
    [
      'service 1, organization type 7',
      { ...person, organization_type_id: '7' },
      'organization_type_id',
      'requests.validation.organization_type_not_allowed',
    ],
    [
      'service 2, organization type 1',
      { ...company, organization_type_id: '1' },
      'organization_type_id',
      'requests.validation.organization_type_not_allowed',
    ],
    [
      'a company without a tax number',
      { ...company, tax_registration_number: '' },
      'tax_registration_number',
      'requests.validation.tax_number_required',
    ],
    [
      'a tax number with letters',
      { ...company, tax_registration_number: '12345a' },
      'tax_registration_number',
      'requests.validation.tax_number_format',
    ],
    [
      'a 13-digit tax number',
      { ...company, tax_registration_number: '1234567890123' },
      'tax_registration_number',
      'requests.validation.tax_number_format',
    ],
    [
      'a wrong tax number typed by a person on service 2 (the field is visible)',
      { ...company, organization_type_id: '7', Representative_type: '', tax_registration_number: 'x1' },
      'tax_registration_number',
      'requests.validation.tax_number_format',
    ],
    [
      'a company without a representative type',
      { ...company, Representative_type: '' },
      'Representative_type',
      'requests.validation.representative_type_required',
    ],
    [
      'an unknown representative type',
      { ...company, Representative_type: 'owner' },
      'Representative_type',
      'validation.invalid_value',
    ],
    ['renewal 3', { ...person, renewal: '3' }, 'renewal', 'requests.validation.renewal_invalid'],
    ['nationality 0', { ...person, nationality: '0' }, 'nationality', 'requests.validation.nationality_invalid'],
    ['branch "1.5"', { ...person, branch: '1.5' }, 'branch', 'requests.validation.branch_invalid'],
    ['an unknown user type', { ...person, user_type: 'admin' }, 'user_type', 'validation.invalid_value'],
  ])('%s', (_name, input, field, message) => {
    expect(issuesOf(parse(input))).toEqual([[field, message]]);
  });

  it('reports every broken rule in one pass, conditional ones included', () => {
    const issues = issuesOf(
      parse({
        ...company,
        name: '',
        mobile: 'x',
        identity_value: '1',
        service_duration_id: '3',
        Representative_type: '',
      }),
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        ['name', 'requests.validation.name_required'],
        ['mobile', 'validation.phone_digits'],
        ['identity_value', 'requests.validation.national_id_format'],
        ['service_duration_id', 'requests.validation.duration_not_allowed'],
        ['Representative_type', 'requests.validation.representative_type_required'],
      ]),
    );
  });

  it.each([null, 'text', [], 42])('refuses a body that is not an object (%j)', (input) => {
    expect(parse(input).success).toBe(false);
  });
});

describe('"today" comes from the shared clock (Cairo), not the machine', () => {
  afterEach(() => setNowSource(undefined));

  it('at 00:30 in Cairo on the 15th (still the 14th in UTC) the 14th is past and the 15th is not', () => {
    setNowSource(() => new Date('2026-03-14T22:30:00Z'));
    const schema = customerRequestFormSchema();
    expect(schema.safeParse({ ...person, identity_expiration_date: '2026-03-15' }).success).toBe(true);
    expect(issuesOf(schema.safeParse({ ...person, identity_expiration_date: '2026-03-14' }))).toEqual([
      ['identity_expiration_date', 'requests.validation.expiration_past'],
    ]);
  });
});

describe('the rules the form calls to show, hide and filter its fields', () => {
  const durations = [
    { id: 1, name: 'one year' },
    { id: 2, name: 'two years' },
    { id: 3, name: 'three years' },
  ];
  it.each([
    [1, [1]],
    [2, [1, 2]],
    [3, [1]],
    [undefined, []],
    [null, []],
  ])('service %s allows durations %j', (service, ids) => {
    expect(allowedDurations(service)).toEqual(ids);
    expect(allowedDurations(service, durations).map((d) => d.id)).toEqual(ids);
  });

  const organizationTypes = [1, 2, 3, 4, 5, 6, 7, 8];
  it.each([
    [1, [1]],
    [2, [2, 3, 4, 5, 6, 7, 8]],
    [4, [1]],
    [undefined, []],
  ])('service %s allows organization types %j', (service, ids) => {
    expect(allowedOrganizationTypes(service, organizationTypes)).toEqual(ids);
    expect(
      allowedOrganizationTypes(
        service,
        organizationTypes.map((id) => ({ id })),
      ).map((o) => o.id),
    ).toEqual(ids);
  });

  it.each([
    [1, false],
    [2, true],
    [3, true],
    [undefined, false],
    [null, false],
  ])('service %s needs a tax number: %s', (service, expected) => {
    expect(needsTaxNumber(service)).toBe(expected);
  });

  it.each([
    [1, false],
    [7, false],
    [undefined, false],
    [null, false],
    [2, true],
    [3, true],
    [8, true],
  ])('organization type %s needs a representative type: %s', (type, expected) => {
    expect(needsRepresentative(type)).toBe(expected);
  });

  it.each([
    [[{ content_type: 'identity_copy' }, { content_type: 'tax_registration_copy' }], true],
    [[{ content_type: 'identity_copy' }, { content_type: 'commercial_registration_copy' }], false],
    [[], false],
  ])('main files %j make a company representative: %s', (files, expected) => {
    expect(isCompanyRepresentative(files)).toBe(expected);
  });
});

describe('documents', () => {
  it.each<[number | undefined, RepresentativeType | undefined, string[]]>([
    [1, undefined, ['identity_copy']],
    [7, 'partner', ['identity_copy']],
    [undefined, undefined, ['identity_copy']],
    [3, 'partner', ['identity_copy', 'commercial_registration_copy', 'tax_registration_copy']],
    [
      3,
      'representative',
      [
        'identity_copy',
        'commercial_registration_copy',
        'tax_registration_copy',
        'authorization_copy',
        'signature_approval_copy',
      ],
    ],
    [5, 'official_authorization', ['identity_copy', 'tax_registration_copy', 'official_authorization_copy']],
    [3, undefined, ['identity_copy', 'commercial_registration_copy', 'tax_registration_copy']],
  ])('organization type %s, representative %s requires %j', (type, representative, documents) => {
    expect(requiredDocuments(type, representative)).toEqual(documents);
  });

  it.each<[number, RepresentativeType | undefined, string[], string[]]>([
    [1, undefined, [], ['identity_copy']],
    [1, undefined, ['identity_copy'], []],
    [3, 'partner', ['identity_copy'], ['commercial_registration_copy', 'tax_registration_copy']],
    [5, 'official_authorization', ['identity_copy', 'official_authorization_copy'], ['tax_registration_copy']],
    // A person never needs an authorization, but one brought without the tax card is refused.
    [1, undefined, ['identity_copy', 'official_authorization_copy'], ['tax_registration_copy']],
    [
      3,
      'representative',
      ['identity_copy', 'commercial_registration_copy', 'tax_registration_copy'],
      ['authorization_copy', 'signature_approval_copy'],
    ],
  ])('organization type %s, representative %s, having %j, lacks %j', (type, representative, have, missing) => {
    expect(missingDocuments(type, representative, have)).toEqual(missing);
  });

  it('a save of a person discards every company document, a company keeps them', () => {
    expect(documentsToDiscard(1)).toEqual(COMPANY_DOCUMENTS);
    expect(documentsToDiscard(7)).toEqual(COMPANY_DOCUMENTS);
    expect(documentsToDiscard(3)).toEqual([]);
    expect(COMPANY_DOCUMENTS).not.toContain('identity_copy');
  });

  it.each<[string, Record<string, unknown>, string[], [string, string][]]>([
    ['create without the identity copy', person, [], [['identity_copy', 'requests.validation.document_required']]],
    ['a person with the identity copy', person, ['identity_copy'], []],
    [
      'a company partner with the identity copy only',
      company,
      ['identity_copy'],
      [
        ['commercial_registration_copy', 'requests.validation.document_required'],
        ['tax_registration_copy', 'requests.validation.document_required'],
      ],
    ],
    [
      'an official authorization without the tax card',
      { ...company, Representative_type: 'official_authorization' },
      ['identity_copy', 'official_authorization_copy'],
      [['tax_registration_copy', 'requests.validation.tax_card_for_authorization']],
    ],
  ])('the schema checks documents when told which the request has: %s', (_name, input, documents, issues) => {
    expect(issuesOf(parse(input, { today: TODAY, documents }))).toEqual(issues);
  });

  it.each<[Parameters<typeof fileProblem>[0], string, number, string | null]>([
    ['identity_copy', 'id.PDF', 2_000_000, null],
    ['identity_copy', 'id.jpeg', 10, null],
    ['identity_copy', 'id.exe', 10, 'requests.validation.file_type_size'],
    ['signedContract', 'contract.pdf', 512 * 1024, null],
    ['signedContract', 'contract.pdf', 512 * 1024 + 1, 'requests.validation.file_type_size'],
    ['signedContract', 'contract.png', 10, 'requests.validation.file_type_size'],
    ['investment', 'plan.jpg', 10, 'requests.validation.file_type_size'],
    ['additionalFile', 'photo.png', 10, null],
    ['additionalFile', 'page.html', 10, 'requests.validation.file_type_size'],
    ['additionalFile', 'pdf', 10, 'requests.validation.file_type_size'],
    ['additionalFile', 'big.pdf', 513 * 1024, 'requests.validation.file_type_size'],
  ])('%s %s of %i bytes: %s', (field, name, size, problem) => {
    expect(fileProblem(field, { name, size })).toBe(problem);
  });

  it('cuts list titles to 35 characters, Arabic included', () => {
    expect(listTitle('short.pdf')).toBe('short.pdf');
    const long = 'صورة البطاقة الضريبية للشركة المصرية للتجارة.pdf';
    expect([...listTitle(long)]).toHaveLength(36);
    expect(listTitle(long).endsWith('…')).toBe(true);
  });
});

describe('the action dialogs (POST /customers_requests/action/{id})', () => {
  it.each([
    [{ type: 'next' }, {}],
    [{ type: 'reset' }, {}],
    [
      { type: 'next-for-pay', payment_amount: '150.50', payment_reference: ' FWR-2026-0042 ' },
      { payment_amount: 150.5 },
    ],
    [{ type: 'next-for-pay', payment_amount: 300, payment_reference: 'ref' }, { payment_amount: 300 }],
    [{ type: 'next-for-pay', payment_amount: '٢٥٠', payment_reference: 'ref' }, { payment_amount: 250 }],
    // The Arabic decimal separator, and the thousands separator grouping by threes.
    [{ type: 'next-for-pay', payment_amount: '٣٥٠٫٥٠', payment_reference: 'ref' }, { payment_amount: 350.5 }],
    [{ type: 'next-for-pay', payment_amount: '١٬٢٥٠٫٧٥', payment_reference: 'ref' }, { payment_amount: 1250.75 }],
    [
      { type: 'reject', rejection_reason_id: '2', rejection_note: 'صورة البطاقة غير واضحة' },
      { rejection_reason_id: 2 },
    ],
    [{ type: 'cancel', reason: 'طلب العميل' }, { reason: 'طلب العميل' }],
  ])('takes %j', (input, expected) => {
    const result = ZRequestActionRequest.safeParse(input);
    expect(issuesOf(result)).toEqual([]);
    expect(result.data).toMatchObject(expected);
  });

  it.each([
    [
      { type: 'next-for-pay', payment_amount: '0', payment_reference: 'r' },
      'payment_amount',
      'requests.validation.payment_amount',
    ],
    [
      { type: 'next-for-pay', payment_amount: -5, payment_reference: 'r' },
      'payment_amount',
      'requests.validation.payment_amount',
    ],
    [
      { type: 'next-for-pay', payment_amount: '', payment_reference: 'r' },
      'payment_amount',
      'requests.validation.payment_amount',
    ],
    [
      { type: 'next-for-pay', payment_amount: '10.123', payment_reference: 'r' },
      'payment_amount',
      'requests.validation.payment_amount',
    ],
    [
      { type: 'next-for-pay', payment_amount: '12٬50', payment_reference: 'r' },
      'payment_amount',
      'requests.validation.payment_amount',
    ],
    [
      { type: 'next-for-pay', payment_amount: '١٠٫١٢٣', payment_reference: 'r' },
      'payment_amount',
      'requests.validation.payment_amount',
    ],
    [
      { type: 'next-for-pay', payment_amount: '1e3', payment_reference: 'r' },
      'payment_amount',
      'requests.validation.payment_amount',
    ],
    [
      { type: 'next-for-pay', payment_amount: '10', payment_reference: ' ' },
      'payment_reference',
      'requests.validation.payment_reference_required',
    ],
    [{ type: 'reject', rejection_note: 'x' }, 'rejection_reason_id', 'requests.validation.rejection_reason_required'],
    [{ type: 'reject', rejection_reason_id: 2 }, 'rejection_note', 'requests.validation.rejection_note_required'],
    [{ type: 'cancel', reason: '' }, 'reason', 'requests.validation.cancel_reason_required'],
    [{ type: 'approve' }, 'type', 'validation.invalid_value'],
  ])('refuses %j', (input, field, message) => {
    expect(issuesOf(ZRequestActionRequest.safeParse(input))).toEqual([[field, message]]);
  });
});

// ---- The state machine -----------------------------------------------------------------------

const S = {
  draft: 1,
  submitted: 2,
  reviewed: 3,
  accepted: 4,
  paid: 5,
  ready: 6,
  delivered: 7,
  rejected: 8,
  canceled: 9,
};

/**
 * DESIGN §2, written out by hand (not read from the machine): for each status and action, the
 * status reached and who may take it, a permission and/or the creator. A missing cell is illegal.
 */
type Cell = { to: number; permission?: Permission; creator?: 'always' | 'unless_final' };
const DESIGN: Partial<Record<number, Partial<Record<RequestAction, Cell>>>> = {
  [S.draft]: {
    next: { to: S.submitted, creator: 'always' },
    cancel: { to: S.canceled, permission: 'cancel_requests', creator: 'always' },
  },
  [S.submitted]: {
    next: { to: S.reviewed, permission: 'review_requests' },
    reject: { to: S.rejected, permission: 'reject_requests' },
    cancel: { to: S.canceled, permission: 'cancel_requests' },
    reset: { to: S.draft, permission: 'admin_requests' },
  },
  [S.reviewed]: {
    'next-for-pay': { to: S.accepted, permission: 'accept_requests' },
    reject: { to: S.rejected, permission: 'reject_requests' },
    cancel: { to: S.canceled, permission: 'cancel_requests' },
    reset: { to: S.draft, permission: 'admin_requests' },
  },
  [S.accepted]: {
    next: { to: S.paid, permission: 'setpaid_requests' },
    reject: { to: S.rejected, permission: 'reject_requests' },
    cancel: { to: S.canceled, permission: 'cancel_requests' },
    reset: { to: S.draft, permission: 'admin_requests' },
  },
  [S.paid]: {
    next: { to: S.ready, permission: 'setready_requests' },
    reject: { to: S.rejected, permission: 'reject_requests' },
    cancel: { to: S.canceled, permission: 'cancel_requests' },
    reset: { to: S.draft, permission: 'admin_requests' },
  },
  [S.ready]: {
    next: { to: S.delivered, permission: 'setdelivered_requests' },
    reject: { to: S.rejected, permission: 'reject_requests' },
    cancel: { to: S.canceled, permission: 'cancel_requests' },
    reset: { to: S.draft, permission: 'admin_requests' },
  },
  [S.delivered]: {
    cancel: { to: S.canceled, permission: 'cancel_requests' },
    reset: { to: S.draft, permission: 'admin_requests' },
  },
  [S.rejected]: {
    next: { to: S.submitted, creator: 'unless_final' },
    cancel: { to: S.canceled, permission: 'cancel_requests' },
    reset: { to: S.draft, permission: 'admin_requests' },
  },
  [S.canceled]: {
    reset: { to: S.draft, permission: 'admin_requests' },
  },
};

const REQUEST_PERMISSIONS: readonly Permission[] = PERMISSION_GROUPS.requests;
const CREATOR = 10;
const STAFF = 20;

type Row = {
  status: RequestStatus;
  action: RequestAction;
  /** The cell's permission, every request permission but it, or none. */
  holding: 'its permission' | 'all others' | 'none';
  creator: boolean;
  final: boolean;
};

const rows: Row[] = REQUEST_STATUSES.flatMap((status) =>
  REQUEST_ACTIONS.flatMap((action) =>
    (['its permission', 'all others', 'none'] as const).flatMap((holding) =>
      [true, false].flatMap((creator) =>
        (status === S.rejected ? [false, true] : [false]).map((final) => ({ status, action, holding, creator, final })),
      ),
    ),
  ),
);

function expected({ status, action, holding, creator, final }: Row): number | 'refused' {
  const cell = DESIGN[status]?.[action];
  if (!cell) return 'refused';
  const byPermission = holding === 'its permission' && cell.permission !== undefined;
  const byCreator = creator && (cell.creator === 'always' || (cell.creator === 'unless_final' && !final));
  return byPermission || byCreator ? cell.to : 'refused';
}

function viewerFor({ status, action, holding, creator }: Row): Viewer {
  const permission = DESIGN[status]?.[action]?.permission;
  const held =
    holding === 'none'
      ? []
      : holding === 'its permission'
        ? permission
          ? [permission]
          : []
        : REQUEST_PERMISSIONS.filter((p) => p !== permission);
  return { id: creator ? CREATOR : STAFF, permissions: new Set(held) };
}

describe('the service request machine (DESIGN §2): every status × action × permission × creator', () => {
  it('covers every cell', () => {
    expect(rows).toHaveLength(9 * 5 * 3 * 2 + 5 * 3 * 2);
  });

  it.each(rows)('status $status, $action, holding $holding, creator $creator, final $final', (row) => {
    const record = { created_by: CREATOR, rejection_final: row.final };
    const viewer = viewerFor(row);
    const transition = transitionOf(REQUEST_MACHINE, row.action, row.status);
    const outcome = transition && mayTake(REQUEST_MACHINE, transition, viewer, record) ? transition.to : 'refused';
    expect(outcome).toBe(expected(row));
    // The buttons the UI shows say the same.
    expect(actionsFor(REQUEST_MACHINE, row.status, viewer, record).includes(row.action)).toBe(outcome !== 'refused');
    // A legal cell leads where DESIGN says, whoever asks.
    const cell = DESIGN[row.status]?.[row.action];
    expect(transition?.to).toBe(cell?.to);
  });

  it('has one transition at most per status and action (the server picks it by the status it finds)', () => {
    for (const status of REQUEST_STATUSES) {
      for (const action of REQUEST_ACTIONS) {
        const found = REQUEST_MACHINE.transitions.filter((t) => t.action === action && t.from.includes(status));
        expect(found.length, `${status} ${action}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('names every status in both languages for the 409 and the badges', () => {
    for (const status of REQUEST_STATUSES) {
      for (const locale of LOCALES) expect(isMessageKey(`requests.status.${status}`), `${locale} ${status}`).toBe(true);
    }
  });
});

describe('transitionOf without a status keeps its meaning for single-transition machines', () => {
  it('finds the first transition of the action', () => {
    expect(transitionOf(TURN_MOVE_MACHINE, 'approve')?.to).toBe(1);
    expect(transitionOf(CARD_REQUEST_MACHINE, 'reject')?.to).toBe(2);
    expect(transitionOf(REQUEST_MACHINE, 'next')?.from).toEqual([S.draft]);
  });
  it('with a status, only a transition that leaves it', () => {
    expect(transitionOf(TURN_MOVE_MACHINE, 'approve', 0)?.to).toBe(1);
    expect(transitionOf(TURN_MOVE_MACHINE, 'approve', 1)).toBeUndefined();
    expect(transitionOf(REQUEST_MACHINE, 'next', S.paid)?.to).toBe(S.ready);
    expect(transitionOf(REQUEST_MACHINE, 'next', S.reviewed)).toBeUndefined();
  });
});

describe('request policy (SPEC §6)', () => {
  const record = (status: RequestStatus, final = false) => ({ created_by: CREATOR, rejection_final: final, status });
  const viewer = (id: number, ...permissions: Permission[]): Viewer => ({ id, permissions: new Set(permissions) });

  it.each<[string, Viewer, RequestStatus, boolean, boolean]>([
    ['the creator, draft', viewer(CREATOR), 1, false, true],
    ['the creator, rejected', viewer(CREATOR), 8, false, true],
    ['the creator, rejected for good', viewer(CREATOR), 8, true, false],
    ['the creator, submitted', viewer(CREATOR), 2, false, false],
    ['the creator, paid', viewer(CREATOR), 5, false, false],
    ['edit_requests, someone else’s draft', viewer(STAFF, 'edit_requests'), 1, false, true],
    ['edit_requests, a final rejection', viewer(STAFF, 'edit_requests'), 8, true, false],
    ['edit_requests, delivered', viewer(STAFF, 'edit_requests'), 7, false, false],
    ['someone else without edit_requests', viewer(STAFF, 'show_requests', 'admin_requests'), 1, false, false],
  ])('edit: %s', (_name, who, status, final, allowed) => {
    expect(requestPolicy.edit(who, record(status, final))).toBe(allowed);
  });

  it('view: the creator, or show_requests / admin_requests', () => {
    expect(requestPolicy.view(viewer(CREATOR), record(1))).toBe(true);
    expect(requestPolicy.view(viewer(STAFF), record(1))).toBe(false);
    expect(requestPolicy.view(viewer(STAFF, 'show_requests'), record(1))).toBe(true);
    expect(requestPolicy.view(viewer(STAFF, 'admin_requests'), record(1))).toBe(true);
    expect(requestPolicy.view(viewer(STAFF, 'edit_requests'), record(1))).toBe(false);
  });

  it('restore needs admin_requests, move needs move_requests', () => {
    expect(requestPolicy.restore(viewer(STAFF, 'show_requests'))).toBe(false);
    expect(requestPolicy.restore(viewer(STAFF, 'admin_requests'))).toBe(true);
    expect(requestPolicy.move(viewer(STAFF, 'move_requests'))).toBe(true);
    expect(requestPolicy.move(viewer(STAFF, 'admin_requests'))).toBe(false);
  });

  it('the edit form offers next unless the request is submitted', () => {
    expect(REQUEST_STATUSES.filter((s) => !showsNextInForm(s))).toEqual([2]);
  });
});

describe('the requests catalogue', () => {
  const SRC = path.dirname(fileURLToPath(import.meta.url));
  const keys = [
    ...new Set(
      ['customer-requests.ts', 'customer-requests-machine.ts'].flatMap((file) =>
        [...readFileSync(path.join(SRC, file), 'utf8').matchAll(/['"`](requests\.[\w.]+)['"`]/g)].map(
          (m) => m[1] ?? '',
        ),
      ),
    ),
  ];

  it('finds the keys the request schemas use', () => {
    expect(keys).toContain('requests.validation.expiration_past');
  });

  it.each([...keys, 'requests.error', 'requests.complete_data', 'requests.badge.branched'])(
    'has %s in both languages',
    (key) => {
      expect(isMessageKey(key)).toBe(true);
      for (const locale of LOCALES) expect(translate(locale, key)).not.toBe(key);
    },
  );
});
