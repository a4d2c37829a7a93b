import type { Locale } from '@portal/shared/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { Toaster } from '../../../components/guest/toaster';
import { changeLanguage } from '../../../lib/i18n';
import { routeLinksThrough } from '../../../lib/navigation';
import { SessionProvider } from '../../../lib/session';

/**
 * Several real guest routes in one memory router, to test a flow across pages,
 * rendered as the app renders its light guest pages: query client, session and
 * the light toaster, and no antd provider at all (DESIGN §5).
 */
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
  routeLinksThrough(router);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
