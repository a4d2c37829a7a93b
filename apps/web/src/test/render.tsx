import type { Locale } from '@portal/shared/constants';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { changeLanguage } from '../lib/i18n';
import { SessionProvider } from '../lib/session';

type Options = { route?: string; path?: string; lang?: Locale };

/**
 * Renders a component inside the real providers (query client, antd direction
 * and locale, session, router) at a route, in the chosen language.
 */
export async function renderWithProviders(ui: ReactElement, { route = '/', path = '*', lang = 'ar' }: Options = {}) {
  await changeLanguage(lang);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path, element: <SessionProvider>{ui}</SessionProvider> }], {
    initialEntries: [route],
  });
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
