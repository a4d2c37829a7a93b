import type {
  TCustomerRequestDetail,
  TRequestMoveRequest,
  TRequestSetBranchRequest,
} from '@portal/shared/schemas/customer-requests-api';
import type { TRequestActionRequest } from '@portal/shared/schemas/customer-requests-machine';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api-client';
import { useKeepsOffline } from '../../../lib/session';
import { customerRequestsKeys } from './keys';
import { useInvalidateCustomerRequests } from './lookups-api';

/** GET /customers_requests/{id}: the request, its history (newest first), documents and the actions open to the caller. */
export function useCustomerRequest(id: number) {
  const keepOffline = useKeepsOffline();
  return useQuery({
    queryKey: customerRequestsKeys.detail(id),
    queryFn: ({ signal }) => api.get<TCustomerRequestDetail>(`/customers_requests/${id}`, signal, { keepOffline }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    meta: { silent: true },
  });
}

/**
 * POST /customers_requests/action/{id}, always with the status the screen showed: of two people
 * clicking at once, the second gets a 409 naming the status now instead of taking a further step.
 * The answer is the request as it is now; a refusal reloads it. The dialog or button shows the
 * error itself (silent).
 */
export function useRequestAction(id: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCustomerRequests();
  return useMutation({
    mutationFn: ({ input, expected }: { input: TRequestActionRequest; expected: number }) =>
      api.post<TCustomerRequestDetail>(`/customers_requests/action/${id}`, { ...input, expected_status: expected }),
    onSuccess: (detail) => queryClient.setQueryData(customerRequestsKeys.detail(id), detail),
    onSettled: () => invalidate(id),
    meta: { silent: true },
  });
}

export function useSetRequestBranch(id: number) {
  const invalidate = useInvalidateCustomerRequests();
  return useMutation({
    mutationFn: (input: TRequestSetBranchRequest) =>
      api.post<TCustomerRequestDetail>(`/customers_requests/setBranch/${id}`, input),
    onSuccess: () => invalidate(id),
    meta: { silent: true },
  });
}

export function useMoveRequest(id: number) {
  const invalidate = useInvalidateCustomerRequests();
  return useMutation({
    mutationFn: (input: TRequestMoveRequest) =>
      api.post<TCustomerRequestDetail>(`/customers_requests/move/${id}`, input),
    onSuccess: () => invalidate(id),
    meta: { silent: true },
  });
}

/** DELETE /customers_requests/delete/{id} (admin_requests): gone for good, with its documents. */
export function useDeleteRequest() {
  const invalidate = useInvalidateCustomerRequests();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/customers_requests/delete/${id}`),
    onSuccess: () => invalidate(),
    meta: { silent: true },
  });
}

/** A stored document, fetched with the session (the route needs it) and handed over as a download. */
export function downloadDocument(url: string, title: string) {
  return apiDownload(url, undefined, { method: 'GET', fallbackName: title });
}
