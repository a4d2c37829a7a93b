import type { Locale } from '@portal/shared/constants';
import { toLatinDigits } from '@portal/shared/text';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * The digits the Arabic interface shows (docs/decisions/0016-digits.md): Latin (0-9, the default)
 * or Arabic-Indic (٠-٩), a choice of the user kept in localStorage beside `lang`. English always
 * shows Latin digits. Every number the app shows goes through one formatter (lib/format.ts,
 * `localizeDigits` below), so one screen never mixes the two systems. Inputs accept both and
 * store Latin (GLOSSARY "Digits").
 */
export type DigitSystem = 'latn' | 'arab';
export const DIGIT_SYSTEMS: readonly DigitSystem[] = ['latn', 'arab'];
export const DIGITS_STORAGE_KEY = 'digits';
export const DEFAULT_DIGITS: DigitSystem = 'latn';

/** Without storage (private mode), the choice lasts for this page only. */
let unstored: DigitSystem | null = null;
const listeners = new Set<(digits: DigitSystem) => void>();

/** The user's choice for Arabic screens, as kept in localStorage (read each time: it is one small key). */
export function digitSystem(): DigitSystem {
  try {
    const value = window.localStorage.getItem(DIGITS_STORAGE_KEY);
    if (value === 'arab' || value === 'latn') return value;
  } catch {
    // no storage
  }
  return unstored ?? DEFAULT_DIGITS;
}

/** The digits shown in a language: the user's choice in Arabic, Latin in English. */
export function digitsFor(lang: Locale): DigitSystem {
  return lang === 'ar' ? digitSystem() : 'latn';
}

function languageNow(): Locale {
  return i18next.language === 'en' ? 'en' : 'ar';
}

/** Told when the choice changes (lib/i18n.ts re-applies the catalogues, lib/dayjs.ts follows). */
export function onDigitsChange(listener: (digits: DigitSystem) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Sets and keeps the choice; every screen shows the new digits at once (the texts are re-applied
 * and i18next tells every translated component to render again).
 */
export async function setDigitSystem(digits: DigitSystem): Promise<void> {
  try {
    window.localStorage.setItem(DIGITS_STORAGE_KEY, digits);
  } catch {
    unstored = digits;
  }
  for (const listener of listeners) listener(digits);
  if (i18next.isInitialized) await i18next.changeLanguage(i18next.language);
}

const ARABIC_INDIC_ZERO = 0x0660;

/**
 * A text with its digits in the system shown (ids, phones, codes, counts inside sentences):
 * Latin digits become Arabic-Indic when the Arabic interface shows those, and the other way
 * round. Letters and signs are left alone; a phone or an id stays readable and, copied, pastes
 * back into any field of the app (inputs accept both systems). Give it `dir="ltr"` where the
 * order matters (phones).
 */
export function localizeDigits(text: string, lang: Locale = languageNow()): string {
  if (digitsFor(lang) === 'latn') return toLatinDigits(text);
  return text.replace(/[0-9]/g, (d) => String.fromCharCode(ARABIC_INDIC_ZERO + Number(d)));
}

/**
 * `localizeDigits` for a component: renders again when the language or the digit choice changes.
 * `digits(user.phone)`, `digits(id)`.
 */
export function useDigits(): (value: string | number) => string {
  const { i18n } = useTranslation();
  const lang: Locale = i18n.language === 'en' ? 'en' : 'ar';
  return (value) => localizeDigits(String(value), lang);
}

/**
 * True when what was typed into a search box is found in one of `texts`, whatever digit system
 * either side uses (GLOSSARY "Digits"): "١٠" finds "10", "42" finds "A-٠٠٠٠٤٢"; case ignored.
 */
export function matchesTyped(typed: string, ...texts: readonly unknown[]): boolean {
  const wanted = toLatinDigits(typed).trim().toLowerCase();
  if (wanted === '') return true;
  return texts.some((text) => typeof text === 'string' && toLatinDigits(text).toLowerCase().includes(wanted));
}

/**
 * antd's `showSearch` for a dropdown filtered in the browser: the option's `fields` (its label by
 * default) matched by `matchesTyped`, so typed Arabic-Indic digits find Latin ones and back.
 */
export function typedSearch(...fields: string[]) {
  const names = fields.length > 0 ? fields : ['label'];
  return {
    filterOption: (input: string, option?: Readonly<Record<string, unknown>>) =>
      option !== undefined && matchesTyped(input, ...names.map((name) => option[name])),
  };
}
