import type {
  TSubscription,
  TSubscriptionCreateRequest,
  TSubscriptionDetail,
  TSubscriptionQuote,
} from '@portal/shared/schemas/associations';
import type { TListPage } from '@portal/shared/schemas/list';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidateAssociationsArea } from '../../associations/api/invalidate';
import { subscriptionsKeys } from './keys';

type ListBody = Record<string, string | number>;

/** Filters a screen fixes (one association's or one member's subscriptions), whatever the table's own say. */
export type SubscriptionScope = { association_id?: number; user_id?: number };

/** POST /subscriptions: a page with the table's filters (payout status, association, member, turn-day dates). */
export function fetchSubscriptionsIn(scope: SubscriptionScope) {
  return (body: ListBody, signal: AbortSignal) =>
    api.post<TListPage<TSubscription>>('/subscriptions', { ...body, ...scope }, { signal });
}

/** GET /subscriptions/{id}: with the installments summed (received, late, future) and whether the payout is due. */
export function useSubscription(id: number | undefined) {
  return useQuery({
    queryKey: subscriptionsKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<TSubscriptionDetail>(`/subscriptions/${id}`, signal),
    enabled: id !== undefined && id > 0,
    retry: false,
    meta: { silent: true },
  });
}

/** POST /subscriptions/quote: the payout, the installments, and what is owed at once (today, Cairo), before subscribing. */
export function useSubscriptionQuote(associationId: number | undefined, dayNumber: number | undefined) {
  return useQuery({
    queryKey: subscriptionsKeys.quote(associationId ?? 0, dayNumber ?? 0),
    queryFn: ({ signal }) =>
      api.post<TSubscriptionQuote>(
        '/subscriptions/quote',
        { association_id: associationId, day_number: dayNumber },
        { signal },
      ),
    enabled: associationId !== undefined && dayNumber !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
    meta: { silent: true },
  });
}

/** PUT /subscriptions (idempotent); the form shows a refusal itself (a day taken meanwhile: 409 naming it). */
export function useCreateSubscription() {
  const invalidate = useInvalidateAssociationsArea();
  return useMutation({
    mutationFn: (input: TSubscriptionCreateRequest) => api.put<TSubscription>('/subscriptions', input),
    onSuccess: () => invalidate({ members: true }),
    meta: { silent: true },
  });
}
