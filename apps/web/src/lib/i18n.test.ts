import { LOCALES } from '@portal/shared/constants';
import { MESSAGES } from '@portal/shared/messages';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { type Catalogue, mergeCatalogues } from './catalogue';
import { CATALOGUE_FILES, changeLanguage, loadScreenTexts, screenTextNames } from './i18n';

function leaves(tree: Catalogue, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : leaves(v, `${prefix}${k}.`)));
}

/** The screens' texts (loaded with their routes), by file. */
const SCREENS = import.meta.glob<Catalogue>('../locales/*/screens/*.json', { eager: true, import: 'default' });

/** Every text of a language, by file: the three parts and the screens'. */
async function filesOf(lang: 'ar' | 'en') {
  const { guest, forms, app } = CATALOGUE_FILES[lang];
  const screens = Object.fromEntries(Object.entries(SCREENS).filter(([file]) => file.includes(`/locales/${lang}/`)));
  return { ...(await guest()), ...(await forms()), ...(await app()), ...screens };
}
const merged = async (lang: 'ar' | 'en') => mergeCatalogues(...Object.values(await filesOf(lang)));

describe('translation catalogues', () => {
  it('merges namespaces key by key instead of replacing them', () => {
    expect(mergeCatalogues({ a: { x: '1' } }, { a: { y: '2' } }, { b: '3' })).toEqual({
      a: { x: '1', y: '2' },
      b: '3',
    });
  });

  it('defines every text once: no file silently overrides another', async () => {
    for (const lang of LOCALES) {
      const seen = new Map<string, string>();
      for (const [file, tree] of Object.entries(await filesOf(lang))) {
        for (const key of leaves(tree)) {
          expect(seen.has(key), `${lang}: ${key} is defined in ${seen.get(key)} and ${file}`).toBe(false);
          seen.set(key, file);
        }
      }
    }
  });

  it('has the same keys in Arabic and English, plurals in every form each language has', async () => {
    const forms = /_(zero|one|two|few|many|other)$/;
    // i18next reads a key as plural only when it has an `_other` form ("receive_one" alone is a plain key).
    const pluralsOf = (keys: string[]) =>
      new Set(keys.filter((k) => k.endsWith('_other')).map((k) => k.replace(forms, '')));
    // A plural key is one text whatever the number of forms: Arabic has six, English two.
    const texts = (keys: string[]) => {
      const plurals = pluralsOf(keys);
      return [...new Set(keys.map((k) => (plurals.has(k.replace(forms, '')) ? k.replace(forms, '') : k)))].sort();
    };
    const ar = leaves(await merged('ar'));
    const en = leaves(await merged('en'));
    expect(texts(ar).filter((k) => !texts(en).includes(k))).toEqual([]);
    expect(texts(en).filter((k) => !texts(ar).includes(k))).toEqual([]);
    for (const [lang, keys] of [
      ['ar', ar],
      ['en', en],
    ] as const) {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.slice().sort();
      const plurals = new Map<string, string[]>();
      const bases = pluralsOf(keys);
      for (const key of keys.filter((k) => bases.has(k.replace(forms, '')))) {
        const base = key.replace(forms, '');
        plurals.set(base, [...(plurals.get(base) ?? []), key.slice(base.length + 1)]);
      }
      for (const [base, found] of plurals) expect(found.sort(), `${lang}: ${base}`).toEqual(categories);
    }
  });

  it("carries every text of the shared catalogue (the server's validation and error messages)", async () => {
    for (const lang of LOCALES) {
      const mine = await merged(lang);
      expect(mergeCatalogues(mine, MESSAGES[lang])).toEqual(mine);
    }
  });

  it('loads every catalogue file of the web app and of packages/shared in one of the three parts', async () => {
    const onDisk = [
      ...Object.keys(import.meta.glob('../locales/*/*.json')),
      ...Object.keys(import.meta.glob('../../../../packages/shared/src/locales/*/*.json')),
    ];
    for (const lang of LOCALES) {
      const { guest, forms, app } = CATALOGUE_FILES[lang];
      const parts = [...Object.values(await guest()), ...Object.values(await forms()), ...Object.values(await app())];
      const files = onDisk.filter((file) => file.includes(`/locales/${lang}/`));
      expect(parts).toHaveLength(files.length);
    }
  });

  it('loads a screen’s texts with it, in the language shown and in the next one chosen', async () => {
    await changeLanguage('ar');
    await loadScreenTexts(['archive']);
    expect(i18next.exists('archiveUi.root', { lng: 'ar' })).toBe(true);
    await changeLanguage('en');
    expect(i18next.exists('archiveUi.root', { lng: 'en' })).toBe(true);
    await changeLanguage('ar');
    expect(screenTextNames().sort()).toEqual([
      'archive',
      'ledger',
      'logs',
      'members',
      'money-lists',
      'pwa',
      'reports',
      'requests',
      'requests-detail',
      'requests-form',
      'staff',
      'tickets',
    ]);
  });

  it('loads a language when it is first used, so the page needs only the one it shows', async () => {
    await changeLanguage('en');
    expect(i18next.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18next.t('auth.login')).toBe('Log in');
    await changeLanguage('ar');
    expect(i18next.t('auth.login')).toBe('تسجيل الدخول');
  });
});
