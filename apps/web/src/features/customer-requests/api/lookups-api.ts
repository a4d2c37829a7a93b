import type { TCustomerRequestStatistics } from '@portal/shared/schemas/customer-requests-api';
import type { TRequestLookups } from '@portal/shared/schemas/request-lookups';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useKeepsOffline } from '../../../lib/session';
import { customerRequestsKeys } from './keys';

/**
 * POST /customers_requests/lookups: statuses, identity types, services, durations, organization
 * types, countries, branches and rejection reasons (the form, the list's filters, the detail's
 * dialogs). Seeded data that rarely changes: kept for the session.
 */
export function useRequestLookups() {
  const keepOffline = useKeepsOffline();
  return useQuery({
    queryKey: customerRequestsKeys.lookups(),
    queryFn: ({ signal }) => api.post<TRequestLookups>('/customers_requests/lookups', {}, { signal, keepOffline }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** After any change to a request: its lists, the statistics and its own page are marked stale. */
export function useInvalidateCustomerRequests() {
  const queryClient = useQueryClient();
  return (id?: number) => {
    void queryClient.invalidateQueries({ queryKey: customerRequestsKeys.lists() });
    if (id !== undefined) void queryClient.invalidateQueries({ queryKey: customerRequestsKeys.detail(id) });
  };
}

/** POST /customers_requests/statistics: not-removed requests by status (SPEC §4 ids), for the dashboard. */
export function useRequestStatistics(enabled = true) {
  return useQuery({
    queryKey: customerRequestsKeys.statistics(),
    queryFn: ({ signal }) => api.post<TCustomerRequestStatistics>('/customers_requests/statistics', {}, { signal }),
    enabled,
  });
}
