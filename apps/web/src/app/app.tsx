import type { TUser } from '@portal/shared/schemas/auth';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type Location, matchRoutes, RouterProvider } from 'react-router';
import { Toaster } from '../components/guest/toaster';
import { api } from '../lib/api-client';
import { routeLinksThrough } from '../lib/navigation';
import { createQueryClient } from '../lib/query-client';
import { meQueryKey } from '../lib/session';
import { readSession } from '../lib/session-store';
import { isLean, preloadAntd } from './antd-boundary';
import { createAppRouter, routes } from './router';

type AppRouter = ReturnType<typeof createAppRouter>;

function needsAntd(location: Pick<Location, 'pathname'>): boolean {
  const matches = matchRoutes(routes, location);
  return matches !== null && !isLean(matches.map((m) => m.route));
}

/**
 * Starts everything the first screen waits for, side by side, before React
 * renders: the router (which downloads the first screen's chunk), antd when
 * that screen uses it (and on every later navigation towards such a screen,
 * never for the light guest pages), and the signed-in user, whom the session
 * (lib/session.tsx, same query) would otherwise ask for only once it mounts.
 */
export function startApp(): { router: AppRouter; queryClient: QueryClient } {
  const queryClient = createQueryClient();
  const stored = readSession();
  if (stored) {
    void queryClient.prefetchQuery({
      queryKey: meQueryKey(stored.userId),
      // Kept for offline (lib/session.tsx): the app opens offline on the member's own record.
      queryFn: ({ signal }) => api.get<TUser>(`/users/${stored.userId}`, signal, { keepOffline: true }),
      retry: false,
      meta: { silent: true },
    });
  }
  const router = createAppRouter();
  routeLinksThrough(router);
  const preload = () => void preloadAntd().catch(() => undefined);
  if (needsAntd(router.state.location)) preload();
  router.subscribe((state) => {
    if (state.navigation.location && needsAntd(state.navigation.location)) preload();
  });
  return { router, queryClient };
}

/**
 * The app: query client, router and the light toaster. antd's providers are
 * not here: they come with the screens that use antd (antd-boundary.tsx).
 */
export function App({
  router,
  queryClient,
  onHydrated,
}: ReturnType<typeof startApp> & {
  /** Told once the first render is on the page (main.tsx: a prerendered page is hydrated). */
  onHydrated?: () => void;
}) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first render.
  useEffect(() => onHydrated?.(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}
