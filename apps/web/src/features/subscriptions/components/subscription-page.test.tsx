import type { Permission } from '@portal/shared/permissions';
import type { TSubscriptionDetail } from '@portal/shared/schemas/associations';
import type { TLedgerEntry } from '@portal/shared/schemas/ledger';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import SubscriptionDetailRoute from '../../../app/routes/subscriptions/subscription-detail';
import { setClockForTests } from '../../../lib/clock';
import { renderWithProviders } from '../../../test/render';
import {
  makeEntry,
  makePayment,
  makePayout,
  makeReceipt,
  makeSubscriptionDetail,
  moneyText,
  ok,
  STAFF_PERMISSIONS,
  stubStaffApi,
} from '../../ledger/testing/fixtures';

configure({ asyncUtilTimeout: 5000 });

const ENTRIES: TLedgerEntry[] = [
  makeEntry({
    kind: 'receipt',
    id: 70,
    number: 'R-2027-000011',
    amount: 100,
    method: 'cash',
    date: '2027-03-14',
    reversed: true,
  }),
  makeEntry({ kind: 'reversal', id: 3, amount: 100, reason: 'سُجّل مرتين', target: { kind: 'receipt', id: 70 } }),
  makeEntry({
    kind: 'receipt',
    id: 71,
    number: 'R-2027-000012',
    amount: 200,
    method: 'fawry',
    reference: 'FAWRY-55102',
    date: '2027-03-15',
  }),
  makeEntry({ kind: 'payout', id: 81, amount: 120_000, reference: 'BM-TRX-7781', date: '2027-03-15' }),
  makeEntry({
    kind: 'receipt',
    id: 72,
    number: 'R-2027-000013',
    amount: 1100,
    method: 'payout_deduction',
    reference: 'BM-TRX-7781',
    date: '2027-03-15',
  }),
  makeEntry({
    kind: 'replacement',
    id: 9,
    reason: 'تنازل لأخيه',
    member: { id: 12, name: 'كريم نبيل', phone: '01011110002' },
    previous_member: { id: 8, name: 'هبة سامي', phone: '01099887766' },
  }),
];

function stub(detail: TSubscriptionDetail, permissions: readonly Permission[] = STAFF_PERMISSIONS) {
  return stubStaffApi((call) => {
    if (call.path === '/subscriptions/51') return ok(detail);
    if (call.path === '/subscriptions/51/ledger') {
      return ok({ subscription_id: 51, status: detail.subscription_status, balance: detail.balance, entries: ENTRIES });
    }
    if (call.path === '/settings/client') return ok({ default_page_size: 10 });
    if (call.path === '/subscriptions/payments') {
      const rows = [
        makePayment({ id: 915, status: 'received', receipt: { id: 71, number: 'R-2027-000012' } }),
        makePayment(),
      ];
      return ok({ data: rows, total: 2, lastPage: 1, currentPage: 1, perPage: 10 });
    }
    if (call.path === '/payouts/81') return ok(makePayout());
    if (call.path === '/receipts/71') return ok(makeReceipt());
    return undefined;
  }, permissions);
}

async function openPage(tab = 'history') {
  await renderWithProviders(<SubscriptionDetailRoute />, {
    route: `/subscriptions/51?tab=${tab}`,
    path: '/subscriptions/:id',
  });
  return screen.findByTestId('subscription-summary');
}

describe("a subscription's page: balance, money actions, installments and history", { timeout: 60_000 }, () => {
  beforeEach(() => setClockForTests('2027-03-15T08:00:00Z'));

  it('shows the balance and offers the actions the server allows, to staff who may take them', async () => {
    stub(makeSubscriptionDetail());
    const summary = await openPage();
    expect(within(summary).getByTestId('balance-paid')).toHaveTextContent(moneyText(200));
    expect(within(summary).getByTestId('balance-late')).toHaveTextContent(moneyText(1100));
    expect(within(summary).getByTestId('balance-late')).toHaveTextContent('11 قسطًا');
    expect(within(summary).getByTestId('subscription-payout')).toBeInTheDocument();
    expect(within(summary).getByTestId('subscription-withdraw')).toBeInTheDocument();
    expect(within(summary).getByTestId('subscription-replace')).toBeInTheDocument();
    expect(within(summary).queryByTestId('subscription-refund')).toBeNull();
    expect(within(summary).queryByTestId('subscription-reverse-payout')).toBeNull();
  });

  it('a closed association: shows it closed and offers no money action but the reversal of a paid payout', async () => {
    stub(
      makeSubscriptionDetail({
        association_status: 'closed',
        transferStatus: 'paid',
        payout_id: 81,
        transfer_date: '2027-03-15',
        transfer_reference: 'BM-TRX-7781',
        payout_due: false,
        can_withdraw: false,
        can_replace: false,
      }),
    );
    const summary = await openPage();
    expect(within(summary).getByTestId('subscription-association-status')).toHaveTextContent('مغلقة');
    for (const id of ['subscription-payout', 'subscription-withdraw', 'subscription-replace', 'subscription-refund']) {
      expect(within(summary).queryByTestId(id)).toBeNull();
    }
    fireEvent.click(within(summary).getByTestId('subscription-reverse-payout'));
    const dialog = await screen.findByTestId('reverse-dialog');
    expect(await within(dialog).findByTestId('reverse-effect')).toHaveTextContent(
      'يعود مبلغ القبض إلى «لم يتم التحويل»',
    );
  });

  it('offers nothing to record to a viewer without subscriptions.put or payments.reverse', async () => {
    stub(makeSubscriptionDetail({ transferStatus: 'paid', payout_id: 81 }), ['subscriptions.index', 'payments.index']);
    const summary = await openPage();
    expect(within(summary).queryByRole('button')).toBeNull();
    const history = await screen.findByTestId('ledger-history');
    expect(within(history).queryByRole('button', { name: /إلغاء قيد/ })).toBeNull();
  });

  it('lists the history: who paid and received, reversals, replacements; reverses from a line', async () => {
    stub(makeSubscriptionDetail());
    await openPage();
    const history = await screen.findByTestId('ledger-history');
    const reversed = within(history).getByTestId('ledger-receipt-70');
    expect(within(reversed).getByTestId('ledger-reversed-receipt-70')).toHaveTextContent('مُلغى قيده');
    // A reversed receipt, or a deduction (reversed only with its payout), offers no reversal.
    expect(within(reversed).queryByTestId('ledger-reverse-receipt-70')).toBeNull();
    expect(within(history).queryByTestId('ledger-reverse-receipt-72')).toBeNull();
    expect(within(history).getByTestId('ledger-reversal-3')).toHaveTextContent('الإيصال R-2027-000011');
    expect(within(history).getByTestId('ledger-reversal-3')).toHaveTextContent('سُجّل مرتين');
    const receipt = within(history).getByTestId('ledger-receipt-71');
    expect(receipt).toHaveTextContent('دفعه:هبة سامي');
    expect(receipt).toHaveTextContent('فوري');
    expect(within(receipt).getByRole('link', { name: 'طباعة الإيصال R-2027-000012' })).toHaveAttribute(
      'href',
      '/receipts/71/print',
    );
    const payout = within(history).getByTestId('ledger-payout-81');
    expect(payout).toHaveTextContent('استلمه:هبة سامي');
    await waitFor(() =>
      expect(within(payout).getByTestId('ledger-payout-net-81')).toHaveTextContent(moneyText(118_900)),
    );
    expect(within(history).getByTestId('ledger-replacement-9')).toHaveTextContent('من:هبة سامي');
    expect(within(history).getByTestId('ledger-replacement-9')).toHaveTextContent('إلى:كريم نبيل');

    fireEvent.click(within(receipt).getByTestId('ledger-reverse-receipt-71'));
    const dialog = await screen.findByTestId('reverse-dialog');
    expect(await within(dialog).findByTestId('reverse-facts')).toHaveTextContent('R-2027-000012');
  });

  it("lists the subscription's installments with their receipts, to print or reverse", async () => {
    stub(makeSubscriptionDetail());
    await openPage('payments');
    const print = await screen.findByTestId('payment-receipt-915');
    expect(print).toHaveAttribute('href', '/receipts/71/print');
    expect(print).toHaveTextContent('R-2027-000012');
    expect(screen.queryByTestId('payment-reverse-901')).toBeNull();
    fireEvent.click(screen.getByTestId('payment-reverse-915'));
    expect(await screen.findByTestId('reverse-dialog')).toBeInTheDocument();
  });
});
