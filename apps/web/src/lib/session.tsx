import type { Permission } from '@portal/shared/permissions';
import type { TLoginResponseData, TUser } from '@portal/shared/schemas/auth';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { api, setAuthFailureListener } from './api-client';
import { clearOfflineCopies } from './offline';
import {
  clearSession,
  loggedFlag,
  readSession,
  type StoredSession,
  setLoggedFlag,
  writeSession,
} from './session-store';

type SessionValue = {
  /** The signed-in user, null when signed out or not loaded yet. */
  user: TUser | null;
  /** True while a stored session is being checked with the server. */
  loading: boolean;
  signedIn: boolean;
  permissions: ReadonlySet<Permission>;
  /** Where a user who just signed in on a guest page goes (the guest guard sends them there, not to /). */
  landing: string;
  /** The last session ended on its own (expired, revoked): the login page says so. Reset by signIn. */
  ended: boolean;
  /**
   * The user logged out here: the login page that follows does not send the next person who signs
   * in on this browser back to the page the last one left (their statement, their request).
   */
  loggedOut: boolean;
  /** Starts the session; `landing` is the page to open next (default: home). */
  signIn(data: TLoginResponseData, landing?: string): void;
  signOut(): Promise<void>;
};

const SessionContext = createContext<SessionValue | null>(null);

/** What the login page is told through the location's state: where to go next, and why it opened. */
export type LoginState = { from?: string; notice?: 'session_ended' } | null;

export const meQueryKey = (userId: number) => ['session', 'me', userId] as const;

/**
 * What signing in keeps, here and for the login island handing over to the app (app/mount.tsx):
 * the session in storage, the user in the query cache (shown at once, refreshed as on any page).
 */
export function keepSignIn(queryClient: QueryClient, data: TLoginResponseData): StoredSession {
  const session = { token: data.access_token, userId: data.user.id };
  // Whatever an earlier session left (one that ended without a logout) is not this one's.
  void clearOfflineCopies();
  writeSession(session);
  queryClient.setQueryData(meQueryKey(data.user.id), data.user);
  return session;
}

/**
 * The signed-in user and their effective permissions, loaded after login, at
 * start, and again on every route change (SPEC §6), so a role change applies
 * without logging out.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [stored, setStored] = useState<StoredSession | null>(() => readSession());
  const [landing, setLanding] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const [loggedOut, setLoggedOut] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  const me = useQuery({
    queryKey: stored ? meQueryKey(stored.userId) : ['session', 'none'],
    queryFn: ({ signal }) => api.get<TUser>(`/users/${stored?.userId}`, signal, { keepOffline: true }),
    enabled: stored !== null,
    staleTime: 5_000,
    retry: false,
    meta: { silent: true },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input.
  useEffect(() => {
    if (stored) void queryClient.invalidateQueries({ queryKey: ['session', 'me'] });
  }, [pathname]);

  // Once the landing page is open, later visits to guest pages go home again.
  useEffect(() => {
    if (landing !== null && pathname === landing.split('?')[0]) setLanding(null);
  }, [pathname, landing]);

  // The latest location, for the listener below (set once): where to come back to after signing in again.
  const here = useRef(pathname);
  here.current = pathname + search;
  useEffect(() => {
    setAuthFailureListener((error) => {
      // Any 401: the offline copies of this session go (docs/decisions/0032-pwa.md).
      void clearOfflineCopies();
      if (error.code === 'unauthenticated') {
        // The session ended (expired, revoked, logged out elsewhere): the login page says so
        // ("your session ended, please log in again", SPEC §8) and brings the user back here.
        clearSession();
        queryClient.clear();
        setEnded(true);
        setStored(null);
        navigate(paths.login, {
          replace: true,
          state: { from: here.current, notice: 'session_ended' } satisfies LoginState,
        });
      } else if (loggedFlag() !== '2') {
        setLoggedFlag('2');
        navigate(paths.unauthorized, { replace: true });
      }
    });
  }, [navigate, queryClient]);

  const signIn = useCallback(
    (data: TLoginResponseData, next: string = paths.home) => {
      const session = keepSignIn(queryClient, data);
      setLanding(next);
      setEnded(false);
      setLoggedOut(false);
      setStored(session);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      await api.post('/logout');
    } catch {
      // The token may already be gone on the server; signing out locally is what matters.
    }
    clearSession();
    queryClient.clear();
    setLoggedOut(true);
    setStored(null);
    navigate(paths.login, { replace: true });
    // After the session is gone from the screen: nothing may wait between clearing it and leaving.
    await clearOfflineCopies();
  }, [navigate, queryClient]);

  const user = stored ? (me.data ?? null) : null;
  const value = useMemo<SessionValue>(
    () => ({
      user,
      loading: stored !== null && me.isPending,
      signedIn: stored !== null,
      landing: landing ?? paths.home,
      ended,
      loggedOut,
      permissions: new Set([...(user?.role_permissions ?? []), ...(user?.direct_permissions ?? [])]),
      signIn,
      signOut,
    }),
    [user, stored, me.isPending, landing, ended, loggedOut, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/**
 * Whether the reads of a screen members and staff share (a request, a ticket) are kept for reading
 * offline: a member's are, staff's never; staff get the app's shell offline, nothing more
 * (docs/decisions/0032-pwa.md).
 */
export function useKeepsOffline(): boolean {
  return useSession().user?.type === 'user';
}
