import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, theme } from 'antd';
import arEG from 'antd/es/locale/ar_EG';
import enGB from 'antd/es/locale/en_GB';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { setToastApi, toastApiError } from '../lib/toast';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent`: the caller shows its own error (or none); no global toast. */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** 401s are the session's business and 404s the page's; anything else is toasted once, here. */
function shouldToast(error: unknown, silent: boolean | undefined): boolean {
  if (silent) return false;
  if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return false;
  return !(error instanceof DOMException && error.name === 'AbortError');
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (shouldToast(error, query.meta?.silent)) toastApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (shouldToast(error, mutation.meta?.silent)) toastApiError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
      },
    },
  });
}

function ToastBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => setToastApi(message), [message]);
  return null;
}

export const BRAND_COLOR = '#0b6e4f';

/** Theme, direction and component locale follow the UI language. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const { i18n } = useTranslation();
  const [client] = useState(() => queryClient ?? createQueryClient());
  const arabic = i18n.language !== 'en';
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider
        direction={arabic ? 'rtl' : 'ltr'}
        locale={arabic ? arEG : enGB}
        theme={{
          algorithm: theme.defaultAlgorithm,
          token: {
            colorPrimary: BRAND_COLOR,
            borderRadius: 8,
            fontFamily: arabic ? "'Cairo', 'Noto Sans Arabic', sans-serif" : "'Cairo', system-ui, sans-serif",
          },
        }}
      >
        <AntdApp>
          <ToastBridge />
          {children}
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
