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

  it('remembers a day for its UTC hour only: the first and last millisecond of every hour agree with ICU', () => {
    const fresh = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Africa/Cairo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const hour = 3_600_000;
    // Every hour around the changes of the clocks of 2026 and of 2014 (summer time suspended for
    // Ramadan), and around midnight of a winter and a summer day.
    const around = [
      '2026-04-23T12:00Z',
      '2026-10-29T12:00Z',
      '2014-05-15T12:00Z',
      '2014-06-26T12:00Z',
      '2014-07-31T12:00Z',
    ];
    for (const start of around.map((iso) => Date.parse(iso))) {
      for (let h = 0; h < 24; h += 1) {
        const first = start + h * hour;
        // Asked in the order a running process asks: the hour's start, then its end (remembered).
        expect(cairoDay(new Date(first))).toBe(fresh.format(first));
        expect(cairoDay(new Date(first + hour - 1))).toBe(fresh.format(first + hour - 1));
      }
    }
    // Random instants over two centuries, each after an instant of the same hour.
    let seed = 7;
    for (let i = 0; i < 2_000; i += 1) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      const ms = Date.UTC(1901, 0, 1) + (seed / 2 ** 31) * (Date.UTC(2100, 0, 1) - Date.UTC(1901, 0, 1));
      const first = ms - (ms % hour);
      cairoDay(new Date(first));
      expect(cairoDay(new Date(ms))).toBe(fresh.format(ms));
    }
    // Before 1901 Cairo kept its local mean time (UTC+2:05:09): never remembered by the hour.
    expect(cairoDay(new Date('1900-01-01T21:30:00Z'))).toBe(fresh.format(Date.parse('1900-01-01T21:30:00Z')));
    expect(cairoDay(new Date('1900-01-01T21:56:00Z'))).toBe('1900-01-02');
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
