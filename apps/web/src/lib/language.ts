import { DEFAULT_LOCALE, LANG_COOKIE, LANG_STORAGE_KEY, LOCALES, type Locale } from '@portal/shared/constants';

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

/**
 * The choice told to the server too, in a cookie: it sends the guest pages prerendered in this
 * language (docs/decisions/0033). Written at every start as well, so a choice made before the
 * cookie existed reaches the server from the next page on. A preference, not a secret.
 */
export function shareLanguage(lang: Locale): void {
  const current = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=${lang}(?:;|$)`);
  if (current.test(document.cookie)) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the older phones' browsers (Safari before 18.4).
  document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
}

export function storeLanguage(lang: Locale): void {
  shareLanguage(lang);
  try {
    window.localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}
