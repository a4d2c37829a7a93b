import { useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { type LoginState, useSession } from '../lib/session';

/**
 * Authenticated area: without a session the user goes to the login page, and back here after it
 * (not after a logout: docs/decisions/0032-pwa.md, one member after another on one phone);
 * when the session has just ended on its own (lib/session.tsx), the login page says so.
 */
export function RequireSession() {
  const { signedIn, ended, loggedOut } = useSession();
  const location = useLocation();
  if (!signedIn) {
    // After a logout, the page left is not where the next person to sign in here should land.
    const state: LoginState = {
      ...(loggedOut ? {} : { from: location.pathname + location.search }),
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
  // Signed in on this very page (the login, the registration): the page stays until the next one
  // can show (app/router.tsx shows the shell's skeleton as soon as the way there starts), instead
  // of a blank page meanwhile (issue 22 item 6). Signed in already on arrival: nothing is shown.
  const signedInHere = useRef(!signedIn);
  if (!signedIn) return <Outlet />;
  return (
    <>
      <Navigate to={landing} replace />
      {signedInHere.current && <Outlet />}
    </>
  );
}
