import { describe, expect, it } from 'vitest';
import { CATALOGUES, mergeCatalogues, resources } from './i18n';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : leaves(v, `${prefix}${k}.`)));
}

describe('translation catalogues', () => {
  it('merges namespaces key by key instead of replacing them', () => {
    expect(mergeCatalogues({ a: { x: '1' } }, { a: { y: '2' } }, { b: '3' })).toEqual({
      a: { x: '1', y: '2' },
      b: '3',
    });
  });

  it('defines every text once: no file silently overrides another', () => {
    for (const lang of ['ar', 'en'] as const) {
      const seen = new Map<string, number>();
      CATALOGUES[lang].forEach((tree, index) => {
        for (const key of leaves(tree as unknown as Tree)) {
          expect(seen.has(key), `${lang}: ${key} is defined in catalogue #${seen.get(key)} and #${index}`).toBe(false);
          seen.set(key, index);
        }
      });
    }
  });

  it('has the same keys in Arabic and English', () => {
    const ar = leaves(resources.ar.translation).sort();
    const en = leaves(resources.en.translation).sort();
    expect(ar.filter((k) => !en.includes(k))).toEqual([]);
    expect(en.filter((k) => !ar.includes(k))).toEqual([]);
  });
});
