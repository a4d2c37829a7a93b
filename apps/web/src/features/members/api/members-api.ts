import type { TSubscriptionQuote } from '@portal/shared/schemas/associations';
import type { TCardRequest, TCardRequestCreateRequest } from '@portal/shared/schemas/card-requests';
import type { TListPage } from '@portal/shared/schemas/list';
import type {
  TAvailableDays,
  TJoinRequest,
  TMySubscription,
  TOpenAssociation,
  TStatement,
} from '@portal/shared/schemas/members';
import type { TTurnMove, TTurnMoveCreateRequest } from '@portal/shared/schemas/turn-moves';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { membersKeys } from './keys';

/**
 * The member's own calls under /me (docs/decisions/0018-members.md): the server scopes each by the
 * caller, so nothing here names a member. Reads show their failures on the screen (an error with a
 * Retry), so they are silent; mutations are silent too, their screens toast or show the refusal.
 * The member's own reads are kept for reading offline (`keepOffline`, docs/decisions/0032-pwa.md).
 */
const kept = { keepOffline: true } as const;

/** GET /me/subscriptions: shared by the cards and the lists cut from the same answer (the profile's tabs). */
export const mySubscriptionsQuery = queryOptions({
  queryKey: membersKeys.subscriptions(),
  queryFn: ({ signal }) => api.get<TMySubscription[]>('/me/subscriptions', signal, kept),
  meta: { silent: true },
});

export function useMySubscriptions() {
  return useQuery(mySubscriptionsQuery);
}

/** The statement's query, shared by the page (totals) and its table (pages cut from the same answer). */
export function statementQuery(id: number) {
  return queryOptions({
    queryKey: membersKeys.statement(id),
    queryFn: ({ signal }) => api.get<TStatement>(`/me/subscriptions/${id}/statement`, signal, kept),
    staleTime: 30_000,
    meta: { silent: true },
  });
}

/** كشف حساب: every installment with the totals; a 404 (not mine, or no such subscription) is the screen's. */
export function useStatement(id: number) {
  return useQuery({
    ...statementQuery(id),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** GET /me/associations/open, a page at a time; the list takes only its page and page size. */
export function fetchOpenAssociations(body: Record<string, string | number>, signal: AbortSignal) {
  const query = new URLSearchParams({ page: String(body.page ?? 1), perPage: String(body.perPage ?? 10) });
  return api.get<TListPage<TOpenAssociation>>(`/me/associations/open?${query}`, signal);
}

/** The free days of an association from today on (to join it, or to move a turn to). */
export function useAvailableDays(associationId: number | null) {
  return useQuery({
    queryKey: membersKeys.days(associationId ?? 0),
    queryFn: ({ signal }) => api.get<TAvailableDays>(`/me/associations/${associationId}/days`, signal),
    enabled: associationId !== null && associationId > 0,
    // Days are taken by others all the time: ask again each time the dialog opens.
    staleTime: 0,
    meta: { silent: true },
  });
}

/** What joining on a day means (a POST that reads): the payout, the installments, what is owed at once. */
export function useJoinQuote(associationId: number, day: number | null) {
  return useQuery({
    queryKey: membersKeys.quote(associationId, day ?? 0),
    queryFn: ({ signal }) =>
      api.post<TSubscriptionQuote>(
        '/me/subscriptions/quote',
        { association_id: associationId, day_number: day },
        { signal },
      ),
    enabled: day !== null,
    staleTime: 0,
    retry: false,
    meta: { silent: true },
  });
}

function useRefreshMine() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: membersKeys.all });
}

export function useJoin() {
  const refresh = useRefreshMine();
  return useMutation({
    mutationFn: (input: TJoinRequest) => api.post<TMySubscription>('/me/subscriptions', input),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export const myTurnMovesQuery = queryOptions({
  queryKey: membersKeys.turnMoves(),
  queryFn: ({ signal }) => api.get<TTurnMove[]>('/me/turn-moves', signal, kept),
  meta: { silent: true },
});

export function useMyTurnMoves() {
  return useQuery(myTurnMovesQuery);
}

export function useRequestTurnMove() {
  const refresh = useRefreshMine();
  return useMutation({
    mutationFn: (input: TTurnMoveCreateRequest) => api.post<TTurnMove>('/me/turn-moves', input),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

/** A refusal (already decided meanwhile) still refreshes: the screen then shows the request as it is. */
export function useCancelTurnMove() {
  const refresh = useRefreshMine();
  return useMutation({
    mutationFn: (id: number) => api.post<TTurnMove>(`/me/turn-moves/${id}/cancel`),
    onSettled: refresh,
    meta: { silent: true },
  });
}

export const myCardRequestsQuery = queryOptions({
  queryKey: membersKeys.cardRequests(),
  queryFn: ({ signal }) => api.get<TCardRequest[]>('/me/card-requests', signal, kept),
  meta: { silent: true },
});

export function useMyCardRequests() {
  return useQuery(myCardRequestsQuery);
}

export function useRequestCard() {
  const refresh = useRefreshMine();
  return useMutation({
    mutationFn: (input: TCardRequestCreateRequest) => api.post<TCardRequest>('/me/card-requests', input),
    onSettled: refresh,
    meta: { silent: true },
  });
}
