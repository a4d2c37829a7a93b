import type { Permission } from '@portal/shared/permissions';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/feedback/page-loader';
import { paths } from '../config/paths';
import { useSession } from '../lib/session';

// Loaded only when someone is actually denied, so it stays out of every route's first load.
const AccessDenied = lazy(async () => ({
  default: (await import('../components/feedback/access-denied')).AccessDenied,
}));

/** Authenticated area: without a session the user goes to the login page, and back here after it. */
export function RequireSession() {
  const { signedIn } = useSession();
  const location = useLocation();
  if (!signedIn) return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
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

/** A page the user may not see shows the access-denied message in place (SPEC §6). */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { permissions, user, loading } = useSession();
  if (loading || !user) return <PageLoader />;
  return permissions.has(permission) ? (
    children
  ) : (
    <Suspense fallback={<PageLoader />}>
      <AccessDenied />
    </Suspense>
  );
}
