import { InboxOutlined } from '@ant-design/icons';
import { DASHBOARD_TABLE_PAGE_SIZE } from '@portal/shared/constants';
import type { TListPage } from '@portal/shared/schemas/list';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TablePager } from '../../../components/data-table/table-pager';
import { type DataColumn, TableCards, TableGrid } from '../../../components/data-table/table-views';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import '../../../components/data-table/data-table.css';

type Props<T> = {
  /** The list's key (its feature's factory), so that feature's changes refresh this table too. */
  queryKey: QueryKey;
  fetchPage: (body: Record<string, string | number>, signal: AbortSignal) => Promise<TListPage<T>>;
  columns: DataColumn<T>[];
  rowKey: (row: T) => string | number;
  /** The region's name, translated. */
  label: string;
  /** Fixed filters and order of this table (default: newest first). */
  request?: Record<string, string | number>;
};

/**
 * A table of the dashboard (items 7 and 9, SPEC §2, §9: 5 rows a page). Built from
 * the shared table's own views and pager (a native table on a desk, cards on a phone): the shared
 * DataTable keeps its state in the URL and starts at 10 rows, while the dashboard holds two tables
 * whose pages are nobody's link, so the page lives here.
 */
export function DashboardTable<T>({ queryKey, fetchPage, columns, rowKey, label, request }: Props<T>) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(DASHBOARD_TABLE_PAGE_SIZE);
  const body = { page, perPage, sortBy: 'id', sortOrder: 'desc', ...request };
  const query = useQuery({
    queryKey: [...queryKey, body],
    queryFn: ({ signal }) => fetchPage(body, signal),
    placeholderData: keepPreviousData,
    retry: false,
    // The table shows a failed load itself, with a Retry button.
    meta: { silent: true },
  });

  const rows = query.data?.data ?? [];
  const loading = query.isPending;
  let placeholder: ReactNode;
  if (query.isError && !query.data) {
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
  const view = { columns, rows, rowKey, label, busy: query.isFetching, skeleton: loading, placeholder };
  return (
    <div className="data-table dashboard-table">
      {phone ? <TableCards {...view} /> : <TableGrid {...view} sort={null} onSort={() => {}} />}
      {query.data && query.data.total > 0 && (
        <TablePager
          page={page}
          perPage={perPage}
          total={query.data.total}
          atLeast={query.data.atLeast}
          compact
          onPage={setPage}
          onPerPage={(size) => {
            setPerPage(size);
            setPage(1);
          }}
        />
      )}
    </div>
  );
}
