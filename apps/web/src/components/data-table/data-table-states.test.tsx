import type { TListPage } from '@portal/shared/schemas/list';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AntdProviders from '../../app/antd-providers';
import { changeLanguage } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { PHONE_QUERY } from '../../lib/use-media-query';
import { mediaMatching } from '../../test/media';
import { renderWithProviders } from '../../test/render';
import { type DataColumn, DataTable } from './data-table';
import type { FilterDef } from './table-filters';

type Row = { id: number; name: string; status: string };
const columns: DataColumn<Row>[] = [
  { key: 'id', title: '#', dataIndex: 'id', sortKey: 'id', card: 'meta' },
  { key: 'name', title: 'Name', dataIndex: 'name', sortKey: 'name', card: 'title' },
  { key: 'status', title: 'Status', dataIndex: 'status' },
  {
    key: 'actions',
    title: 'Actions',
    fixed: 'end',
    render: (_, row) => <button type="button">{`Edit ${row.name}`}</button>,
  },
];
const FILTERS: FilterDef[] = [
  { kind: 'text', name: 'url', label: 'logs.url' },
  {
    kind: 'select',
    name: 'status',
    label: 'usersUi.filters.status',
    options: [
      { value: 'true', label: 'common.active' },
      { value: 'false', label: 'common.inactive' },
    ],
  },
  { kind: 'checkbox', name: 'removed', label: 'usersUi.filters.removed' },
  { kind: 'dateRange', label: 'logs.date' },
];

const pageOf = (rows: Row[]): TListPage<Row> => ({
  data: rows,
  total: rows.length,
  lastPage: 1,
  currentPage: 1,
  perPage: 10,
});
const ROWS: Row[] = [
  { id: 1, name: 'Mona', status: 'active' },
  { id: 2, name: 'Karim', status: 'inactive' },
];

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

/** Pretends to be a phone (390 px): PHONE_QUERY matches. */
function onPhone() {
  mediaMatching((query) => query === PHONE_QUERY);
}

afterEach(() => vi.unstubAllGlobals());

describe('DataTable states (issue 9 item 18)', { timeout: 60_000 }, () => {
  it('shows a skeleton while the first page loads, never "no data", and the empty state only for an empty answer', async () => {
    const answer = deferred<TListPage<Row>>();
    await renderWithProviders(
      <DataTable<Row> queryKey="s1" fetchPage={() => answer.promise} columns={columns} rowKey={(r) => r.id} />,
      { lang: 'en' },
    );
    expect(await screen.findByTestId('table-skeleton')).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No data')).toBeNull();
    await act(async () => answer.resolve(pageOf([])));
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(screen.queryByTestId('table-skeleton')).toBeNull();
  });

  it('shows a failed load at once with a retry button, without retrying silently first; the button loads the page', async () => {
    // The app's own query client (its default retries network errors): the list must not wait for them.
    await changeLanguage('en');
    const fetchPage = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(pageOf(ROWS));
    const client = createQueryClient();
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <DataTable<Row> queryKey="s2" fetchPage={fetchPage} columns={columns} rowKey={(r) => r.id} />
          ) as ReactElement,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <QueryClientProvider client={client}>
        <AntdProviders>
          <RouterProvider router={router} />
        </AntdProviders>
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert', {}, { timeout: 900 });
    expect(alert).toHaveTextContent('The data could not be loaded');
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('No data')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Mona')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenCalledTimes(2);
    client.clear();
  });
});

describe('DataTable filters (issue 9 items 19, 20)', { timeout: 60_000 }, () => {
  it('folds the filters into a panel whose every field has a visible label; choices apply at once', async () => {
    const fetchPage = vi.fn().mockResolvedValue(pageOf(ROWS));
    const { router, container } = await renderWithProviders(
      <DataTable<Row> queryKey="f1" fetchPage={fetchPage} columns={columns} rowKey={(r) => r.id} filters={FILTERS} />,
      { lang: 'en' },
    );
    await screen.findByText('Mona');
    // Folded: no field and no date picker (loaded with the panel) before it is opened.
    expect(screen.queryByLabelText('Status')).toBeNull();
    expect(container.querySelector('.ant-picker')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const panel = screen.getByRole('form', { name: 'Filters' });
    // The date picker arrives with the panel.
    expect(await within(panel).findByPlaceholderText('From date')).toBeInTheDocument();
    // Each label is text on screen tied to its field, not a placeholder.
    for (const name of ['URL', 'Status', 'Deleted users', 'Date']) {
      const label = within(panel).getByText(name, { selector: 'label' });
      expect(label).toBeVisible();
      expect(within(panel).getByLabelText(name)).toBeInTheDocument();
    }
    expect(within(panel).getByLabelText('URL')).not.toHaveAttribute('placeholder');

    fireEvent.change(within(panel).getByLabelText('Status'), { target: { value: 'false' } });
    await waitFor(() => expect(router.state.location.search).toBe('?status=false'));
    fireEvent.click(screen.getByLabelText('Deleted users'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=false&removed=true'));
    fireEvent.change(screen.getByLabelText('URL'), { target: { value: ' /api/v1/login ' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Filters' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('url')).toBe('/api/v1/login'));
    await waitFor(() =>
      expect(fetchPage).toHaveBeenLastCalledWith(
        expect.objectContaining({ status: 'false', removed: 'true', url: '/api/v1/login' }),
        expect.anything(),
      ),
    );
    // The toggle counts what is set.
    expect(screen.getByRole('button', { name: 'Filters (3)' })).toBeInTheDocument();
  });

  it('opens with the panel when a link carries filters (desktop)', async () => {
    const fetchPage = vi.fn().mockResolvedValue(pageOf(ROWS));
    await renderWithProviders(
      <DataTable<Row> queryKey="f2" fetchPage={fetchPage} columns={columns} rowKey={(r) => r.id} filters={FILTERS} />,
      { lang: 'en', route: '/?status=true' },
    );
    await screen.findByText('Mona');
    expect(screen.getByLabelText('Status')).toHaveValue('true');
  });

  it('lets the keyboard reach a table that scrolls sideways', async () => {
    const width = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(1200);
    const client = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
    try {
      await renderWithProviders(
        <DataTable<Row>
          queryKey="f3"
          fetchPage={vi.fn().mockResolvedValue(pageOf(ROWS))}
          columns={columns}
          rowKey={(r) => r.id}
          caption="logs.title"
        />,
        { lang: 'en' },
      );
      await screen.findByText('Mona');
      const region = screen.getByRole('region', { name: 'Audit log' });
      await waitFor(() => expect(region).toHaveAttribute('tabindex', '0'));
    } finally {
      width.mockRestore();
      client.mockRestore();
    }
  });
});

describe('DataTable on a phone (issue 9 item 19)', { timeout: 60_000 }, () => {
  it('shows each row as a card with its key fields labelled and its actions in view, filters folded', async () => {
    onPhone();
    const fetchPage = vi.fn().mockResolvedValue(pageOf(ROWS));
    const { router } = await renderWithProviders(
      <DataTable<Row>
        queryKey="p1"
        fetchPage={fetchPage}
        columns={columns}
        rowKey={(r) => r.id}
        filters={FILTERS}
        caption="logs.title"
      />,
      { lang: 'en', route: '/?status=true' },
    );
    const cards = await screen.findByRole('list', { name: 'Audit log' });
    expect(screen.queryByRole('table')).toBeNull();
    const mona = within(cards).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(mona).getByText('Mona')).toBeInTheDocument();
    // A field with its label; the actions at hand.
    expect(within(mona).getByText('Status')).toBeInTheDocument();
    expect(within(mona).getByText('active')).toBeInTheDocument();
    expect(within(mona).getByRole('button', { name: 'Edit Mona' })).toBeInTheDocument();
    // Filters fold even when the link carries one, so the list starts on the first screen.
    expect(screen.queryByLabelText('Status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Filters (1)' }));
    // No header to click on cards: the panel sorts.
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'name:asc' } });
    await waitFor(() => expect(router.state.location.search).toContain('sortBy=name'));
    expect(router.state.location.search).toContain('sortOrder=asc');
  });
});
