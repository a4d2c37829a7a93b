import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Navigate, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { customer, fakeApi, ok } from '../../../features/accounts/testing/fake-api';
import { renderRoutes } from '../../../features/accounts/testing/render-routes';
import { readSession, writeSession } from '../../../lib/session-store';
import { GuestOnly } from '../../guards';
import NotFoundRoute from './not-found';
import ServerErrorRoute from './server-error';
import UnauthorizedRoute from './unauthorized';

const WAIT = { timeout: 10_000 };

/** The error pages as in app/router.tsx, rendered like every light guest page: no antd provider. */
const routes: RouteObject[] = [
  { path: paths.notFound, Component: NotFoundRoute },
  { path: paths.unauthorized, Component: UnauthorizedRoute },
  { path: paths.serverError, Component: ServerErrorRoute },
  { path: paths.home, element: <p>home page</p> },
  { path: '/users/:id', element: <p>profile page</p> },
  // As in app/router.tsx: the login page is for guests only.
  { element: <GuestOnly />, children: [{ path: paths.login, element: <p>login page</p> }] },
];

describe('error pages', { timeout: 60_000 }, () => {
  it('404 says the page does not exist and leads home', async () => {
    fakeApi({});
    const { router } = await renderRoutes(
      [...routes, { path: '*', element: <Navigate to={paths.notFound} /> }],
      '/no/such',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' }, WAIT)).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    // A link, not a button: it opens in a new tab too (issue 22 item 15).
    const home = screen.getByRole('link', { name: 'العودة إلى الرئيسية' });
    expect(home).toHaveAttribute('href', paths.home);
    fireEvent.click(home);
    expect(await screen.findByText('home page', undefined, WAIT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.home);
  });

  it('401 offers the way back to the signed-in user’s profile, in English too', async () => {
    writeSession({ token: 'tok', userId: 5 });
    fakeApi({ 'GET /users/5': () => new Promise<Response>(() => undefined) });
    await renderRoutes(routes, paths.unauthorized, 'en');
    expect(await screen.findByRole('heading', { level: 1 }, WAIT)).toHaveTextContent(
      'You are not authorized to open this page',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back to my profile' }));
    expect(await screen.findByText('profile page', undefined, WAIT)).toBeInTheDocument();
  });

  it('401’s "Log in" ends the session and opens the login page', async () => {
    writeSession({ token: 'tok', userId: 5 });
    const api = fakeApi({
      'GET /users/5': () => ok(customer({ id: 5 })),
      'POST /logout': () => ok(null),
    });
    const { router } = await renderRoutes(routes, paths.unauthorized);
    await screen.findByRole('button', { name: 'العودة إلى ملفي الشخصي' }, WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByText('login page', undefined, WAIT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.login);
    expect(readSession()).toBeNull();
    expect(api.callsTo('POST /logout')).toHaveLength(1);
  });

  it('500 finds pages of the app by their labels in Arabic, however the letters are written', async () => {
    fakeApi({});
    await renderRoutes(routes, paths.serverError);
    expect(await screen.findByText('الخدمة غير متاحة مؤقتًا', undefined, WAIT)).toBeInTheDocument();
    const box = screen.getByRole('searchbox', { name: 'ابحث عن صفحة' });
    fireEvent.change(box, { target: { value: 'سجل' } });
    expect(await screen.findByRole('link', { name: 'سجل العمليات' }, WAIT)).toHaveAttribute('href', paths.logs);
    // Labels of the signed-in screens (not in this light page's texts) are found too.
    fireEvent.change(box, { target: { value: 'المسئولون' } });
    expect(await screen.findByRole('link', { name: 'المسؤولون' }, WAIT)).toHaveAttribute('href', paths.admins);
    fireEvent.change(box, { target: { value: 'الصلاحيات' } });
    expect(await screen.findByRole('link', { name: 'الأدوار والصلاحيات' }, WAIT)).toHaveAttribute('href', paths.roles);
    fireEvent.change(box, { target: { value: 'الاعدادات' } });
    expect(await screen.findByRole('link', { name: 'إعدادات النظام' }, WAIT)).toHaveAttribute('href', paths.settings);
  });

  it('500 says so when no page matches, in English too', async () => {
    fakeApi({});
    await renderRoutes(routes, paths.serverError, 'en');
    const box = await screen.findByRole('searchbox', { name: 'Search for a page' }, WAIT);
    fireEvent.change(box, { target: { value: 'users' } });
    expect(await screen.findByRole('link', { name: 'Users' }, WAIT)).toHaveAttribute('href', paths.users);
    fireEvent.change(box, { target: { value: 'invoices' } });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No page matches “invoices”'), WAIT);
    expect(screen.queryByRole('link', { name: 'Users' })).toBeNull();
  });
});
