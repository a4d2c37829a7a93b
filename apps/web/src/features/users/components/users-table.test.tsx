import { PERMISSIONS, type Permission } from '@portal/shared/permissions';
import type { TUser } from '@portal/shared/schemas/auth';
import type { TUserListRow } from '@portal/shared/schemas/users';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { UsersTable } from './users-table';

// This machine runs several suites at once: give antd's async rendering time before a query gives up.
configure({ asyncUtilTimeout: 5000 });

const base = {
  email: null,
  image: null,
  photo_url: null,
  birthDate: '1990-05-12',
  address: null,
  phoneVerify: false,
  email_verified: false,
  active: true,
  removed: false,
  created_at: '2026-01-01T00:00:00.000Z',
};

const ROWS: TUserListRow[] = [
  {
    ...base,
    id: 2,
    name: 'أحمد محمود',
    email: 'ahmed@example.com',
    phone: '01011111111',
    type: 'user',
    phoneVerify: true,
  },
  { ...base, id: 3, name: 'منى عبد الرحمن', phone: '01122222222', type: 'user', active: false },
  { ...base, id: 9, name: 'كريم المحذوف', phone: '01233333333', type: 'user', removed: true, active: false },
] as unknown as TUserListRow[];

function viewer(permissions: readonly Permission[]): TUser {
  return {
    ...base,
    id: 1,
    name: 'موظف',
    phone: '01000000000',
    type: 'admin',
    phoneVerify: true,
    roles: [],
    direct_permissions: [...permissions],
    role_permissions: [],
  } as unknown as TUser;
}

type Call = { method: string; url: string; body: unknown };

function stubApi(permissions: readonly Permission[], onDelete?: () => Response, onAccount?: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(init.body as string) : undefined });
      if (method === 'GET' && url === '/api/v1/users/1') {
        return jsonResponse({ status: 'success', data: viewer(permissions) });
      }
      if (method === 'POST' && url === '/api/v1/users') {
        return jsonResponse({
          status: 'success',
          data: { data: ROWS, total: ROWS.length, lastPage: 1, currentPage: 1, perPage: 10 },
        });
      }
      if (method === 'DELETE' && onDelete) return onDelete();
      if (/^\/api\/v1\/user\/(activate|restore|reset)\//.test(url) && onAccount) {
        return onAccount(calls[calls.length - 1] as Call);
      }
      return jsonResponse({ status: 'error', message: 'unexpected', errors: [] }, 500);
    }),
  );
  window.localStorage.setItem('token', 't'.repeat(43));
  window.localStorage.setItem('user_id', '1');
  return calls;
}

/** Column titles in order (the table's header cells). */
const headers = () =>
  [...document.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '').filter((text) => text !== '');

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

// Rendering antd tables and forms in jsdom is slow on a busy machine; the default 20 s is too tight.
describe('UsersTable', { timeout: 60_000 }, () => {
  it('asks for customers with the filters in `filters` and shows the SPEC columns', async () => {
    const calls = stubApi(['users.index']);
    await renderWithProviders(<UsersTable kind="user" />, { route: '/users?email=mona&phone=012' });
    expect(await screen.findByText('أحمد محمود')).toBeInTheDocument();
    const list = calls.find((c) => c.method === 'POST' && c.url === '/api/v1/users');
    expect(list?.body).toMatchObject({
      page: 1,
      perPage: 10,
      sortBy: 'id',
      sortOrder: 'desc',
      type: 'user',
      filters: { email: 'mona', phone: '012' },
    });
    expect(headers()).toEqual([
      '#',
      'الاسم',
      'البريد الإلكتروني',
      'رقم الهاتف',
      'تاريخ الميلاد',
      'الهاتف مؤكَّد',
      'نوع المستخدم',
      'الحالة',
      'الإجراءات',
    ]);
    const ahmed = rowOf('أحمد محمود');
    expect(within(ahmed).getByText('ahmed@example.com')).toBeInTheDocument();
    expect(within(ahmed).getByText('نعم')).toBeInTheDocument();
    expect(within(ahmed).getByText('عميل')).toBeInTheDocument();
    expect(within(rowOf('منى عبد الرحمن')).getByText('غير مفعّل')).toBeInTheDocument();
  });

  it('shows no add, view, edit or delete button to a user holding users.index only, and no removed column', async () => {
    stubApi(['users.index']);
    await renderWithProviders(<UsersTable kind="user" />);
    await screen.findByText('أحمد محمود');
    expect(screen.queryByTestId('user-add')).toBeNull();
    expect(screen.queryByLabelText('عرض أحمد محمود', { selector: 'a' })).toBeNull();
    expect(screen.queryByLabelText('تعديل أحمد محمود', { selector: 'a' })).toBeNull();
    expect(screen.queryByLabelText('حذف أحمد محمود', { selector: 'button' })).toBeNull();
    expect(headers()).not.toContain('الحذف');
  });

  it('shows each button to the holder of its permission', async () => {
    stubApi(PERMISSIONS);
    await renderWithProviders(<UsersTable kind="user" />);
    await screen.findByText('أحمد محمود');
    expect(screen.getByTestId('user-add').closest('a')).toHaveAttribute('href', '/users/create');
    expect(screen.getByLabelText('عرض أحمد محمود', { selector: 'a' })).toHaveAttribute('href', '/users/2');
    expect(screen.getByLabelText('تعديل أحمد محمود', { selector: 'a' })).toHaveAttribute('href', '/users/2/edit');
    expect(screen.getByLabelText('حذف أحمد محمود', { selector: 'button' })).toBeInTheDocument();
  });

  it('offers admin_users "show deleted users", which asks the server for them; a deleted row says so and leads nowhere', async () => {
    const calls = stubApi(PERMISSIONS);
    const { router } = await renderWithProviders(<UsersTable kind="user" />, { lang: 'en' });
    await screen.findByText('أحمد محمود');
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show deleted users' }));
    await waitFor(() => expect(router.state.location.search).toBe('?removed=true'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toMatchObject({ filters: { removed: 'true' } }),
    );
    // Marked where its state shows, greyed, with no view or edit that would open a 404, and no profile link.
    const karim = rowOf('كريم المحذوف');
    expect(within(karim).getByTestId('user-status-9')).toHaveTextContent('Deleted');
    expect(karim).toHaveClass('is-removed');
    expect(within(karim).queryByRole('link')).toBeNull();
    expect(within(karim).queryByRole('button', { name: /Delete/ })).toBeNull();
    // A live user keeps its links.
    expect(within(rowOf('أحمد محمود')).getByRole('link', { name: 'أحمد محمود' })).toHaveAttribute('href', '/users/2');
  });

  it('offers no deleted users filter without admin_users', async () => {
    stubApi(['users.index', 'users.view']);
    await renderWithProviders(<UsersTable kind="user" />, { lang: 'en' });
    await screen.findByText('أحمد محمود');
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByLabelText('Status')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Show deleted users' })).toBeNull();
  });

  it('shows only the view button with users.view, and only delete with users.delete', async () => {
    stubApi(['users.index', 'users.view']);
    const first = await renderWithProviders(<UsersTable kind="user" />);
    await screen.findByText('أحمد محمود');
    expect(screen.getByLabelText('عرض أحمد محمود', { selector: 'a' })).toBeInTheDocument();
    expect(screen.queryByLabelText('تعديل أحمد محمود', { selector: 'a' })).toBeNull();
    expect(screen.queryByLabelText('حذف أحمد محمود', { selector: 'button' })).toBeNull();
    first.unmount();
    window.localStorage.clear();

    stubApi(['users.index', 'users.delete']);
    await renderWithProviders(<UsersTable kind="user" />);
    await screen.findByText('أحمد محمود');
    expect(screen.getByLabelText('حذف أحمد محمود', { selector: 'button' })).toBeInTheDocument();
    expect(screen.queryByLabelText('عرض أحمد محمود', { selector: 'a' })).toBeNull();
    expect(screen.queryByLabelText('تعديل أحمد محمود', { selector: 'a' })).toBeNull();
  });

  it('confirms a delete: backing out says "cancel" and deletes nothing', async () => {
    const calls = stubApi(PERMISSIONS);
    await renderWithProviders(<UsersTable kind="user" />);
    await screen.findByText('أحمد محمود');
    fireEvent.click(screen.getByLabelText('حذف أحمد محمود', { selector: 'button' }));
    fireEvent.click(await screen.findByRole('button', { name: 'إلغاء' }));
    expect(await screen.findByText('تم الإلغاء')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('says "can not delete" with the reason when the server refuses', async () => {
    const calls = stubApi(PERMISSIONS, () =>
      jsonResponse({ status: 'error', code: 'last_admin', message: 'لا يمكن حذف آخر مسؤول للنظام', errors: [] }, 409),
    );
    await renderWithProviders(<UsersTable kind="user" />);
    await screen.findByText('أحمد محمود');
    fireEvent.click(screen.getByLabelText('حذف أحمد محمود', { selector: 'button' }));
    fireEvent.click(await screen.findByRole('button', { name: 'نعم، احذف' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/v1/users/2'));
    expect(await screen.findByText('لا يمكن الحذف: لا يمكن حذف آخر مسؤول للنظام')).toBeInTheDocument();
  });

  it('names the subscriptions a member still holds when the server refuses to delete them (issue 20 §3)', async () => {
    const calls = stubApi(PERMISSIONS, () =>
      jsonResponse(
        {
          status: 'error',
          code: 'ledger.errors.member_has_subscriptions',
          message: 'لهذا المشترك اشتراكات نشطة (جمعية الأمل (40))؛ من فضلك سجّل انسحابه منها أولًا',
          errors: [],
        },
        409,
      ),
    );
    await renderWithProviders(<UsersTable kind="user" />);
    await screen.findByText('أحمد محمود');
    fireEvent.click(screen.getByLabelText('حذف أحمد محمود', { selector: 'button' }));
    fireEvent.click(await screen.findByRole('button', { name: 'نعم، احذف' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/v1/users/2'));
    expect(
      await screen.findByText(
        'لا يمكن الحذف: لهذا المشترك اشتراكات نشطة (جمعية الأمل (40))؛ من فضلك سجّل انسحابه منها أولًا',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('أحمد محمود')).toBeInTheDocument();
  });

  it('lists administrators with their own add link and the roles action', async () => {
    const calls = stubApi(PERMISSIONS);
    await renderWithProviders(<UsersTable kind="admin" />, { lang: 'en' });
    await screen.findByText('أحمد محمود');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ type: 'admin' });
    expect(screen.getByTestId('user-add')).toHaveTextContent('Add administrator');
    expect(screen.getByTestId('user-add').closest('a')).toHaveAttribute('href', '/users/admins/create');
    // No type filter or column on the administrators list: every row is one.
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByLabelText('Status')).toBeInTheDocument();
    expect(screen.queryByLabelText('User type')).toBeNull();
    expect(headers()).not.toContain('User type');
  });

  it('deactivates, sends a reset link to and restores accounts after a confirmation, each with its message', async () => {
    const calls = stubApi(PERMISSIONS, undefined, (call) =>
      jsonResponse({ status: 'success', message: 'ok', data: call.url.includes('/reset/') ? null : ROWS[0] }),
    );
    await renderWithProviders(<UsersTable kind="user" />, { lang: 'en' });
    await screen.findByText('أحمد محمود');

    fireEvent.click(screen.getByRole('button', { name: 'Deactivate أحمد محمود' }));
    expect(await screen.findByText('Deactivate this account?')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, deactivate' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/v1/user/activate/2')).toMatchObject({
        method: 'PUT',
        body: { active: false },
      }),
    );
    expect(await screen.findByText('The account was deactivated')).toBeInTheDocument();

    // An inactive account is offered activation, and no reset link (it could not use it).
    expect(screen.getByRole('button', { name: 'Activate منى عبد الرحمن' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send منى عبد الرحمن a password reset link' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Send أحمد محمود a password reset link' }));
    expect(await screen.findByText(/will receive an email at ahmed@example.com/)).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, send the link' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/v1/user/reset/2')?.method).toBe('POST'));
    expect(await screen.findByText('A password reset link was sent to the user’s email')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Restore كريم المحذوف' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, restore' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/v1/user/restore/9/user')?.method).toBe('POST'));
    expect(await screen.findByText('The user was restored')).toBeInTheDocument();
  });

  it('says why a restore was refused (the phone now belongs to someone else)', async () => {
    stubApi(PERMISSIONS, undefined, () =>
      jsonResponse(
        {
          status: 'error',
          code: 'cannot_restore',
          message: 'لا يمكن استعادة هذا المستخدم: رقم هاتفه أو بريده أصبح لحساب آخر',
          errors: [],
        },
        409,
      ),
    );
    await renderWithProviders(<UsersTable kind="user" />);
    await screen.findByText('كريم المحذوف');
    fireEvent.click(screen.getByRole('button', { name: 'استعادة كريم المحذوف' }));
    fireEvent.click(await screen.findByRole('button', { name: 'نعم، استعد المستخدم' }));
    expect(
      await screen.findByText(
        'تعذّرت استعادة المستخدم: لا يمكن استعادة هذا المستخدم: رقم هاتفه أو بريده أصبح لحساب آخر',
      ),
    ).toBeInTheDocument();
  });

  it('offers no restore without admin_users, and no status or reset action without users.put', async () => {
    stubApi(['users.index', 'users.view', 'users.delete']);
    await renderWithProviders(<UsersTable kind="user" />, { lang: 'en' });
    await screen.findByText('أحمد محمود');
    expect(screen.queryByRole('button', { name: /^Deactivate|^Activate|^Restore|password reset link$/ })).toBeNull();
  });
});
