import { PERMISSIONS } from '@portal/shared/permissions';
import { latestBirthdate } from '@portal/shared/schemas/users';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import dayjs from '../../../lib/dayjs';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { photoProblem } from './photo-picker';
import { isBirthdateDisabled, UserForm } from './user-form';

// This machine runs several suites at once: give antd's async rendering time before a query gives up.
configure({ asyncUtilTimeout: 5000 });

const ADMIN = makeUser({ direct_permissions: [...PERMISSIONS] });

type Call = { method: string; url: string; body: unknown };

function stubApi(onPut?: (body: unknown) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      if (method === 'GET' && url === '/api/v1/users/1') return jsonResponse({ status: 'success', data: ADMIN });
      if (method === 'PUT' && onPut) return onPut(body);
      return jsonResponse({ status: 'error', message: 'unexpected', errors: [] }, 500);
    }),
  );
  window.localStorage.setItem('token', 't'.repeat(43));
  window.localStorage.setItem('user_id', '1');
  return calls;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByTestId('user-form-submit'));

// Rendering antd tables and forms in jsdom is slow on a busy machine; the default 20 s is too tight.
describe('UserForm', { timeout: 60_000 }, () => {
  it('names every missing field in Arabic, says "complete the fields" and sends nothing', async () => {
    const calls = stubApi();
    await renderWithProviders(<UserForm kind="user" />);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/users/1')).toBe(true));
    submit();
    expect(await screen.findByText('من فضلك أدخل الاسم')).toBeInTheDocument();
    expect(screen.getByText('من فضلك أدخل البريد الإلكتروني')).toBeInTheDocument();
    expect(screen.getByText('من فضلك أدخل رقم الهاتف')).toBeInTheDocument();
    expect(screen.getByText('من فضلك أدخل كلمة المرور')).toBeInTheDocument();
    expect(screen.getByText('من فضلك أعد كتابة كلمة المرور الجديدة')).toBeInTheDocument();
    expect(await screen.findByText('من فضلك أكمل البيانات المطلوبة')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('refuses a bad phone, a bad email, a weak password and a different confirmation, in Arabic', async () => {
    const calls = stubApi();
    await renderWithProviders(<UserForm kind="user" />);
    fireEvent.change(field('الاسم'), { target: { value: 'منى' } });
    fireEvent.change(field('البريد الإلكتروني'), { target: { value: 'mona@' } });
    fireEvent.change(field('رقم الهاتف'), { target: { value: '010-1234' } });
    fireEvent.change(field('كلمة المرور'), { target: { value: 'password' } });
    fireEvent.change(field('تأكيد كلمة المرور'), { target: { value: 'Password!' } });
    submit();
    expect(await screen.findByText('البريد الإلكتروني غير صحيح')).toBeInTheDocument();
    expect(screen.getByText('رقم الهاتف يجب أن يحتوي على أرقام فقط')).toBeInTheDocument();
    expect(screen.getByText('كلمة المرور 8 أحرف على الأقل، تتضمن حرفًا كبيرًا ورمزًا')).toBeInTheDocument();
    expect(screen.getByText('كلمتا المرور غير متطابقتين')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('accepts Arabic digits, refuses more than 12, and creates an administrator once', async () => {
    let answer: (r: Response) => void = () => {};
    const calls = stubApi(() => new Response(null)); // replaced below by a pending answer
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        calls.push({ method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
        if (method === 'GET') return jsonResponse({ status: 'success', data: ADMIN });
        return pending;
      }),
    );
    const { router } = await renderWithProviders(<UserForm kind="admin" />, { route: '/users/admins/create' });
    fireEvent.change(field('رقم الهاتف'), { target: { value: '٠١٢ ٣٤٥٦ ٧٨٩٠ ١٢٣' } });
    expect(field('رقم الهاتف').value).toBe('01234567890123');
    submit();
    expect(await screen.findByText('رقم الهاتف لا يزيد عن 12 رقمًا')).toBeInTheDocument();
    fireEvent.change(field('رقم الهاتف'), { target: { value: '٠١٢٣٤٥٦٧٨٩٠' } });
    fireEvent.change(field('الاسم'), { target: { value: '  سارة إبراهيم ' } });
    fireEvent.change(field('البريد الإلكتروني'), { target: { value: ' Sara@Example.com ' } });
    fireEvent.change(field('كلمة المرور'), { target: { value: 'Passw0rd!' } });
    fireEvent.change(field('تأكيد كلمة المرور'), { target: { value: 'Passw0rd!' } });
    submit();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    // A second press while the first is on its way sends nothing more.
    submit();
    submit();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/v1/users');
    expect(put?.body).toEqual({
      name: 'سارة إبراهيم',
      email: 'sara@example.com',
      phone: '01234567890',
      birthdate: null,
      address: null,
      password: 'Passw0rd!',
      type: 'admin',
    });
    answer(jsonResponse({ status: 'success', data: { ...ADMIN, id: 12, name: 'سارة إبراهيم' } }, 201));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/admins'));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('puts the server’s field errors under their fields', async () => {
    stubApi(() =>
      jsonResponse(
        {
          status: 'error',
          code: 'conflict',
          message: 'رقم الهاتف مسجّل لمستخدم آخر',
          errors: [{ field: 'phone', title: 'رقم الهاتف مسجّل لمستخدم آخر' }],
        },
        409,
      ),
    );
    await renderWithProviders(<UserForm kind="user" />);
    fireEvent.change(field('الاسم'), { target: { value: 'منى' } });
    fireEvent.change(field('البريد الإلكتروني'), { target: { value: 'mona@example.com' } });
    fireEvent.change(field('رقم الهاتف'), { target: { value: '01011111111' } });
    fireEvent.change(field('كلمة المرور'), { target: { value: 'Passw0rd!' } });
    fireEvent.change(field('تأكيد كلمة المرور'), { target: { value: 'Passw0rd!' } });
    submit();
    await waitFor(() =>
      expect(screen.getAllByText('رقم الهاتف مسجّل لمستخدم آخر').some((m) => m.closest('.ant-form-item-explain'))).toBe(
        true,
      ),
    );
  });
});

describe('birthdate and photo rules', () => {
  it('offers no birthdate later than one day ago', () => {
    const latest = dayjs(latestBirthdate());
    expect(isBirthdateDisabled(latest)).toBe(false);
    expect(isBirthdateDisabled(latest.add(1, 'day'))).toBe(true);
    expect(isBirthdateDisabled(dayjs())).toBe(true);
    expect(isBirthdateDisabled(dayjs('1899-12-31'))).toBe(true);
  });

  it('takes jpg, jpeg and png up to 512 KB only', () => {
    expect(photoProblem({ name: 'me.JPG', size: 1000, type: 'image/jpeg' })).toBeNull();
    expect(photoProblem({ name: 'me.png', size: 512 * 1024, type: 'image/png' })).toBeNull();
    expect(photoProblem({ name: 'me.gif', size: 1000, type: 'image/gif' })).toBe('users.errors.photo_type');
    expect(photoProblem({ name: 'me.png', size: 1000, type: 'application/pdf' })).toBe('users.errors.photo_type');
    expect(photoProblem({ name: 'me.png', size: 512 * 1024 + 1, type: 'image/png' })).toBe(
      'users.errors.photo_too_large',
    );
  });
});
