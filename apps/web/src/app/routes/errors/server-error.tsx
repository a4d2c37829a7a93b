import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/guest/button';
import { Field } from '../../../components/guest/field';
import { SearchIcon } from '../../../components/guest/icons';
import { Result } from '../../../components/guest/result';
import type { NavLeaf } from '../../../components/layout/nav-items';
import { paths } from '../../../config/paths';
import { localizeDigits } from '../../../lib/digits';
import { loadTexts } from '../../../lib/i18n';

/**
 * The pages the search box looks through: the sidebar's entries, with the texts that name them
 * (the signed-in screens' part of the catalogue, which this light page does not otherwise load),
 * downloaded when the user starts searching.
 */
let pages: Promise<NavLeaf[]> | null = null;
function loadPages(): Promise<NavLeaf[]> {
  pages ??= Promise.all([
    import('../../../components/layout/nav-items').then(({ NAV_ENTRIES, isGroup }) =>
      NAV_ENTRIES.flatMap((e) => (isGroup(e) ? e.children : [e])),
    ),
    loadTexts(['app']),
  ]).then(
    ([leaves]) => leaves,
    (error: unknown) => {
      pages = null; // offline: try again on the next keystroke
      throw error;
    },
  );
  return pages;
}

/**
 * A text as the search compares it: lower case, no diacritics or tatweel, and the letters Arabic
 * writers interchange made one (أ إ آ → ا, ة → ه, ى → ي, ؤ ئ → ء), so "المسؤولون" is found by
 * "المسئولون" as well.
 */
export function searchable(text: string): string {
  return (
    text
      .toLowerCase()
      // ؤ and ئ become ء before NFKD, which would split them into a bare و / ي and a hamza mark.
      .replace(/[\u0624\u0626]/g, '\u0621')
      // NFKD splits أ إ آ into ا and a mark; the marks (harakat, hamza, madda, tatweel) go.
      .normalize('NFKD')
      .replace(/\p{Mn}|\u0640/gu, '')
      .replace(/\u0671/g, '\u0627') // ٱ → ا
      .replace(/\u0629/g, '\u0647') // ة → ه
      .replace(/\u0649/g, '\u064A') // ى → ي
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * Whether a page's label answers the search: every word searched for is in it, with or without
 * the article ("الإعدادات" finds "إعدادات النظام", "الصلاحيات" finds "الأدوار والصلاحيات").
 */
export function matches(label: string, wanted: string): boolean {
  const text = searchable(label);
  return wanted.split(' ').every((word) => text.includes(word.length > 3 ? word.replace(/^ال/, '') : word));
}

/** SPEC §2: the service is temporarily unavailable, with a search box to find a page of the app. */
export default function ServerErrorRoute() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [all, setAll] = useState<NavLeaf[] | null>(null);
  const wanted = searchable(query);
  const found = wanted && all ? all.filter((p) => matches(t(p.label), wanted)) : [];
  const load = () => void loadPages().then(setAll, () => undefined);

  const search = (value: string) => {
    setQuery(value);
    if (!all) load();
  };

  return (
    <main className="error-page">
      <Result
        status="error"
        code="500"
        headingLevel={1}
        title={t('errors_page.server_error')}
        extra={
          <div className="error-search">
            <search>
              <Field
                name="page-search"
                type="search"
                hideLabel
                label={t('errors_page.search_placeholder')}
                icon={<SearchIcon />}
                placeholder={t('errors_page.search_placeholder')}
                value={query}
                onChange={(e) => search(e.target.value)}
                onFocus={load}
                aria-controls={found.length > 0 ? 'page-search-results' : undefined}
              />
            </search>
            {/* Said to screen readers as it changes; seen when nothing matches. */}
            <p
              className={wanted && all && found.length === 0 ? 'search-none' : 'visually-hidden'}
              role="status"
              data-testid="search-status"
            >
              {wanted && all
                ? found.length === 0
                  ? t('errors_page.search_none', { query: query.trim() })
                  : t('errors_page.search_found', { n: localizeDigits(String(found.length)) })
                : ''}
            </p>
            {found.length > 0 && (
              <ul className="search-results" id="page-search-results" aria-label={t('errors_page.search_results')}>
                {found.map((p) => (
                  <li key={p.key}>
                    <Link to={p.path}>{t(p.label)}</Link>
                  </li>
                ))}
              </ul>
            )}
            <ButtonLink variant="primary" to={paths.home}>
              {t('errors_page.back_home')}
            </ButtonLink>
          </div>
        }
      />
    </main>
  );
}
