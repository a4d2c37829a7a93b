import type {
  TSubscription,
  TSubscriptionCreateRequest,
  TSubscriptionDetail,
  TSubscriptionQuote,
  TTransferRequest,
  TTransferResult,
} from '@portal/shared/schemas/associations';
import type {
  TPayout,
  TPayoutQuote,
  TRefundRequest,
  TReplaceRequest,
  TSubscriptionLedger,
  TWithdrawQuote,
  TWithdrawRequest,
  TWithdrawResult,
} from '@portal/shared/schemas/ledger';
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

/**
 * POST /subscriptions/{id}/payout-quote: what a payout dated `date` means (docs/decisions/0029):
 * the arrears due by then, what is deducted under the policy, the net to transfer, or why it
 * cannot be recorded. Asked again for every date; the previous figures stay on screen meanwhile
 * (`isPlaceholderData`), and the dialog confirms nothing until the figures for the date shown arrive.
 */
export function usePayoutQuote(id: number, date: string | null) {
  return useQuery({
    queryKey: subscriptionsKeys.payoutQuote(id, date ?? ''),
    queryFn: ({ signal }) =>
      api.post<TPayoutQuote>(`/subscriptions/${id}/payout-quote`, date ? { date } : {}, { signal }),
    enabled: date !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
    meta: { silent: true },
  });
}

/**
 * POST /subscriptions/{id}/transfer: the payout recorded (reference, date, the net the dialog
 * showed); the dialog shows a refusal itself. A refusal (the figures changed meanwhile) also
 * means the figures on screen are stale.
 */
export function useRecordTransfer(id: number) {
  const invalidate = useInvalidateAssociationsArea();
  return useMutation({
    mutationFn: (input: TTransferRequest) => api.post<TTransferResult>(`/subscriptions/${id}/transfer`, input),
    onSuccess: () => invalidate(),
    onError: () => invalidate(),
    meta: { silent: true },
  });
}

/** GET /subscriptions/{id}/ledger: the history (who paid, who received, what was reversed) and the balance. */
export function useSubscriptionLedger(id: number) {
  return useQuery({
    queryKey: subscriptionsKeys.ledger(id),
    queryFn: ({ signal }) => api.get<TSubscriptionLedger>(`/subscriptions/${id}/ledger`, signal),
    enabled: id > 0,
    retry: false,
    meta: { silent: true },
  });
}

/** POST /subscriptions/{id}/withdraw-quote: the balance and what a withdrawal would cancel, before it is done. */
export function useWithdrawQuote(id: number) {
  return useQuery({
    queryKey: subscriptionsKeys.withdrawQuote(id),
    queryFn: ({ signal }) => api.post<TWithdrawQuote>(`/subscriptions/${id}/withdraw-quote`, {}, { signal }),
    staleTime: 0,
    retry: false,
    meta: { silent: true },
  });
}

/** POST /subscriptions/{id}/withdraw (idempotent): the member leaves; the dialog shows a refusal itself. */
export function useWithdraw(id: number) {
  const invalidate = useInvalidateAssociationsArea();
  return useMutation({
    mutationFn: (input: TWithdrawRequest) => api.post<TWithdrawResult>(`/subscriptions/${id}/withdraw`, input),
    onSuccess: () => invalidate({ members: true }),
    meta: { silent: true },
  });
}

/** POST /subscriptions/{id}/refund (idempotent): money back to a member who withdrew, at most what is owed back. */
export function useRefund(id: number) {
  const invalidate = useInvalidateAssociationsArea();
  return useMutation({
    mutationFn: (input: TRefundRequest) => api.post<TPayout>(`/subscriptions/${id}/refund`, input),
    onSuccess: () => invalidate(),
    meta: { silent: true },
  });
}

/** POST /subscriptions/{id}/replace (idempotent): another member takes the subscription over. */
export function useReplaceMember(id: number) {
  const invalidate = useInvalidateAssociationsArea();
  return useMutation({
    mutationFn: (input: TReplaceRequest) => api.post<TSubscriptionDetail>(`/subscriptions/${id}/replace`, input),
    onSuccess: () => invalidate({ members: true }),
    meta: { silent: true },
  });
}
