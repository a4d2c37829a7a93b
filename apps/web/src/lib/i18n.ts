import type { Locale } from '@portal/shared/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Catalogue, mergeCatalogues } from './catalogue';
import { digitsFor, localizeDigits, onDigitsChange } from './digits';
import { applyDocumentLanguage, storedLanguage, storeLanguage } from './language';

/**
 * Each language's texts come in three chunks of their own, downloaded when first
 * needed: `guest` (locales/<lang>/guest.ts: the login and error pages and the
 * shared validation messages) before the first render; `forms`
 * (locales/<lang>/forms.ts: the other light guest pages' forms) before the app's
 * first render (app/mount.tsx), not by the login island; and `app`
 * (locales/<lang>/app.ts: the signed-in screens) with antd, by the screens that
 * use it (app/antd-boundary.tsx). The other language arrives when the user
 * switches to it.
 */
export type TextPart = 'guest' | 'forms' | 'app';

type Files = Record<string, Catalogue>;

export const CATALOGUE_FILES: Record<Locale, Record<TextPart, () => Promise<Files>>> = {
  ar: {
    guest: () => import('../locales/ar/guest').then((m) => m.default),
    forms: () => import('../locales/ar/forms').then((m) => m.default),
    app: () => import('../locales/ar/app').then((m) => m.default),
  },
  en: {
    guest: () => import('../locales/en/guest').then((m) => m.default),
    forms: () => import('../locales/en/forms').then((m) => m.default),
    app: () => import('../locales/en/app').then((m) => m.default),
  },
};

/**
 * The texts of one group of screens (a feature's forms, dialogs and messages), in
 * locales/<lang>/screens/<name>.json: downloaded with the screens' route (app/router.tsx
 * `screen(load, texts)`), not with the shell, so a feature's texts cost only its own routes
 * (DESIGN §5). What the shell shows of a feature — its menu entry, crumbs, tab titles — stays in
 * the feature's file of the app part.
 */
const SCREEN_FILES = import.meta.glob<Catalogue>('../locales/*/screens/*.json', { import: 'default' });

export function screenTextNames(): string[] {
  const names = Object.keys(SCREEN_FILES).map((file) => file.replace(/^.*\/screens\/(.+)\.json$/, '$1'));
  return [...new Set(names)];
}

/** The parts the page wants: loadTexts adds to them, and a language switch loads the same parts of the new language. */
const wanted = new Set<TextPart>(['guest', 'forms', 'app']);
/** The screen texts the page has loaded: a language switch loads them in the new language too. */
const wantedScreens = new Set<string>();
const loaded = new Map<string, Promise<void>>();
/** Each loaded part as written (Latin digits), in the order it was added, to apply again when the digits change. */
const written = new Map<string, { lang: Locale; catalogue: Catalogue }>();

/**
 * A catalogue with its digits in the system the language shows ("8 أحرف" → "٨ أحرف" when the
 * Arabic interface shows Arabic-Indic digits, lib/digits.ts): the texts' own numbers follow the
 * same choice as every formatted number. Interpolated values are formatted by their callers.
 */
export function localizeCatalogue(tree: Catalogue, lang: Locale): Catalogue {
  if (digitsFor(lang) === 'latn') return tree;
  const out: Catalogue = {};
  for (const [key, value] of Object.entries(tree)) {
    out[key] = typeof value === 'string' ? localizeDigits(value, lang) : localizeCatalogue(value, lang);
  }
  return out;
}

function addCatalogue(lang: Locale, catalogue: Catalogue): void {
  i18next.addResourceBundle(lang, 'translation', localizeCatalogue(catalogue, lang), true, true);
}

// The digit choice changed: the Arabic texts are applied again with the new digits (lib/digits.ts
// then has i18next render every translated component again).
onDigitsChange(() => {
  for (const { lang, catalogue } of written.values()) if (lang === 'ar') addCatalogue(lang, catalogue);
});

function loadPart(lang: Locale, part: TextPart): Promise<void> {
  const key = `${lang}:${part}`;
  let pending = loaded.get(key);
  if (!pending) {
    pending = CATALOGUE_FILES[lang][part]().then((files) => {
      const catalogue = mergeCatalogues(...Object.values(files));
      written.set(key, { lang, catalogue });
      addCatalogue(lang, catalogue);
    });
    pending.catch(() => loaded.delete(key)); // a failed download is tried again next time
    loaded.set(key, pending);
  }
  return pending;
}

function loadScreen(lang: Locale, name: string): Promise<void> {
  const key = `${lang}:screens/${name}`;
  let pending = loaded.get(key);
  if (!pending) {
    const file = SCREEN_FILES[`../locales/${lang}/screens/${name}.json`];
    if (!file) throw new Error(`no screen texts named ${name} in ${lang}`);
    pending = file().then((catalogue) => {
      written.set(key, { lang, catalogue });
      addCatalogue(lang, catalogue);
    });
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}

/** Downloads (once) the texts of these screens (and, after a switch, in the new language too). */
export async function loadScreenTexts(names: readonly string[], lang: Locale = currentLanguage()): Promise<void> {
  for (const name of names) wantedScreens.add(name);
  await Promise.all(names.map((name) => loadScreen(lang, name)));
}

/** Downloads (once) these parts of a language's texts, and of every language the user switches to later. */
export async function loadTexts(parts: readonly TextPart[], lang: Locale = currentLanguage()): Promise<void> {
  for (const part of parts) wanted.add(part);
  await Promise.all(parts.map((part) => loadPart(lang, part)));
}

/**
 * Sets up i18next and the page's language and direction, at once. It loads no
 * text: await loadTexts (the app's entry, before its first render) or
 * changeLanguage (tests) for that. `parts`: what a language switch loads;
 * every text by default (tests), the guest part only in the app's entry.
 */
export function initI18n(
  lang: Locale = storedLanguage(),
  parts: readonly TextPart[] = ['guest', 'forms', 'app'],
): typeof i18next {
  wanted.clear();
  for (const part of parts) wanted.add(part);
  // The prerender (src/prerender.tsx, in Node: no document) writes lang and dir into its HTML itself.
  if (typeof document !== 'undefined') applyDocumentLanguage(lang);
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: {},
      partialBundledLanguages: true,
      // Synchronous: the texts are added by loadTexts, there is no backend to wait for.
      initAsync: false,
      lng: lang,
      fallbackLng: 'ar',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  return i18next;
}

/** Switches the interface language: its texts first, then direction, lang and the stored choice flip together. */
export async function changeLanguage(lang: Locale): Promise<void> {
  await Promise.all([loadTexts([...wanted], lang), loadScreenTexts([...wantedScreens], lang)]);
  storeLanguage(lang);
  applyDocumentLanguage(lang);
  await i18next.changeLanguage(lang);
}

export function currentLanguage(): Locale {
  return i18next.language === 'en' ? 'en' : 'ar';
}
