/* The shape of the translation files, apart from i18n.ts, which loads them: the locale files
   import this type, and i18n.ts imports the locale files. */

/** A catalogue file: nested keys down to texts. */
export type Catalogue = { [key: string]: string | Catalogue };

/**
 * Merges catalogues key by key, so a web file and the shared catalogue can both
 * add to one namespace (e.g. `dashboard`) without either replacing the other.
 */
export function mergeCatalogues(...trees: object[]): Catalogue {
  const out: Catalogue = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree) as [string, string | Catalogue][]) {
      const existing = out[key];
      out[key] = typeof value === 'object' && typeof existing === 'object' ? mergeCatalogues(existing, value) : value;
    }
  }
  return out;
}
