import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../../components/feedback/page-loader';
import { paths } from '../../../config/paths';
import { peekHandedOffSession, takeHandedOffSession } from '../../../features/accounts/lib/session-handoff';
import { useSession } from '../../../lib/session';

/**
 * The account pages that need a session but no app shell (/message, /recovery).
 * A guest goes to the login page (and back here after it). A session handed
 * over by register or login is signed in here, once this page is showing: doing
 * it on the guest page would let the guest guard send the user to / first.
 */
export function AccountSession() {
  const { signedIn, signIn } = useSession();
  const location = useLocation();
  const handedOver = !signedIn && peekHandedOffSession() !== null;

  useEffect(() => {
    if (signedIn) return;
    const data = takeHandedOffSession();
    if (data) signIn(data);
  }, [signedIn, signIn]);

  if (signedIn) return <Outlet />;
  if (handedOver) return <PageLoader />;
  return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
}
