import type { TDashboardCounts } from '@portal/shared/schemas/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The dashboard's query keys: the counts every dashboard card shares (GET /dashbored/count). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  counts: () => [...dashboardKeys.all, 'counts'] as const,
};

/** GET /dashbored/count (SPEC §7 spelling); one cache entry every dashboard card can share. */
export function useDashboardCounts(enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.counts(),
    queryFn: ({ signal }) => api.get<TDashboardCounts>('/dashbored/count', signal),
    enabled,
  });
}
