import type { TListPage } from '@portal/shared/schemas/list';
import type { TLogDetail, TLogRow } from '@portal/shared/schemas/logs';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { logsKeys } from './keys';

export function fetchLogs(body: Record<string, string | number>, signal: AbortSignal) {
  return api.post<TListPage<TLogRow>>('/logs', body, { signal });
}

/** One entry; the page shows not found and a failed load itself: silent. */
export function useLog(id: number) {
  return useQuery({
    queryKey: logsKeys.detail(id),
    queryFn: ({ signal }) => api.get<TLogDetail>(`/logs/${id}`, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    meta: { silent: true },
  });
}
