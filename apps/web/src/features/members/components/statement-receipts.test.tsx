import type { ReceiptMethod } from '@portal/shared/schemas/ledger';
import type { TStatement } from '@portal/shared/schemas/members';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { moneyText } from '../../ledger/testing/fixtures';
import { makeStatement, makeSubscription, ok, stubMemberApi } from '../testing/fixtures';
import { payoutDeduction } from './statement-payout';
import { StatementScreen } from './statement-screen';

configure({ asyncUtilTimeout: 5000 });

/** The statement with each of its receipts paid by `method(receipt id)`. */
function paidBy(statement: TStatement, method: (receiptId: number) => ReceiptMethod): TStatement {
  return {
    ...statement,
    rows: statement.rows.map((row) =>
      row.receipt ? { ...row, receipt: { ...row.receipt, method: method(row.receipt.id) } } : row,
    ),
  };
}

/**
 * Paid out on 14 May 2026 (day 45); the last three paid installments settled from the payout by one
 * deduction receipt when `deducted`.
 */
function paidOut(deducted: boolean): TStatement {
  const statement = makeStatement(60, 30, 5);
  return {
    ...statement,
    subscription: makeSubscription({ transfer_status: 'paid', transfer_date: '2026-05-14' }),
    rows: statement.rows.map((row, i) =>
      deducted && i >= 27 && i < 30
        ? { ...row, receipt: { id: 1029, number: 'R-2026-001029', method: 'payout_deduction' as const } }
        : row,
    ),
  };
}

function render(statement: TStatement) {
  const calls = stubMemberApi((call) => (call.path === '/me/subscriptions/31/statement' ? ok(statement) : undefined));
  return {
    calls,
    rendered: renderWithProviders(<StatementScreen id={31} />, { route: '/my/subscriptions/31/statement' }),
  };
}

describe("the statement's receipts and payout", { timeout: 60_000 }, () => {
  it("shows each paid installment's receipt number, to print, and how it was paid, from the statement alone", async () => {
    const { calls, rendered } = render(paidBy(makeStatement(), (id) => (id % 2 ? 'instapay' : 'cash')));
    await rendered;
    const table = await screen.findByRole('region', { name: 'أقساط الاشتراك' });
    const link = await within(table).findByTestId('statement-receipt-1000');
    expect(link).toHaveTextContent('R-2026-001000');
    expect(link).toHaveAttribute('href', '/my/receipts/1000/print');
    expect(link).toHaveAccessibleName('طباعة الإيصال R-2026-001000');
    await waitFor(() => expect(within(table).getByTestId('statement-method-1000')).toHaveTextContent('نقدًا'));
    expect(within(table).getByTestId('statement-method-1001')).toHaveTextContent('إنستاباي');
    // The statement says how each receipt was paid: no request per receipt.
    expect(calls.filter((c) => c.path.startsWith('/me/receipts/'))).toEqual([]);
  });

  it('shows the payout with what was deducted from it and the net transferred, from its deduction receipt', async () => {
    const statement = paidOut(true);
    // The deduction receipt covers three installments of 100 EGP.
    expect(payoutDeduction(statement)).toEqual({ id: 1029, number: 'R-2026-001029', amount: 300 });
    const { rendered } = render(statement);
    await rendered;
    const payout = await screen.findByTestId('statement-payout');
    expect(payout).toHaveTextContent('تم التحويل');
    expect(within(payout).getByTestId('statement-payout-gross')).toHaveTextContent(moneyText(120_000));
    expect(await within(payout).findByTestId('statement-payout-deducted')).toHaveTextContent(moneyText(-300));
    expect(within(payout).getByTestId('statement-payout-net')).toHaveTextContent(moneyText(119_700));
    expect(within(payout).getByRole('link', { name: 'طباعة الإيصال R-2026-001029' })).toHaveAttribute(
      'href',
      '/my/receipts/1029/print',
    );
  });

  it('claims no deduction it cannot see: a payout with no deduction receipt shows its amount alone', async () => {
    const { rendered } = render(paidOut(false));
    await rendered;
    const payout = await screen.findByTestId('statement-payout');
    expect(within(payout).getByTestId('statement-payout-gross')).toHaveTextContent(moneyText(120_000));
    await waitFor(() => expect(within(payout).queryByTestId('statement-payout-net')).toBeNull());
    expect(within(payout).queryByTestId('statement-payout-deducted')).toBeNull();
  });

  it('before the payout: its day, not transferred', async () => {
    const { rendered } = render(makeStatement());
    await rendered;
    const payout = await screen.findByTestId('statement-payout');
    expect(payout).toHaveTextContent('لم يتم التحويل');
    expect(payout).toHaveTextContent('يوم القبض');
  });
});
