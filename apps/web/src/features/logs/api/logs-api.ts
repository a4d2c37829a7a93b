import type { TListPage } from '@portal/shared/schemas/list';
import type { TLogDetail, TLogRow } from '@portal/shared/schemas/logs';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function fetchLogs(body: Record<string, string | number>, signal: AbortSignal) {
  return api.post<TListPage<TLogRow>>('/logs', body, { signal });
}

export function useLog(id: number) {
  return useQuery({
    queryKey: ['logs', id],
    queryFn: ({ signal }) => api.get<TLogDetail>(`/logs/${id}`, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}
