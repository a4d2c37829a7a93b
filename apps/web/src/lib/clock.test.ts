import { latestBirthdate } from '@portal/shared/schemas/users';
import { afterEach, describe, expect, it } from 'vitest';
import { currentYear, dayjsOfDay, dayOfDayjs, now, nowMs, setClockForTests, today, todayDayjs } from './clock';

afterEach(() => setClockForTests(undefined));

describe('the web clock', () => {
  it('says today in Cairo, not on the machine: 22:30 UTC on the 14th is already the 15th', () => {
    setClockForTests('2026-03-14T22:30:00Z');
    expect(now().toISOString()).toBe('2026-03-14T22:30:00.000Z');
    expect(nowMs()).toBe(Date.parse('2026-03-14T22:30:00Z'));
    expect(today()).toBe('2026-03-15');
    expect(latestBirthdate()).toBe('2026-03-14');
  });

  it('turns the year over at midnight Cairo time', () => {
    setClockForTests('2026-12-31T21:59:00Z');
    expect(currentYear()).toBe(2026);
    setClockForTests('2026-12-31T22:01:00Z');
    expect(currentYear()).toBe(2027);
  });

  it('gives a date picker the Cairo day as the same calendar date in any machine zone', () => {
    setClockForTests('2026-03-14T22:30:00Z');
    // The suite runs with TZ far from Cairo (CI: Pacific/Kiritimati, UTC+14): the date must not move.
    expect(todayDayjs().format('YYYY-MM-DD')).toBe('2026-03-15');
    expect(dayOfDayjs(dayjsOfDay('1990-05-12'))).toBe('1990-05-12');
    expect(dayjsOfDay('2026-01-01').date()).toBe(1);
  });

  it('goes back to the real clock', () => {
    setClockForTests('2001-01-01T00:00:00Z');
    setClockForTests(undefined);
    expect(Math.abs(nowMs() - Date.now())).toBeLessThan(5_000);
    expect(() => setClockForTests('not an instant')).toThrow();
  });
});
