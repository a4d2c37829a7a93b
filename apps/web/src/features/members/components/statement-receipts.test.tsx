import type { TMyReceipt } from '@portal/shared/schemas/ledger';
import type { TStatement } from '@portal/shared/schemas/members';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { makeReceipt, moneyText } from '../../ledger/testing/fixtures';
import { makeStatement, makeSubscription, ok, stubMemberApi } from '../testing/fixtures';
import { deductionCandidate } from './statement-payout';
import { StatementScreen } from './statement-screen';

configure({ asyncUtilTimeout: 5000 });

/** A member's receipt as GET /me/receipts/{id} answers it. */
function myReceipt(id: number, overrides: Partial<TMyReceipt> = {}): TMyReceipt {
  const { note: _note, recorded_by: _by, reversal: _reversal, ...receipt } = makeReceipt({ id });
  return {
    ...receipt,
    number: `R-2026-${String(id).padStart(6, '0')}`,
    reversed: false,
    reversed_at: null,
    ...overrides,
  };
}

/** Thirty installments paid from 1 March 2026; the payout of day 45 transferred on 14 May 2026. */
function paidOut(): TStatement {
  const statement = makeStatement(60, 30, 5);
  return {
    ...statement,
    subscription: makeSubscription({ transfer_status: 'paid', transfer_date: '2026-05-14' }),
  };
}

function render(statement: TStatement, receipts: (id: number) => TMyReceipt) {
  const calls = stubMemberApi((call) => {
    if (call.path === '/me/subscriptions/31/statement') return ok(statement);
    const asked = /^\/me\/receipts\/(\d+)$/.exec(call.path);
    return asked ? ok(receipts(Number(asked[1]))) : undefined;
  });
  return {
    calls,
    rendered: renderWithProviders(<StatementScreen id={31} />, { route: '/my/subscriptions/31/statement' }),
  };
}

describe("the statement's receipts and payout", { timeout: 60_000 }, () => {
  it("shows each paid installment's receipt number, to print, and how it was paid — asking only for the page's receipts", async () => {
    const { calls, rendered } = render(makeStatement(), (id) =>
      myReceipt(id, { method: id % 2 ? 'instapay' : 'cash' }),
    );
    await rendered;
    const table = await screen.findByRole('region', { name: 'أقساط الاشتراك' });
    const link = await within(table).findByTestId('statement-receipt-1000');
    expect(link).toHaveTextContent('R-2026-001000');
    expect(link).toHaveAttribute('href', '/my/receipts/1000/print');
    expect(link).toHaveAccessibleName('طباعة الإيصال R-2026-001000');
    await waitFor(() => expect(within(table).getByTestId('statement-method-1000')).toHaveTextContent('نقدًا'));
    expect(within(table).getByTestId('statement-method-1001')).toHaveTextContent('إنستاباي');
    // One page (10 rows), so ten receipts asked for, not thirty.
    expect(calls.filter((c) => c.path.startsWith('/me/receipts/'))).toHaveLength(10);
  });

  it('shows the payout with what was deducted from it and the net transferred, from its deduction receipt', async () => {
    const statement = paidOut();
    // The newest receipt among the installments due by the payout date is the deduction.
    expect(deductionCandidate(statement)).toBe(1029);
    const { rendered } = render(statement, (id) =>
      id === 1029 ? myReceipt(id, { method: 'payout_deduction', amount: 500, payout_id: 81 }) : myReceipt(id),
    );
    await rendered;
    const payout = await screen.findByTestId('statement-payout');
    expect(payout).toHaveTextContent('تم التحويل');
    expect(within(payout).getByTestId('statement-payout-gross')).toHaveTextContent(moneyText(120_000));
    expect(await within(payout).findByTestId('statement-payout-deducted')).toHaveTextContent(moneyText(-500));
    expect(within(payout).getByTestId('statement-payout-net')).toHaveTextContent(moneyText(119_500));
    expect(within(payout).getByRole('link', { name: 'طباعة الإيصال R-2026-001029' })).toHaveAttribute(
      'href',
      '/my/receipts/1029/print',
    );
  });

  it('claims no deduction it cannot see: a payout with no deduction receipt shows its amount alone', async () => {
    const { rendered } = render(paidOut(), (id) => myReceipt(id, { method: 'cash' }));
    await rendered;
    const payout = await screen.findByTestId('statement-payout');
    expect(within(payout).getByTestId('statement-payout-gross')).toHaveTextContent(moneyText(120_000));
    await waitFor(() => expect(within(payout).queryByTestId('statement-payout-net')).toBeNull());
    expect(within(payout).queryByTestId('statement-payout-deducted')).toBeNull();
  });

  it('before the payout: its day, not transferred', async () => {
    const { rendered } = render(makeStatement(), (id) => myReceipt(id));
    await rendered;
    const payout = await screen.findByTestId('statement-payout');
    expect(payout).toHaveTextContent('لم يتم التحويل');
    expect(payout).toHaveTextContent('يوم القبض');
  });
});
