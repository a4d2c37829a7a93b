import { configure, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Call, ok, signInAs, stubApi } from '../../../test/api-stub';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { makeBalance } from '../testing/fixtures';
import MemberBalanceCard from './member-balance-card';

configure({ asyncUtilTimeout: 10_000 });

/** An element's text as read, the isolation marks around amounts in sentences left out. */
const plain = (element: HTMLElement) =>
  (element.textContent ?? '').replace(/[\u2060\u2066-\u2069]/g, '').replace(/\s+/g, ' ');

function stub(answer: (call: Call) => Response | undefined): Call[] {
  signInAs({ id: 1 });
  return stubApi((call) => {
    if (call.url === '/api/v1/users/1') return ok(makeUser({ id: 1 }));
    return answer(call);
  });
}

describe('a member’s balance card', () => {
  it('for staff: a user’s paid, received, owed and late, the payouts to come and each subscription', async () => {
    const calls = stub((call) => (call.url === '/api/v1/users/5/balance' ? ok(makeBalance()) : undefined));
    await renderWithProviders(<MemberBalanceCard who={5} linkAssociations />, { lang: 'en' });
    const card = await screen.findByTestId('balance-card');
    expect(within(card).getByRole('heading', { name: "Member's balance" })).toBeInTheDocument();
    expect(await within(card).findByTestId('balance-paid-value')).toHaveTextContent('EGP 1,040.00');
    expect(within(card).getByTestId('balance-received-value')).toHaveTextContent('EGP 12,000.00');
    expect(within(card).getByTestId('balance-owed')).toHaveTextContent(
      'Still owedEGP 11,260.00Installments owed: 1,126',
    );
    expect(within(card).getByTestId('balance-late')).toHaveTextContent(
      'Late installments: 3, the oldest due Mar 12, 2026',
    );
    expect(plain(within(card).getByTestId('balance-to-receive'))).toContain(
      'Payouts not made yet: 1, totalling EGP 12,000.00',
    );
    const lines = within(card).getByRole('table', { name: 'By subscription' });
    expect(within(lines).getAllByRole('row')).toHaveLength(3);
    // The subscription replaced away keeps what they paid on it, marked as no longer theirs.
    expect(within(card).getByTestId('balance-line-12')).toHaveTextContent('No longer theirs');
    expect(within(card).getByRole('link', { name: 'جمعية الأمل' })).toHaveAttribute('href', '/associations/7');
    expect(calls.some((c) => c.url === '/api/v1/me/balance')).toBe(false);
  });

  it('for the member: their own (GET /me/balance), in Arabic, without links to staff screens', async () => {
    const calls = stub((call) => (call.url === '/api/v1/me/balance' ? ok(makeBalance({ user_id: 1 })) : undefined));
    await renderWithProviders(<MemberBalanceCard who="me" />, { lang: 'ar' });
    const card = await screen.findByTestId('balance-card');
    expect(within(card).getByRole('heading', { name: 'موقفي المالي' })).toBeInTheDocument();
    expect(await within(card).findByTestId('balance-owed')).toHaveTextContent('المتبقي عليّ');
    expect(within(card).queryByRole('link')).toBeNull();
    expect(calls.filter((c) => c.url.includes('/balance')).map((c) => c.url)).toEqual(['/api/v1/me/balance']);
  });

  it('nothing owed, nothing late, no subscription yet: says so', async () => {
    stub((call) =>
      call.url === '/api/v1/me/balance'
        ? ok(
            makeBalance({
              paid: 0,
              received: 0,
              payouts: 0,
              deducted: 0,
              owed: { count: 0, sum: 0 },
              late: { count: 0, sum: 0, oldest: null },
              to_receive: { count: 0, sum: 0 },
              lines: [],
            }),
          )
        : undefined,
    );
    await renderWithProviders(<MemberBalanceCard who="me" />, { lang: 'en' });
    expect(await screen.findByText('No subscriptions yet.')).toBeInTheDocument();
    expect(screen.getByTestId('balance-late')).toHaveTextContent('Nothing is late');
    expect(screen.queryByTestId('balance-to-receive')).toBeNull();
  });

  it('while loading shows placeholders; a failed load says so and tries again on request', async () => {
    let fail = true;
    stub((call) => {
      if (call.url !== '/api/v1/users/5/balance') return undefined;
      return fail ? jsonResponse({ status: 'error', message: 'down', errors: [] }, 500) : ok(makeBalance());
    });
    await renderWithProviders(<MemberBalanceCard who={5} />, { lang: 'en' });
    expect(screen.getByTestId('balance-card').querySelector('.ant-skeleton')).not.toBeNull();
    const error = await screen.findByTestId('cash-error');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(screen.getByTestId('balance-paid-value')).toHaveTextContent('EGP 1,040.00'));
  });
});
