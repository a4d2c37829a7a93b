import type { Locale } from '@portal/shared/constants';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers';
import { changeLanguage } from '../../../lib/i18n';
import { SessionProvider } from '../../../lib/session';

/** Several real routes in one memory router under the real providers, to test a flow across pages. */
export async function renderRoutes(routes: RouteObject[], start: string, lang: Locale = 'ar') {
  await changeLanguage(lang);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
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
    { initialEntries: [start] },
  );
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
