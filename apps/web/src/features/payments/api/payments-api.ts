import type { TPayment, TReceivePaymentsRequest } from '@portal/shared/schemas/associations';
import type { TListPage } from '@portal/shared/schemas/list';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidateAssociationsArea } from '../../associations/api/invalidate';

type ListBody = Record<string, string | number>;

/** Filters a screen fixes (one association's, one member's installments). */
export type PaymentScope = { association_id?: number; user_id?: number; subscription_id?: number };

/** POST /subscriptions/payments: a page with the table's filters (status, association, due dates). */
export function fetchPaymentsIn(scope: PaymentScope) {
  return (body: ListBody, signal: AbortSignal) =>
    api.post<TListPage<TPayment>>('/subscriptions/payments', { ...body, ...scope }, { signal });
}

/**
 * POST /subscriptions/payments/receive: several installments recorded as received in one
 * transaction (idempotent). A 409 names the ones already received and records none: the dialog
 * says so itself (silent).
 */
export function useReceivePayments() {
  const invalidate = useInvalidateAssociationsArea();
  return useMutation({
    mutationFn: (input: TReceivePaymentsRequest) => api.post<TPayment[]>('/subscriptions/payments/receive', input),
    onSuccess: () => invalidate(),
    // A refusal (already received meanwhile) also means the list on screen is stale.
    onError: () => invalidate(),
    meta: { silent: true },
  });
}
