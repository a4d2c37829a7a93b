import {
  addDays,
  cairoDay,
  currentYear,
  daysBetween,
  setNowSource,
  now as sharedNow,
  today as sharedToday,
} from '@portal/shared/clock';
import type { Dayjs } from 'dayjs';
import dayjs from './dayjs';

/**
 * The web app's one clock (DESIGN §6), beside the server's: "now" and today in
 * Africa/Cairo, from packages/shared/src/clock.ts. Every date-picker rule and
 * every "late / future / how long ago" display reads it; tests set it with
 * `setClockForTests`. Nothing compares the machine's date with a Cairo day.
 */
export { addDays, cairoDay, currentYear, daysBetween };

/** The current instant. */
export function now(): Date {
  return sharedNow();
}

/** Milliseconds since the epoch of `now()`, for durations ("5 minutes ago"). */
export function nowMs(): number {
  return sharedNow().getTime();
}

/** Today in Africa/Cairo, yyyy-mm-dd. */
export function today(): string {
  return sharedToday();
}

/**
 * Fixes the clock at an instant (ISO 8601, e.g. '2026-03-14T22:30:00Z', already the 15th in Cairo);
 * `undefined` gives the real clock back.
 */
export function setClockForTests(isoInstant: string | undefined): void {
  if (isoInstant === undefined) {
    setNowSource(undefined);
    return;
  }
  const fixed = Date.parse(isoInstant);
  if (Number.isNaN(fixed)) throw new Error(`setClockForTests: not an instant: ${isoInstant}`);
  setNowSource(() => new Date(fixed));
}

/**
 * A Cairo day as the dayjs a date picker shows: that calendar date at the machine's midnight,
 * so the picker's cell for it is the same date whatever the machine's time zone.
 */
export function dayjsOfDay(day: string): Dayjs {
  // dayjs reads a bare yyyy-mm-dd as local midnight of that date (not UTC, unlike Date.parse).
  return dayjs(day);
}

/**
 * The calendar day (yyyy-mm-dd) a date picker's value stands for, in Latin digits whatever the
 * digits shown (lib/dayjs.ts writes Arabic-Indic ones for the Arabic interface when chosen).
 */
export function dayOfDayjs(value: Dayjs): string {
  return value.locale('en').format('YYYY-MM-DD');
}

/** Today in Cairo as a date picker's value. */
export function todayDayjs(): Dayjs {
  return dayjsOfDay(today());
}
