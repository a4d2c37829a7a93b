import { PERMISSIONS } from '@portal/shared/permissions';
import { latestBirthdate } from '@portal/shared/schemas/users';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dayjsOfDay, setClockForTests } from '../../../lib/clock';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { photoProblem } from './photo-picker';
import { isBirthdateDisabled, UserForm } from './user-form';

// This machine runs several suites at once: give antd's async rendering time before a query gives up.
configure({ asyncUtilTimeout: 5000 });

const ADMIN = makeUser({ direct_permissions: [...PERMISSIONS] });

type Call = { method: string; url: string; body: unknown };

function stubApi(onPut?: (body: unknown) => Response | Promise<Response>) {
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
    // Dashes are normalized away; what is left is too short to be an Egyptian mobile.
    expect(
      screen.getByText('من فضلك أدخل رقم موبايل مصري صحيح: 11 رقمًا يبدأ بـ 010 أو 011 أو 012 أو 015'),
    ).toBeInTheDocument();
    expect(screen.getByText('كلمة المرور 8 أحرف على الأقل، تتضمن حرفًا كبيرًا ورمزًا')).toBeInTheDocument();
    expect(screen.getByText('كلمتا المرور غير متطابقتين')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('accepts Arabic digits, refuses a number that is not an Egyptian mobile, and creates an administrator once', async () => {
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
    // Nothing is cut while typing (a pasted "010 1234 5678" keeps every digit); 14 digits are refused whole.
    expect(
      await screen.findByText('من فضلك أدخل رقم موبايل مصري صحيح: 11 رقمًا يبدأ بـ 010 أو 011 أو 012 أو 015'),
    ).toBeInTheDocument();
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

  it('sends one request for a double click on a valid form', async () => {
    let answer: (r: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const calls = stubApi(() => pending);
    const { router } = await renderWithProviders(<UserForm kind="user" />, { route: '/users/create' });
    fireEvent.change(field('الاسم'), { target: { value: 'منى' } });
    fireEvent.change(field('البريد الإلكتروني'), { target: { value: 'mona@example.com' } });
    fireEvent.change(field('رقم الهاتف'), { target: { value: '01011111111' } });
    fireEvent.change(field('كلمة المرور'), { target: { value: 'Passw0rd!' } });
    fireEvent.change(field('تأكيد كلمة المرور'), { target: { value: 'Passw0rd!' } });
    // Two clicks in the same moment, before either has been validated, then Enter in a field.
    submit();
    submit();
    fireEvent.submit(screen.getByTestId('user-form'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('user-form-submit')).toBeDisabled());
    answer(jsonResponse({ status: 'success', data: { ...ADMIN, id: 13, name: 'منى', type: 'user' } }, 201));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('retries a failed create with the same Idempotency-Key, and uses a new one once the form changes', async () => {
    const keys: (string | undefined)[] = [];
    let puts = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit = {}) => {
        if ((init.method ?? 'GET') === 'GET') return jsonResponse({ status: 'success', data: ADMIN });
        keys.push((init.headers as Record<string, string>)['idempotency-key']);
        puts += 1;
        // The first answer is lost on the way back (the user may well have been created).
        if (puts < 3) throw new TypeError('Failed to fetch');
        return jsonResponse({ status: 'success', data: { ...ADMIN, id: 14, type: 'user' } }, 201);
      }),
    );
    window.localStorage.setItem('token', 't'.repeat(43));
    window.localStorage.setItem('user_id', '1');
    const { router } = await renderWithProviders(<UserForm kind="user" />, { route: '/users/create' });
    fireEvent.change(field('الاسم'), { target: { value: 'منى' } });
    fireEvent.change(field('البريد الإلكتروني'), { target: { value: 'mona@example.com' } });
    fireEvent.change(field('رقم الهاتف'), { target: { value: '01011111111' } });
    fireEvent.change(field('كلمة المرور'), { target: { value: 'Passw0rd!' } });
    fireEvent.change(field('تأكيد كلمة المرور'), { target: { value: 'Passw0rd!' } });
    submit();
    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('user-form-submit')).toBeEnabled());
    // The same values again: the same key, so the server answers with the first creation.
    submit();
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[0]).toMatch(/^[A-Za-z0-9._:-]{8,100}$/);
    await waitFor(() => expect(screen.getByTestId('user-form-submit')).toBeEnabled());
    // Changed values are another submission: a new key.
    fireEvent.change(field('الاسم'), { target: { value: 'منى حسن' } });
    submit();
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).not.toBe(keys[0]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
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

describe('UserForm: one rule text, dates as the profile shows them', { timeout: 60_000 }, () => {
  it('shows the password rule once: as the hint, or as the error, never both', async () => {
    stubApi();
    await renderWithProviders(<UserForm kind="user" />);
    const hint = '8 أحرف على الأقل، تتضمن حرفًا كبيرًا ورمزًا';
    expect(screen.getByText(hint)).toBeInTheDocument();
    fireEvent.change(field('كلمة المرور'), { target: { value: 'password' } });
    submit();
    expect(await screen.findByText('كلمة المرور 8 أحرف على الأقل، تتضمن حرفًا كبيرًا ورمزًا')).toBeInTheDocument();
    expect(screen.queryByText(hint)).toBeNull();
    fireEvent.change(field('كلمة المرور'), { target: { value: 'Passw0rd!' } });
    expect(await screen.findByText(hint)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('كلمة المرور 8 أحرف على الأقل، تتضمن حرفًا كبيرًا ورمزًا')).toBeNull());
  });

  it('shows the birth date as the profile does, in Arabic and in English', async () => {
    stubApi();
    const customer = makeUser({ id: 9, type: 'user', birthDate: '1990-05-15' });
    const { unmount } = await renderWithProviders(<UserForm kind="user" user={customer} />);
    expect(field('تاريخ الميلاد').value).toBe('15 مايو 1990');
    unmount();
    await renderWithProviders(<UserForm kind="user" user={customer} />, { lang: 'en' });
    expect(field('Birth date').value).toBe('May 15, 1990');
  });

  it('heads the Arabic calendar with one-letter weekdays, Saturday first', async () => {
    stubApi();
    await renderWithProviders(<UserForm kind="user" />);
    fireEvent.mouseDown(field('تاريخ الميلاد'));
    fireEvent.click(field('تاريخ الميلاد'));
    await waitFor(() => expect(document.querySelectorAll('.ant-picker-content thead th')).toHaveLength(7));
    const heads = [...document.querySelectorAll('.ant-picker-content thead th')].map((th) => th.textContent);
    expect(heads).toEqual(['س', 'ح', 'ن', 'ث', 'ر', 'خ', 'ج']);
  });

  it('writes the date in the Arabic-Indic digits when chosen, and still sends Latin ones', async () => {
    window.localStorage.setItem('digits', 'arab');
    const customer = makeUser({ id: 9, type: 'user', birthDate: '1990-05-15', email: 'mona@example.com' });
    const calls = stubApi((body) => jsonResponse({ status: 'success', data: { ...customer, ...(body as object) } }));
    await renderWithProviders(<UserForm kind="user" user={customer} />, { route: '/users/9/edit' });
    expect(field('تاريخ الميلاد').value).toBe('١٥ مايو ١٩٩٠');
    fireEvent.mouseDown(field('تاريخ الميلاد'));
    fireEvent.click(field('تاريخ الميلاد'));
    await waitFor(() => expect(document.querySelector('.ant-picker-cell-selected')).not.toBeNull());
    expect(document.querySelector('.ant-picker-cell-selected')?.textContent).toBe('١٥');
    submit();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ birthdate: '1990-05-15' });
  });

  it('lets a member turn reminder e-mails off (the bell keeps them), and sends the choice', async () => {
    const customer = makeUser({ id: 9, type: 'user', email: 'mona@example.com', reminder_emails: true });
    const calls = stubApi((body) => jsonResponse({ status: 'success', data: { ...customer, ...(body as object) } }));
    await renderWithProviders(<UserForm kind="user" user={customer} />, { route: '/users/9/edit', lang: 'en' });
    const reminders = screen.getByRole('switch', { name: 'Reminder e-mails' });
    expect(reminders).toHaveAttribute('aria-checked', 'true');
    expect(
      screen.getByText('Installment reminders always reach the bell; turn this off to stop only the e-mails.'),
    ).toBeInTheDocument();
    fireEvent.click(reminders);
    submit();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ reminder_emails: false });
  });

  it('shows the reminder e-mails choice in Arabic, and keeps it when the form is saved unchanged', async () => {
    const customer = makeUser({ id: 9, type: 'user', email: 'mona@example.com', reminder_emails: false });
    const calls = stubApi((body) => jsonResponse({ status: 'success', data: { ...customer, ...(body as object) } }));
    await renderWithProviders(<UserForm kind="user" user={customer} />, { route: '/users/9/edit' });
    expect(screen.getByRole('switch', { name: 'رسائل التذكير بالبريد الإلكتروني' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    submit();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ reminder_emails: false });
  });

  it('opens the calendar at the birth date being edited', async () => {
    stubApi();
    await renderWithProviders(
      <UserForm kind="user" user={makeUser({ id: 9, type: 'user', birthDate: '1990-05-15' })} />,
    );
    fireEvent.mouseDown(field('تاريخ الميلاد'));
    fireEvent.click(field('تاريخ الميلاد'));
    await waitFor(() => expect(document.querySelector('.ant-picker-header-view')).not.toBeNull());
    expect(document.querySelector('.ant-picker-header-view')?.textContent).toMatch(/مايو\s*1990/);
  });
});

describe('birthdate and photo rules', () => {
  it('offers no birthdate later than one day ago', () => {
    // 22:30 UTC on the 14th is 00:30 on the 15th in Cairo: "one day ago" is the 14th, whatever
    // the machine's date (this suite runs with TZ far from Cairo).
    setClockForTests('2026-03-14T22:30:00Z');
    expect(latestBirthdate()).toBe('2026-03-14');
    const latest = dayjsOfDay(latestBirthdate());
    expect(isBirthdateDisabled(latest)).toBe(false);
    expect(isBirthdateDisabled(latest.add(1, 'day'))).toBe(true);
    // Today in Cairo (the 15th) is refused, and so is the 13th's tomorrow seen from UTC.
    expect(isBirthdateDisabled(dayjsOfDay('2026-03-15'))).toBe(true);
    expect(isBirthdateDisabled(dayjsOfDay('2026-03-13'))).toBe(false);
    expect(isBirthdateDisabled(dayjsOfDay('1900-01-01'))).toBe(false);
    expect(isBirthdateDisabled(dayjsOfDay('1899-12-31'))).toBe(true);
  });

  it('moves the latest birthdate at midnight Cairo time, not the machine’s', () => {
    setClockForTests('2026-03-14T21:59:00Z'); // 23:59 on the 14th in Cairo
    expect(isBirthdateDisabled(dayjsOfDay('2026-03-13'))).toBe(false);
    expect(isBirthdateDisabled(dayjsOfDay('2026-03-14'))).toBe(true);
    setClockForTests('2026-03-14T22:01:00Z'); // 00:01 on the 15th in Cairo
    expect(isBirthdateDisabled(dayjsOfDay('2026-03-14'))).toBe(false);
  });

  it('takes jpg, jpeg and png up to 512 KB only', () => {
    expect(photoProblem({ name: 'me.JPG', size: 1000, type: 'image/jpeg' })).toBeNull();
    expect(photoProblem({ name: 'me.png', size: 512 * 1024, type: 'image/png' })).toBeNull();
    expect(photoProblem({ name: 'me.gif', size: 1000, type: 'image/gif' })).toBe('users.errors.photo_type');
    expect(photoProblem({ name: 'me.png', size: 1000, type: 'application/pdf' })).toBe('users.errors.photo_type');
    expect(photoProblem({ name: 'me.png', size: 512 * 1024 + 1, type: 'image/png' })).toBe('files.photo_too_large');
  });
});
