import { CURRENCY, type Locale, TIME_ZONE } from '@portal/shared/constants';
import { digitsFor, localizeDigits } from './digits';

/**
 * The one formatter of everything the app shows as a number or a date: ids, counts, totals,
 * pagination, badges, dates, money, sizes (issue 9). Each takes the UI language; the digits
 * follow the user's choice for Arabic (lib/digits.ts, docs/decisions/0016-digits.md).
 */

/** Intl locales per UI language (SPEC §1: Egyptian pound, local date formats), with the digits shown. */
const INTL_LOCALE: Record<Locale, string> = { ar: 'ar-EG', en: 'en-EG' };

/** The Intl locale of a language with its numbering system: `ar-EG-u-nu-latn`, `ar-EG-u-nu-arab`, `en-EG-u-nu-latn`. */
export function intlLocale(lang: Locale): string {
  return `${INTL_LOCALE[lang]}-u-nu-${digitsFor(lang)}`;
}

/*
 * Formatters are kept per locale and options: making one costs 90–190 µs, using one about 3 µs
 * (Node 20, measured), and a table formats every amount and date of every row on each render.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function kept<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: string,
  options: object,
  make: () => F,
): F {
  const key = `${kind} ${locale} ${JSON.stringify(options)}`;
  let format = formatters.get(key) as F | undefined;
  if (!format) {
    format = make();
    formatters.set(key, format);
  }
  return format;
}

/** Intl.NumberFormat for a locale and options, made once. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

/** Intl.DateTimeFormat for a locale and options, made once. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** Intl.RelativeTimeFormat for a locale and options, made once. */
export function relativeTimeFormat(locale: string, options: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  return kept('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
}

export function formatMoney(amount: number, lang: Locale, { signed = false }: { signed?: boolean } = {}): string {
  return numberFormat(intlLocale(lang), {
    style: 'currency',
    currency: CURRENCY,
    maximumFractionDigits: 2,
    // Money in and out of a ledger: "+100.00" and "-100.00" where the locale puts the sign.
    ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
  }).format(amount);
}

/** Money kept as integer piastres (DESIGN §6), shown in pounds; the division is for display only. */
export function formatMoneyFromPiastres(piastres: number, lang: Locale): string {
  return formatMoney(piastres / 100, lang);
}

/** A count or an amount: grouped ("12,345" / "١٢٬٣٤٥"). */
export function formatNumber(value: number, lang: Locale, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(intlLocale(lang), options).format(value);
}

/** An id, a year, a code: no grouping, so "1024" reads and copies as itself. */
export function formatId(value: number | string, lang: Locale): string {
  return localizeDigits(String(value), lang);
}

/**
 * The units of a file size in each language, as the catalogues write them ("512 كيلوبايت",
 * "2 ميجابايت", "512 KB"): Intl's own differ by locale and by unit ("512 kB", "2 م.ب").
 */
const SIZE_UNITS: Record<Locale, { bytes: string; kb: string; mb: string }> = {
  ar: { bytes: 'بايت', kb: 'كيلوبايت', mb: 'ميجابايت' },
  en: { bytes: 'bytes', kb: 'KB', mb: 'MB' },
};

/**
 * A file size or a size limit, the one way every screen shows one (issue 22 item 10): "512 KB" /
 * "512 كيلوبايت", "1.5 MB" / "1.5 ميجابايت", in the UI's digits (1 KB = 1024 bytes, as SPEC §9 counts).
 */
export function formatFileSize(bytes: number, lang: Locale): string {
  const units = SIZE_UNITS[lang];
  if (bytes < 1024) return `${formatNumber(bytes, lang)} ${units.bytes}`;
  const mb = bytes >= 1024 * 1024;
  const value = formatNumber(bytes / (mb ? 1024 * 1024 : 1024), lang, { maximumFractionDigits: 1 });
  return `${value} ${mb ? units.mb : units.kb}`;
}

/**
 * A file's name inside a sentence, isolated (U+2068 … U+2069): "scan 2024.pdf" keeps its order in an
 * Arabic line, in a toast as well as on the page. The refusals name the file (issue 22 item 11):
 * on a phone the picker closes at once and the name is all that says which file it was.
 */
export function isolated(name: string): string {
  return `\u2068${name}\u2069`;
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
  return dateTimeFormat(intlLocale(lang), {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(date);
}

/** A month (yyyy-mm) as people name it: "مارس 2026" / "March 2026". */
export function formatMonth(month: string, lang: Locale): string {
  return dateTimeFormat(intlLocale(lang), { timeZone: TIME_ZONE, year: 'numeric', month: 'long' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
}

/** A moment (log entry, creation time), shown in Cairo time. */
export function formatDateTime(value: string | Date | null | undefined, lang: Locale): string {
  const date = value ? toDate(value) : null;
  if (!date) return '—';
  return dateTimeFormat(intlLocale(lang), {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}
