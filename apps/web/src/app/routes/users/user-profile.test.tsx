import type { TUser } from '@portal/shared/schemas/auth';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSubscription } from '../../../features/members/testing/fixtures';
import { type Call, ok, signInAs, stubApi } from '../../../test/api-stub';
import { makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import UserProfileRoute from './user-profile';

const MEMBER = makeUser({ id: 7, name: 'منى حسن', phone: '01011112222', type: 'user' });
const STAFF = makeUser({ id: 1, direct_permissions: ['users.view', 'subscriptions.index', 'payments.index'] });
/** Staff who may open a customer's profile but not read their money. */
const CLERK = makeUser({ id: 2, name: 'سارة إبراهيم', direct_permissions: ['users.view'] });

const EMPTY_PAGE = { data: [], total: 0, lastPage: 1, currentPage: 1, perPage: 10 };

/** Opens /users/7 signed in as `viewer`: the API answers the users, my subscriptions and the staff lists. */
async function openProfile(viewer: TUser): Promise<Call[]> {
  signInAs(viewer);
  const calls = stubApi((call) => {
    const user = [MEMBER, STAFF, CLERK].find((u) => call.url === `/api/v1/users/${u.id}`);
    if (user) return ok(user);
    if (call.url === '/api/v1/me/subscriptions') return ok([makeSubscription()]);
    if (call.method === 'POST' && ['/api/v1/subscriptions', '/api/v1/subscriptions/payments'].includes(call.url)) {
      return ok(EMPTY_PAGE);
    }
    return undefined;
  });
  await renderRoutes([{ path: '/users/:id', Component: UserProfileRoute }], { route: '/users/7' });
  await screen.findByRole('heading', { name: 'منى حسن', level: 1 });
  return calls;
}

const tab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));
const panel = () => screen.getByRole('tabpanel');

describe("a customer's profile tabs", { timeout: 60_000 }, () => {
  it('fills a member’s own Associations, Subscriptions and Payments tabs from their own data', async () => {
    const calls = await openProfile(MEMBER);
    // Associations: the cards of "My associations".
    expect(await within(panel()).findByRole('article', { name: 'جمعية الخير' })).toBeInTheDocument();
    expect(within(panel()).queryByText('لا توجد جمعيات بعد')).not.toBeInTheDocument();

    tab('الاشتراكات');
    expect(await within(panel()).findByRole('region', { name: 'اشتراكاتي' })).toBeInTheDocument();
    expect(await within(panel()).findByText('جمعية الخير')).toBeInTheDocument();
    expect(within(panel()).getByRole('link', { name: 'كشف حساب: جمعية الخير' })).toHaveAttribute(
      'href',
      '/my/subscriptions/31/statement',
    );

    tab('الأقساط');
    expect(await within(panel()).findByRole('region', { name: 'أقساطي في كل اشتراك' })).toBeInTheDocument();
    expect(await within(panel()).findByTestId('my-late-31')).toHaveTextContent('2');
    expect(within(panel()).queryByText('لا توجد أقساط بعد')).not.toBeInTheDocument();

    // Their own calls only: never the staff lists they may not read.
    expect(calls.some((c) => c.url === '/api/v1/me/subscriptions')).toBe(true);
    expect(calls.filter((c) => c.url.startsWith('/api/v1/subscriptions'))).toEqual([]);
  });

  it('keeps the staff lists for staff who may read them, scoped to the customer, never the member’s own calls', async () => {
    const calls = await openProfile(STAFF);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url === '/api/v1/subscriptions')?.body).toMatchObject({
        user_id: 7,
      }),
    );
    tab('الأقساط');
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/v1/subscriptions/payments')?.body).toMatchObject({ user_id: 7 }),
    );
    expect(screen.queryByRole('article', { name: 'جمعية الخير' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/v1/me/'))).toEqual([]);
  });

  it('says there is nothing in the tabs a viewer may not read', async () => {
    const calls = await openProfile(CLERK);
    expect(within(panel()).getByText('لا توجد جمعيات بعد')).toBeInTheDocument();
    tab('الاشتراكات');
    expect(within(panel()).getByText('لا توجد اشتراكات بعد')).toBeInTheDocument();
    tab('الأقساط');
    expect(within(panel()).getByText('لا توجد أقساط بعد')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/v1/me/') || c.url.startsWith('/api/v1/subscriptions'))).toEqual(
      [],
    );
  });
});
