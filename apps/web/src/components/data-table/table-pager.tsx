import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { PAGE_SIZE_OPTIONS } from '@portal/shared/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatId, formatNumber } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';

type Props = {
  page: number;
  perPage: number;
  total: number;
  /**
   * The total is a lower bound (docs/decisions/0013, 0034): at least `total` rows match, so the
   * table says "more than total − 1", and the pages it knows end with a gap: more may follow.
   */
  atLeast?: boolean;
  /** Fewer page buttons (phones). */
  compact?: boolean;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
};

/** The page numbers to show: the first, the last, and the current one with `around` on each side; null is a gap. */
export function pageItems(page: number, last: number, around: number): (number | null)[] {
  const items: (number | null)[] = [];
  for (let n = 1; n <= last; n += 1) {
    if (n === 1 || n === last || Math.abs(n - page) <= around) items.push(n);
    else if (items.at(-1) !== null) items.push(null);
  }
  return items;
}

/**
 * The total, the pages and the page size of a list (SPEC §2): plain buttons and a native select,
 * numbers in the UI language. Arrows mirror in Arabic (previous points right). Only pages that
 * exist are offered: with an exact total, every one; with a lower bound, those it proves, then a
 * gap — the server's bound always reaches past the page shown while rows follow it, so "next" is
 * offered exactly while there is a next page (issue 22 item 3).
 */
export function TablePager({ page, perPage, total, atLeast, compact, onPage, onPerPage }: Props) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const sizeId = useId();
  const last = Math.max(1, Math.ceil(total / perPage));
  const number = (n: number) => formatId(n, lang);
  const rtl = lang === 'ar';
  // A size from a hand-made link (100, 200) stays selectable.
  const sizes: number[] = (PAGE_SIZE_OPTIONS as readonly number[]).includes(perPage)
    ? [...PAGE_SIZE_OPTIONS]
    : [...PAGE_SIZE_OPTIONS, perPage].sort((a, b) => a - b);
  return (
    <nav className="dt-pager" aria-label={t('table.pagination')}>
      <span className="dt-total" data-testid="table-total">
        {atLeast
          ? t('table.total_more_than', { count: total - 1, formatted: formatNumber(total - 1, lang) })
          : t('table.total', { count: total, formatted: formatNumber(total, lang) })}
      </span>
      {(last > 1 || atLeast) && (
        <ul className="dt-pages">
          <li>
            <button
              type="button"
              className="dt-page dt-page-arrow"
              disabled={page <= 1}
              aria-label={t('table.previous')}
              onClick={() => onPage(page - 1)}
            >
              {rtl ? <RightOutlined aria-hidden="true" /> : <LeftOutlined aria-hidden="true" />}
            </button>
          </li>
          {pageItems(page, last, compact ? 0 : 1).map((n, i) =>
            n === null ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place.
              <li key={`gap-${i}`} className="dt-page-gap" aria-hidden="true">
                …
              </li>
            ) : (
              <li key={n}>
                <button
                  type="button"
                  className="dt-page"
                  aria-current={n === page ? 'page' : undefined}
                  aria-label={t('table.page', { n: number(n) })}
                  onClick={() => n !== page && onPage(n)}
                >
                  {number(n)}
                </button>
              </li>
            ),
          )}
          {atLeast && (
            <li className="dt-page-gap" aria-hidden="true" data-testid="table-pages-more">
              …
            </li>
          )}
          <li>
            <button
              type="button"
              className="dt-page dt-page-arrow"
              disabled={page >= last}
              aria-label={t('table.next')}
              onClick={() => onPage(page + 1)}
            >
              {rtl ? <LeftOutlined aria-hidden="true" /> : <RightOutlined aria-hidden="true" />}
            </button>
          </li>
        </ul>
      )}
      <span className="dt-page-size">
        <label htmlFor={sizeId} className="visually-hidden">
          {t('table.per_page')}
        </label>
        <select
          id={sizeId}
          className="dt-input dt-select"
          value={perPage}
          onChange={(event) => onPerPage(Number(event.target.value))}
        >
          {sizes.map((size) => (
            <option key={size} value={size}>
              {t('table.per_page_option', { n: number(size) })}
            </option>
          ))}
        </select>
      </span>
    </nav>
  );
}
