import type { TSubscriptionDetail, TTransferRequest, TTransferResult } from '@portal/shared/schemas/associations';
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
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidateAssociationsArea } from '../../associations/api/invalidate';
import { subscriptionsKeys } from './keys';

/**
 * A subscription's money (issue 20, docs/decisions/0029): the payout and withdraw quotes, the
 * transfer, the ledger, withdraw, refund and replace. Apart from the list's calls
 * (subscriptions-api.ts), so a list loads none of it: the dialogs and the subscription's page do.
 */

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
