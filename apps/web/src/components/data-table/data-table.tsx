import { ReloadOutlined } from '@ant-design/icons';
import { PAGE_SIZE_OPTIONS } from '@portal/shared/constants';
import type { TListPage } from '@portal/shared/schemas/list';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Table } from 'antd';
import type { ColumnType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { type FilterDef, filterNamesOf, TableFilters } from './table-filters';
import { type TableState, toListRequest, useTableState } from './use-table-state';

/** A column; `sortKey` makes it sortable on the server under that name. */
export type DataColumn<T> = ColumnType<T> & { key: string; sortKey?: string };

type Props<T> = {
  /** Names the list in the query cache, e.g. 'logs'. */
  queryKey: string;
  fetchPage: (body: Record<string, string | number>, signal: AbortSignal) => Promise<TListPage<T>>;
  columns: DataColumn<T>[];
  rowKey: (row: T) => string | number;
  filters?: FilterDef[];
  searchPlaceholder?: string;
  expandedRow?: (row: T) => ReactNode;
  /** Buttons beside the search box (add, export…). */
  actions?: ReactNode;
  defaultSort?: string;
  caption?: string;
  /** False for lists whose endpoint has no free-text search: no search box that does nothing. */
  searchable?: boolean;
};

/**
 * The one list of the app (SPEC §2 "Shared data table"): search, reset, filters,
 * sortable columns, row expansion, page size and pages, all kept in the URL and
 * fetched page by page from the server. Default sort: id descending.
 */
export function DataTable<T extends object>(props: Props<T>) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const filterDefs = props.filters ?? [];
  const { state, update, reset } = useTableState(filterNamesOf(filterDefs), props.defaultSort);
  const body = toListRequest(state);

  const query = useQuery({
    queryKey: ['list', props.queryKey, body],
    queryFn: ({ signal }) => props.fetchPage(body, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

  const columns = props.columns.map((column) =>
    column.sortKey
      ? {
          ...column,
          sorter: true,
          // Clicking flips the order and never leaves the column unsorted; Reset restores the default.
          sortDirections: ['ascend', 'descend', 'ascend'] as ('ascend' | 'descend')[],
          sortOrder: sortOrderOf(state, column.sortKey),
        }
      : column,
  );

  const onTableChange = (
    pagination: TablePaginationConfig,
    _f: unknown,
    sorter: SorterResult<T> | SorterResult<T>[],
  ) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = props.columns.find((c) => c.key === single?.columnKey);
    const sortPatch =
      single?.order && column?.sortKey
        ? { sortBy: column.sortKey, sortOrder: single.order === 'ascend' ? ('asc' as const) : ('desc' as const) }
        : { sortBy: props.defaultSort ?? 'id', sortOrder: 'desc' as const };
    const sortChanged = sortPatch.sortBy !== state.sortBy || sortPatch.sortOrder !== state.sortOrder;
    const perPage = pagination.pageSize ?? state.perPage;
    if (sortChanged || perPage !== state.perPage) update({ ...sortPatch, perPage });
    else if (pagination.current && pagination.current !== state.page) update({ page: pagination.current });
  };

  const total = query.data?.total ?? 0;
  return (
    <div className="data-table">
      <search className="data-table-toolbar">
        {props.searchable !== false && (
          <Input.Search
            key={`search-${state.search ?? ''}`}
            className="data-table-search"
            placeholder={props.searchPlaceholder ? t(props.searchPlaceholder) : t('table.search')}
            aria-label={t('table.search')}
            defaultValue={state.search}
            allowClear
            enterButton
            onSearch={(value) => update({ search: value.trim() || undefined })}
          />
        )}
        <TableFilters
          key={`filters-${JSON.stringify(state.filters)}`}
          defs={filterDefs}
          values={state.filters}
          onChange={(filters) => update({ filters })}
        />
        <Button icon={<ReloadOutlined />} onClick={reset} data-testid="table-reset">
          {t('table.reset')}
        </Button>
        {props.actions}
      </search>
      <Table<T>
        rowKey={props.rowKey}
        columns={columns}
        dataSource={query.data?.data ?? []}
        loading={query.isFetching}
        onChange={onTableChange}
        scroll={{ x: 'max-content' }}
        caption={props.caption ? <span className="visually-hidden">{t(props.caption)}</span> : undefined}
        expandable={props.expandedRow ? { expandedRowRender: props.expandedRow } : undefined}
        locale={{
          emptyText: query.isError ? (
            <Empty description={t('table.load_failed')}>
              <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>
            </Empty>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('table.empty')} />
          ),
        }}
        pagination={{
          current: state.page,
          pageSize: state.perPage,
          total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          showTotal: (n) => (
            <span data-testid="table-total">{t('table.total', { count: n, formatted: formatNumber(n, lang) })}</span>
          ),
          position: ['bottomCenter'],
        }}
      />
    </div>
  );
}

function sortOrderOf(state: TableState, key: string): 'ascend' | 'descend' | null {
  if (state.sortBy !== key) return null;
  return state.sortOrder === 'asc' ? 'ascend' : 'descend';
}
