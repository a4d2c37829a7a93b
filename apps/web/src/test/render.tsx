import type { Locale } from '@portal/shared/constants';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { changeLanguage } from '../lib/i18n';
import { routeLinksThrough } from '../lib/navigation';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session';

type Options = { route?: string; path?: string; lang?: Locale };

/**
 * Renders a component inside the real providers (the app's query client with its
 * default error toasts, antd direction and locale, session, router) at a route,
 * in the chosen language. No retries, so a failed call shows at once.
 */
export async function renderWithProviders(ui: ReactElement, { route = '/', path = '*', lang = 'ar' }: Options = {}) {
  await changeLanguage(lang);
  const queryClient = createQueryClient({ queries: { retry: false }, mutations: { retry: false } });
  const router = createMemoryRouter([{ path, element: <SessionProvider>{ui}</SessionProvider> }], {
    initialEntries: [route],
  });
  routeLinksThrough(router);
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/** A JSON Response for stubbed fetch calls (the API is another process; component tests stand in for it). */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Renders a route table (screens with their `handle`, guards, layouts) under the
 * session, at a route: for what depends on the matched routes (the route guard).
 */
export async function renderRoutes(routes: RouteObject[], { route = '/', lang = 'ar' }: Omit<Options, 'path'> = {}) {
  await changeLanguage(lang);
  const queryClient = createQueryClient({ queries: { retry: false }, mutations: { retry: false } });
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionProvider>
            <Outlet />
          </SessionProvider>
        ),
        children: routes,
      },
    ],
    { initialEntries: [route] },
  );
  routeLinksThrough(router);
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
