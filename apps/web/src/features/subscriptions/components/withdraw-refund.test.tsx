import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setClockForTests } from '../../../lib/clock';
import { renderWithProviders } from '../../../test/render';
import {
  makeBalance,
  makePayout,
  makeSubscriptionRow,
  makeWithdrawQuote,
  moneyText,
  ok,
  readAs,
  stubStaffApi,
} from '../../ledger/testing/fixtures';
import RefundDialog from './refund-dialog';
import ReplaceDialog from './replace-dialog';
import WithdrawDialog from './withdraw-dialog';

configure({ asyncUtilTimeout: 5000 });

describe('withdrawing a member, refunding them, replacing them', { timeout: 60_000 }, () => {
  beforeEach(() => setClockForTests('2027-03-15T08:00:00Z'));

  it('shows the withdraw quote (paid, paid out, refunded, owed back, what is cancelled), requires a reason, then offers the refund', async () => {
    const calls = stubStaffApi((call) => {
      if (call.path === '/subscriptions/51/withdraw-quote') return ok(makeWithdrawQuote());
      if (call.path === '/subscriptions/51/withdraw') {
        return ok({ subscription_id: 51, status: 'cancelled', cancelled_count: 1198, balance: makeBalance() });
      }
      return undefined;
    });
    const onRefund = vi.fn();
    await renderWithProviders(
      <WithdrawDialog subscription={makeSubscriptionRow()} onClose={vi.fn()} onRefund={onRefund} />,
    );
    const dialog = await screen.findByTestId('withdraw-dialog');
    const quote = await within(dialog).findByTestId('withdraw-quote');
    expect(within(quote).getByTestId('balance-paid')).toHaveTextContent(moneyText(200));
    expect(within(quote).getByTestId('balance-paid-out')).toHaveTextContent(moneyText(0));
    expect(within(quote).getByTestId('balance-refunded')).toHaveTextContent(moneyText(0));
    expect(within(quote).getByText('المستحق رده للمشترك')).toBeInTheDocument();
    expect(within(quote).getByTestId('balance-owed-back')).toHaveTextContent(moneyText(200));
    expect(within(quote).getByTestId('withdraw-cancels')).toHaveTextContent(
      `(1,198 قسطًا بإجمالي ${moneyText(119_800)})`,
    );
    expect(within(quote).getByTestId('withdraw-cancels')).toHaveTextContent('يصبح يوم الدور متاحًا');

    fireEvent.click(within(dialog).getByTestId('withdraw-submit'));
    expect(await within(dialog).findByText('من فضلك أدخل السبب')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/subscriptions/51/withdraw')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('سبب الانسحاب'), { target: { value: 'سافر للعمل بالخارج' } });
    fireEvent.click(within(dialog).getByTestId('withdraw-submit'));
    const done = await within(dialog).findByTestId('withdraw-done');
    expect(calls.find((c) => c.path === '/subscriptions/51/withdraw')?.body).toEqual({ reason: 'سافر للعمل بالخارج' });
    expect(done).toHaveTextContent(`المستحق رده للمشترك: ${moneyText(200)}`);
    fireEvent.click(within(done).getByTestId('withdraw-refund'));
    expect(onRefund).toHaveBeenCalled();
  });

  it('a member who owes: the balance says "owed by the member", not a negative amount owed back', async () => {
    stubStaffApi((call) =>
      call.path === '/subscriptions/51/withdraw-quote'
        ? ok(makeWithdrawQuote({ balance: makeBalance({ paid: 200, paid_out: 120_000, owed_back: -119_800 }) }))
        : undefined,
    );
    await renderWithProviders(
      <WithdrawDialog subscription={makeSubscriptionRow()} onClose={vi.fn()} onRefund={vi.fn()} />,
    );
    const quote = await screen.findByTestId('withdraw-quote');
    expect(within(quote).getByText('المستحق على المشترك')).toBeInTheDocument();
    expect(within(quote).getByTestId('balance-owed-back')).toHaveTextContent(moneyText(119_800));
  });

  it('refunds at most what is owed back: offers it in full, refuses more, reads Arabic digits', async () => {
    const calls = stubStaffApi((call) => {
      if (call.path === '/subscriptions/51/withdraw-quote')
        return ok(makeWithdrawQuote({ cancel_count: 0, cancel_sum: 0 }));
      if (call.path === '/subscriptions/51/refund')
        return ok(makePayout({ kind: 'refund', gross: 150.5, deducted: 0, net: 150.5 }), 201);
      return undefined;
    });
    const onClose = vi.fn();
    await renderWithProviders(<RefundDialog subscription={makeSubscriptionRow()} onClose={onClose} />);
    const dialog = await screen.findByTestId('refund-dialog');
    const amount = await within(dialog).findByLabelText('مبلغ الاسترداد (ج.م)');
    expect(amount).toHaveValue('200');
    expect(within(dialog).getByText(`بحد أقصى ${moneyText(200)}`)).toBeInTheDocument();

    fireEvent.change(amount, { target: { value: '250' } });
    fireEvent.change(within(dialog).getByLabelText('مرجع التحويل'), { target: { value: 'BM-REF-1' } });
    fireEvent.click(within(dialog).getByTestId('refund-submit'));
    expect(
      await within(dialog).findByText('مبلغ الاسترداد أكبر من المستحق رده للمشترك (200.00 ج.م)'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/subscriptions/51/refund')).toBe(false);

    fireEvent.change(amount, { target: { value: '١٥٠٫٥٠' } });
    await waitFor(() => expect(amount).toHaveValue('150.50'));
    fireEvent.click(within(dialog).getByTestId('refund-submit'));
    expect(await screen.findByText(readAs(`تم تسجيل استرداد ${moneyText(150.5)} إلى هبة سامي`))).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/subscriptions/51/refund')?.body).toEqual({
      amount: 150.5,
      reference: 'BM-REF-1',
      date: '2027-03-15',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('offers no refund when nothing is owed back', async () => {
    stubStaffApi((call) =>
      call.path === '/subscriptions/51/withdraw-quote'
        ? ok(makeWithdrawQuote({ balance: makeBalance({ owed_back: 0, paid: 0 }) }))
        : undefined,
    );
    await renderWithProviders(<RefundDialog subscription={makeSubscriptionRow()} onClose={vi.fn()} />);
    expect(await screen.findByText('لا يوجد مبلغ مستحق رده لهذا المشترك.')).toBeInTheDocument();
    expect(screen.getByTestId('refund-submit')).toBeDisabled();
  });

  it('replaces the member with one chosen from the search, with the reason', async () => {
    const calls = stubStaffApi((call) => {
      if (call.path === '/users') {
        return ok({
          data: [{ id: 12, name: 'كريم نبيل', phone: '01011110002' }],
          total: 1,
          lastPage: 1,
          currentPage: 1,
          perPage: 50,
        });
      }
      if (call.path === '/subscriptions/51/replace') return ok({});
      return undefined;
    });
    await renderWithProviders(<ReplaceDialog subscription={makeSubscriptionRow()} onClose={vi.fn()} />);
    const dialog = await screen.findByTestId('replace-dialog');
    expect(
      within(dialog)
        .getByTestId('replace-effect')
        .textContent?.replace(/[\u2068\u2069]/g, ''),
    ).toContain('أما الأقساط المدفوعة فتبقى إيصالاتها باسم هبة سامي');
    fireEvent.click(within(dialog).getByTestId('replace-submit'));
    expect(await within(dialog).findByText('من فضلك اختر المشترك')).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('كريم نبيل — 01011110002'));
    fireEvent.change(within(dialog).getByLabelText('سبب الاستبدال'), { target: { value: 'تنازل لأخيه' } });
    fireEvent.click(within(dialog).getByTestId('replace-submit'));
    expect(await screen.findByText(readAs('أصبح الاشتراك باسم كريم نبيل'))).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/subscriptions/51/replace')?.body).toEqual({
      user_id: 12,
      reason: 'تنازل لأخيه',
    });
  });
});
