import { describe, expect, it } from 'vitest';
import { normalizePhone, stripSpaces, toLatinDigits } from './text.js';

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
