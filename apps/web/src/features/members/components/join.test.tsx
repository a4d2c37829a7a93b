import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '../../../lib/format';
import { renderWithProviders } from '../../../test/render';
import {
  DAYS,
  MEMBER,
  makeOpenAssociation,
  makeSubscription,
  ok,
  refused,
  type SeenCall,
  stubMemberApi,
} from '../testing/fixtures';
import { OpenAssociations } from './open-associations';

configure({ asyncUtilTimeout: 5000 });

const spaced = (text: string) => text.replace(/\s+/g, ' ');
const QUOTE = {
  amount: 120_000,
  installments: 1200,
  past_due_count: 3,
  past_due_sum: 300,
  day: { day_number: 52, date: '2026-04-21' },
};

function openApi(join: (call: SeenCall) => Response) {
  return stubMemberApi((call) => {
    if (call.method === 'GET' && call.path.startsWith('/me/associations/open?')) {
      return ok({ data: [makeOpenAssociation()], total: 1, lastPage: 1, currentPage: 1, perPage: 10 });
    }
    if (call.method === 'GET' && call.path === '/me/associations/4/days') return ok({ association_id: 4, days: DAYS });
    if (call.method === 'POST' && call.path === '/me/subscriptions/quote') return ok(QUOTE);
    if (call.method === 'POST' && call.path === '/me/subscriptions') return join(call);
    if (call.path === '/me/subscriptions') return ok([]);
    return undefined;
  });
}

async function chooseDay52() {
  const dialog = await screen.findByTestId('join-dialog');
  await waitFor(() => expect(within(dialog).getByRole('combobox')).toBeInTheDocument());
  fireEvent.mouseDown(within(dialog).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(`اليوم 52 — ${formatDate('2026-04-21', 'ar')}`));
  return dialog;
}

describe('joining an open association', { timeout: 60_000 }, () => {
  it('lists the open associations with cost, type, dates, payout and free days', async () => {
    openApi(() => ok(null));
    await renderWithProviders(<OpenAssociations />, { route: '/my/associations/open' });
    const row = (await screen.findByText('جمعية الخير')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('عادية');
    expect(row).toHaveTextContent(spaced(formatMoney(100, 'ar')));
    expect(row).toHaveTextContent(spaced(formatMoney(120_000, 'ar')));
    expect(row).toHaveTextContent(formatDate('2026-03-01', 'ar'));
    expect(row).toHaveTextContent(formatDate('2029-06-13', 'ar'));
    expect(row).toHaveTextContent(`اليوم 40 — ${formatDate('2026-04-09', 'ar')}`);
    expect(within(row).getByRole('button', { name: 'اشترك في جمعية الخير' })).toBeInTheDocument();
  });

  it('shows what joining on the chosen day means, then joins once with an idempotency key', async () => {
    const calls = openApi(() => ok(makeSubscription({ day: { day_number: 52, date: '2026-04-21' } }), 201));
    const { router } = await renderWithProviders(<OpenAssociations />, { route: '/my/associations/open' });
    fireEvent.click(await screen.findByRole('button', { name: 'اشترك في جمعية الخير' }));
    const dialog = await chooseDay52();

    const quote = await within(dialog).findByTestId('join-quote');
    await waitFor(() => expect(quote).toHaveTextContent(spaced(formatMoney(120_000, 'ar'))));
    expect(quote).toHaveTextContent('1,200 قسطًا');
    expect(within(quote).getByTestId('join-past-due')).toHaveTextContent(
      `عدد الأقساط: 3، بإجمالي ${spaced(formatMoney(300, 'ar'))}`,
    );
    expect(calls.find((c) => c.path === '/me/subscriptions/quote')?.body).toEqual({
      association_id: 4,
      day_number: 52,
    });

    const confirm = within(dialog).getByTestId('join-submit');
    await waitFor(() => expect(confirm).toBeEnabled());
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('تم اشتراكك في الجمعية، ويوم دورك 52')).toBeInTheDocument();
    const joins = calls.filter((c) => c.method === 'POST' && c.path === '/me/subscriptions');
    expect(joins).toHaveLength(1);
    expect(joins[0]?.body).toEqual({ association_id: 4, day_number: 52 });
    expect(joins[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/associations'));
  });

  it('says the email must be activated first when the server refuses with 403, and links to the activation page', async () => {
    openApi(() =>
      refused(403, 'members.errors.email_unverified', 'فعّل بريدك الإلكتروني أولًا، ثم يمكنك الاشتراك في جمعية'),
    );
    await renderWithProviders(<OpenAssociations />, { route: '/my/associations/open' });
    fireEvent.click(await screen.findByRole('button', { name: 'اشترك في جمعية الخير' }));
    const dialog = await chooseDay52();
    const confirm = within(dialog).getByTestId('join-submit');
    await waitFor(() => expect(confirm).toBeEnabled());
    fireEvent.click(confirm);
    const alert = await within(dialog).findByTestId('join-unverified');
    expect(alert).toHaveTextContent('فعّل بريدك الإلكتروني أولًا، ثم يمكنك الاشتراك في جمعية');
    expect(within(alert).getByRole('link', { name: 'تفعيل البريد الإلكتروني' })).toHaveAttribute('href', '/message');
    // No second try while the email is not confirmed.
    expect(confirm).toBeDisabled();
  });

  it('warns a member the session already knows is unconfirmed, before any try', async () => {
    stubMemberApi(
      (call) => {
        if (call.path.startsWith('/me/associations/open?')) {
          return ok({ data: [makeOpenAssociation()], total: 1, lastPage: 1, currentPage: 1, perPage: 10 });
        }
        if (call.path === '/me/associations/4/days') return ok({ association_id: 4, days: DAYS });
        return undefined;
      },
      { ...MEMBER, email_verified: false },
    );
    await renderWithProviders(<OpenAssociations />, { route: '/my/associations/open', lang: 'en' });
    fireEvent.click(await screen.findByRole('button', { name: 'Join جمعية الخير' }));
    const alert = await screen.findByTestId('join-unverified');
    expect(alert).toHaveTextContent('Activate your email first; then you can join an association');
    expect(within(alert).getByRole('link', { name: 'Activate my email' })).toHaveAttribute('href', '/message');
  });

  it('names a day taken meanwhile and asks for the free days again', async () => {
    let dayCalls = 0;
    const calls = stubMemberApi((call) => {
      if (call.path.startsWith('/me/associations/open?')) {
        return ok({ data: [makeOpenAssociation()], total: 1, lastPage: 1, currentPage: 1, perPage: 10 });
      }
      if (call.path === '/me/associations/4/days') {
        dayCalls += 1;
        return ok({ association_id: 4, days: DAYS });
      }
      if (call.path === '/me/subscriptions/quote') return ok(QUOTE);
      if (call.method === 'POST' && call.path === '/me/subscriptions') {
        return refused(409, 'associations.errors.day_taken', 'يوم الدور رقم 52 محجوز لمشترك آخر');
      }
      return undefined;
    });
    await renderWithProviders(<OpenAssociations />, { route: '/my/associations/open' });
    fireEvent.click(await screen.findByRole('button', { name: 'اشترك في جمعية الخير' }));
    const dialog = await chooseDay52();
    const confirm = within(dialog).getByTestId('join-submit');
    await waitFor(() => expect(confirm).toBeEnabled());
    const before = dayCalls;
    fireEvent.click(confirm);
    expect(await screen.findByText('يوم الدور رقم 52 محجوز لمشترك آخر')).toBeInTheDocument();
    await waitFor(() => expect(dayCalls).toBeGreaterThan(before));
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/me/subscriptions')).toHaveLength(1);
  });
});
