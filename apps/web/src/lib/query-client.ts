import { type DefaultOptions, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { offlineState } from './offline';
import { toastApiError } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent`: the screen shows this error itself (an alert, a form's fields, a "can not delete" toast); no global toast. */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** 401s are the session's business and 404s the page's; anything else is toasted once, here, unless silent. */
export function shouldToast(error: unknown, silent: boolean | undefined): boolean {
  if (silent) return false;
  if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return false;
  return !(error instanceof DOMException && error.name === 'AbortError');
}

/** A read that failed for want of a network while offline: the offline banner says so already. */
const offlineMiss = (error: unknown) => error instanceof ApiError && error.isNetwork && offlineState().offline;

/**
 * The app's query client: every failed query or mutation toasts the server's message
 * (or "check your connection") by default; `meta: { silent: true }` where the screen
 * shows the error itself. Server errors other than 5xx are not retried, nor anything while offline.
 * Queries and mutations run whatever the browser says of the network (networkMode 'always'): a read
 * offline gets the service worker's copy if there is one (docs/decisions/0032-pwa.md), and an
 * action fails at once instead of waiting, paused, to be sent on some later reconnection.
 * `overrides` (tests: no retries) are merged over the defaults.
 */
export function createQueryClient(overrides: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (shouldToast(error, query.meta?.silent) && !offlineMiss(error)) toastApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (shouldToast(error, mutation.meta?.silent)) toastApiError(error);
      },
    }),
    defaultOptions: {
      ...overrides,
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        networkMode: 'always',
        retry: (count, error) =>
          !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2 && !offlineMiss(error),
        ...overrides.queries,
      },
      mutations: { networkMode: 'always', ...overrides.mutations },
    },
  });
}
