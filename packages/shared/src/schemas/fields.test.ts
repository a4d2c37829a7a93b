import { afterEach, describe, expect, it } from 'vitest';
import { setNowSource } from '../clock.js';
import { ZRegisterRequest } from './accounts.js';
import { ZAssociationCreateRequest, ZTransferRequest } from './associations.js';
import { paymentAmountField } from './customer-requests-machine.js';
import {
  amountField,
  codeSearchField,
  codeText,
  DAY_MAX,
  DAY_MIN,
  dayField,
  dayWithin,
  numberChoice,
  optionalCode,
  wholeNumber,
  ZIdParams,
} from './fields.js';
import { poundsField } from './ledger.js';
import { ZListQuery } from './list.js';
import { ZRoleCreateRequestSchema } from './roles.js';
import { ZUserCreateRequestSchema, ZUserListRequestSchema, ZUserUpdateRequestSchema } from './users.js';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('ids: canonical decimal text in paths, integers in bodies, nothing else', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
    // The one digits rule (issue 22 item 1): either digit system, spaces around forgiven.
    ['٤٢', 42],
    ['۴۲', 42],
    [' 1', 1],
    ['٢٬١٤٧٬٤٨٣٬٦٤٧', 2147483647],
  ])('takes %j', (id, expected) => {
    expect(ZIdParams.parse({ id })).toEqual({ id: expected });
  });
  it.each([
    ['0x1'],
    ['1e0'],
    ['+1'],
    ['01'],
    ['1.0'],
    [''],
    ['٠١'],
    ['4٬2'],
    ['0'],
    ['-1'],
    ['2147483648'],
    [true],
    [['2']],
    [null],
    [1.5],
  ])('refuses %j', (id) => {
    expect(firstError(ZIdParams.safeParse({ id }))).toBe('validation.invalid_id');
  });
  it('list offsets and pages refuse booleans, null, arrays and empty text', () => {
    for (const offset of [true, null, [], '', '1e3', '-1']) {
      expect(ZUserListRequestSchema.safeParse({ offset }).success, JSON.stringify(offset)).toBe(false);
    }
    for (const page of [true, [], '', '0']) expect(ZListQuery.safeParse({ page }).success).toBe(false);
    expect(ZUserListRequestSchema.parse({ offset: '20', page: '2', perPage: '-1' })).toMatchObject({
      offset: 20,
      page: 2,
      perPage: -1,
    });
  });
});

describe('text refuses control characters (a NUL was a 500 in PostgreSQL)', () => {
  const base = { name: 'سارة', email: 'sara@example.com', phone: '01012345678', password: 'Gamaiya@2024' };
  it('in a name, an address, a search and an email', () => {
    expect(firstError(ZUserCreateRequestSchema.safeParse({ ...base, name: 'سا\u0000رة' }))).toBe(
      'validation.control_characters',
    );
    expect(firstError(ZUserCreateRequestSchema.safeParse({ ...base, address: 'شارع\u001b' }))).toBe(
      'validation.control_characters',
    );
    expect(firstError(ZListQuery.safeParse({ search: 'a\u0000' }))).toBe('validation.control_characters');
    expect(ZUserCreateRequestSchema.safeParse({ ...base, email: 'a\u0000@b.com' }).success).toBe(false);
    // Line breaks and tabs are text people type in an address.
    expect(ZUserCreateRequestSchema.safeParse({ ...base, address: 'شارع ٩\nالمعادي\tالقاهرة' }).success).toBe(true);
  });
});

describe('names cannot spoof', () => {
  it.each([
    ['Ali \u202Enimda\u202C', 'validation.format_characters'],
    ['\u200B\u200B', 'validation.format_characters'],
    ['Sara\u2066x', 'validation.format_characters'],
    ['---', 'validation.name_visible'],
  ])('refuses %j', (name, message) => {
    expect(firstError(ZRoleCreateRequestSchema.safeParse({ name }))).toBe(message);
    const user = ZUserUpdateRequestSchema.safeParse({ name, email: 'a@b.co', phone: '01012345678' });
    expect(firstError(user)).toBe(message);
  });
  it('keeps Arabic, English and digits, trimmed', () => {
    expect(ZRoleCreateRequestSchema.parse({ name: '  مسؤول فرع 2 ' }).name).toBe('مسؤول فرع 2');
  });
});

describe('one email rule for registration and the profile', () => {
  it('both refuse what the other refuses', () => {
    const register = (email: string) =>
      ZRegisterRequest.safeParse({
        first_name: 'منى',
        last_name: 'سالم',
        address: 'طنطا',
        email,
        mobile: '01012345678',
        password: 'Gamaiya@2024',
        confirm_password: 'Gamaiya@2024',
        accept_terms: true,
      }).success;
    const profile = (email: string) =>
      ZUserUpdateRequestSchema.safeParse({ name: 'منى', email, phone: '01012345678' }).success;
    for (const email of ['x736268@y.z', 'no-at-sign', 'a@b', 'a @b.com ', 'Mona@Example.COM', 'a\u202E@b.com']) {
      expect(register(email), email).toBe(profile(email));
    }
    expect(register('x736268@y.z')).toBe(false);
  });
});

describe('mobiles are normalized first, then must be Egyptian (issue 9)', () => {
  const user = (phone: string) => ZUserUpdateRequestSchema.safeParse({ name: 'سارة', email: 's@ex.com', phone });
  it.each([
    ['010 1234 5678', '01012345678'],
    ['+20 10 1234 5678', '01012345678'],
    ['0020-11-1234-5678', '01112345678'],
    ['٠١٢ ٣٤٥٦ ٧٨٩٠', '01234567890'],
    ['(015) 1234.5678', '01512345678'],
  ])('takes %j as %s', (typed, stored) => {
    const parsed = user(typed);
    expect(parsed.success).toBe(true);
    expect(parsed.success && parsed.data.phone).toBe(stored);
  });
  it.each(['0101234567', '010123456789', '01312345678', '1234567', '02 2345 6789'])('refuses %j', (typed) => {
    expect(firstError(user(typed))).toBe('validation.mobile_egypt');
  });
});

describe('one day field: a real calendar day that the database and JavaScript can both hold (issue 19)', () => {
  afterEach(() => setNowSource(undefined));

  it.each([DAY_MIN, DAY_MAX, '2024-02-29', '٢٠٢٦-١١-٢٧'])('takes %s', (day) => {
    expect(dayField.safeParse(day).success).toBe(true);
  });
  it.each([
    ['0000-01-01', 'validation.date_out_of_range'],
    ['1899-12-31', 'validation.date_out_of_range'],
    ['2200-01-01', 'validation.date_out_of_range'],
    ['9999-12-31', 'validation.date_out_of_range'],
    ['2025-02-29', 'validation.invalid_date'],
    ['2025-04-31', 'validation.invalid_date'],
    ['10003-04-14', 'validation.invalid_date'],
    ['2025-1-1', 'validation.invalid_date'],
    [20250101, 'validation.invalid_date'],
  ])('refuses %j with %s alone', (day, message) => {
    const result = dayField.safeParse(day);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it('checks a range that depends on today when the value is checked, not when the schema was made', () => {
    const notFuture = dayWithin({ max: () => '2026-01-10' }, 'x.future');
    expect(notFuture.safeParse('2026-01-10').success).toBe(true);
    expect(firstError(notFuture.safeParse('2026-01-11'))).toBe('x.future');
    setNowSource(() => new Date('2026-03-01T10:00:00Z'));
    expect(ZTransferRequest.safeParse({ reference: 'T-1', date: '2026-03-01' }).success).toBe(true);
    expect(firstError(ZTransferRequest.safeParse({ reference: 'T-1', date: '2026-03-02' }))).toBe(
      'associations.validation.transfer_date_future',
    );
    setNowSource(() => new Date('2026-03-02T10:00:00Z'));
    expect(ZTransferRequest.safeParse({ reference: 'T-1', date: '2026-03-02' }).success).toBe(true);
  });

  it("an association's start: from 2000 to five years ahead, each refusal with its own message", () => {
    setNowSource(() => new Date('2026-11-27T10:00:00Z'));
    const start = (from_date: unknown) =>
      ZAssociationCreateRequest.safeParse({ title: 'جمعية', cost: 10, association_type: 'normal', from_date });
    expect(start('2000-01-01').success).toBe(true);
    expect(start('2031-11-27').success).toBe(true);
    expect(firstError(start('1999-12-31'))).toBe('associations.validation.from_date_range');
    expect(firstError(start('2031-11-28'))).toBe('associations.validation.from_date_range');
    expect(firstError(start('9999-12-31'))).toBe('validation.date_out_of_range');
    expect(firstError(start(''))).toBe('associations.validation.from_date_required');
    expect(firstError(start(undefined))).toBe('associations.validation.from_date_required');
  });

  it("an association's type is required (SPEC §5): missing, empty or null is its own message, never normal", () => {
    const withType = (association_type: unknown) =>
      ZAssociationCreateRequest.safeParse({ title: 'جمعية', cost: 10, association_type, from_date: '2026-01-01' });
    expect(withType('vip')).toMatchObject({ success: true, data: { association_type: 'vip' } });
    expect(firstError(withType(undefined))).toBe('associations.validation.type_required');
    expect(firstError(withType(''))).toBe('associations.validation.type_required');
    expect(firstError(withType(null))).toBe('associations.validation.type_required');
    expect(firstError(withType('gold'))).toBe('associations.validation.type_invalid');
    // SPEC §7's other spelling still counts.
    expect(
      ZAssociationCreateRequest.safeParse({
        title: 'جمعية',
        cost: 10,
        associationType: 'normal',
        from_date: '2026-01-01',
      }).success,
    ).toBe(true);
  });
});

describe('one digits rule for every numeric or code field (issue 22 item 1)', () => {
  const day = wholeNumber('x.day', { min: 1, max: 1200 });
  it.each([
    ['10', 10],
    ['١٠', 10],
    ['۱۰', 10],
    ['١٬٢٠٠', 1200],
    [10, 10],
  ])('a whole number reads %j as %d', (typed, n) => {
    expect(day.parse(typed)).toBe(n);
  });
  it.each(['١٠٫٥', '١٢٠١', 'ten', '١ ٠'])('a whole number refuses %j with its own message', (typed) => {
    expect(firstError(day.safeParse(typed))).toBe('x.day');
  });

  const fee = amountField('x.fee', { max: 100_000 });
  it.each([
    ['350', 350],
    ['٣٥٠', 350],
    ['٣٥٠٫٥٠', 350.5],
    ['١٬٢٥٠٫٥', 1250.5],
    ['1,250.5', 1250.5],
    ['۳۵۰', 350],
    [350.5, 350.5],
  ])('an amount reads %j as %d', (typed, n) => {
    expect(fee.parse(typed)).toBe(n);
    // Every amount of the product is this rule: the fee of an accept, a refund.
    expect(paymentAmountField.parse(typed)).toBe(n);
    expect(poundsField.parse(typed)).toBe(n);
  });
  it.each(['٣٥٠٫٥٥٥', '٠', '-٣٥٠', '12٬50', '', 'abc'])('an amount refuses %j with its own message', (typed) => {
    expect(firstError(fee.safeParse(typed))).toBe('x.fee');
  });
  it('an amount may allow zero', () => {
    expect(amountField('x', { max: 10, zero: true }).parse('٠')).toBe(0);
  });

  it('a reference is stored with Latin digits', () => {
    expect(codeText('x.required', 100).parse(' TRX-٢٠٢٦-۰۰۱ ')).toBe('TRX-2026-001');
    expect(optionalCode(100).parse('\u200fREF-٩')).toBe('REF-9');
    expect(codeSearchField.parse('A-٤٢')).toBe('A-42');
    expect(firstError(codeText('x.required', 100).safeParse('  '))).toBe('x.required');
  });

  it('a number code reads either digit system and refuses the rest', () => {
    const status = numberChoice([1, 2], 'x.status');
    expect(status.parse('٢')).toBe(2);
    expect(status.parse(1)).toBe(1);
    expect(firstError(status.safeParse('٣'))).toBe('x.status');
  });
});
