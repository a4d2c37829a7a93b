import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney } from './format';

describe('locale formats', () => {
  it('shows Egyptian pounds in Arabic and English', () => {
    expect(formatMoney(1250, 'ar')).toMatch(/١٬٢٥٠/);
    expect(formatMoney(1250, 'ar')).toMatch(/ج\.م/);
    expect(formatMoney(1250, 'en')).toMatch(/EGP\s?1,250/);
  });

  it('shows calendar days without shifting them across time zones', () => {
    expect(formatDate('2026-03-05', 'en')).toMatch(/Mar 5, 2026|5 Mar 2026/);
    expect(formatDate('2026-03-05', 'ar')).toContain('٢٠٢٦');
    expect(formatDate(null, 'ar')).toBe('—');
  });

  it('shows moments in Cairo time', () => {
    // 22:30 UTC is 00:30 the next day in Cairo (UTC+2 in winter).
    expect(formatDateTime('2026-01-10T22:30:00Z', 'en')).toMatch(/Jan 11, 2026|11 Jan 2026/);
  });
});
