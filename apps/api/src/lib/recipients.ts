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

/*
 * The formatters are made once per language: making one costs 90–190 µs, using it 3 µs, and the
 * bell formats the days and amounts of each of its notifications on every call.
 */
const DAY = { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' } as const;
const DAY_FORMATS: Record<Locale, Intl.DateTimeFormat> = {
  ar: new Intl.DateTimeFormat('ar-EG-u-nu-latn', DAY),
  en: new Intl.DateTimeFormat('en-GB', DAY),
};

const MONEY = { style: 'currency', currency: 'EGP', minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;
const MONEY_FORMATS: Record<Locale, Intl.NumberFormat> = {
  ar: new Intl.NumberFormat('ar-EG-u-nu-latn', MONEY),
  en: new Intl.NumberFormat('en-EG', MONEY),
};

/**
 * A day (yyyy-mm-dd) as people read it in a message: "1 March 2027", "١ مارس ٢٠٢٧" spelled with
 * Latin digits (docs/decisions/0016-digits.md), the same wherever the server runs.
 */
export function formatDayFor(locale: Locale, day: string): string {
  return DAY_FORMATS[locale].format(new Date(`${day}T00:00:00Z`));
}

/**
 * An amount kept in piastres as people read it in a message, EGP in the reader's language with
 * Latin digits (docs/decisions/0016-digits.md): "EGP 1,250.50", "1,250.50 ج.م." (with the marks Intl
 * puts around it). The division is for display only; sums are made in SQL (DESIGN §6).
 */
export function formatMoneyFor(locale: Locale, piastres: number | string): string {
  return MONEY_FORMATS[locale].format(Number(piastres) / 100);
}
