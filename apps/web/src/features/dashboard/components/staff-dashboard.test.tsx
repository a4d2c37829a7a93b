import { PERMISSIONS, type Permission } from '@portal/shared/permissions';
import type { TCardRequest } from '@portal/shared/schemas/card-requests';
import type { TDashboardCounts } from '@portal/shared/schemas/dashboard';
import type { TTurnMove } from '@portal/shared/schemas/turn-moves';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setDigitSystem } from '../../../lib/digits';
import { type Call, ok, signInAs, stubApi } from '../../../test/api-stub';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { StaffDashboard } from './staff-dashboard';

configure({ asyncUtilTimeout: 5000 });

const COUNTS: TDashboardCounts = {
  counts: [{ active_user: 12, inactive_user: 3, payments_received: 1250, payments_late: 40, payments_future: 3510 }],
  counts_associations: [
    { cost: 50, cost_count: 2 },
    { cost: 100, cost_count: 1 },
  ],
  counts_subscriptions: [
    { title: 'جمعية الأمل', users: 3 },
    { title: 'جمعية النور', users: 1 },
  ],
};

const page = <T,>(data: T[], perPage: number) => ({ data, total: 23, lastPage: 5, currentPage: 1, perPage });

const cards = Array.from(
  { length: 10 },
  (_, i): TCardRequest => ({
    id: 100 - i,
    name: `بطاقة ${i + 1}`,
    national_id: `2900101010${String(1000 + i)}`,
    status: 0,
    note: null,
    user: { id: 40 + i, name: `عضو ${i + 1}`, phone: `010100000${String(10 + i)}`, image_url: null },
    decided_by: null,
    created_at: '2027-01-05T09:30:00.000Z',
    decided_at: null,
    actions: [],
  }),
);

const moves = Array.from(
  { length: 10 },
  (_, i): TTurnMove => ({
    id: 200 - i,
    user: { id: 60 + i, name: `مشترك ${i + 1}`, phone: `011100000${String(10 + i)}`, image_url: null },
    association: { id: 3, title: 'جمعية الأمل', cost: 50 },
    subscription_id: 300 + i,
    from_day: { day_number: 40, date: '2027-02-09' },
    to_day: { day_number: 70, date: '2027-03-11' },
    status: i === 0 ? 1 : 0,
    note: null,
    changed_by: null,
    created_at: '2027-01-05T09:30:00.000Z',
    decided_at: null,
    actions: [],
  }),
);

const payment = {
  id: 9,
  user: { id: 41, name: 'منى عادل', phone: '01011110001' },
  association: { id: 3, title: 'جمعية الأمل', cost: 50 },
  association_id: 3,
  subscription_id: 300,
  dayNumber: 4,
  dueDate: '2027-01-04',
  status: 'late',
  amount: 50,
  days_late: 6,
  reference: null,
  note: null,
  received_at: null,
};

const subscription = {
  id: 300,
  user_id: 41,
  userName: 'منى عادل',
  userPhone: '01011110001',
  date: '2027-02-09',
  dayNumber: 40,
  association: { id: 3, title: 'جمعية الأمل', cost: 50 },
  amount: 60000,
  transferStatus: 'unpaid',
  transfer_reference: null,
  transfer_date: null,
  created_at: '2027-01-01T09:00:00.000Z',
};

function stub(permissions: readonly Permission[]): Call[] {
  signInAs({ id: 1 });
  return stubApi((call) => {
    if (call.method === 'GET' && call.url === '/api/v1/users/1') {
      return ok(makeUser({ id: 1, direct_permissions: [...permissions] }));
    }
    if (call.url === '/api/v1/dashbored/count') return ok(COUNTS);
    if (call.url === '/api/v1/subscriptions/payments') return ok(page([payment], 5));
    if (call.url === '/api/v1/subscriptions') return ok(page([subscription], 5));
    if (call.url === '/api/v1/card-requests') return ok(page(cards, 10));
    if (call.url === '/api/v1/associations/change-turn-requests') return ok(page(moves, 10));
    if (call.url === '/api/v1/customers_requests/statistics') {
      const statistics = {
        draft: 1,
        submitted: 2,
        reviewed: 0,
        accepted: 0,
        paid: 0,
        ready: 0,
        delivered: 0,
        rejected: 0,
        canceled: 0,
        branched: 0,
      };
      return ok({ statistics, total: 3 });
    }
    return undefined;
  });
}

async function renderDashboard(permissions: readonly Permission[], lang: 'ar' | 'en' = 'en') {
  const calls = stub(permissions);
  const user = makeUser({ id: 1, direct_permissions: [...permissions] });
  const rendered = await renderWithProviders(<StaffDashboard user={user} />, { lang });
  await screen.findByTestId('my-account-card');
  return { calls, ...rendered };
}

/** Each part, the permission it needs, and the call that brings its data (SPEC §2, §6). */
const PARTS: { testId: string; permission: Permission; url?: string }[] = [
  { testId: 'stat-payments-future', permission: 'payments.index' },
  { testId: 'stat-total-users', permission: 'users.index' },
  { testId: 'chart-associations', permission: 'associations.index' },
  { testId: 'chart-subscriptions', permission: 'subscriptions.index' },
  { testId: 'dashboard-payments', permission: 'payments.index', url: '/api/v1/subscriptions/payments' },
  { testId: 'latest-card-requests', permission: 'card_requests.index', url: '/api/v1/card-requests' },
  { testId: 'dashboard-subscriptions', permission: 'subscriptions.index', url: '/api/v1/subscriptions' },
  {
    testId: 'latest-turn-moves',
    permission: 'association_move_turn.index',
    url: '/api/v1/associations/change-turn-requests',
  },
  { testId: 'chart-requests', permission: 'show_requests', url: '/api/v1/customers_requests/statistics' },
];

describe('StaffDashboard', { timeout: 60_000 }, () => {
  it('shows all ten parts, with real figures, to a user holding every permission', async () => {
    const { calls } = await renderDashboard(PERMISSIONS);
    for (const part of PARTS) expect(await screen.findByTestId(part.testId)).toBeInTheDocument();
    // 4. my account, 6. the static messages panel: a search box and seven placeholder rows.
    expect(screen.getByTestId('messages-panel')).toHaveTextContent('Messages');
    expect(within(screen.getByTestId('messages-panel')).getByRole('searchbox')).toBeInTheDocument();
    expect(screen.getByTestId('messages-rows').children).toHaveLength(7);
    // 1. installments: future, received, late, and their total.
    await waitFor(() => expect(screen.getByTestId('stat-payments-total-value')).toHaveTextContent('4,800'));
    expect(screen.getByTestId('stat-payments-future')).toHaveTextContent('Future installments3,510');
    expect(screen.getByTestId('stat-payments-received')).toHaveTextContent('Received installments1,250');
    expect(screen.getByTestId('stat-payments-late')).toHaveTextContent('Late installments40');
    // 2. customers.
    expect(screen.getByTestId('stat-total-users-value')).toHaveTextContent('15');
    // 7 and 9: five a page, newest first.
    await screen.findByText('Feb 9, 2027');
    // 7: the late installments, longest overdue first; 9: the newest subscriptions.
    expect(calls.find((c) => c.url === '/api/v1/subscriptions/payments')?.body).toEqual({
      page: 1,
      perPage: 5,
      sortBy: 'dueDate',
      sortOrder: 'asc',
      status: 'late',
    });
    expect(calls.find((c) => c.url === '/api/v1/subscriptions')?.body).toEqual({
      page: 1,
      perPage: 5,
      sortBy: 'id',
      sortOrder: 'desc',
    });
    const payments = screen.getByTestId('dashboard-payments');
    expect(within(payments).getByText('Jan 4, 2027')).toBeInTheDocument();
    expect(within(payments).getByRole('link', { name: 'View all late installments' })).toHaveAttribute(
      'href',
      '/payments?status=late',
    );
    // 9: the add link and the association's page.
    const subscriptions = screen.getByTestId('dashboard-subscriptions');
    expect(within(subscriptions).getByRole('link', { name: 'Add subscription' })).toHaveAttribute(
      'href',
      '/subscriptions/create',
    );
    expect(within(subscriptions).getByRole('link', { name: 'Show the association جمعية الأمل' })).toHaveAttribute(
      'href',
      '/associations/3',
    );
  });

  it('shows the latest 7 requests (the lists give 10 a page at least: it asks for 10), a card request leading to the member', async () => {
    const { calls } = await renderDashboard(PERMISSIONS);
    const latestCards = await screen.findByTestId('latest-card-requests');
    await within(latestCards).findByText('عضو 1');
    expect(within(latestCards).getAllByRole('listitem')).toHaveLength(7);
    expect(within(latestCards).queryByText('عضو 8')).toBeNull();
    expect(within(latestCards).getByRole('link', { name: /عضو 1/ })).toHaveAttribute('href', '/users/40');
    expect(within(latestCards).getByRole('link', { name: 'View all card requests' })).toHaveAttribute(
      'href',
      '/card/requests',
    );
    const latestMoves = screen.getByTestId('latest-turn-moves');
    await within(latestMoves).findByText('مشترك 1');
    expect(within(latestMoves).getAllByRole('listitem')).toHaveLength(7);
    expect(within(latestMoves).getByText('Moved')).toBeInTheDocument();
    expect(within(latestMoves).getAllByText('جمعية الأمل · From day 40 to day 70')).toHaveLength(7);
    for (const url of ['/api/v1/card-requests', '/api/v1/associations/change-turn-requests']) {
      expect(calls.find((c) => c.url === url)?.body).toEqual({ page: 1, perPage: 10, sortBy: 'id', sortOrder: 'desc' });
    }
  });

  it.each(PARTS)('hides $testId without $permission and does not ask for its data', async (part) => {
    const { calls } = await renderDashboard(PERMISSIONS.filter((p) => p !== part.permission));
    // The parts the user may see are there: the grid is drawn.
    const visible = PARTS.find((other) => other.permission !== part.permission) as (typeof PARTS)[number];
    await screen.findByTestId(visible.testId);
    expect(screen.queryByTestId(part.testId)).toBeNull();
    if (part.url) expect(calls.some((c) => c.url === part.url)).toBe(false);
  });

  it('shows a user holding only users.index their customers, account and messages, and asks for nothing else', async () => {
    const { calls } = await renderDashboard(['users.index']);
    // Once the session's permissions are in, the users card shows; nothing else of the back office does.
    await screen.findByTestId('stat-total-users');
    expect(screen.getByTestId('messages-panel')).toBeInTheDocument();
    for (const part of PARTS.filter((p) => p.permission !== 'users.index')) {
      expect(screen.queryByTestId(part.testId)).toBeNull();
    }
    expect(calls.filter((c) => /payments|subscriptions|card-requests|change-turn/.test(c.url))).toEqual([]);
  });

  it('writes every figure in Arabic-Indic digits when the user chose them (decision 0016)', async () => {
    await setDigitSystem('arab');
    await renderDashboard(PERMISSIONS, 'ar');
    await waitFor(() => expect(screen.getByTestId('stat-payments-total-value')).toHaveTextContent('٤٬٨٠٠'));
    expect(screen.getByTestId('stat-payments-late')).toHaveTextContent('أقساط متأخرة٤٠');
    const latestMoves = await screen.findByTestId('latest-turn-moves');
    // Names are the members' own: their digits stay as typed.
    await within(latestMoves).findByText('مشترك 1');
    expect(within(latestMoves).getAllByText('جمعية الأمل · من اليوم ٤٠ إلى اليوم ٧٠')).toHaveLength(7);
    await setDigitSystem('latn');
  });
});
