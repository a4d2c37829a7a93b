import { afterEach, describe, expect, it } from 'vitest';
import {
  dateTimeFormat,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatId,
  formatMoney,
  formatNumber,
  numberFormat,
} from './format';

const arabicIndic = () => window.localStorage.setItem('digits', 'arab');

afterEach(() => window.localStorage.clear());

describe('locale formats', () => {
  it('makes each formatter once per locale and options, and a new one when either differs', () => {
    expect(numberFormat('ar-EG-u-nu-latn', { maximumFractionDigits: 1 })).toBe(
      numberFormat('ar-EG-u-nu-latn', { maximumFractionDigits: 1 }),
    );
    expect(numberFormat('ar-EG-u-nu-arab', { maximumFractionDigits: 1 }).format(1.5)).toBe('١٫٥');
    expect(numberFormat('ar-EG-u-nu-latn', { maximumFractionDigits: 0 }).format(1.5)).toBe('2');
    const day = { timeZone: 'Africa/Cairo', day: 'numeric' } as const;
    expect(dateTimeFormat('en-EG-u-nu-latn', day)).toBe(dateTimeFormat('en-EG-u-nu-latn', { ...day }));
    expect(dateTimeFormat('en-EG-u-nu-latn', { ...day, month: 'long' })).not.toBe(
      dateTimeFormat('en-EG-u-nu-latn', day),
    );
  });

  it('writes a file size in each language in the words of its catalogue, never Intl’s "kB" (issue 22 item 10)', () => {
    expect(formatFileSize(512 * 1024, 'en')).toBe('512 KB');
    expect(formatFileSize(512 * 1024, 'ar')).toBe('512 كيلوبايت');
    expect(formatFileSize(2 * 1024 * 1024, 'en')).toBe('2 MB');
    expect(formatFileSize(2 * 1024 * 1024, 'ar')).toBe('2 ميجابايت');
    expect(formatFileSize(1536 * 1024, 'en')).toBe('1.5 MB');
    expect(formatFileSize(2560, 'en')).toBe('2.5 KB');
    expect(formatFileSize(300, 'en')).toBe('300 bytes');
    expect(formatFileSize(300, 'ar')).toBe('300 بايت');
    arabicIndic();
    expect(formatFileSize(512 * 1024, 'ar')).toBe('٥١٢ كيلوبايت');
  });

  it('shows Egyptian pounds in Arabic and English', () => {
    expect(formatMoney(1250, 'ar')).toMatch(/1,250/);
    expect(formatMoney(1250, 'ar')).toMatch(/ج\.م/);
    expect(formatMoney(1250, 'en')).toMatch(/EGP\s?1,250/);
    arabicIndic();
    expect(formatMoney(1250, 'ar')).toMatch(/١٬٢٥٠/);
  });

  it('shows calendar days without shifting them across time zones', () => {
    expect(formatDate('2026-03-05', 'en')).toMatch(/Mar 5, 2026|5 Mar 2026/);
    expect(formatDate('2026-03-05', 'ar')).toBe('5 مارس 2026');
    expect(formatDate(null, 'ar')).toBe('—');
    arabicIndic();
    expect(formatDate('2026-03-05', 'ar')).toBe('٥ مارس ٢٠٢٦');
  });

  it('shows moments in Cairo time', () => {
    // 22:30 UTC is 00:30 the next day in Cairo (UTC+2 in winter).
    expect(formatDateTime('2026-01-10T22:30:00Z', 'en')).toMatch(/Jan 11, 2026|11 Jan 2026/);
  });
});

describe('one digit system per screen (docs/decisions/0016-digits.md)', () => {
  it('shows Latin digits everywhere by default, in Arabic too', () => {
    const shown = [
      formatNumber(12345, 'ar'),
      formatId(1024, 'ar'),
      formatDate('1990-05-15', 'ar'),
      formatDateTime('2026-01-10T10:30:00Z', 'ar'),
      formatMoney(10, 'ar'),
      formatFileSize(512 * 1024, 'ar'),
    ].join(' ');
    expect(shown).not.toMatch(/[\u0660-\u0669]/);
    expect(formatNumber(12345, 'ar')).toBe('12,345');
    expect(formatId(1024, 'ar')).toBe('1024');
  });

  it('shows Arabic-Indic digits everywhere once chosen, and Latin in English whatever the choice', () => {
    arabicIndic();
    const shown = [
      formatNumber(12345, 'ar'),
      formatId(1024, 'ar'),
      formatDate('1990-05-15', 'ar'),
      formatDateTime('2026-01-10T10:30:00Z', 'ar'),
      formatMoney(10, 'ar'),
      formatFileSize(512 * 1024, 'ar'),
    ].join(' ');
    expect(shown).not.toMatch(/[0-9]/);
    expect(formatId(1024, 'ar')).toBe('١٠٢٤');
    expect(formatNumber(12345, 'en')).toBe('12,345');
    expect(formatId(1024, 'en')).toBe('1024');
  });
});
