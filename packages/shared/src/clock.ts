import { TIME_ZONE } from './constants.js';

/**
 * The one source of "now" in a process, and Cairo's calendar day derived from it.
 * Each side wraps it in its own clock module (apps/api/src/lib/clock.ts,
 * apps/web/src/lib/clock.ts), which tests set; nothing else reads the machine
 * clock to decide a day. Days are yyyy-mm-dd strings, compared as text.
 */
let source: () => Date = () => new Date();

/** Replaces the source of "now" (a fixed instant in tests); `undefined` restores the real clock. */
export function setNowSource(next: (() => Date) | undefined): void {
  source = next ?? (() => new Date());
}

export function now(): Date {
  return source();
}

const cairoFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const HOUR_MS = 3_600_000;
/**
 * From here on Cairo's offset from UTC is whole hours (+2, +3 in summer time: its local mean time
 * ended in October 1900) and its clocks change on the hour, so every instant of one UTC hour falls
 * on the same Cairo day.
 */
const WHOLE_HOUR_OFFSETS_FROM = Date.UTC(1901, 0, 1);
let lastHour = Number.NaN;
let lastDay = '';

/**
 * The calendar day (yyyy-mm-dd) an instant falls on in Africa/Cairo. Remembered for the UTC hour it
 * was asked for: a request's "today" would otherwise run ICU's time-zone rules on every call (about
 * 30 µs of a request's CPU under load in bench:api's profile, 1 µs alone).
 */
export function cairoDay(instant: Date): string {
  const ms = instant.getTime();
  const hour = Math.floor(ms / HOUR_MS);
  if (hour === lastHour) return lastDay;
  const day = cairoFormat.format(instant);
  if (ms >= WHOLE_HOUR_OFFSETS_FROM) {
    lastHour = hour;
    lastDay = day;
  }
  return day;
}

const cairoClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** How far Cairo's wall clock is ahead of UTC at an instant, in milliseconds (2 or 3 hours). */
function cairoOffset(ms: number): number {
  const parts = Object.fromEntries(cairoClock.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return wall - (ms - (ms % 60_000));
}

/**
 * The instant Cairo's clocks show `hour`:00 on `day` (yyyy-mm-dd), summer time included: 09:00 on
 * 2027-01-10 is 07:00 UTC, on 2027-07-10 06:00 UTC. What a job that runs "at nine, Cairo time" waits for.
 */
export function cairoTime(day: string, hour: number): Date {
  const wall = Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
  // The offset of the guess, then of the answer: right across a change of the clocks too.
  const first = wall - cairoOffset(wall);
  return new Date(wall - cairoOffset(first));
}

/** Today in Africa/Cairo, by the process clock. */
export function today(): string {
  return cairoDay(now());
}

/** A day plus n calendar days (n may be negative); pure date arithmetic, no time zone involved. */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** A day plus n years (February 29th to March 1st of a common year). */
export function addYears(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + n);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The year of today in Cairo (the footer's copyright line). */
export function currentYear(): number {
  return Number(today().slice(0, 4));
}
