import { afterEach, describe, expect, it } from 'vitest';
import { addDays, cairoDay, cairoTime, currentYear, daysBetween, now, setNowSource, today } from './clock.js';
import { latestBirthdate } from './schemas/users.js';

afterEach(() => setNowSource(undefined));

const at = (iso: string) => setNowSource(() => new Date(iso));

describe('the Cairo clock', () => {
  it('is Cairo’s calendar day whatever the machine’s time zone', () => {
    // 22:30 UTC on 14 March is already the 15th in Cairo (UTC+2): the hour CI used to fail.
    at('2026-03-14T22:30:00Z');
    expect(today()).toBe('2026-03-15');
    at('2026-03-14T21:59:59Z');
    expect(today()).toBe('2026-03-14');
    // Summer time (UTC+3 since 2023): 21:30 UTC is past midnight.
    at('2026-07-01T21:30:00Z');
    expect(today()).toBe('2026-07-02');
    expect(cairoDay(new Date('2026-12-31T22:00:00Z'))).toBe('2027-01-01');
  });

  it('finds the instant of an hour on Cairo’s clocks, in winter and in summer time', () => {
    expect(cairoTime('2027-01-10', 9).toISOString()).toBe('2027-01-10T07:00:00.000Z');
    expect(cairoTime('2027-07-10', 9).toISOString()).toBe('2027-07-10T06:00:00.000Z');
    expect(cairoTime('2026-12-31', 0).toISOString()).toBe('2026-12-30T22:00:00.000Z');
    // Summer time starts as the last Friday of April begins and ends as the last Thursday of
    // October does: nine o'clock on the first is summer time, on the second still summer time,
    // on the day after it winter time again.
    expect(cairoTime('2026-04-24', 9).toISOString()).toBe('2026-04-24T06:00:00.000Z');
    expect(cairoTime('2026-10-29', 9).toISOString()).toBe('2026-10-29T06:00:00.000Z');
    expect(cairoTime('2026-10-30', 9).toISOString()).toBe('2026-10-30T07:00:00.000Z');
    expect(cairoDay(cairoTime('2027-03-01', 9))).toBe('2027-03-01');
  });

  it('does day arithmetic on calendar days', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-01-01', 1200)).toBe('2029-04-15');
    expect(daysBetween('2026-01-01', '2029-04-15')).toBe(1200);
  });

  it('is settable, and restores the real time', () => {
    at('2031-05-05T10:00:00Z');
    expect(now().toISOString()).toBe('2031-05-05T10:00:00.000Z');
    expect(currentYear()).toBe(2031);
    setNowSource(undefined);
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(5000);
  });

  it('the latest birthdate (one day ago, SPEC §5) follows Cairo’s day, not the machine’s', () => {
    at('2026-03-14T22:30:00Z');
    expect(latestBirthdate()).toBe('2026-03-14');
    at('2026-03-14T12:00:00Z');
    expect(latestBirthdate()).toBe('2026-03-13');
  });
});
