import type { TDashboardCounts } from '@portal/shared/schemas/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /dashbored/count (SPEC §7 spelling); one cache entry every dashboard card can share. */
export function useDashboardCounts(enabled = true) {
  return useQuery({
    queryKey: ['dashboard', 'counts'],
    queryFn: ({ signal }) => api.get<TDashboardCounts>('/dashbored/count', signal),
    enabled,
  });
}
