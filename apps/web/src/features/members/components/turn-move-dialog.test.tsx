import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/format';
import { renderWithProviders } from '../../../test/render';
import { DAYS, makeSubscription, makeTurnMove, ok, refused, stubMemberApi } from '../testing/fixtures';
import { matchesDay } from './day-select';
import { SubscriptionCard } from './subscription-card';

configure({ asyncUtilTimeout: 5000 });

/** Opens the antd select of the dialog and picks the day whose label is given. */
async function pickDay(label: string) {
  const dialog = screen.getByTestId('turn-move-dialog');
  fireEvent.mouseDown(within(dialog).getByRole('combobox'));
  const option = await screen.findByTitle(label);
  fireEvent.click(option);
}

function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'طلب تغيير الدور في جمعية الخير' }));
}

describe('asking to move my turn', { timeout: 60_000 }, () => {
  it('offers the other free days of the same association and sends the chosen one once, with an idempotency key', async () => {
    const calls = stubMemberApi((call) => {
      if (call.method === 'GET' && call.path === '/me/associations/4/days') {
        // The server lists free days only; the member's own day is never among them, but the dialog would hide it.
        return ok({ association_id: 4, days: [...DAYS, { day_number: 45, date: '2026-05-14' }] });
      }
      if (call.method === 'POST' && call.path === '/me/turn-moves') return ok(makeTurnMove(), 201);
      if (call.path === '/me/subscriptions') return ok([]);
      return undefined;
    });
    await renderWithProviders(<SubscriptionCard subscription={makeSubscription()} />);
    openDialog();
    const dialog = await screen.findByTestId('turn-move-dialog');
    expect(within(dialog).getByText('طلب تغيير الدور')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(`اليوم 45 — ${formatDate('2026-05-14', 'ar')}`);

    // Nothing chosen: the field says so and nothing is sent.
    await waitFor(() => expect(within(dialog).getByTestId('turn-move-submit')).toBeEnabled());
    fireEvent.click(within(dialog).getByTestId('turn-move-submit'));
    expect(await within(dialog).findByText('من فضلك اختر اليوم الجديد')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    expect(await screen.findByTitle(`اليوم 52 — ${formatDate('2026-04-21', 'ar')}`)).toBeInTheDocument();
    expect(screen.queryByTitle(`اليوم 45 — ${formatDate('2026-05-14', 'ar')}`)).not.toBeInTheDocument();
    fireEvent.click(screen.getByTitle(`اليوم 52 — ${formatDate('2026-04-21', 'ar')}`));

    fireEvent.click(within(dialog).getByTestId('turn-move-submit'));
    fireEvent.click(within(dialog).getByTestId('turn-move-submit'));
    expect(await screen.findByText('تم إرسال طلب تغيير الدور')).toBeInTheDocument();
    const sent = calls.filter((c) => c.method === 'POST' && c.path === '/me/turn-moves');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ subscription_id: 31, to_day: 52 });
    expect(sent[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(screen.queryByTestId('turn-move-dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal (a request already in review) and keeps the dialog open", async () => {
    stubMemberApi((call) => {
      if (call.path === '/me/associations/4/days') return ok({ association_id: 4, days: DAYS });
      if (call.method === 'POST' && call.path === '/me/turn-moves') {
        return refused(409, 'turn_moves.errors.open_exists', 'لديك طلب تغيير دور قيد المراجعة لهذا الاشتراك');
      }
      return undefined;
    });
    await renderWithProviders(<SubscriptionCard subscription={makeSubscription()} />);
    openDialog();
    await screen.findByTestId('turn-move-dialog');
    await pickDay(`اليوم 40 — ${formatDate('2026-04-09', 'ar')}`);
    fireEvent.click(screen.getByTestId('turn-move-submit'));
    expect(await screen.findByText('لديك طلب تغيير دور قيد المراجعة لهذا الاشتراك')).toBeInTheDocument();
    expect(screen.getByTestId('turn-move-dialog')).toBeInTheDocument();
  });

  it('says when no day is free to move to', async () => {
    stubMemberApi((call) =>
      call.path === '/me/associations/4/days' ? ok({ association_id: 4, days: [] }) : undefined,
    );
    await renderWithProviders(<SubscriptionCard subscription={makeSubscription()} />, { lang: 'en' });
    fireEvent.click(screen.getByRole('button', { name: 'Ask to move my turn in جمعية الخير' }));
    expect(await screen.findByText('There is no available day to move to right now')).toBeInTheDocument();
    expect(screen.getByTestId('turn-move-submit')).toBeDisabled();
  });

  it('finds a day by its number as typed (either digit system), or by its date in words', () => {
    const day = (value: number, search: string) => ({ value, search });
    const may20 = day(20, '20 مايو 2026 2026-05-20');
    expect(matchesDay('20', may20)).toBe(true);
    expect(matchesDay('٢٠', may20)).toBe(true);
    expect(matchesDay('2', may20)).toBe(true);
    // The year in every date does not make every day match a number.
    expect(matchesDay('20', day(45, '14 مايو 2026 2026-05-14'))).toBe(false);
    expect(matchesDay('مايو', may20)).toBe(true);
    expect(matchesDay('may', day(20, '20 May 2026 2026-05-20'))).toBe(true);
  });
});
