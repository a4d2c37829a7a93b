import type {
  RequestListScope,
  TCustomerRequest,
  TCustomerRequestPage,
} from '@portal/shared/schemas/customer-requests-api';
import type { TListPage } from '@portal/shared/schemas/list';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useInvalidateCustomerRequests } from './lookups-api';

/** The filters of the lists, as the data table keeps them in the URL, and the server's names for them. */
export const REQUEST_FILTER_FIELDS = [
  'request_status_type_id',
  'service_id',
  'branch_id',
  'organization_type_id',
  'service_duration_id',
] as const;

const ORDER_KEYS = new Set(['id', 'code', 'created_at', 'updated_at', 'status']);

/**
 * The data table's request (page, perPage, sortBy, sortOrder, search, filters flat) as
 * POST /customers_requests wants it (limit/offset, keywords, filters{}, order_by/order_direction,
 * removed, scope; docs/decisions/0021), and its answer (data + meta.count) as the table reads pages.
 */
export function toRequestListBody(body: Record<string, string | number>, scope: RequestListScope) {
  const perPage = Number(body.perPage ?? 10);
  const page = Math.max(1, Number(body.page ?? 1));
  const filters: Record<string, number> = {};
  for (const name of REQUEST_FILTER_FIELDS) {
    const value = Number(body[name]);
    if (Number.isInteger(value) && value > 0) filters[name] = value;
  }
  const sortBy = String(body.sortBy ?? 'id');
  return {
    scope,
    limit: perPage,
    offset: (page - 1) * perPage,
    ...(body.search ? { keywords: String(body.search) } : {}),
    removed: body.removed === '1' || body.removed === 1 ? 1 : 0,
    filters,
    order_by: ORDER_KEYS.has(sortBy) ? sortBy : 'id',
    order_direction: body.sortOrder === 'asc' ? 'asc' : 'desc',
  };
}

export function fetchRequestsPage(scope: RequestListScope) {
  return async (body: Record<string, string | number>, signal: AbortSignal): Promise<TListPage<TCustomerRequest>> => {
    const request = toRequestListBody(body, scope);
    // A member's own list is kept for reading offline (docs/decisions/0032-pwa.md); staff's lists never.
    const page = await api.post<TCustomerRequestPage>('/customers_requests', request, {
      signal,
      keepOffline: scope === 'mine',
    });
    const total = page.meta.count;
    return {
      data: page.data,
      total,
      ...(page.meta.atLeast ? { atLeast: true } : {}),
      perPage: request.limit,
      currentPage: request.offset / request.limit + 1,
      lastPage: Math.max(1, Math.ceil(total / request.limit)),
    };
  };
}

/** Cancel from a list (soft remove: removed 1; cancel_requests or admin_requests). */
export function useRemoveRequest() {
  const invalidate = useInvalidateCustomerRequests();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/customers_requests/remove/${id}`),
    onSuccess: (_data, id) => invalidate(id),
    // Its button toasts a refusal with the server's reason (ConfirmAction's `failure`).
    meta: { silent: true },
  });
}

/** Restore a removed request (admin_requests). */
export function useRestoreRequest() {
  const invalidate = useInvalidateCustomerRequests();
  return useMutation({
    mutationFn: (id: number) => api.post<null>(`/customers_requests/restore/${id}`, {}),
    onSuccess: (_data, id) => invalidate(id),
    // Its button toasts a refusal with the server's reason (ConfirmAction's `failure`).
    meta: { silent: true },
  });
}
