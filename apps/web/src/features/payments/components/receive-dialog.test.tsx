import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setClockForTests } from '../../../lib/clock';
import { renderWithProviders } from '../../../test/render';
import { makePayment, ok, refused, stubStaffApi } from '../../ledger/testing/fixtures';
import ReceiveDialog, { isReceivedOnDisabled, receiptsOf } from './receive-dialog';

configure({ asyncUtilTimeout: 5000 });

const LATE = makePayment();
const TODAY = makePayment({ id: 915, dayNumber: 15, dueDate: '2027-03-15', status: 'future', days_late: 0 });

async function openDialog(onDone = vi.fn(), lang: 'ar' | 'en' = 'ar') {
  await renderWithProviders(<ReceiveDialog payments={[LATE, TODAY]} onClose={vi.fn()} onDone={onDone} />, { lang });
  return screen.findByTestId('receive-dialog');
}

function received(body: { ids: number[] }) {
  return ok(
    body.ids.map((id) => ({
      ...makePayment({ id }),
      status: 'received',
      receipt: { id: 71, number: 'R-2027-000012' },
    })),
  );
}

describe('recording installments as received', { timeout: 60_000 }, () => {
  beforeEach(() => setClockForTests('2027-03-15T08:00:00Z'));

  it('requires a reference for any method but cash, as the shared schema says, and marks the field', async () => {
    const calls = stubStaffApi((call) =>
      call.path === '/subscriptions/payments/receive' ? received(call.body as { ids: number[] }) : undefined,
    );
    const dialog = await openDialog();
    const reference = within(dialog).getByLabelText('الرقم المرجعي');
    // Cash: the reference is optional, and the field says so.
    expect(reference.closest('.ant-form-item')?.querySelector('.ant-form-item-required')).toBeNull();
    expect(within(dialog).getByText('اختياري عند الدفع نقدًا')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('radio', { name: 'فوري' }));
    await waitFor(() =>
      expect(reference.closest('.ant-form-item')?.querySelector('.ant-form-item-required')).not.toBeNull(),
    );
    fireEvent.click(within(dialog).getByTestId('receive-submit'));
    expect(await within(dialog).findByText('من فضلك أدخل الرقم المرجعي (مطلوب إلا في الدفع نقدًا)')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/subscriptions/payments/receive')).toBe(false);

    fireEvent.change(reference, { target: { value: 'FAWRY-55102' } });
    fireEvent.click(within(dialog).getByTestId('receive-submit'));
    await within(dialog).findByTestId('receive-done');
    const sent = calls.filter((c) => c.path === '/subscriptions/payments/receive');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      ids: [901, 915],
      method: 'fawry',
      reference: 'FAWRY-55102',
      received_on: '2027-03-15',
    });
    expect(sent[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('records cash without a reference, on today by default, then shows the receipt number with a way to print it', async () => {
    const calls = stubStaffApi((call) =>
      call.path === '/subscriptions/payments/receive' ? received(call.body as { ids: number[] }) : undefined,
    );
    const onDone = vi.fn();
    const dialog = await openDialog(onDone);
    fireEvent.click(within(dialog).getByTestId('receive-submit'));
    expect(await screen.findByText('تم تسجيل استلام قسطين')).toBeInTheDocument();
    const done = await within(dialog).findByTestId('receive-done');
    expect(calls.find((c) => c.path === '/subscriptions/payments/receive')?.body).toEqual({
      ids: [901, 915],
      method: 'cash',
      received_on: '2027-03-15',
    });
    // One receipt for the one subscription, whatever the number of installments.
    expect(within(done).getAllByRole('listitem')).toHaveLength(1);
    expect(within(done).getByTestId('receive-receipt-71')).toHaveTextContent('R-2027-000012');
    const print = within(done).getByRole('link', { name: 'طباعة الإيصال R-2027-000012' });
    expect(print).toHaveAttribute('href', '/receipts/71/print');
    expect(onDone).toHaveBeenCalledWith([901, 915]);
  });

  it('says in English which installments were received meanwhile, and records none', async () => {
    stubStaffApi((call) =>
      call.path === '/subscriptions/payments/receive'
        ? refused(
            409,
            'associations.errors.payments_not_pending',
            'Some chosen installments are already recorded as received: 901',
            [{ field: 'ids', title: 'Some chosen installments are already recorded as received: 901' }],
          )
        : undefined,
    );
    const dialog = await openDialog(vi.fn(), 'en');
    expect(within(dialog).getByRole('radio', { name: 'Mobile wallet' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: 'Deducted from the payout' })).toBeNull();
    fireEvent.click(within(dialog).getByTestId('receive-submit'));
    expect(await within(dialog).findByTestId('receive-refused')).toHaveTextContent('already recorded as received: 901');
    expect(within(dialog).queryByTestId('receive-done')).toBeNull();
  });

  it('offers no day after today (Cairo) as the date received, and lists each receipt once', () => {
    setClockForTests('2027-03-14T22:30:00Z'); // already the 15th in Cairo
    expect(isReceivedOnDisabled(dayjs('2027-03-15'))).toBe(false);
    expect(isReceivedOnDisabled(dayjs('2027-03-16'))).toBe(true);
    expect(
      receiptsOf([
        { receipt: { id: 2, number: 'R-2027-000002' } },
        { receipt: { id: 2, number: 'R-2027-000002' } },
        { receipt: { id: 3, number: 'R-2027-000003' } },
        { receipt: null },
      ]),
    ).toEqual([
      { id: 2, number: 'R-2027-000002' },
      { id: 3, number: 'R-2027-000003' },
    ]);
  });
});
