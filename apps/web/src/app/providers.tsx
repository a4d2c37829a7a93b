import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from '../components/guest/toaster';
import { createQueryClient } from '../lib/query-client';
import AntdProviders, { BRAND_COLOR } from './antd-providers';

// The query client and its default error toast live in lib/query-client.ts.
export { BRAND_COLOR, createQueryClient };

/**
 * Every provider at once: the query client, antd's theme, direction and
 * component locale (following the UI language), and both toasters. Component
 * tests render screens in it. The app itself does not: it loads antd only with
 * the screens that use it (app.tsx, antd-boundary.tsx), and this module is
 * never imported by the app's entry.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AntdProviders>{children}</AntdProviders>
      <Toaster />
    </QueryClientProvider>
  );
}
