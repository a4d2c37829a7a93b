import { describe, expect, it } from 'vitest';
import { normalizePhone, stripSpaces, toLatinCode, toLatinDigits, toLatinNumber } from './text.js';

describe('toLatinDigits', () => {
  it.each([
    ['٠١٢٣٤٥٦٧٨٩', '0123456789'],
    ['۰۱۲۳۴۵۶۷۸۹', '0123456789'],
    ['0123456789', '0123456789'],
    ['٢٠٢٤-٠١-٠٥', '2024-01-05'],
    ['رقم ٣ و ۴', 'رقم 3 و 4'],
    ['', ''],
    ['abc', 'abc'],
  ])('%j → %j', (input, expected) => {
    expect(toLatinDigits(input)).toBe(expected);
  });
});

describe('stripSpaces', () => {
  it.each([
    [' a b ', 'ab'],
    ['a\tb\nc\r\nd', 'abcd'],
    ['a\u00a0b', 'ab'], // no-break space
    ['a\u200bb\u200cc\u200dd\u200ee\u200ff', 'abcdef'], // zero-width and direction marks
    ['a\u2060b\ufeffc', 'abc'], // word joiner, byte order mark
    ['a\u2009b\u3000c', 'abc'], // thin and ideographic spaces
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (input, expected) => {
    expect(stripSpaces(input)).toBe(expected);
  });
});

describe('normalizePhone', () => {
  it.each([
    [' ٠١٠ ١٢٣٤ ٥٦٧٨ ', '01012345678'],
    ['\u200f۰۱۰۱۲۳۴۵۶۷۸', '01012345678'],
    ['010 1234 5678', '01012345678'],
    ['+20 10', '+2010'], // only spaces and digits are touched; the schema refuses the plus
  ])('%j → %j', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});

describe('toLatinNumber', () => {
  it.each([
    ['350.50', '350.50'],
    ['٣٥٠٫٥٠', '350.50'],
    ['۳۵۰٫۵', '350.5'],
    ['١٬٢٥٠٫٥٠', '1250.50'],
    ['12٬500٬000', '12500000'],
    ['1,250.50', '1250.50'],
    ['١,٢٥٠', '1250'],
    [' ١٢ ', '12'],
  ])('%s reads as %s', (input, expected) => {
    expect(toLatinNumber(input)).toBe(expected);
  });

  it.each([
    // A thousands mark that does not group by threes is left for the check to refuse: 12٬50 is
    // more likely a slip for 12٫50 than twelve hundred and fifty.
    ['12٬50', '12٬50'],
    ['1٬2٬3', '1٬2٬3'],
    ['٬250', '٬250'],
    ['1٬250٫5٬0', '1250.5٬0'],
    // One kind of separator: a mix is a slip.
    ['1٬250,000', '1٬250,000'],
    ['12,50', '12,50'],
  ])('%s is not made a number (%s)', (input, expected) => {
    expect(toLatinNumber(input)).toBe(expected);
  });
});

describe('toLatinCode', () => {
  it.each([
    ['TRX-٢٠٢٦-001', 'TRX-2026-001'],
    ['  A-۴۲ ', 'A-42'],
    ['\u200fTRX-2026\u200e', 'TRX-2026'],
    ['abc', 'abc'],
  ])('%j → %j', (input, expected) => {
    expect(toLatinCode(input)).toBe(expected);
  });
});
