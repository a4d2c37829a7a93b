import { PERMISSIONS, type Permission } from '@portal/shared/permissions';
import type { TCardRequest } from '@portal/shared/schemas/card-requests';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Call, ok, signInAs, stubApi } from '../../../test/api-stub';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { CardRequestsTable } from './card-requests-table';

configure({ asyncUtilTimeout: 5000 });

function card(id: number, name: string, status: number, actions: TCardRequest['actions']): TCardRequest {
  return {
    id,
    name: `${name} (بطاقة)`,
    national_id: `2900101010100${id}`,
    status,
    note: status === 2 ? 'الأوراق غير مكتملة' : null,
    user: { id: 20 + id, name, phone: `0101222000${id}`, image_url: null },
    decided_by: status === 0 ? null : { id: 1, name: 'مدير النظام' },
    created_at: '2027-01-05T09:30:00.000Z',
    decided_at: status === 0 ? null : '2027-01-06T09:30:00.000Z',
    actions,
  };
}

const ROWS = [card(7, 'منى عادل', 0, ['issue', 'reject']), card(8, 'كريم نبيل', 1, [])];

const HISTORY = [
  {
    action: 'create',
    from_status: null,
    to_status: 0,
    actor: { id: 27, name: 'منى عادل' },
    note: null,
    created_at: '2027-01-05T09:30:00.000Z',
  },
];

function stub(permissions: readonly Permission[], decide?: (call: Call) => Response) {
  signInAs({ id: 1 });
  return stubApi((call) => {
    if (call.method === 'GET' && call.url === '/api/v1/users/1') {
      return ok(makeUser({ id: 1, direct_permissions: [...permissions] }));
    }
    if (call.url === '/api/v1/card-requests') {
      return ok({ data: ROWS, total: ROWS.length, lastPage: 1, currentPage: 1, perPage: 10 });
    }
    if (call.method === 'GET' && call.url === '/api/v1/card-requests/7') return ok({ ...ROWS[0], history: HISTORY });
    if (call.method === 'POST' && call.url === '/api/v1/card-requests/7/decision') return decide?.(call);
    return undefined;
  });
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('CardRequestsTable', { timeout: 60_000 }, () => {
  it('lists id, the name with the member’s photo leading to their profile, national id, status and date', async () => {
    const calls = stub(['card_requests.index', 'users.view']);
    await renderWithProviders(<CardRequestsTable />, { lang: 'en', route: '/card/requests?status=0&search=منى' });
    await screen.findByText('منى عادل (بطاقة)');
    expect(calls.find((c) => c.url === '/api/v1/card-requests')?.body).toMatchObject({
      page: 1,
      perPage: 10,
      status: '0',
      search: 'منى',
    });
    const row = rowOf('منى عادل (بطاقة)');
    expect(within(row).getByText('29001010101007')).toBeInTheDocument();
    expect(within(row).getByTestId('card-request-status-7')).toHaveTextContent('In review');
    expect(within(row).getByRole('link', { name: "منى عادل's profile" })).toHaveAttribute('href', '/users/27');
    expect(within(rowOf('كريم نبيل (بطاقة)')).getByTestId('card-request-status-8')).toHaveTextContent('Issued');
  });

  it('offers issue and reject only where `actions` lists them, and no profile link without users.view', async () => {
    stub(['card_requests.index']);
    await renderWithProviders(<CardRequestsTable />);
    await screen.findByText('منى عادل (بطاقة)');
    expect(within(rowOf('منى عادل (بطاقة)')).getByRole('button', { name: 'إصدار بطاقة منى عادل' })).toBeVisible();
    expect(within(rowOf('كريم نبيل (بطاقة)')).queryByRole('button', { name: /إصدار|رفض/ })).toBeNull();
    expect(within(rowOf('منى عادل (بطاقة)')).queryByRole('link')).toBeNull();
  });

  it('will not reject without a reason, then sends it', async () => {
    const calls = stub(PERMISSIONS, () => ok({ ...ROWS[0], status: 2, actions: [], history: HISTORY }));
    await renderWithProviders(<CardRequestsTable />);
    await screen.findByText('منى عادل (بطاقة)');
    fireEvent.click(screen.getByRole('button', { name: 'رفض طلب منى عادل' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('رفض طلب البطاقة؟');
    fireEvent.click(within(dialog).getByRole('button', { name: 'نعم، ارفض الطلب' }));
    expect(await within(dialog).findByText('يرجى كتابة سبب الرفض')).toBeInTheDocument();
    // Spaces are no reason either.
    fireEvent.change(within(dialog).getByLabelText('سبب الرفض'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'نعم، ارفض الطلب' }));
    await waitFor(() => expect(within(dialog).getByText('يرجى كتابة سبب الرفض')).toBeInTheDocument());
    expect(calls.some((c) => c.url.endsWith('/decision'))).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('سبب الرفض'), { target: { value: 'الأوراق غير مكتملة' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'نعم، ارفض الطلب' }));
    expect(await screen.findByText('تم رفض طلب البطاقة')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/decision'))?.body).toEqual({ status: 2, note: 'الأوراق غير مكتملة' });
  });

  it('opens a request with its history and issues it from there', async () => {
    const calls = stub(PERMISSIONS, () =>
      ok({
        ...ROWS[0],
        status: 1,
        actions: [],
        decided_by: { id: 1, name: 'مدير النظام' },
        history: [
          ...HISTORY,
          {
            action: 'issue',
            from_status: 0,
            to_status: 1,
            actor: { id: 1, name: 'مدير النظام' },
            note: null,
            created_at: '2027-01-06T09:30:00.000Z',
          },
        ],
      }),
    );
    const { router } = await renderWithProviders(<CardRequestsTable />, { lang: 'en' });
    await screen.findByText('منى عادل (بطاقة)');
    fireEvent.click(screen.getByRole('button', { name: 'View the request of منى عادل' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=7'));
    const detail = await screen.findByTestId('card-request-detail');
    expect(within(detail).getByText('Requested · In review')).toBeInTheDocument();
    expect(within(detail).getByText('by منى عادل', { exact: false })).toBeInTheDocument();

    const drawer = detail.closest('.card-request-drawer') as HTMLElement;
    fireEvent.click(within(drawer).getByRole('button', { name: 'Issue the card of منى عادل' }));
    const dialogs = await screen.findAllByRole('dialog');
    const confirm = dialogs.find((d) => d.textContent?.includes('Mark this card as issued?')) as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, issued' }));
    expect(await screen.findByText('The card was marked as issued')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/decision'))?.body).toEqual({ status: 1 });
    // The drawer shows the request as decided: its status, who decided, the new history step, no more buttons.
    await waitFor(() => expect(screen.getByTestId('card-request-detail-status')).toHaveTextContent('Issued'));
    expect(within(drawer).getByText('Card issued · Issued')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Issue the card of منى عادل' })).toBeNull();
  });

  it('says so when someone else decided first (409) and closes the confirmation', async () => {
    const message = 'تم البت في هذا الطلب («تم الإصدار») ولا يمكن تعديله';
    stub(PERMISSIONS, () => jsonResponse({ status: 'error', message, errors: [] }, 409));
    await renderWithProviders(<CardRequestsTable />);
    await screen.findByText('منى عادل (بطاقة)');
    fireEvent.click(screen.getByRole('button', { name: 'إصدار بطاقة منى عادل' }));
    fireEvent.click(await screen.findByRole('button', { name: 'نعم، تم الإصدار' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
