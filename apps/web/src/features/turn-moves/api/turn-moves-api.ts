import type { TListPage } from '@portal/shared/schemas/list';
import type { TTurnMove } from '@portal/shared/schemas/turn-moves';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { subscriptionsKeys } from '../../subscriptions/api/keys';
import { turnMovesKeys } from './keys';

type ListBody = Record<string, string | number>;

/** POST /associations/change-turn-requests (SPEC §7): the table's page, search (member name or phone) and filters. */
export function fetchTurnMoves(body: ListBody, signal: AbortSignal) {
  return api.post<TListPage<TTurnMove>>('/associations/change-turn-requests', body, { signal });
}

/**
 * After a decision or a delete, or a refusal (the request may have changed meanwhile): the
 * requests again, and the subscriptions, whose turn day an approval moved.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: turnMovesKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: subscriptionsKeys.all });
  };
}

/**
 * POST /associations/change-turn/{id} (SPEC §7: id, status): 1 moves the turn, 2 rejects; the
 * note is optional. The dialog shows a refusal itself: silent.
 */
export function useDecideTurnMove() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, status, note }: { id: number; status: 1 | 2; note: string }) =>
      api.post<TTurnMove>(`/associations/change-turn/${id}`, { id, status, ...(note ? { note } : {}) }),
    onSettled: refresh,
    meta: { silent: true },
  });
}

/**
 * DELETE /associations/change-turn-requests/{id}: a refusal ("deletion is not possible", SPEC §8)
 * is the server's message, toasted by the query client (not silent).
 */
export function useDeleteTurnMove() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/associations/change-turn-requests/${id}`),
    onSettled: refresh,
  });
}
