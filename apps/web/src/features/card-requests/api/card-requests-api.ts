import type { TCardRequest } from '@portal/shared/schemas/card-requests';
import type { TListPage } from '@portal/shared/schemas/list';
import type { TWorkflowEvent } from '@portal/shared/schemas/workflow';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cardRequestsKeys } from './keys';

/** GET /card-requests/{id}: the request with its history, oldest first. */
export type TCardRequestDetail = TCardRequest & { history: TWorkflowEvent[] };

type ListBody = Record<string, string | number>;

/** POST /card-requests (SPEC §7): the table's page, search (member, card name, national id) and filters. */
export function fetchCardRequests(body: ListBody, signal: AbortSignal) {
  return api.post<TListPage<TCardRequest>>('/card-requests', body, { signal });
}

/** One request for its drawer; the drawer shows a failed load itself: silent. */
export function useCardRequest(id: number | null) {
  return useQuery({
    queryKey: cardRequestsKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<TCardRequestDetail>(`/card-requests/${id}`, signal),
    enabled: id !== null && Number.isInteger(id) && id > 0,
    retry: false,
    meta: { silent: true },
  });
}

/**
 * POST /card-requests/{id}/decision: 1 issued, 2 rejected (a note saying why is required). The
 * dialog shows a refusal itself: silent. The answer is the request as decided (its drawer shows it
 * at once); a refusal means it changed meanwhile, so it is read again. The lists follow either way.
 */
export function useDecideCardRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, note }: { id: number; status: 1 | 2; note: string }) =>
      api.post<TCardRequestDetail>(`/card-requests/${id}/decision`, { status, ...(note ? { note } : {}) }),
    onSuccess: (decided) => queryClient.setQueryData(cardRequestsKeys.detail(decided.id), decided),
    onError: (_error, { id }) => void queryClient.invalidateQueries({ queryKey: cardRequestsKeys.detail(id) }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: cardRequestsKeys.lists() }),
    meta: { silent: true },
  });
}
