import type { TMyReceipt, TPayout, TReceipt, TReversal, TReverseRequest } from '@portal/shared/schemas/ledger';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidateAssociationsArea } from '../../associations/api/invalidate';
import { membersKeys } from '../../members/api/keys';
import { ledgerKeys } from './keys';

/**
 * Receipts, payouts and their reversals (docs/decisions/0029-money-controls.md). Reads show their
 * failures on the screen (an error with a Retry), so they are silent; the reversal's dialog shows
 * its refusal itself.
 */

/** GET /receipts/{id} (payments.index): everything the printed receipt shows, with its reversal if any. */
export function useReceipt(id: number) {
  return useQuery({
    queryKey: ledgerKeys.receipt(id),
    queryFn: ({ signal }) => api.get<TReceipt>(`/receipts/${id}`, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    meta: { silent: true },
  });
}

/** GET /me/receipts/{id}: one of my receipts (a member's own), without the staff's notes. */
export function myReceiptQuery(id: number) {
  return {
    queryKey: ledgerKeys.myReceipt(id),
    queryFn: ({ signal }: { signal: AbortSignal }) => api.get<TMyReceipt>(`/me/receipts/${id}`, signal),
    // A receipt never changes but for its reversal: a member's screens ask again after five minutes.
    staleTime: 300_000,
    retry: false,
    meta: { silent: true },
  } as const;
}

export function useMyReceipt(id: number) {
  return useQuery({ ...myReceiptQuery(id), enabled: Number.isInteger(id) && id > 0 });
}

/** GET /payouts/{id}: a payout or a refund (gross, deducted, net, its deduction receipt, its reversal). */
export function usePayout(id: number | null) {
  return useQuery({
    queryKey: ledgerKeys.payout(id ?? 0),
    queryFn: ({ signal }) => api.get<TPayout>(`/payouts/${id}`, signal),
    enabled: id !== null && id > 0,
    retry: false,
    meta: { silent: true },
  });
}

/** What a reversal undoes: a receipt (money in), or a payout or refund (money out). */
export type ReversalTarget = { kind: 'receipt' | 'payout'; id: number };

/**
 * POST /receipts/{id}/reverse or /payouts/{id}/reverse (payments.reverse, idempotent), with the
 * reason. Either way installments, payouts and balances move: every list of the area, the
 * records' own views and the member's statements are stale after it, and after a refusal too
 * (reversed meanwhile).
 */
export function useReverse(target: ReversalTarget) {
  const invalidateArea = useInvalidateAssociationsArea();
  const queryClient = useQueryClient();
  const invalidate = () => {
    invalidateArea();
    void queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
    void queryClient.invalidateQueries({ queryKey: membersKeys.all });
  };
  return useMutation({
    mutationFn: (input: TReverseRequest) =>
      api.post<TReversal>(`/${target.kind === 'receipt' ? 'receipts' : 'payouts'}/${target.id}/reverse`, input),
    onSuccess: invalidate,
    onError: invalidate,
    meta: { silent: true },
  });
}
