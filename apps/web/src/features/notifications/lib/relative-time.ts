import type { Locale } from '@portal/shared/constants';
import { nowMs } from '../../../lib/clock';
import { formatDateTime, intlLocale, relativeTimeFormat } from '../../../lib/format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "5 minutes ago" / "منذ ٥ دقائق" for the last week, then the date and time
 * (Cairo) in the UI language. `now` defaults to the app's clock (lib/clock.ts).
 */
export function relativeTime(iso: string, lang: Locale, now: number = nowMs()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '—';
  const ago = Math.max(0, now - time);
  if (ago >= 7 * DAY) return formatDateTime(iso, lang);
  const format = relativeTimeFormat(intlLocale(lang), { numeric: 'auto' });
  if (ago < MINUTE) return format.format(0, 'second');
  if (ago < HOUR) return format.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return format.format(-Math.floor(ago / HOUR), 'hour');
  return format.format(-Math.floor(ago / DAY), 'day');
}
