import { CURRENCY, type Locale, TIME_ZONE } from '@portal/shared/constants';

/** Intl locales per UI language (SPEC §1: Egyptian pound, local date formats). */
const INTL_LOCALE: Record<Locale, string> = { ar: 'ar-EG', en: 'en-EG' };

export function formatMoney(amount: number, lang: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[lang], {
    style: 'currency',
    currency: CURRENCY,
    maximumFractionDigits: 2,
  }).format(amount);
}

export function formatNumber(value: number, lang: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[lang]).format(value);
}

function toDate(value: string | Date): Date | null {
  const date =
    typeof value === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar day (birth date, due date): day month year in the UI language. */
export function formatDate(value: string | Date | null | undefined, lang: Locale): string {
  const date = value ? toDate(value) : null;
  if (!date) return '—';
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(date);
}

/** A moment (log entry, creation time), shown in Cairo time. */
export function formatDateTime(value: string | Date | null | undefined, lang: Locale): string {
  const date = value ? toDate(value) : null;
  if (!date) return '—';
  return new Intl.DateTimeFormat(INTL_LOCALE[lang], {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}
