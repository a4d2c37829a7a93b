import type { TRecoveryAccount, TRegistrationLookups } from '@portal/shared/schemas/accounts';
import type { TListPage } from '@portal/shared/schemas/list';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The DataTable's name for this list: its cache key is ['list', RECOVERY_LIST_KEY, body]. */
export const RECOVERY_LIST_KEY = 'recovery-accounts';

/**
 * POST /recovery/accounts accepts page, perPage and status only (no search or
 * sort: the server lists newest first), so only those are sent.
 */
export function fetchRecoveryAccounts(body: Record<string, string | number>, signal: AbortSignal) {
  const request: Record<string, string | number> = { page: body.page ?? 1, perPage: body.perPage ?? 10 };
  if (typeof body.status === 'string' && body.status) request.status = body.status;
  return api.post<TListPage<TRecoveryAccount>>('/recovery/accounts', request, { signal });
}

/** The registration lookups (public), to show names instead of ids in the expanded row. */
export function useRegistrationLookups() {
  return useQuery({
    queryKey: ['recovery-review', 'lookups'],
    queryFn: ({ signal }) => api.post<TRegistrationLookups>('/user/register/data', {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

function useRefreshList() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['list', RECOVERY_LIST_KEY] });
}

/** POST /recovery/verify {id} (users.put). */
export function useVerifyRecovery() {
  const refresh = useRefreshList();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: number) => api.post<TRecoveryAccount>('/recovery/verify', { id }),
    onSuccess: refresh,
  });
}

/** POST /recovery/delete/{id} (users.delete): the data is refused and the customer must send it again. */
export function useDeleteRecovery() {
  const refresh = useRefreshList();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: number) => api.post<null>(`/recovery/delete/${id}`),
    onSuccess: refresh,
  });
}
