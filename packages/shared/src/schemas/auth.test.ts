import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PHONE_MAX_LENGTH } from '../constants.js';
import { ZLoginRequestSchema } from './auth.js';

/** field path → the catalogue keys zod reported for it. */
function messagesByField(input: unknown): Record<string, string[]> {
  const result = ZLoginRequestSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    out[field] = [...(out[field] ?? []), issue.message];
  }
  return out;
}

describe('ZLoginRequestSchema (SPEC §5 login rules)', () => {
  it.each([
    {
      name: 'Latin digits',
      phone: '01012345678',
      password: 'Secret#1',
      expected: { phone: '01012345678', password: 'Secret#1' },
    },
    {
      name: 'spaces around and inside the phone',
      phone: ' 010 1234 5678 ',
      password: 'Secret#1',
      expected: { phone: '01012345678', password: 'Secret#1' },
    },
    {
      name: 'spaces inside and around the password',
      phone: '01012345678',
      password: ' Sec ret#1 ',
      expected: { phone: '01012345678', password: 'Secret#1' },
    },
    {
      name: 'tabs, no-break and zero-width spaces in the phone',
      phone: '010\t1234\u00a05678\u200b',
      password: 'x',
      expected: { phone: '01012345678', password: 'x' },
    },
    {
      name: 'Arabic-Indic digits',
      phone: '٠١٠١٢٣٤٥٦٧٨',
      password: 'x',
      expected: { phone: '01012345678', password: 'x' },
    },
    { name: 'Persian digits', phone: '۰۱۰۱۲۳۴۵۶۷۸', password: 'x', expected: { phone: '01012345678', password: 'x' } },
    // Pasted formats (issue 9): dashes and Egypt's country code are normalized before any check.
    { name: 'dashes', phone: '010-1234-5678', password: 'x', expected: { phone: '01012345678', password: 'x' } },
    { name: '+20', phone: '+20 10 1234 5678', password: 'x', expected: { phone: '01012345678', password: 'x' } },
    { name: '0020', phone: '0020 10 1234 5678', password: 'x', expected: { phone: '01012345678', password: 'x' } },
    {
      name: 'mixed digits and spaces',
      phone: '٠١٠ 1234 ٥٦٧٨',
      password: 'x',
      expected: { phone: '01012345678', password: 'x' },
    },
    {
      name: `exactly ${PHONE_MAX_LENGTH} digits`,
      phone: '1'.repeat(PHONE_MAX_LENGTH),
      password: 'x',
      expected: { phone: '1'.repeat(PHONE_MAX_LENGTH), password: 'x' },
    },
    {
      name: `a ${PASSWORD_MAX_LENGTH}-character password`,
      phone: '1',
      password: 'p'.repeat(PASSWORD_MAX_LENGTH),
      expected: { phone: '1', password: 'p'.repeat(PASSWORD_MAX_LENGTH) },
    },
  ])('accepts $name and normalises it', ({ phone, password, expected }) => {
    expect(ZLoginRequestSchema.parse({ phone, password })).toEqual(expected);
  });

  it.each([
    {
      name: 'an empty body',
      input: {},
      expected: { phone: ['validation.phone_required'], password: ['validation.password_required'] },
    },
    { name: 'a missing phone', input: { password: 'x' }, expected: { phone: ['validation.phone_required'] } },
    { name: 'a null phone', input: { phone: null, password: 'x' }, expected: { phone: ['validation.phone_required'] } },
    { name: 'an empty phone', input: { phone: '', password: 'x' }, expected: { phone: ['validation.phone_required'] } },
    {
      name: 'a phone of spaces only',
      input: { phone: '   ', password: 'x' },
      expected: { phone: ['validation.phone_required'] },
    },
    {
      name: 'a missing password',
      input: { phone: '01012345678' },
      expected: { password: ['validation.password_required'] },
    },
    {
      name: 'an empty password',
      input: { phone: '01012345678', password: '' },
      expected: { password: ['validation.password_required'] },
    },
    {
      name: 'a password of spaces only',
      input: { phone: '01012345678', password: ' \t ' },
      expected: { password: ['validation.password_required'] },
    },
    {
      name: 'letters in the phone',
      input: { phone: '0101234abcd', password: 'x' },
      expected: { phone: ['validation.phone_digits'] },
    },
    {
      name: 'a plus sign in the phone',
      input: { phone: '+2010123456', password: 'x' },
      expected: { phone: ['validation.phone_digits'] },
    },
    {
      name: 'a letter in the phone',
      input: { phone: '010-1234-56x', password: 'x' },
      expected: { phone: ['validation.phone_digits'] },
    },
    {
      name: `${PHONE_MAX_LENGTH + 1} digits`,
      input: { phone: '1'.repeat(PHONE_MAX_LENGTH + 1), password: 'x' },
      expected: { phone: ['validation.phone_max'] },
    },
    {
      name: `${PHONE_MAX_LENGTH + 1} Arabic-Indic digits`,
      input: { phone: '١'.repeat(PHONE_MAX_LENGTH + 1), password: 'x' },
      expected: { phone: ['validation.phone_max'] },
    },
    {
      name: 'a huge password',
      input: { phone: '01012345678', password: 'p'.repeat(100_000) },
      expected: { password: ['validation.too_long'] },
    },
    {
      name: `a ${PASSWORD_MAX_LENGTH + 1}-character password`,
      input: { phone: '1', password: 'p'.repeat(PASSWORD_MAX_LENGTH + 1) },
      expected: { password: ['validation.too_long'] },
    },
    {
      name: 'a number as phone',
      input: { phone: 1012345678, password: 'x' },
      expected: { phone: ['validation.invalid_type'] },
    },
    {
      name: 'an object as password',
      input: { phone: '01012345678', password: { $ne: '' } },
      expected: { password: ['validation.invalid_type'] },
    },
    {
      name: 'an array as phone',
      input: { phone: ['010'], password: 'x' },
      expected: { phone: ['validation.invalid_type'] },
    },
  ])('refuses $name', ({ input, expected }) => {
    expect(messagesByField(input)).toEqual(expected);
  });

  it('refuses a body that is not an object', () => {
    for (const input of [null, 'phone=1', 42, []]) {
      expect(ZLoginRequestSchema.safeParse(input).success).toBe(false);
    }
  });

  it('drops unknown keys instead of passing them on', () => {
    expect(ZLoginRequestSchema.parse({ phone: '1', password: 'x', type: 'admin' })).toEqual({
      phone: '1',
      password: 'x',
    });
  });
});
