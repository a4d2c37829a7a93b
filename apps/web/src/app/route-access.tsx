import { lazy, Suspense } from 'react';
import { Outlet, useMatches } from 'react-router';
import { PageLoader } from '../components/feedback/page-loader';
import { accessOfMatches, allows } from '../lib/authorization';
import { useSession } from '../lib/session';

// Loaded only when someone is actually denied, so it stays out of every route's first load.
const AccessDenied = lazy(async () => ({
  default: (await import('../components/feedback/access-denied')).AccessDenied,
}));

/**
 * The one screen guard of the signed-in shell (SPEC §6): the deepest matched route's
 * `handle.access` (router.tsx) decides; a screen the user may not open shows the
 * access-denied message in place. A route that declares no access is denied (and a
 * test fails on it), never silently open. The server checks every call again.
 * Here, with the shell (app-shell.tsx), not in guards.tsx: the entry every guest page loads does
 * not carry it nor lib/authorization (issue 22 item 6 paid the shell's skeleton with it).
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
