import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { fail, fakeApi } from '../../../features/accounts/testing/fake-api';
import { renderRoutes } from '../../../features/accounts/testing/render-routes';
import { readSession, writeSession } from '../../../lib/session-store';
import { GuestOnly, RequireSession } from '../../guards';
import LoginRoute from './login';

const WAIT = { timeout: 10_000 };

/** The login page and a signed-in page, placed as in app/router.tsx. */
const routes: RouteObject[] = [
  { element: <GuestOnly />, children: [{ path: '/login/:code?', Component: LoginRoute }] },
  { element: <RequireSession />, children: [{ path: '/logs', element: <p>the log</p> }] },
];

describe('a session that ended', { timeout: 60_000 }, () => {
  it('sends the user to the login page, which says the session ended, in Arabic', async () => {
    writeSession({ token: 'expired', userId: 5 });
    fakeApi({
      'GET /users/5': () => fail(401, 'unauthenticated', 'انتهت الجلسة، من فضلك سجّل الدخول مرة أخرى'),
    });
    const { router } = await renderRoutes(routes, '/logs?action=login');
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول إلى حسابك' }, WAIT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.login);
    expect(screen.getByRole('alert')).toHaveTextContent('انتهت الجلسة، من فضلك سجّل الدخول مرة أخرى');
    expect(readSession()).toBeNull();
    // After signing in again, the user comes back to where they were.
    expect(router.state.location.state).toEqual({ from: '/logs?action=login', notice: 'session_ended' });
  });

  it('says it in English too, and says nothing to a visitor who simply opens the login page', async () => {
    writeSession({ token: 'expired', userId: 5 });
    fakeApi({ 'GET /users/5': () => fail(401, 'unauthenticated', 'x') });
    const { unmount } = await renderRoutes(routes, '/logs', 'en');
    expect(await screen.findByRole('alert', undefined, WAIT)).toHaveTextContent(
      'Your session has ended, please log in again',
    );
    unmount();
    fakeApi({});
    await renderRoutes(routes, paths.login, 'en');
    await screen.findByRole('heading', { level: 1 }, WAIT);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
