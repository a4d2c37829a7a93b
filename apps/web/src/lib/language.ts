import { DEFAULT_LOCALE, LANG_STORAGE_KEY, LOCALES, type Locale } from '@portal/shared/constants';

export function storedLanguage(): Locale {
  try {
    const value = window.localStorage.getItem(LANG_STORAGE_KEY);
    return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/**
 * The page follows the language: dir, lang and the body's language class (SPEC §1), and the web
 * app manifest (its name, lang and dir: the app installed from here is named in this language;
 * apps/web/pwa.config.ts writes one per language).
 */
export function applyDocumentLanguage(lang: Locale): void {
  const html = document.documentElement;
  html.lang = lang;
  html.dir = lang === 'ar' ? 'rtl' : 'ltr';
  document.body.classList.remove(...LOCALES);
  document.body.classList.add(lang);
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/manifest-${lang}.webmanifest`);
}

export function storeLanguage(lang: Locale): void {
  try {
    window.localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}
