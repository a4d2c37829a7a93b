import type { Permission } from '@portal/shared/permissions';
import type { TListPage } from '@portal/shared/schemas/list';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DIGITS_STORAGE_KEY } from '../../lib/digits';
import { ok, signInAs, stubApi } from '../../test/api-stub';
import { makeUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { dateColumn, dateTimeColumn, idColumn, moneyColumn, statusColumn, userColumn } from './columns';
import { type DataColumn, DataTable } from './data-table';

type Row = {
  id: number;
  birth: string | null;
  at: string;
  amount: number;
  status: 'open' | 'closed';
  user: { id: number; name: string; phone: string; photo_url: null } | null;
};

const ROWS: Row[] = [
  {
    id: 7,
    birth: '1990-05-12',
    at: '2026-01-10T22:30:00Z',
    amount: 125_050,
    status: 'open',
    user: { id: 2, name: 'منى حسن', phone: '01012345678', photo_url: null },
  },
  { id: 8, birth: null, at: '2026-01-11T08:00:00Z', amount: 0, status: 'closed', user: null },
];

const page = (rows: Row[]): TListPage<Row> => ({
  data: rows,
  total: rows.length,
  lastPage: 1,
  currentPage: 1,
  perPage: 10,
});

const columns: DataColumn<Row>[] = [
  idColumn(),
  dateColumn({ key: 'birth', title: 'Birth', value: (r) => r.birth }),
  dateTimeColumn({ key: 'at', title: 'At', value: (r) => r.at }),
  moneyColumn({ key: 'amount', title: 'Amount', value: (r) => r.amount }),
  statusColumn({
    key: 'status',
    title: 'Status',
    value: (r) => r.status,
    colors: { open: 'success', closed: 'default' },
    label: (s) => (s === 'open' ? 'common.active' : 'common.inactive'),
    testId: (r) => `status-${r.id}`,
  }),
  userColumn({ key: 'user', title: 'User', user: (r) => r.user, empty: 'logs.system' }),
];

async function renderAs(permissions: Permission[], lang: 'ar' | 'en') {
  const me = makeUser({ id: 1, direct_permissions: permissions });
  signInAs(me);
  stubApi((call) => (call.url === '/api/v1/users/1' ? ok(me) : undefined));
  const fetchPage = vi.fn().mockResolvedValue(page(ROWS));
  await renderWithProviders(
    <DataTable<Row> queryKey={['test', 'columns']} fetchPage={fetchPage} columns={columns} rowKey={(r) => r.id} />,
    { lang },
  );
  await screen.findByText(/01012345678|٠١٠١٢٣٤٥٦٧٨/);
  return {
    row: (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement,
  };
}

describe('column helpers', { timeout: 60_000 }, () => {
  it('render id, day, moment (Cairo), EGP, a coloured translated status and the user, in English', async () => {
    const { row } = await renderAs(['users.view'], 'en');
    const first = within(row(7));
    expect(first.getByText(/May 12, 1990|12 May 1990/)).toBeInTheDocument();
    // 22:30 UTC is 00:30 the next day in Cairo.
    expect(first.getByText(/Jan 11, 2026|11 Jan 2026/)).toBeInTheDocument();
    expect(first.getByText(/EGP\s?1,250\.5/)).toBeInTheDocument();
    const status = first.getByTestId('status-7');
    expect(status).toHaveTextContent('Active');
    expect(status).toHaveClass('ant-tag-success');
    // With users.view the name links to the profile, with the phone under it.
    expect(first.getByRole('link', { name: 'منى حسن' })).toHaveAttribute('href', '/users/2');
    const second = within(row(8));
    expect(second.getByText('—')).toBeInTheDocument();
    expect(second.getByText('System')).toBeInTheDocument();
    expect(second.getByTestId('status-8')).toHaveTextContent('Inactive');
  });

  it('show Arabic labels and digits, and no profile link to a viewer who may not see the user', async () => {
    // Arabic-Indic digits are the user's choice (lib/digits.ts); the setup clears storage after each test.
    window.localStorage.setItem(DIGITS_STORAGE_KEY, 'arab');
    const { row } = await renderAs([], 'ar');
    const first = within(row(7));
    expect(first.getByText('٧', { selector: 'td' })).toBeInTheDocument();
    expect(first.getByText(/١٬٢٥٠٫٥/)).toBeInTheDocument();
    expect(first.getByText(/١٩٩٠/)).toBeInTheDocument();
    expect(first.getByTestId('status-7')).toHaveTextContent('مفعّل');
    expect(first.getByText('منى حسن')).toBeInTheDocument();
    expect(first.queryByRole('link', { name: 'منى حسن' })).toBeNull();
    // The phone follows the screen's digits too, left to right (docs/decisions/0016-digits.md).
    const phone = first.getByText('٠١٠١٢٣٤٥٦٧٨');
    expect(phone.tagName).toBe('BDI');
    expect(phone).toHaveAttribute('dir', 'ltr');
  });
});
