import { describe, expect, it } from 'vitest';
import { ZRegisterRequest } from './accounts.js';
import { ZIdParams } from './fields.js';
import { ZListQuery } from './list.js';
import { ZRoleCreateRequestSchema } from './roles.js';
import { ZUserCreateRequestSchema, ZUserListRequestSchema, ZUserUpdateRequestSchema } from './users.js';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('ids: canonical decimal text in paths, integers in bodies, nothing else', () => {
  it.each(['1', '42', '2147483647'])('takes %s', (id) => {
    expect(ZIdParams.parse({ id })).toEqual({ id: Number(id) });
  });
  it.each([
    ['0x1'],
    ['1e0'],
    ['+1'],
    ['01'],
    ['1.0'],
    [''],
    [' 1'],
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
