import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { makePayout, makeReceipt, moneyText, ok, refused, stubStaffApi } from '../testing/fixtures';
import ReverseDialog from './reverse-dialog';

configure({ asyncUtilTimeout: 5000 });

const REVERSAL = {
  id: 5,
  receipt_id: 71,
  payout_id: null,
  subscription_id: 51,
  reason: 'سُجّل على المشترك الخطأ',
  created_at: '2027-03-15T10:00:00.000Z',
  reversed_by: { id: 1, name: 'مدير النظام' },
  installments_restored: 2,
};

describe('reversing a receipt, a payout or a refund', { timeout: 60_000 }, () => {
  it('says what will happen to the receipt’s installments, requires the reason, and sends it once', async () => {
    const calls = stubStaffApi((call) => {
      if (call.method === 'GET' && call.path === '/receipts/71') return ok(makeReceipt());
      if (call.path === '/receipts/71/reverse') return ok(REVERSAL);
      return undefined;
    });
    const onClose = vi.fn();
    await renderWithProviders(<ReverseDialog target={{ kind: 'receipt', id: 71 }} onClose={onClose} />);
    const dialog = await screen.findByTestId('reverse-dialog');
    expect(within(dialog).getByText('إلغاء قيد إيصال')).toBeInTheDocument();
    const facts = await within(dialog).findByTestId('reverse-facts');
    expect(facts).toHaveTextContent('R-2027-000012');
    expect(facts).toHaveTextContent(moneyText(200));
    expect(facts).toHaveTextContent('فوري');
    expect(
      within(dialog)
        .getByTestId('reverse-effect')
        .textContent?.replace(/[\u2068\u2069]/g, ''),
    ).toContain('يعود القسطان (اليومان 1، 15) غير مدفوعين');

    fireEvent.click(within(dialog).getByTestId('reverse-submit'));
    expect(await within(dialog).findByText('من فضلك أدخل السبب')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/receipts/71/reverse')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('سبب إلغاء القيد'), {
      target: { value: 'سُجّل على المشترك الخطأ' },
    });
    fireEvent.click(within(dialog).getByTestId('reverse-submit'));
    fireEvent.click(within(dialog).getByTestId('reverse-submit'));
    expect(await screen.findByText('تم تسجيل إلغاء القيد')).toBeInTheDocument();
    const sent = calls.filter((c) => c.path === '/receipts/71/reverse');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ reason: 'سُجّل على المشترك الخطأ' });
    expect(sent[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(onClose).toHaveBeenCalled();
  });

  it('does not offer to reverse a deduction receipt alone, nor a receipt already reversed', async () => {
    stubStaffApi((call) =>
      call.path === '/receipts/72'
        ? ok(makeReceipt({ id: 72, method: 'payout_deduction', payout_id: 81, reference: 'BM-TRX-7781' }))
        : call.path === '/receipts/73'
          ? ok(
              makeReceipt({
                id: 73,
                reversal: { id: 4, reason: 'خطأ', reversed_at: '2027-03-15T10:00:00.000Z', reversed_by: null },
              }),
            )
          : undefined,
    );
    const first = await renderWithProviders(<ReverseDialog target={{ kind: 'receipt', id: 72 }} onClose={vi.fn()} />);
    expect(await screen.findByTestId('reverse-blocked')).toHaveTextContent(
      'هذا الإيصال سدّد متأخرات بالخصم من مبلغ القبض؛ ألغِ قيد مبلغ القبض بدلًا منه',
    );
    expect(screen.getByTestId('reverse-submit')).toBeDisabled();
    first.unmount();
    await renderWithProviders(<ReverseDialog target={{ kind: 'receipt', id: 73 }} onClose={vi.fn()} />);
    expect(await screen.findByTestId('reverse-blocked')).toHaveTextContent('تم إلغاء هذا القيد بالفعل');
    expect(screen.getByTestId('reverse-submit')).toBeDisabled();
  });

  it('says a payout goes back to not transferred with its deducted arrears, and reverses it through /payouts', async () => {
    const calls = stubStaffApi((call) => {
      if (call.path === '/payouts/81') return ok(makePayout());
      if (call.path === '/payouts/81/reverse') return ok({ ...REVERSAL, receipt_id: null, payout_id: 81 });
      return undefined;
    });
    await renderWithProviders(<ReverseDialog target={{ kind: 'payout', id: 81 }} onClose={vi.fn()} />, { lang: 'en' });
    const dialog = await screen.findByTestId('reverse-dialog');
    const facts = await within(dialog).findByTestId('reverse-facts');
    expect(facts).toHaveTextContent(moneyText(120_000, 'en'));
    expect(facts).toHaveTextContent(moneyText(1100, 'en'));
    expect(facts).toHaveTextContent(moneyText(118_900, 'en'));
    expect(within(dialog).getByTestId('reverse-effect')).toHaveTextContent(
      `The payout goes back to not transferred, and the arrears deducted from it (${moneyText(1100, 'en')}, receipt R-2027-000013) are reversed with it`,
    );
    fireEvent.change(within(dialog).getByLabelText('Reason for the reversal'), { target: { value: 'Wrong account' } });
    fireEvent.click(within(dialog).getByTestId('reverse-submit'));
    expect(await screen.findByText('The reversal was recorded')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/payouts/81/reverse')?.body).toEqual({ reason: 'Wrong account' });
  });

  it('shows the refusal when it was reversed meanwhile, in the dialog and as a toast', async () => {
    stubStaffApi((call) => {
      if (call.path === '/receipts/71') return ok(makeReceipt());
      if (call.path === '/receipts/71/reverse') {
        return refused(409, 'ledger.errors.already_reversed', 'تم إلغاء هذا القيد بالفعل');
      }
      return undefined;
    });
    await renderWithProviders(<ReverseDialog target={{ kind: 'receipt', id: 71 }} onClose={vi.fn()} />);
    const dialog = await screen.findByTestId('reverse-dialog');
    await within(dialog).findByTestId('reverse-effect');
    fireEvent.change(within(dialog).getByLabelText('سبب إلغاء القيد'), { target: { value: 'خطأ' } });
    fireEvent.click(within(dialog).getByTestId('reverse-submit'));
    expect(await within(dialog).findByTestId('reverse-refused')).toHaveTextContent('تم إلغاء هذا القيد بالفعل');
    await waitFor(() => expect(screen.getAllByText('تم إلغاء هذا القيد بالفعل').length).toBeGreaterThan(1));
  });
});
