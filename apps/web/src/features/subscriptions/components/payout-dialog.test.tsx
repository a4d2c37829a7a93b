import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setClockForTests } from '../../../lib/clock';
import { renderWithProviders } from '../../../test/render';
import {
  makePayoutQuote,
  makeSubscriptionRow,
  moneyText,
  ok,
  readAs,
  refused,
  stubStaffApi,
} from '../../ledger/testing/fixtures';
import PayoutDialog from './payout-dialog';

configure({ asyncUtilTimeout: 5000 });

const money = (amount: number) => moneyText(amount);

async function openDialog(onClose = vi.fn()) {
  await renderWithProviders(<PayoutDialog subscription={makeSubscriptionRow()} onClose={onClose} />);
  return screen.findByTestId('payout-dialog');
}

describe('the payout dialog: the quote first, then the transfer', { timeout: 60_000 }, () => {
  beforeEach(() => setClockForTests('2027-03-15T08:00:00Z'));

  it('quotes today: payout, arrears (count, sum, late part, which days), deducted, net and policy; sends the net it showed, once', async () => {
    const calls = stubStaffApi((call) => {
      if (call.path === '/subscriptions/51/payout-quote') return ok(makePayoutQuote());
      if (call.path === '/subscriptions/51/transfer') return ok({ ...makeSubscriptionRow({ transferStatus: 'paid' }) });
      return undefined;
    });
    const onClose = vi.fn();
    const dialog = await openDialog(onClose);
    const quote = await within(dialog).findByTestId('payout-quote');
    expect(calls.find((c) => c.path === '/subscriptions/51/payout-quote')?.body).toEqual({ date: '2027-03-15' });
    expect(within(quote).getByTestId('payout-gross')).toHaveTextContent(money(120_000));
    expect(within(quote).getByTestId('payout-arrears')).toHaveTextContent('11 قسطًا مستحقة حتى');
    expect(within(quote).getByTestId('payout-arrears-sum')).toHaveTextContent(money(1100));
    expect(within(quote).getByTestId('payout-late')).toHaveTextContent(`منها 11 قسطًا فات موعدها (${money(1100)})`);
    // The installments compactly: runs of days, not eleven lines.
    expect(
      within(quote)
        .getByTestId('payout-arrears-days')
        .textContent?.replace(/[\u2068\u2069]/g, ''),
    ).toContain('الأيام 1–4، 7–13');
    expect(within(quote).getByTestId('payout-deducted')).toHaveTextContent(money(-1100));
    expect(within(quote).getByTestId('payout-net')).toHaveTextContent(money(118_900));
    expect(within(quote).getByTestId('payout-policy')).toHaveTextContent('خصم المتأخرات من مبلغ القبض وتحويل الباقي');
    const submit = within(dialog).getByTestId('payout-submit');
    await waitFor(() => expect(submit).toBeEnabled());
    expect(submit).toHaveTextContent(`تسجيل تحويل ${money(118_900)}`);

    // The reference is required.
    fireEvent.click(submit);
    expect(await within(dialog).findByText('من فضلك أدخل الرقم المرجعي')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/subscriptions/51/transfer')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('مرجع التحويل'), { target: { value: 'BM-TRX-7781' } });
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByText(readAs(`تم تسجيل تحويل ${money(118_900)} إلى هبة سامي`))).toBeInTheDocument();
    const sent = calls.filter((c) => c.path === '/subscriptions/51/transfer');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ reference: 'BM-TRX-7781', date: '2027-03-15', expected_net: 118_900 });
    expect(sent[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(onClose).toHaveBeenCalled();
  });

  it('asks for the quote again when the date changes, and confirms nothing until it is there', async () => {
    const calls = stubStaffApi((call) => {
      if (call.path !== '/subscriptions/51/payout-quote') return undefined;
      const date = (call.body as { date: string }).date;
      return date === '2027-03-10'
        ? ok(
            makePayoutQuote({
              date,
              arrears: { ...makePayoutQuote().arrears, count: 8, sum: 800 },
              deducted: 800,
              net: 119_200,
            }),
          )
        : ok(makePayoutQuote());
    });
    const dialog = await openDialog();
    await within(dialog).findByTestId('payout-net');
    const input = await within(dialog).findByLabelText('تاريخ التحويل', { selector: 'input:not([readonly])' });
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    fireEvent.click(await screen.findByTitle('2027-03-10'));
    await waitFor(() => expect(within(dialog).getByTestId('payout-net')).toHaveTextContent(money(119_200)));
    expect(calls.filter((c) => c.path === '/subscriptions/51/payout-quote').map((c) => c.body)).toEqual([
      { date: '2027-03-15' },
      { date: '2027-03-10' },
    ]);
    expect(within(dialog).getByTestId('payout-submit')).toHaveTextContent(`تسجيل تحويل ${money(119_200)}`);
  });

  it('under the policy "refuse" says why, shows no net and keeps confirm disabled', async () => {
    const calls = stubStaffApi((call) =>
      call.path === '/subscriptions/51/payout-quote'
        ? ok(makePayoutQuote({ policy: 'refuse', refusal: 'arrears_refused', deducted: 0, net: 120_000 }))
        : undefined,
    );
    const dialog = await openDialog();
    const refusal = await within(dialog).findByTestId('payout-refusal');
    expect(refusal).toHaveTextContent('على المشترك أقساط غير مدفوعة يجب سدادها أولًا');
    expect(refusal).toHaveTextContent(`من فضلك سجّل استلام الأقساط (${money(1100)}) أولًا`);
    expect(within(dialog).getByTestId('payout-policy')).toHaveTextContent('رفض صرف مبلغ القبض حتى تُسدَّد المتأخرات');
    expect(within(dialog).queryByTestId('payout-net')).toBeNull();
    expect(within(dialog).getByTestId('payout-submit')).toBeDisabled();
    expect(calls.some((c) => c.path === '/subscriptions/51/transfer')).toBe(false);
  });

  it('refuses arrears above the payout whatever the policy', async () => {
    stubStaffApi((call) =>
      call.path === '/subscriptions/51/payout-quote'
        ? ok(
            makePayoutQuote({
              gross: 1000,
              arrears: { ...makePayoutQuote().arrears, sum: 1100 },
              refusal: 'arrears_exceed',
              deducted: 0,
              net: 1000,
            }),
          )
        : undefined,
    );
    const dialog = await openDialog();
    const refusal = await within(dialog).findByTestId('payout-refusal');
    expect(refusal).toHaveTextContent('الأقساط غير المدفوعة تتجاوز مبلغ القبض');
    expect(refusal).toHaveTextContent(`(${money(1100)}) أكبر من مبلغ القبض (${money(1000)})`);
    expect(within(dialog).getByTestId('payout-submit')).toBeDisabled();
  });

  it('when the figures changed meanwhile (409 quote_changed) asks for the quote again, says so, and sends the new net', async () => {
    let quotes = 0;
    let transfers = 0;
    const calls = stubStaffApi((call) => {
      if (call.path === '/subscriptions/51/payout-quote') {
        quotes += 1;
        return quotes === 1
          ? ok(makePayoutQuote())
          : ok(
              makePayoutQuote({
                arrears: { ...makePayoutQuote().arrears, count: 10, sum: 1000 },
                deducted: 1000,
                net: 119_000,
              }),
            );
      }
      if (call.path === '/subscriptions/51/transfer') {
        transfers += 1;
        return transfers === 1
          ? refused(409, 'ledger.errors.quote_changed', 'تغيّرت الأرقام منذ فتح النافذة (الصافي الآن 119000 ج.م)')
          : ok(makeSubscriptionRow({ transferStatus: 'paid' }));
      }
      return undefined;
    });
    const dialog = await openDialog();
    await within(dialog).findByTestId('payout-net');
    fireEvent.change(within(dialog).getByLabelText('مرجع التحويل'), { target: { value: 'BM-TRX-7781' } });
    await waitFor(() => expect(within(dialog).getByTestId('payout-submit')).toBeEnabled());
    fireEvent.click(within(dialog).getByTestId('payout-submit'));
    expect(await within(dialog).findByTestId('payout-changed')).toHaveTextContent('تغيّرت الأرقام');
    await waitFor(() => expect(within(dialog).getByTestId('payout-net')).toHaveTextContent(money(119_000)));
    await waitFor(() => expect(within(dialog).getByTestId('payout-submit')).toBeEnabled());
    fireEvent.click(within(dialog).getByTestId('payout-submit'));
    expect(await screen.findByText(readAs(`تم تسجيل تحويل ${money(119_000)} إلى هبة سامي`))).toBeInTheDocument();
    const sent = calls.filter((c) => c.path === '/subscriptions/51/transfer');
    expect(sent.map((c) => (c.body as { expected_net: number }).expected_net)).toEqual([118_900, 119_000]);
    // Another body, another key: the first attempt recorded nothing.
    expect(sent[0]?.headers['idempotency-key']).not.toBe(sent[1]?.headers['idempotency-key']);
  });

  it('shows another refusal (already transferred meanwhile) in the dialog and records nothing', async () => {
    stubStaffApi((call) => {
      if (call.path === '/subscriptions/51/payout-quote') return ok(makePayoutQuote());
      if (call.path === '/subscriptions/51/transfer') {
        return refused(409, 'associations.errors.payout_done', 'تم تحويل مبلغ القبض بالفعل');
      }
      return undefined;
    });
    const dialog = await openDialog();
    await within(dialog).findByTestId('payout-net');
    fireEvent.change(within(dialog).getByLabelText('مرجع التحويل'), { target: { value: 'BM-1' } });
    await waitFor(() => expect(within(dialog).getByTestId('payout-submit')).toBeEnabled());
    fireEvent.click(within(dialog).getByTestId('payout-submit'));
    expect(await within(dialog).findByTestId('payout-refused')).toHaveTextContent('تم تحويل مبلغ القبض بالفعل');
  });
});
