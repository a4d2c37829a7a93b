import type { Permission } from '@portal/shared/permissions';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AccessDenied } from '../components/feedback/access-denied';
import { PageLoader } from '../components/feedback/page-loader';
import { paths } from '../config/paths';
import { useSession } from '../lib/session';

/** Authenticated area: without a session the user goes to the login page, and back here after it. */
export function RequireSession() {
  const { signedIn } = useSession();
  const location = useLocation();
  if (!signedIn) return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** Guest-only routes: a signed-in user goes to / (SPEC §2). */
export function GuestOnly() {
  const { signedIn } = useSession();
  return signedIn ? <Navigate to={paths.home} replace /> : <Outlet />;
}

/** A page the user may not see shows the access-denied message in place (SPEC §6). */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { permissions, user, loading } = useSession();
  if (loading || !user) return <PageLoader />;
  return permissions.has(permission) ? children : <AccessDenied />;
}
