import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '../../../lib/format';
import { renderWithProviders } from '../../../test/render';
import { DAYS, makeSubscription, makeTurnMove, ok, refused, stubMemberApi } from '../testing/fixtures';
import { MySubscriptions } from './my-subscriptions';
import { receivedPercent } from './progress-bar';
import { SubscriptionCard } from './subscription-card';

configure({ asyncUtilTimeout: 5000 });

/** The text as the DOM matchers read it (no-break spaces of Intl's money are plain spaces there). */
const spaced = (text: string) => text.replace(/\s+/g, ' ');

describe('the subscription card', { timeout: 60_000 }, () => {
  it('shows the association, the turn day and date, the payout, paid of total, late and the next due, in Arabic', async () => {
    stubMemberApi(() => undefined);
    await renderWithProviders(<SubscriptionCard subscription={makeSubscription()} />);
    const card = screen.getByRole('article', { name: 'جمعية الخير' });
    expect(within(card).getByText('عادية')).toBeInTheDocument();
    expect(within(card).getByTestId('subscription-31-day')).toHaveTextContent(
      `اليوم 45 — ${formatDate('2026-05-14', 'ar')}`,
    );
    expect(card).toHaveTextContent(spaced(formatMoney(120_000, 'ar')));
    expect(within(card).getByText('لم يتم التحويل')).toBeInTheDocument();
    // 10 of 1,200 paid: the bar and its words agree.
    expect(within(card).getByTestId('subscription-31-progress')).toHaveTextContent('10 من 1,200');
    const bar = within(card).getByRole('progressbar', { name: 'الأقساط المدفوعة: 10 من 1,200' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(within(card).getByTestId('subscription-31-late')).toHaveTextContent('2');
    const next = within(card).getByTestId('subscription-31-next');
    expect(next).toHaveTextContent(spaced(formatMoney(100, 'ar')));
    expect(next).toHaveTextContent(formatDate('2026-04-02', 'ar'));
    expect(within(next).getByText('متأخرة')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'كشف الحساب' })).toHaveAttribute(
      'href',
      '/my/subscriptions/31/statement',
    );
    expect(within(card).getByRole('button', { name: 'طلب تغيير الدور في جمعية الخير' })).toBeInTheDocument();
  });

  it('counts progress in whole percent and never says 100 before the last installment', () => {
    expect(receivedPercent(600, 1200)).toBe(50);
    expect(receivedPercent(1199, 1200)).toBe(99);
    expect(receivedPercent(1200, 1200)).toBe(100);
    expect(receivedPercent(0, 0)).toBe(0);
  });

  it('says everything is paid when nothing is due, and offers no move when the server says it may not', async () => {
    stubMemberApi(() => undefined);
    await renderWithProviders(
      <SubscriptionCard
        subscription={makeSubscription({
          next_due: null,
          installments_received: 1200,
          installments_late: 0,
          can_move: false,
          transfer_status: 'paid',
          transfer_date: '2026-05-14',
        })}
      />,
    );
    expect(screen.getByTestId('subscription-31-next')).toHaveTextContent('تم سداد كل الأقساط');
    expect(screen.getByTestId('subscription-31-late')).toHaveTextContent('لا توجد');
    expect(screen.getByText('تم التحويل')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.queryByTestId('subscription-31-move')).not.toBeInTheDocument();
  });

  it('shows the move in review with a cancel that asks first, and cancels it once confirmed', async () => {
    let cancelled = false;
    const calls = stubMemberApi((call) => {
      if (call.method === 'POST' && call.path === '/me/turn-moves/5/cancel') {
        cancelled = true;
        return ok(makeTurnMove({ status: 3, actions: [] }));
      }
      if (call.path === '/me/subscriptions') return ok([makeSubscription({ can_move: false, open_turn_move: null })]);
      return undefined;
    });
    const s = makeSubscription({
      can_move: false,
      open_turn_move: { id: 5, to_day: DAYS[2] as (typeof DAYS)[number], created_at: '2026-04-01T09:00:00.000Z' },
    });
    await renderWithProviders(<SubscriptionCard subscription={s} />);
    const open = screen.getByTestId('subscription-31-open-move');
    expect(open).toHaveTextContent('طلب تغيير الدور قيد المراجعة');
    expect(open).toHaveTextContent(`اليوم 52 — ${formatDate('2026-04-21', 'ar')}`);
    // In review: no second request can be asked for.
    expect(screen.queryByTestId('subscription-31-move')).not.toBeInTheDocument();

    // "No" keeps it.
    fireEvent.click(within(open).getByRole('button', { name: 'إلغاء الطلب: النقل إلى اليوم 52' }));
    expect(await screen.findByText('إلغاء طلب تغيير الدور؟')).toBeInTheDocument();
    expect(screen.getByText('سيبقى دورك في اليوم 45 كما هو.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'لا' }));
    expect(calls.some((c) => c.path.endsWith('/cancel'))).toBe(false);

    fireEvent.click(within(open).getByRole('button', { name: 'إلغاء الطلب: النقل إلى اليوم 52' }));
    fireEvent.click(await screen.findByRole('button', { name: 'نعم، ألغِ الطلب' }));
    expect(await screen.findByText('تم إلغاء طلب تغيير الدور')).toBeInTheDocument();
    expect(cancelled).toBe(true);
    expect(calls.filter((c) => c.path.endsWith('/cancel'))).toHaveLength(1);
  });

  it('says why a cancel failed (decided meanwhile)', async () => {
    stubMemberApi((call) =>
      call.path === '/me/turn-moves/5/cancel'
        ? refused(409, 'workflow.errors.not_allowed', 'لا يمكن تنفيذ ذلك والطلب «تم النقل»')
        : undefined,
    );
    const s = makeSubscription({
      can_move: false,
      open_turn_move: { id: 5, to_day: DAYS[2] as (typeof DAYS)[number], created_at: '2026-04-01T09:00:00.000Z' },
    });
    await renderWithProviders(<SubscriptionCard subscription={s} />);
    fireEvent.click(screen.getByRole('button', { name: 'إلغاء الطلب: النقل إلى اليوم 52' }));
    fireEvent.click(await screen.findByRole('button', { name: 'نعم، ألغِ الطلب' }));
    expect(await screen.findByText('تعذّر إلغاء الطلب: لا يمكن تنفيذ ذلك والطلب «تم النقل»')).toBeInTheDocument();
  });
});

describe('my associations', { timeout: 60_000 }, () => {
  it('lists each subscription as a card, in English too', async () => {
    stubMemberApi((call) =>
      call.path === '/me/subscriptions'
        ? ok([
            makeSubscription(),
            makeSubscription({ id: 32, association: { id: 6, title: 'Al Amal', cost: 50, type: 'vip' } }),
          ])
        : undefined,
    );
    await renderWithProviders(<MySubscriptions />, { lang: 'en' });
    expect(await screen.findByRole('article', { name: 'Al Amal' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'جمعية الخير' })).toBeInTheDocument();
    expect(screen.getByText('VIP', { exact: false })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Statement' })).toHaveLength(2);
    expect(screen.getByTestId('subscription-31-progress')).toHaveTextContent('10 of 1,200');
  });

  it('leads a member with no subscription to the open associations', async () => {
    stubMemberApi((call) => (call.path === '/me/subscriptions' ? ok([]) : undefined));
    await renderWithProviders(<MySubscriptions />);
    expect(await screen.findByText('لم تشترك في أي جمعية بعد')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تصفّح الجمعيات المتاحة' })).toHaveAttribute(
      'href',
      '/my/associations/open',
    );
  });

  it('says a failed load failed, and tries again on Retry', async () => {
    let attempts = 0;
    stubMemberApi((call) => {
      if (call.path !== '/me/subscriptions') return undefined;
      attempts += 1;
      return attempts === 1 ? refused(500, 'internal', 'الخدمة غير متاحة مؤقتًا') : ok([makeSubscription()]);
    });
    await renderWithProviders(<MySubscriptions />);
    expect(await screen.findByText('تعذّر تحميل جمعياتك')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    await waitFor(() => expect(screen.getByRole('article', { name: 'جمعية الخير' })).toBeInTheDocument());
  });
});
