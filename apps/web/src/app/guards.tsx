import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { PageLoader } from '../components/feedback/page-loader';
import { paths } from '../config/paths';
import { accessOfMatches, allows } from '../lib/authorization';
import { type LoginState, useSession } from '../lib/session';

// Loaded only when someone is actually denied, so it stays out of every route's first load.
const AccessDenied = lazy(async () => ({
  default: (await import('../components/feedback/access-denied')).AccessDenied,
}));

/**
 * Authenticated area: without a session the user goes to the login page, and back here after it;
 * when the session has just ended on its own (lib/session.tsx), the login page says so.
 */
export function RequireSession() {
  const { signedIn, ended } = useSession();
  const location = useLocation();
  if (!signedIn) {
    const state: LoginState = {
      from: location.pathname + location.search,
      ...(ended ? { notice: 'session_ended' as const } : {}),
    };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}

/**
 * Guest-only routes: a signed-in user goes to / (SPEC §2) — or, right after signing in
 * on one of these pages, to the page the sign-in asked for (the page before login, /message…).
 */
export function GuestOnly() {
  const { signedIn, landing } = useSession();
  return signedIn ? <Navigate to={landing} replace /> : <Outlet />;
}

/**
 * The one screen guard of the signed-in shell (SPEC §6): the deepest matched route's
 * `handle.access` (router.tsx) decides; a screen the user may not open shows the
 * access-denied message in place. A route that declares no access is denied (and a
 * test fails on it), never silently open. The server checks every call again.
 */
export function RequireRouteAccess() {
  const { permissions, user, loading } = useSession();
  const access = accessOfMatches(useMatches());
  if (loading || !user) return <PageLoader />;
  if (allows(access, (permission) => permissions.has(permission))) return <Outlet />;
  if (access === undefined && import.meta.env.DEV) console.error('A screen route declares no access (handle.access).');
  return (
    <Suspense fallback={<PageLoader />}>
      <AccessDenied />
    </Suspense>
  );
}
