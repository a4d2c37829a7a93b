import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, currentLanguage } from './i18n';
import { shareLanguage, storedLanguage } from './language';

describe('language switch', () => {
  afterEach(() => changeLanguage('ar'));

  it('flips direction, lang and the body class, and remembers the choice under "lang"', async () => {
    await changeLanguage('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('en');
    expect(document.body.classList.contains('en')).toBe(true);
    expect(document.body.classList.contains('ar')).toBe(false);
    expect(window.localStorage.getItem('lang')).toBe('en');
    expect(storedLanguage()).toBe('en');
    expect(currentLanguage()).toBe('en');
    // Told to the server too: it sends the prerendered guest pages in this language.
    expect(document.cookie).toMatch(/(?:^|;\s*)lang=en(?:;|$)/);

    await changeLanguage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.body.classList.contains('ar')).toBe(true);
    expect(document.cookie).toMatch(/(?:^|;\s*)lang=ar(?:;|$)/);
  });

  it('repeats a choice made before the cookie existed (localStorage only) in the cookie', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the app writes the cookie this way (lib/language.ts).
    document.cookie = 'lang=; max-age=0; path=/';
    window.localStorage.setItem('lang', 'en');
    shareLanguage(storedLanguage());
    expect(document.cookie).toMatch(/(?:^|;\s*)lang=en(?:;|$)/);
  });

  it('points the page at the web app manifest of its language (docs/decisions/0032-pwa.md)', async () => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/manifest-ar.webmanifest';
    document.head.append(link);
    try {
      await changeLanguage('en');
      expect(link.getAttribute('href')).toBe('/manifest-en.webmanifest');
      await changeLanguage('ar');
      expect(link.getAttribute('href')).toBe('/manifest-ar.webmanifest');
    } finally {
      link.remove();
    }
  });

  it('falls back to Arabic for anything unknown in storage', () => {
    window.localStorage.setItem('lang', 'fr');
    expect(storedLanguage()).toBe('ar');
  });
});
