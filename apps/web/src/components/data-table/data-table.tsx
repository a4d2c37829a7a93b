import { FilterOutlined, InboxOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { TListPage } from '@portal/shared/schemas/list';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDefaultPageSize } from '../../lib/client-settings';
import { formatNumber } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { ExportButton, type ExportTo } from './export-button';
import { activeFilterCount, type FilterDef, filterNamesOf, type SortChoice, TableFilters } from './table-filters';
import { TablePager } from './table-pager';
import { type DataColumn, type SortState, TableCards, TableGrid } from './table-views';
import { toListRequest, useTableState } from './use-table-state';
import './data-table.css';

export type { ExportTo } from './export-button';
export type { DataColumn } from './table-views';

type Props<T> = {
  /**
   * The list's key from its feature's key factory (e.g. `usersKeys.list('admin')`); the page
   * request is appended, so invalidating the factory's `lists()` refreshes every page.
   * A plain string stands for `['list', name]`.
   */
  queryKey: QueryKey | string;
  /**
   * Prefix of this table's keys in the URL (`logs.page=2`), for screens with two tables;
   * none (the default) keeps bare keys (`page=2`), as existing links have them.
   */
  namespace?: string;
  fetchPage: (body: Record<string, string | number>, signal: AbortSignal) => Promise<TListPage<T>>;
  columns: DataColumn<T>[];
  rowKey: (row: T) => string | number;
  /** A class for a row (or a card), e.g. to mark a deleted user. */
  rowClassName?: (row: T) => string | undefined;
  filters?: FilterDef[];
  searchPlaceholder?: string;
  expandedRow?: (row: T) => ReactNode;
  /** Buttons beside the search box (add…). */
  actions?: ReactNode;
  /**
   * The list's export endpoint: an Export menu (CSV, XLSX) that downloads every row the table's
   * current filters, search and sort match, not only the page shown (components/data-table/export-button.tsx).
   */
  exportTo?: ExportTo;
  defaultSort?: string;
  /** Rows per page when the URL names none; otherwise the default_page_size setting (SPEC §9: 5 on some lists). */
  defaultPageSize?: number;
  /** The catalogue key of the list's name (the region's label for screen readers). */
  caption?: string;
  /** False for lists whose endpoint has no free-text search: no search box that does nothing. */
  searchable?: boolean;
};

/**
 * The one list of the app (SPEC §2 "Shared data table"): search, filters in a panel, sortable
 * columns, row details, page size and pages, all kept in the URL and fetched page by page from
 * the server. Default sort: id descending.
 *
 * Light on purpose (DESIGN §5, no route over 350 KB): a native table, cards on phones, its own
 * pager, native text fields and selects; antd's date picker comes with the first filter panel
 * that shows a date range. While the first page loads it shows a skeleton, "no data" only for an
 * empty answer, and a failed load at once with a Retry button (no silent retries).
 */
export function DataTable<T extends object>(props: Props<T>) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const phone = useMediaQuery(PHONE_QUERY);
  const filterDefs = props.filters ?? [];
  const defaultSort = props.defaultSort ?? 'id';
  const siteSize = useDefaultPageSize();
  const { state, update, reset } = useTableState(filterNamesOf(filterDefs), {
    defaultSort,
    namespace: props.namespace,
    defaultPerPage: props.defaultPageSize ?? siteSize.size,
  });
  const body = toListRequest(state);
  const listKey = typeof props.queryKey === 'string' ? ['list', props.queryKey] : props.queryKey;

  const query = useQuery({
    queryKey: [...listKey, body],
    queryFn: ({ signal }) => props.fetchPage(body, signal),
    placeholderData: keepPreviousData,
    // The page size setting first (read once per session), so a list is not fetched twice.
    enabled: props.defaultPageSize !== undefined || !siteSize.pending,
    staleTime: 10_000,
    // A failed page shows at once, with a Retry button (issue 9 item 18), not after silent retries.
    retry: false,
    // The table shows a failed load itself.
    meta: { silent: true },
  });

  const activeFilters = activeFilterCount(filterDefs, state.filters);
  // A link that carries filters opens with them in view; on phones the list comes first.
  const [filtersOpen, setFiltersOpen] = useState(() => !phone && activeFilters > 0);
  const panelId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const label = t(props.caption ?? 'table.list');

  const sort: SortState = { key: state.sortBy, order: state.sortOrder };
  const onSort = (column: DataColumn<T>) => {
    if (!column.sortKey) return;
    // Clicking flips the order and never leaves the column unsorted; Reset restores the default.
    const order = state.sortBy === column.sortKey && state.sortOrder === 'asc' ? 'desc' : 'asc';
    update({ sortBy: column.sortKey, sortOrder: order });
  };
  // Cards have no headers to click: on phones the panel offers the sort.
  const sortable = props.columns.filter((c) => c.sortKey);
  const sortChoice: SortChoice | undefined =
    phone && sortable.length > 0
      ? {
          options: sortable.flatMap((c) => [
            { value: `${c.sortKey}:asc`, label: t('table.sort_asc', { column: c.title }) },
            { value: `${c.sortKey}:desc`, label: t('table.sort_desc', { column: c.title }) },
          ]),
          value: `${state.sortBy}:${state.sortOrder}`,
          onChange: (value) => {
            const [sortBy = defaultSort, order] = value.split(':');
            update({ sortBy, sortOrder: order === 'asc' ? 'asc' : 'desc' });
          },
        }
      : undefined;
  const hasPanel = filterDefs.length > 0 || sortChoice !== undefined;

  const applySearch = () => update({ search: searchRef.current?.value.trim() || undefined });

  const rows = query.data?.data ?? [];
  const loading = query.isPending || (query.isError && query.isFetching);
  let placeholder: ReactNode;
  if (!loading && query.isError && !query.data) {
    placeholder = (
      <div className="dt-state dt-state-error" role="alert">
        <span>{t('table.load_failed')}</span>
        <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>
      </div>
    );
  } else if (!loading && rows.length === 0) {
    placeholder = (
      <div className="dt-state">
        <InboxOutlined className="dt-state-icon" aria-hidden="true" />
        <span>{t('table.empty')}</span>
      </div>
    );
  }
  const view = {
    columns: props.columns,
    rows,
    rowKey: props.rowKey,
    rowClassName: props.rowClassName,
    expandedRow: props.expandedRow,
    label,
    busy: query.isFetching,
    skeleton: loading,
    placeholder,
  };

  return (
    <div className="data-table">
      <div className="dt-toolbar">
        {props.searchable !== false && (
          <search className="dt-search">
            <input
              ref={searchRef}
              key={`search-${state.search ?? ''}`}
              type="search"
              className="dt-input"
              aria-label={t('table.search')}
              placeholder={props.searchPlaceholder ? t(props.searchPlaceholder) : t('table.search_placeholder')}
              defaultValue={state.search}
              autoComplete="off"
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  applySearch();
                }
              }}
            />
            <Button type="primary" icon={<SearchOutlined aria-hidden="true" />} onClick={applySearch}>
              {t('table.search')}
            </Button>
          </search>
        )}
        {hasPanel && (
          <Button
            icon={<FilterOutlined aria-hidden="true" />}
            aria-expanded={filtersOpen}
            aria-controls={filtersOpen ? panelId : undefined}
            onClick={() => setFiltersOpen((open) => !open)}
            data-testid="table-filters-toggle"
          >
            {activeFilters > 0
              ? t('table.filters_set', { formatted: formatNumber(activeFilters, lang) })
              : t('table.filters')}
          </Button>
        )}
        <Button icon={<ReloadOutlined aria-hidden="true" />} onClick={reset} data-testid="table-reset">
          {t('table.reset')}
        </Button>
        {(props.actions || props.exportTo) && (
          <div className="dt-toolbar-actions">
            {props.exportTo && <ExportButton exportTo={props.exportTo} body={body} />}
            {props.actions}
          </div>
        )}
      </div>
      {filtersOpen && hasPanel && (
        <TableFilters
          key={`filters-${JSON.stringify(state.filters)}`}
          id={panelId}
          defs={filterDefs}
          values={state.filters}
          onChange={(filters) => update({ filters })}
          sort={sortChoice}
        />
      )}
      {query.isError && query.data && !query.isFetching && (
        <div className="dt-state dt-state-error dt-banner" role="alert">
          <span>{t('table.load_failed')}</span>
          <Button size="small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {phone ? <TableCards {...view} /> : <TableGrid {...view} sort={sort} onSort={onSort} />}
      {query.data && query.data.total > 0 && (
        <TablePager
          page={state.page}
          perPage={state.perPage}
          total={query.data.total}
          atLeast={query.data.atLeast}
          compact={phone}
          onPage={(page) => update({ page })}
          onPerPage={(perPage) => update({ perPage })}
        />
      )}
    </div>
  );
}
