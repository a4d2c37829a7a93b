import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './constants.js';
import { isMessageKey, MESSAGES, SERVER_MESSAGES, translate } from './messages.js';

const SRC = path.dirname(fileURLToPath(import.meta.url));
const LOCALES_DIR = path.join(SRC, 'locales');
const SCHEMAS_DIR = path.join(SRC, 'schemas');

type Tree = { [key: string]: string | Tree };

function readJson(file: string): Tree {
  return JSON.parse(readFileSync(file, 'utf8')) as Tree;
}

/** Every leaf of a message tree as [dotted key, value]. */
function leaves(tree: unknown, prefix = ''): [string, unknown][] {
  if (tree === null || typeof tree !== 'object' || Array.isArray(tree)) return [[prefix, tree]];
  return Object.entries(tree).flatMap(([k, v]) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? leaves(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v]],
  );
}

const jsonFiles = (locale: string) =>
  readdirSync(path.join(LOCALES_DIR, locale))
    .filter((f) => f.endsWith('.json'))
    .sort();

const domainFiles = jsonFiles('ar');

describe('the message catalogue', () => {
  it('has the same domain files in every language', () => {
    expect(domainFiles.length).toBeGreaterThan(0);
    for (const locale of LOCALES) expect(jsonFiles(locale)).toEqual(domainFiles);
  });

  it.each(domainFiles)('%s has exactly the same keys in ar and en', (file) => {
    const keysOf = (locale: string) => leaves(readJson(path.join(LOCALES_DIR, locale, file))).map(([k]) => k);
    expect(keysOf('en').sort()).toEqual(keysOf('ar').sort());
  });

  it.each(LOCALES.flatMap((locale) => domainFiles.map((file) => [locale, file] as const)))(
    '%s/%s holds non-empty strings only',
    (locale, file) => {
      for (const [key, value] of leaves(readJson(path.join(LOCALES_DIR, locale, file)))) {
        expect(typeof value, `${locale}/${file}: ${key}`).toBe('string');
        expect((value as string).trim(), `${locale}/${file}: ${key}`).not.toBe('');
      }
    },
  );

  it.each(domainFiles)('%s uses the same {{placeholders}} in ar and en', (file) => {
    const placeholders = (locale: string) =>
      Object.fromEntries(
        leaves(readJson(path.join(LOCALES_DIR, locale, file))).map(([k, v]) => [
          k,
          // `{{status_ar}}` in Arabic and `{{status_en}}` in English are one parameter, given in both
          // languages because a stored notification is read in whichever language the reader uses.
          [...String(v).matchAll(/\{\{(\w+)\}\}/g)]
            .map((m) => m[1]?.replace(new RegExp(`_${locale}$`), '_<lang>'))
            .sort(),
        ]),
      );
    expect(placeholders('en')).toEqual(placeholders('ar'));
  });

  it('gives each top-level namespace to one file only, and merges every file', () => {
    for (const locale of LOCALES) {
      const owners = new Map<string, string>();
      for (const file of jsonFiles(locale)) {
        for (const ns of Object.keys(readJson(path.join(LOCALES_DIR, locale, file)))) {
          expect(owners.get(ns), `${locale}: "${ns}" is in ${owners.get(ns)} and ${file}`).toBeUndefined();
          owners.set(ns, file);
        }
      }
      expect(Object.keys(MESSAGES[locale]).sort()).toEqual([...owners.keys()].sort());
      for (const [key, value] of leaves(MESSAGES[locale])) {
        const params = Object.fromEntries(
          [...String(value).matchAll(/\{\{(\w+)\}\}/g)].map((m) => [m[1], `{{${m[1]}}}`]),
        );
        expect(translate(locale, key, params), key).toBe(value);
      }
    }
  });

  const schemaKeys = [
    ...new Set(
      readdirSync(SCHEMAS_DIR)
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
        .flatMap((f) => [
          ...readFileSync(path.join(SCHEMAS_DIR, f), 'utf8').matchAll(/['"`]((?:validation|errors)\.[\w.]+)['"`]/g),
        ])
        .map((m) => m[1] as string),
    ),
  ].sort();

  it('finds the message keys the schemas use', () => {
    expect(schemaKeys).toContain('validation.phone_required');
  });

  it.each(schemaKeys)('has %s, used by a schema, in both languages', (key) => {
    expect(isMessageKey(key)).toBe(true);
    for (const locale of LOCALES) expect(translate(locale, key)).not.toBe(key);
  });

  it('falls back to the key itself, never to a blank, for an unknown key', () => {
    expect(isMessageKey('errors.no_such_key')).toBe(false);
    expect(translate('en', 'errors.no_such_key')).toBe('errors.no_such_key');
  });

  it('fills {{placeholders}}', () => {
    expect(translate('en', 'errors.too_many_requests', { seconds: 42 })).toContain('42');
    expect(translate('ar', 'errors.too_many_requests', { seconds: 42 })).toContain('42');
  });
});

describe('the server’s own messages (locales/<lang>/server: mail, the bell, refusals)', () => {
  const serverFiles = (locale: string) =>
    readdirSync(path.join(LOCALES_DIR, locale, 'server'))
      .filter((f) => f.endsWith('.json'))
      .sort();
  const files = serverFiles('ar');
  const read = (locale: string, file: string) => readJson(path.join(LOCALES_DIR, locale, 'server', file));

  it('has the same files in every language', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const locale of LOCALES) expect(serverFiles(locale)).toEqual(files);
  });

  it.each(files)('%s: the same keys and {{placeholders}} in ar and en, non-empty strings only', (file) => {
    const of = (locale: string) => Object.fromEntries(leaves(read(locale, file)));
    expect(Object.keys(of('en')).sort()).toEqual(Object.keys(of('ar')).sort());
    for (const locale of LOCALES) {
      for (const [key, value] of Object.entries(of(locale))) {
        expect(typeof value, `${locale}/server/${file}: ${key}`).toBe('string');
        expect((value as string).trim(), `${locale}/server/${file}: ${key}`).not.toBe('');
      }
    }
    const placeholders = (locale: string) =>
      Object.fromEntries(
        Object.entries(of(locale)).map(([k, v]) => [
          k,
          [...String(v).matchAll(/\{\{(\w+)\}\}/g)]
            .map((m) => m[1]?.replace(new RegExp(`_${locale}$`), '_<lang>'))
            .sort(),
        ]),
      );
    expect(placeholders('en')).toEqual(placeholders('ar'));
  });

  it('is merged whole, each key once: none is also in the catalogue the web app loads', () => {
    for (const locale of LOCALES) {
      const fromFiles = files.flatMap((file) => leaves(read(locale, file)));
      expect(
        leaves(SERVER_MESSAGES[locale])
          .map(([k]) => k)
          .sort(),
      ).toEqual(fromFiles.map(([k]) => k).sort());
      const shipped = new Set(leaves(MESSAGES[locale]).map(([k]) => k));
      for (const [key, value] of fromFiles) {
        expect(shipped.has(key), `${key} is in both`).toBe(false);
        expect(isMessageKey(key)).toBe(true);
        const params = Object.fromEntries(
          [...String(value).matchAll(/\{\{(\w+)\}\}/g)].map((m) => [m[1], `{{${m[1]}}}`]),
        );
        expect(translate(locale, key, params), key).toBe(value);
      }
    }
  });
});
