import type { TListPage } from '@portal/shared/schemas/list';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../test/api-stub';
import { renderWithProviders } from '../../test/render';
import { type DataColumn, DataTable } from './data-table';

type Row = { id: number; name: string };
const columns: DataColumn<Row>[] = [
  { key: 'id', title: '#', dataIndex: 'id', sortKey: 'id' },
  { key: 'name', title: 'name', dataIndex: 'name' },
];

function pageOf(rows: Row[], total = rows.length): TListPage<Row> {
  return { data: rows, total, lastPage: Math.ceil(total / 10) || 1, currentPage: 1, perPage: 10 };
}

describe('DataTable', () => {
  it('starts with the page size of the default_page_size setting, asking the server once', async () => {
    window.localStorage.setItem('token', 't'.repeat(43));
    window.localStorage.setItem('user_id', '1');
    stubApi((call) =>
      call.url === '/api/v1/settings/client'
        ? ok({ request_documents_url: '', request_contracts_url: '', default_page_size: 20 })
        : undefined,
    );
    const fetchPage = vi.fn().mockResolvedValue(pageOf([{ id: 1, name: 'أ' }]));
    try {
      await renderWithProviders(
        <DataTable<Row> queryKey="t-size" fetchPage={fetchPage} columns={columns} rowKey={(r) => r.id} />,
      );
      expect(await screen.findByText('أ')).toBeInTheDocument();
      expect(fetchPage).toHaveBeenCalledTimes(1);
      expect(fetchPage.mock.calls[0]?.[0]).toMatchObject({ page: 1, perPage: 20 });
    } finally {
      vi.unstubAllGlobals();
      window.localStorage.clear();
    }
  });

  it('keeps a list’s own first page size (5 for one’s own requests) whatever the setting', async () => {
    const fetchPage = vi.fn().mockResolvedValue(pageOf([{ id: 1, name: 'أ' }]));
    await renderWithProviders(
      <DataTable<Row>
        queryKey="t-five"
        fetchPage={fetchPage}
        columns={columns}
        rowKey={(r) => r.id}
        defaultPageSize={5}
      />,
    );
    expect(await screen.findByText('أ')).toBeInTheDocument();
    expect(fetchPage.mock.calls[0]?.[0]).toMatchObject({ perPage: 5 });
  });

  it('loads the first page with the default query and shows rows and total', async () => {
    const fetchPage = vi.fn().mockResolvedValue(
      pageOf(
        [
          { id: 2, name: 'ب' },
          { id: 1, name: 'أ' },
        ],
        42,
      ),
    );
    await renderWithProviders(
      <DataTable<Row> queryKey="t1" fetchPage={fetchPage} columns={columns} rowKey={(r) => r.id} />,
      {
        lang: 'en',
      },
    );
    expect(await screen.findByText('ب')).toBeInTheDocument();
    expect(fetchPage.mock.calls[0]?.[0]).toEqual({ page: 1, perPage: 10, sortBy: 'id', sortOrder: 'desc' });
    expect(screen.getByTestId('table-total')).toHaveTextContent('Total: 42');
  });

  it('shows an exact total as it is, and offers every page up to the true last (issue 22 item 3)', async () => {
    const fetchPage = vi.fn(async (query: Record<string, string | number>) => ({
      ...pageOf([{ id: Number(query.page), name: `row of page ${query.page}` }], 1234),
      currentPage: Number(query.page),
    }));
    await renderWithProviders(
      <DataTable<Row> queryKey="t-exact" fetchPage={fetchPage} columns={columns} rowKey={(r) => r.id} />,
      { lang: 'en' },
    );
    await screen.findByText('row of page 1');
    const pager = screen.getByRole('navigation', { name: 'List pages' });
    expect(within(pager).getByTestId('table-total')).toHaveTextContent('Total: 1,234');
    expect(within(pager).queryByTestId('table-pages-more')).toBeNull();
    fireEvent.click(within(pager).getByRole('button', { name: 'Page 124' }));
    await screen.findByText('row of page 124');
    expect(within(pager).getByRole('button', { name: 'Page 124' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(within(pager).queryByRole('button', { name: 'Page 125' })).toBeNull();
  });

  it('says "more than N" for a lower bound, offers only pages that exist, and next while rows follow', async () => {
    // The server's bound: 1,001 on the first page; deeper pages prove more; page 102 is the true last.
    const answers: Record<number, Partial<TListPage<Row>>> = {
      1: { total: 1001, atLeast: true, lastPage: 101 },
      101: { total: 1011, atLeast: true, lastPage: 102 },
      102: { total: 1015, atLeast: false, lastPage: 102 },
    };
    const fetchPage = vi.fn(async (query: Record<string, string | number>) => ({
      ...pageOf([{ id: Number(query.page), name: `row of page ${query.page}` }]),
      ...answers[Number(query.page)],
      currentPage: Number(query.page),
    }));
    const { router } = await renderWithProviders(
      <DataTable<Row> queryKey="t-bound" fetchPage={fetchPage} columns={columns} rowKey={(r) => r.id} />,
    );
    await screen.findByText('row of page 1');
    const pager = screen.getByRole('navigation', { name: 'صفحات القائمة' });
    expect(within(pager).getByTestId('table-total')).toHaveTextContent('الإجمالي: أكثر من 1,000');
    expect(within(pager).getByTestId('table-total')).not.toHaveTextContent('حوالي');
    // Pages 1 … 101 (it exists: 1,001 rows), then a gap: more may follow.
    expect(within(pager).getByRole('button', { name: 'الصفحة 101' })).toBeInTheDocument();
    expect(within(pager).queryByRole('button', { name: 'الصفحة 102' })).toBeNull();
    expect(within(pager).getByTestId('table-pages-more')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'الصفحة التالية' })).toBeEnabled();

    fireEvent.click(within(pager).getByRole('button', { name: 'الصفحة 101' }));
    await screen.findByText('row of page 101');
    expect(router.state.location.search).toContain('page=101');
    expect(within(pager).getByTestId('table-total')).toHaveTextContent('الإجمالي: أكثر من 1,010');
    // Rows follow page 101: next is offered, to page 102.
    fireEvent.click(within(pager).getByRole('button', { name: 'الصفحة التالية' }));
    await screen.findByText('row of page 102');
    // The true last page: the exact total, no gap, no next.
    expect(within(pager).getByTestId('table-total')).toHaveTextContent('الإجمالي: 1,015');
    expect(within(pager).queryByTestId('table-pages-more')).toBeNull();
    expect(within(pager).getByRole('button', { name: 'الصفحة التالية' })).toBeDisabled();
  });

  it('puts search and sort in the URL and asks the server again', async () => {
    const fetchPage = vi.fn().mockResolvedValue(pageOf([{ id: 1, name: 'x' }]));
    const { router } = await renderWithProviders(
      <DataTable<Row> queryKey="t2" fetchPage={fetchPage} columns={columns} rowKey={(r) => r.id} />,
      { route: '/list?page=1', lang: 'en' },
    );
    await screen.findByText('x');
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: '  login ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.search).toBe('?search=login'));
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'login' }), expect.anything()),
    );

    const header = screen.getByRole('columnheader', { name: /#/ });
    fireEvent.click(within(header).getByText('#'));
    await waitFor(() => expect(router.state.location.search).toContain('sortOrder=asc'));
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith(expect.objectContaining({ sortOrder: 'asc' }), expect.anything()),
    );

    fireEvent.click(screen.getByTestId('table-reset'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says so when there is nothing, in Arabic', async () => {
    const fetchPage = vi.fn().mockResolvedValue(pageOf([]));
    await renderWithProviders(
      <DataTable<Row> queryKey="t3" fetchPage={fetchPage} columns={columns} rowKey={(r) => r.id} />,
    );
    expect(await screen.findByText('لا توجد بيانات')).toBeInTheDocument();
    // The header row only: no data row.
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.queryByTestId('table-total')).toBeNull();
  });

  it('hides the search box for lists whose endpoint cannot search', async () => {
    const fetchPage = vi.fn().mockResolvedValue(pageOf([{ id: 1, name: 'x' }]));
    await renderWithProviders(
      <DataTable<Row> queryKey="t4" fetchPage={fetchPage} columns={columns} rowKey={(r) => r.id} searchable={false} />,
    );
    await screen.findByText('x');
    expect(screen.queryByRole('searchbox', { name: 'بحث' })).toBeNull();
    expect(fetchPage.mock.calls[0]?.[0]).not.toHaveProperty('search');
  });

  it('keeps two tables on one page apart: each pages and searches under its own URL namespace', async () => {
    const first = vi.fn().mockResolvedValue(pageOf([{ id: 1, name: 'first-row' }], 30));
    const second = vi.fn().mockResolvedValue(pageOf([{ id: 2, name: 'second-row' }], 30));
    const { router } = await renderWithProviders(
      <>
        <section data-testid="a">
          <DataTable<Row> queryKey={['a']} namespace="a" fetchPage={first} columns={columns} rowKey={(r) => r.id} />
        </section>
        <section data-testid="b">
          <DataTable<Row> queryKey={['b']} namespace="b" fetchPage={second} columns={columns} rowKey={(r) => r.id} />
        </section>
      </>,
      { route: '/dashboard?b.page=2', lang: 'en' },
    );
    await screen.findByText('first-row');
    await screen.findByText('second-row');
    expect(first.mock.calls[0]?.[0]).toMatchObject({ page: 1 });
    expect(second.mock.calls[0]?.[0]).toMatchObject({ page: 2 });

    const search = within(screen.getByTestId('a')).getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'login' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.search).toBe('?b.page=2&a.search=login'));
    await waitFor(() =>
      expect(first).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'login' }), expect.anything()),
    );
    expect(second).toHaveBeenLastCalledWith(expect.not.objectContaining({ search: 'login' }), expect.anything());

    fireEvent.click(within(screen.getByTestId('b')).getByTestId('table-reset'));
    await waitFor(() => expect(router.state.location.search).toBe('?a.search=login'));
  });
});
