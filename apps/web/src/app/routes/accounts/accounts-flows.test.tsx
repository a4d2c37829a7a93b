import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Navigate, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { customer, fail, fakeApi, ok } from '../../../features/accounts/testing/fake-api';
import { renderRoutes } from '../../../features/accounts/testing/render-routes';
import { writeSession } from '../../../lib/session-store';
import { GuestOnly, RequireSession } from '../../guards';
import ActivationRoute from './activation';
import MessageRoute from './message';
import NewPasswordRoute from './new-password';
import RegisterRoute from './register';
import ResetRoute from './reset';
import ResetMessageRoute from './reset-message';

const WAIT = { timeout: 10_000 };
const findText = (text: string) => screen.findByText(text, undefined, WAIT);

/** The account routes placed as in app/router.tsx, with stand-ins for the login page and home. */
const routes: RouteObject[] = [
  {
    element: <GuestOnly />,
    children: [
      { path: '/login', element: <p>login page</p> },
      { path: paths.register, Component: RegisterRoute },
      { path: paths.reset, Component: ResetRoute },
      { path: paths.resetMessage, Component: ResetMessageRoute },
      { path: '/newpassword/:token', Component: NewPasswordRoute },
    ],
  },
  { element: <RequireSession />, children: [{ path: paths.message, Component: MessageRoute }] },
  { path: '/activation/:token', Component: ActivationRoute },
  { path: paths.home, element: <Navigate to="/dashboard" replace /> },
  { path: '/dashboard', element: <p>dashboard page</p> },
];

describe('password reset pages', { timeout: 60_000 }, () => {
  it('/reset sends the email without its spaces, then says to check the mailbox', async () => {
    const api = fakeApi({ 'POST /forgot-password': () => ok(null) });
    const { router } = await renderRoutes(routes, paths.reset);
    fireEvent.click(await screen.findByTestId('reset-submit', undefined, WAIT));
    expect(await findText('من فضلك أدخل البريد الإلكتروني')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('البريد الإلكتروني'), { target: { value: ' nobody @example.com' } });
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(
      await findText('إذا كان البريد الإلكتروني مسجّلًا لدينا فستصلك رسالة بها رابط لتعيين كلمة مرور جديدة'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.resetMessage);
    expect(api.callsTo('POST /forgot-password')[0]?.body).toEqual({ email: 'nobody@example.com' });
  });

  it('/reset says "an error occurred, please try again" when the call fails, and stays', async () => {
    fakeApi({ 'POST /forgot-password': () => fail(500, 'internal', 'x') });
    const { router } = await renderRoutes(routes, paths.reset);
    fireEvent.change(await screen.findByLabelText('البريد الإلكتروني', undefined, WAIT), {
      target: { value: 'mona@example.com' },
    });
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await findText('حدث خطأ، من فضلك حاول مرة أخرى')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.reset);
  });

  it('/newpassword/{token} checks the rules, sends the token, and goes to login with a success toast', async () => {
    const api = fakeApi({ 'POST /resetPassword': () => ok(null) });
    const { router } = await renderRoutes(routes, '/newpassword/abc123');
    const password = await screen.findByLabelText('كلمة المرور الجديدة', undefined, WAIT);
    fireEvent.change(password, { target: { value: 'weakpass' } });
    fireEvent.change(screen.getByLabelText('تأكيد كلمة المرور'), { target: { value: 'other' } });
    fireEvent.click(screen.getByTestId('new-password-submit'));
    expect(await findText('كلمة المرور 8 أحرف على الأقل، تتضمن حرفًا كبيرًا ورمزًا')).toBeInTheDocument();
    expect(await findText('كلمتا المرور غير متطابقتين')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();

    fireEvent.change(password, { target: { value: 'Fresh#2025' } });
    fireEvent.change(screen.getByLabelText('تأكيد كلمة المرور'), { target: { value: 'Fresh#2025' } });
    fireEvent.click(screen.getByTestId('new-password-submit'));
    expect(await findText('login page')).toBeInTheDocument();
    expect(await findText('تم تغيير كلمة المرور، من فضلك سجّل الدخول')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.callsTo('POST /resetPassword')[0]?.body).toEqual({
      token: 'abc123',
      password: 'Fresh#2025',
      confirm_password: 'Fresh#2025',
    });
  });

  it('/newpassword/{token} with a dead link says "an error occurred" and returns to /reset with the reason', async () => {
    const reason = 'الرابط غير صالح أو انتهت صلاحيته، من فضلك اطلب رابطًا جديدًا';
    fakeApi({ 'POST /resetPassword': () => fail(400, 'accounts.errors.link_invalid', reason) });
    const { router } = await renderRoutes(routes, '/newpassword/used-token');
    fireEvent.change(await screen.findByLabelText('كلمة المرور الجديدة', undefined, WAIT), {
      target: { value: 'Fresh#2025' },
    });
    fireEvent.change(screen.getByLabelText('تأكيد كلمة المرور'), { target: { value: 'Fresh#2025' } });
    fireEvent.click(screen.getByTestId('new-password-submit'));
    expect(await findText('حدث خطأ، من فضلك حاول مرة أخرى')).toBeInTheDocument();
    expect(await findText(reason)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.reset);
    expect(screen.getByTestId('reset-submit')).toBeInTheDocument();
  });
});

describe('registration and activation pages', { timeout: 60_000 }, () => {
  it('a new customer is signed in and lands on /message, not on the dashboard', async () => {
    const user = customer();
    fakeApi({
      'GET /get-terms?lang=ar': () => ok({ lang: 'ar', version_id: 1, terms: 'الشروط', updated_at: null }),
      'POST /register': () => ok({ access_token: 'new-token', expires_at: '2030-01-01T00:00:00.000Z', user }),
      [`GET /users/${user.id}`]: () => ok(user),
    });
    const { router } = await renderRoutes(routes, paths.register);
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await screen.findByLabelText('الاسم الأول', undefined, WAIT);
    type('الاسم الأول', 'منى');
    type('اسم العائلة', 'أحمد');
    type('البريد الإلكتروني', 'mona@example.com');
    type('رقم الموبايل', '01012345678');
    type('كلمة المرور', 'Secret#123');
    type('تأكيد كلمة المرور', 'Secret#123');
    type('العنوان', 'القاهرة');
    const accept = screen.getByRole('checkbox', { name: 'قرأت الشروط والأحكام وأوافق عليها' });
    await waitFor(() => expect(accept).toBeEnabled(), WAIT);
    fireEvent.click(accept);
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByTestId('activation-code', undefined, WAIT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.message);
    expect(window.localStorage.getItem('token')).toBe('new-token');
  });

  it('/message is not for guests: they go to the login page', async () => {
    fakeApi({});
    const { router } = await renderRoutes(routes, paths.message);
    expect(await findText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('/activation/{token} uses the link once and offers to log in', async () => {
    const api = fakeApi({ 'POST /activation/tok-1': () => ok({ email: 'mona@example.com', email_verified: true }) });
    await renderRoutes(routes, '/activation/tok-1');
    expect(await findText('تم تفعيل حسابك بنجاح')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await findText('login page')).toBeInTheDocument();
    expect(api.callsTo('POST /activation/tok-1')).toHaveLength(1);
  });

  it('/activation/{token} with a dead link says the account was not activated', async () => {
    fakeApi({ 'POST /activation/old': () => fail(400, 'accounts.errors.link_invalid', 'الرابط غير صالح') });
    await renderRoutes(routes, '/activation/old');
    expect(await findText('لم يتم تفعيل حسابك، من فضلك حاول مرة أخرى')).toBeInTheDocument();
  });

  it('/activation/{token} works for the customer still signed in here, who then goes home', async () => {
    const user = customer();
    writeSession({ token: 'session-token', userId: user.id });
    fakeApi({
      'POST /activation/tok-2': () => ok({ email: user.email, email_verified: true }),
      [`GET /users/${user.id}`]: () => ok(user),
    });
    const { router } = await renderRoutes(routes, '/activation/tok-2');
    expect(await findText('تم تفعيل حسابك بنجاح')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'الذهاب إلى الرئيسية' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), WAIT);
  });
});
