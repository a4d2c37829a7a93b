import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '../../../lib/format';
import { renderWithProviders } from '../../../test/render';
import { makeSubscription, ok, stubMemberApi } from '../testing/fixtures';
import { MyInstallmentsList, MySubscriptionsList } from './my-subscription-lists';

/** The text as the DOM matchers read it (no-break spaces of Intl's money are plain spaces there). */
const spaced = (text: string) => text.replace(/\s+/g, ' ');

const MINE = [
  makeSubscription(),
  makeSubscription({
    id: 32,
    association: { id: 5, title: 'جمعية النور', cost: 50, type: 'vip' },
    day: { day_number: 3, date: '2026-03-03' },
    amount: 60_000,
    transfer_status: 'paid',
    transfer_date: '2026-03-03',
    installments_received: 40,
    installments_late: 0,
    next_due: { due_date: '2026-04-11', amount: 50, status: 'future' },
  }),
];

async function rowOf(title: string): Promise<HTMLElement> {
  const row = (await screen.findByText(title)).closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return row;
}

describe("a member's own lists on their profile", { timeout: 60_000 }, () => {
  it('lists each subscription with its installment, turn day, payout and statement (Subscriptions tab)', async () => {
    stubMemberApi((call) => (call.path === '/me/subscriptions' ? ok(MINE) : undefined));
    await renderWithProviders(<MySubscriptionsList />);
    expect(await screen.findByRole('region', { name: 'اشتراكاتي' })).toBeInTheDocument();
    const first = await rowOf('جمعية الخير');
    expect(first).toHaveTextContent(`اليوم 45 — ${formatDate('2026-05-14', 'ar')}`);
    expect(first).toHaveTextContent(spaced(formatMoney(100, 'ar')));
    expect(first).toHaveTextContent(spaced(formatMoney(120_000, 'ar')));
    expect(within(first).getByText('لم يتم التحويل')).toBeInTheDocument();
    const second = await rowOf('جمعية النور');
    expect(within(second).getByText('مميزة (VIP)')).toBeInTheDocument();
    expect(within(second).getByText('تم التحويل')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'كشف حساب: جمعية النور' })).toHaveAttribute(
      'href',
      '/my/subscriptions/32/statement',
    );
  });

  it('shows where the installments of each subscription stand, with the late ones marked (Payments tab)', async () => {
    stubMemberApi((call) => (call.path === '/me/subscriptions' ? ok(MINE) : undefined));
    await renderWithProviders(<MyInstallmentsList />);
    expect(await screen.findByRole('region', { name: 'أقساطي في كل اشتراك' })).toBeInTheDocument();
    const first = await rowOf('جمعية الخير');
    expect(first).toHaveTextContent('10 من 1,200');
    expect(within(first).getByTestId('my-late-31')).toHaveTextContent('2');
    const next = within(first).getByTestId('my-next-31');
    expect(next).toHaveTextContent(spaced(formatMoney(100, 'ar')));
    expect(next).toHaveTextContent(formatDate('2026-04-02', 'ar'));
    expect(within(next).getByText('متأخرة')).toBeInTheDocument();
    const second = await rowOf('جمعية النور');
    expect(second).toHaveTextContent('40 من 1,200');
    expect(second).toHaveTextContent('لا توجد');
    expect(within(within(second).getByTestId('my-next-32')).getByText('قادمة')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'كشف حساب: جمعية الخير' })).toHaveAttribute(
      'href',
      '/my/subscriptions/31/statement',
    );
  });

  it('reads in English with the amounts in English', async () => {
    stubMemberApi((call) => (call.path === '/me/subscriptions' ? ok(MINE) : undefined));
    await renderWithProviders(<MyInstallmentsList />, { lang: 'en' });
    expect(await screen.findByRole('region', { name: 'My installments in each subscription' })).toBeInTheDocument();
    const first = await rowOf('جمعية الخير');
    expect(first).toHaveTextContent('10 of 1,200');
    expect(first).toHaveTextContent(spaced(formatMoney(100, 'en')));
    expect(within(first).getByText('Late')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Statement: جمعية النور' })).toBeInTheDocument();
  });

  it('leads a member with no subscription to the open associations, not to an empty table', async () => {
    stubMemberApi((call) => (call.path === '/me/subscriptions' ? ok([]) : undefined));
    await renderWithProviders(<MyInstallmentsList />);
    expect(await screen.findByTestId('subscriptions-empty')).toHaveTextContent('لم تشترك في أي جمعية بعد');
    expect(screen.getByRole('link', { name: 'تصفّح الجمعيات المتاحة' })).toHaveAttribute(
      'href',
      '/my/associations/open',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
