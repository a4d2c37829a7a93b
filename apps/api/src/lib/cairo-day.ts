import { TIME_ZONE } from '@portal/shared/constants';

/** The SQL expression of a timestamp's calendar day in Cairo, for date filters. */
export const CAIRO_TZ = TIME_ZONE;

/** yyyy-mm-dd of "today" in Cairo. */
export function cairoToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(now);
}
