import { describe, expect, it } from 'vitest';
import { setClockForTests } from '../../../lib/clock';
import { relativeTime } from './relative-time';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

describe('relativeTime', () => {
  it('says how long ago in English and Arabic for the last week', () => {
    expect(relativeTime(ago(10_000), 'en', NOW)).toBe('now');
    expect(relativeTime(ago(5 * MIN), 'en', NOW)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 60 * MIN), 'en', NOW)).toBe('3 hours ago');
    expect(relativeTime(ago(26 * 60 * MIN), 'en', NOW)).toBe('yesterday');
    // In the digits the Arabic interface shows (lib/digits.ts): Latin by default, Arabic-Indic when chosen.
    expect(relativeTime(ago(5 * MIN), 'ar', NOW)).toBe('قبل 5 دقائق');
    window.localStorage.setItem('digits', 'arab');
    expect(relativeTime(ago(5 * MIN), 'ar', NOW)).toBe('قبل ٥ دقائق');
    expect(relativeTime(ago(26 * 60 * MIN), 'ar', NOW)).toBe('أمس');
  });

  it('gives the date and time after a week, and a dash for a broken value', () => {
    const old = relativeTime('2026-10-01T09:30:00Z', 'en', NOW);
    expect(old).toMatch(/Oct/);
    expect(old).toMatch(/2026/);
    expect(relativeTime('not a date', 'en', NOW)).toBe('—');
  });

  it('measures from the app clock by default', () => {
    setClockForTests('2026-11-21T12:00:00Z');
    expect(relativeTime(ago(5 * MIN), 'en')).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 60 * MIN), 'ar')).toBe('قبل 3 ساعات');
  });
});
