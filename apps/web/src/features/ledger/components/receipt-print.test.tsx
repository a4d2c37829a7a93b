import { configure, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import MyReceiptPrintRoute from '../../../app/routes/my/receipt-print';
import ReceiptPrintRoute from '../../../app/routes/receipts/receipt-print';
import { formatDate } from '../../../lib/format';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { makeReceipt, moneyText, ok, stubStaffApi } from '../testing/fixtures';

configure({ asyncUtilTimeout: 5000 });

const REVERSAL = {
  id: 4,
  reason: 'سُجّل على المشترك الخطأ',
  reversed_at: '2027-03-16T09:00:00.000Z',
  reversed_by: { id: 1, name: 'مدير النظام' },
};

async function printStaff(receipt = makeReceipt(), lang: 'ar' | 'en' = 'ar') {
  stubStaffApi((call) => (call.path === `/receipts/${receipt.id}` ? ok(receipt) : undefined));
  const { router } = await renderWithProviders(<ReceiptPrintRoute />, {
    route: `/receipts/${receipt.id}/print`,
    path: '/receipts/:id/print',
    lang,
  });
  return { doc: await screen.findByTestId('receipt-document'), router };
}

describe('a printed receipt (A4 and an 80 mm slip)', { timeout: 60_000 }, () => {
  it('shows its number, dates, member, association, day, installments with due dates, amount, method, reference and recorder', async () => {
    const { doc } = await printStaff();
    expect(within(doc).getByRole('heading', { name: 'إيصال استلام' })).toBeInTheDocument();
    expect(within(doc).getByTestId('receipt-number')).toHaveTextContent('R-2027-000012');
    expect(within(doc).getByTestId('receipt-date')).toHaveTextContent(formatDate('2027-03-15', 'ar'));
    expect(within(doc).getByTestId('receipt-recorded-at')).toHaveTextContent('2027');
    expect(within(doc).getByTestId('receipt-member')).toHaveTextContent('هبة سامي · 01099887766');
    expect(within(doc).getByTestId('receipt-association')).toHaveTextContent('جمعية موظفي البريد (A-000005)');
    expect(within(doc).getByTestId('receipt-day')).toHaveTextContent(`اليوم 3 — ${formatDate('2027-03-03', 'ar')}`);
    expect(within(doc).getByTestId('receipt-method')).toHaveTextContent('فوري');
    expect(within(doc).getByTestId('receipt-reference')).toHaveTextContent('FAWRY-55102');
    expect(within(doc).getByTestId('receipt-recorded-by')).toHaveTextContent('مدير النظام');
    expect(within(doc).getByTestId('receipt-amount')).toHaveTextContent(moneyText(200));
    const rows = within(doc).getAllByRole('row');
    // Header, two installments, the total.
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent(formatDate('2027-03-01', 'ar'));
    expect(rows[2]).toHaveTextContent(formatDate('2027-03-15', 'ar'));
    expect(rows[3]).toHaveTextContent(`الإجمالي${moneyText(200)}`);
    expect(doc).toHaveAttribute('data-reversed', 'false');
    expect(within(doc).queryByTestId('receipt-reversed')).toBeNull();
    expect(doc).toHaveClass('receipt-a4');
    // The way back leads to its subscription.
    expect(screen.getByTestId('receipt-back')).toHaveAttribute('href', '/subscriptions/51');
  });

  it('switches to the 80 mm slip and keeps the choice in the address', async () => {
    const { doc, router } = await printStaff();
    expect(doc).toHaveClass('receipt-a4');
    fireEvent.click(within(screen.getByTestId('receipt-format')).getByText('إيصال حراري 80 مم'));
    expect(await screen.findByTestId('receipt-document')).toHaveClass('receipt-slip');
    expect(router.state.location.search).toBe('?format=slip');
  });

  it('marks a reversed receipt clearly: at the top with when and why, and across the page', async () => {
    const { doc } = await printStaff(makeReceipt({ reversal: REVERSAL }), 'en');
    expect(doc).toHaveAttribute('data-reversed', 'true');
    const notice = within(doc).getByTestId('receipt-reversed');
    expect(notice).toHaveTextContent('This receipt was reversed: it is not proof of payment');
    expect(notice).toHaveTextContent('Reversed on');
    expect(notice).toHaveTextContent('Reason: سُجّل على المشترك الخطأ');
    expect(doc).toHaveTextContent('REVERSED');
  });

  it("prints a member's own receipt without the staff's notes, reversed or not, with the way back to the statement", async () => {
    const member = makeUser({ id: 8, name: 'هبة سامي', type: 'user' });
    window.localStorage.setItem('token', 't'.repeat(43));
    window.localStorage.setItem('user_id', '8');
    const { note: _note, recorded_by: _by, reversal: _reversal, ...shown } = makeReceipt();
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url === '/api/v1/users/8') return jsonResponse({ status: 'success', data: member });
        if (url === '/api/v1/me/receipts/71') {
          return jsonResponse({
            status: 'success',
            data: { ...shown, reversed: true, reversed_at: '2027-03-16T09:00:00.000Z' },
          });
        }
        return jsonResponse({ status: 'error', message: 'unexpected', errors: [] }, 500);
      }),
    );
    await renderWithProviders(<MyReceiptPrintRoute />, {
      route: '/my/receipts/71/print',
      path: '/my/receipts/:id/print',
    });
    const doc = await screen.findByTestId('receipt-document');
    expect(calls).toContain('/api/v1/me/receipts/71');
    expect(within(doc).queryByTestId('receipt-recorded-by')).toBeNull();
    expect(within(doc).getByTestId('receipt-reversed')).toHaveTextContent('أُلغي قيد هذا الإيصال');
    expect(screen.getByTestId('receipt-back')).toHaveAttribute('href', '/my/subscriptions/51/statement');
  });

  it('says "not found" for a receipt that is not there (or not mine)', async () => {
    stubStaffApi((call) =>
      call.path === '/receipts/99'
        ? jsonResponse({ status: 'error', message: 'غير موجود', errors: [] }, 404)
        : undefined,
    );
    await renderWithProviders(<ReceiptPrintRoute />, { route: '/receipts/99/print', path: '/receipts/:id/print' });
    expect(await screen.findByRole('heading', { name: 'الإيصال غير موجود' })).toBeInTheDocument();
  });
});
