import { PERMISSIONS, type Permission } from '@portal/shared/permissions';
import type { TTurnMove } from '@portal/shared/schemas/turn-moves';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Call, ok, signInAs, stubApi } from '../../../test/api-stub';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { TurnMovesTable } from './turn-moves-table';

// This machine runs several suites at once: give antd's async rendering time before a query gives up.
configure({ asyncUtilTimeout: 5000 });

function move(id: number, name: string, status: number, actions: TTurnMove['actions']): TTurnMove {
  return {
    id,
    user: { id: 10 + id, name, phone: `0101111000${id}`, image_url: null },
    association: { id: 3, title: 'جمعية الأمل', cost: 50 },
    subscription_id: 100 + id,
    from_day: { day_number: 40, date: '2027-02-09' },
    to_day: { day_number: 70, date: '2027-03-11' },
    status,
    note: null,
    changed_by: status === 0 ? null : { id: 1, name: 'مدير النظام' },
    created_at: '2027-01-05T09:30:00.000Z',
    decided_at: status === 0 ? null : '2027-01-06T09:30:00.000Z',
    actions,
  };
}

const ROWS = [
  move(1, 'منى عادل', 0, ['approve', 'reject']),
  move(2, 'كريم نبيل', 1, []),
  // In review, but the server gives this viewer no decision on it: no buttons either.
  move(3, 'هالة سمير', 0, []),
];

type Answers = { decide?: (call: Call) => Response; remove?: (call: Call) => Response };

function stub(permissions: readonly Permission[], answers: Answers = {}) {
  signInAs({ id: 1 });
  return stubApi((call) => {
    if (call.method === 'GET' && call.url === '/api/v1/users/1') {
      return ok(makeUser({ id: 1, direct_permissions: [...permissions] }));
    }
    if (call.url === '/api/v1/associations/change-turn-requests') {
      return ok({ data: ROWS, total: ROWS.length, lastPage: 1, currentPage: 1, perPage: 10 });
    }
    if (call.url === '/api/v1/associations')
      return ok({ data: [], total: 0, lastPage: 1, currentPage: 1, perPage: -1 });
    if (call.method === 'POST' && call.url.startsWith('/api/v1/associations/change-turn/'))
      return answers.decide?.(call);
    if (call.method === 'DELETE') return answers.remove?.(call);
    return undefined;
  });
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const lists = (calls: Call[]) => calls.filter((c) => c.url === '/api/v1/associations/change-turn-requests').length;

describe('TurnMovesTable', { timeout: 60_000 }, () => {
  it('shows the SPEC columns: member, association and cost, both days with their dates, status, who decided', async () => {
    const calls = stub(['association_move_turn.index'], {});
    await renderWithProviders(<TurnMovesTable />, { lang: 'en', route: '/move-turn/requests?status=0' });
    await screen.findByText('منى عادل');
    expect(calls.find((c) => c.url === '/api/v1/associations/change-turn-requests')?.body).toMatchObject({
      page: 1,
      perPage: 10,
      sortBy: 'id',
      sortOrder: 'desc',
      status: '0',
    });
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent?.trim()).filter(Boolean);
    expect(headers).toEqual([
      'Details',
      '#',
      'Member',
      'Association',
      'From day',
      'To day',
      'Status',
      'Decided by',
      'Requested on',
      'Actions',
    ]);
    const mona = rowOf('منى عادل');
    expect(within(mona).getByText('01011110001')).toBeInTheDocument();
    expect(within(mona).getByText('جمعية الأمل')).toBeInTheDocument();
    expect(within(mona).getByText('Day 40')).toBeInTheDocument();
    expect(within(mona).getByText('Day 70')).toBeInTheDocument();
    expect(within(mona).getByText('Feb 9, 2027')).toBeInTheDocument();
    expect(within(mona).getByTestId('turn-move-status-1')).toHaveTextContent('In review');
    expect(within(rowOf('كريم نبيل')).getByTestId('turn-move-status-2')).toHaveTextContent('Moved');
    expect(within(rowOf('كريم نبيل')).getByText('مدير النظام')).toBeInTheDocument();
  });

  it('shows approve and reject exactly where the server lists them in `actions`, and delete to its holders only', async () => {
    stub(['association_move_turn.index', 'association_move_turn.put']);
    const first = await renderWithProviders(<TurnMovesTable />);
    await screen.findByText('منى عادل');
    expect(within(rowOf('منى عادل')).getByRole('button', { name: 'موافقة على طلب منى عادل' })).toBeInTheDocument();
    expect(within(rowOf('منى عادل')).getByRole('button', { name: 'رفض طلب منى عادل' })).toBeInTheDocument();
    // Decided (SPEC §4: no editing once moved) or not this viewer's to decide: no buttons.
    for (const name of ['كريم نبيل', 'هالة سمير']) {
      expect(within(rowOf(name)).queryByRole('button', { name: /موافقة|رفض/ })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: /^حذف طلب/ })).toBeNull();
    first.unmount();

    stub(['association_move_turn.index', 'association_move_turn.delete']);
    await renderWithProviders(<TurnMovesTable />);
    await screen.findByText('منى عادل');
    expect(within(rowOf('منى عادل')).getByRole('button', { name: 'حذف طلب منى عادل' })).toBeInTheDocument();
    expect(within(rowOf('هالة سمير')).getByRole('button', { name: 'حذف طلب هالة سمير' })).toBeInTheDocument();
    // A request that moved a turn explains a day's change: the server refuses to delete it, so no button.
    expect(within(rowOf('كريم نبيل')).queryByRole('button', { name: 'حذف طلب كريم نبيل' })).toBeNull();
  });

  it('offers the association filter only to holders of associations.index', async () => {
    stub(['association_move_turn.index']);
    const first = await renderWithProviders(<TurnMovesTable />, { lang: 'en' });
    await screen.findByText('منى عادل');
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByLabelText('Status')).toBeInTheDocument();
    expect(screen.queryByText('Association', { selector: 'label' })).toBeNull();
    first.unmount();

    stub(['association_move_turn.index', 'associations.index']);
    await renderWithProviders(<TurnMovesTable />, { lang: 'en' });
    await screen.findByText('منى عادل');
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(await screen.findByText('Association', { selector: 'label' })).toBeInTheDocument();
  });

  it('approves after a confirmation that says what moves; backing out sends nothing', async () => {
    const calls = stub(PERMISSIONS, {
      decide: () => ok({ ...move(1, 'منى عادل', 1, []), changed_by: { id: 1, name: 'مدير النظام' } }),
    });
    await renderWithProviders(<TurnMovesTable />);
    await screen.findByText('منى عادل');

    fireEvent.click(screen.getByRole('button', { name: 'موافقة على طلب منى عادل' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('الموافقة على نقل الدور؟');
    expect(dialog).toHaveTextContent('من اليوم 40');
    expect(dialog).toHaveTextContent('إلى اليوم 70');
    fireEvent.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    expect(await screen.findByText('تم الإلغاء')).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/v1/associations/change-turn/'))).toBe(false);

    const before = lists(calls);
    fireEvent.click(screen.getByRole('button', { name: 'موافقة على طلب منى عادل' }));
    fireEvent.click(await screen.findByRole('button', { name: 'نعم، انقل الدور' }));
    expect(await screen.findByText('تم نقل الدور')).toBeInTheDocument();
    const sent = calls.filter((c) => c.url === '/api/v1/associations/change-turn/1');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ id: 1, status: 1 });
    // The list is read again: the row now shows what the server says.
    await waitFor(() => expect(lists(calls)).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('rejects with the note typed in the confirmation', async () => {
    const calls = stub(PERMISSIONS, { decide: () => ok(move(1, 'منى عادل', 2, [])) });
    await renderWithProviders(<TurnMovesTable />, { lang: 'en' });
    await screen.findByText('منى عادل');
    fireEvent.click(screen.getByRole('button', { name: 'Reject the request of منى عادل' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), {
      target: { value: '  The day is kept for a family member ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, reject it' }));
    expect(await screen.findByText('The turn-move request was rejected')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v1/associations/change-turn/1')?.body).toEqual({
      id: 1,
      status: 2,
      note: 'The day is kept for a family member',
    });
  });

  it('shows the server’s move-turn failure (409) as information, closes the dialog and reloads the list', async () => {
    const message = 'يوم النقل غير صالح أو تم نقل الدور بالفعل';
    const calls = stub(PERMISSIONS, {
      decide: () => jsonResponse({ status: 'error', message, errors: [] }, 409),
    });
    await renderWithProviders(<TurnMovesTable />);
    await screen.findByText('منى عادل');
    const before = lists(calls);
    fireEvent.click(screen.getByRole('button', { name: 'موافقة على طلب منى عادل' }));
    fireEvent.click(await screen.findByRole('button', { name: 'نعم، انقل الدور' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('تم نقل الدور')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(lists(calls)).toBeGreaterThan(before));
  });

  it('deletes after a confirmation; a refusal shows the server’s "deletion not possible" message', async () => {
    const message = 'لا يمكن الحذف: تم نقل الدور بالفعل';
    let refuse = false;
    const calls = stub(PERMISSIONS, {
      remove: () =>
        refuse
          ? jsonResponse({ status: 'error', message, errors: [] }, 409)
          : jsonResponse({ status: 'success', data: null }),
    });
    await renderWithProviders(<TurnMovesTable />);
    await screen.findByText('منى عادل');

    fireEvent.click(screen.getByRole('button', { name: 'حذف طلب منى عادل' }));
    expect(await screen.findByText('حذف طلب تغيير الدور؟')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'نعم، احذف' }));
    expect(await screen.findByText('تم حذف طلب تغيير الدور')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/v1/associations/change-turn-requests/1',
    ]);

    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: 'حذف طلب هالة سمير' }));
    const confirms = await screen.findAllByRole('button', { name: 'نعم، احذف' });
    fireEvent.click(confirms.at(-1) as HTMLElement);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
