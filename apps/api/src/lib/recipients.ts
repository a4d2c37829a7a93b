import type { Locale } from '@portal/shared/constants';
import type { Env } from '../config/env.js';

/** A link into the web app (APP_URL + path), e.g. /activation/{token}: what mail and notifications point to. */
export function appLink(env: Env, path: string): string {
  return `${env.APP_URL.replace(/\/+$/, '')}${path}`;
}

/** The language a user reads their mail in. */
export function userLocale(row: { locale: string }): Locale {
  return row.locale === 'en' ? 'en' : 'ar';
}

/**
 * A day (yyyy-mm-dd) as people read it in a message: "1 March 2027", "١ مارس ٢٠٢٧" spelled with
 * Latin digits (docs/decisions/0016-digits.md), the same wherever the server runs.
 */
export function formatDayFor(locale: Locale, day: string): string {
  return new Intl.DateTimeFormat(locale === 'ar' ? 'ar-EG-u-nu-latn' : 'en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * An amount kept in piastres as people read it in a message, EGP in the reader's language with
 * Latin digits (docs/decisions/0016-digits.md): "EGP 1,250.50", "1,250.50 ج.م." (with the marks Intl
 * puts around it). The division is for display only; sums are made in SQL (DESIGN §6).
 */
export function formatMoneyFor(locale: Locale, piastres: number | string): string {
  return new Intl.NumberFormat(locale === 'ar' ? 'ar-EG-u-nu-latn' : 'en-EG', {
    style: 'currency',
    currency: 'EGP',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number(piastres) / 100);
}
