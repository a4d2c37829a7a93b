import type { Locale } from '@portal/shared/constants';
import type { TFunction } from 'i18next';
import { formatDate, formatId } from '../../../lib/format';

// Apart from ./badges: the day pickers (the subscription form's too) need the text, not the badges'
// antd Tag (3 KB gzip of their route's first load, docs/decisions/0033).
/** A turn day as members read it: "day 15 — 12 Mar 2026" (GLOSSARY: يوم الدور, رقم اليوم). */
export function dayText(t: TFunction, day: { day_number: number; date: string }, lang: Locale): string {
  return t('membersUi.day_value', { day: formatId(day.day_number, lang), date: formatDate(day.date, lang) });
}
