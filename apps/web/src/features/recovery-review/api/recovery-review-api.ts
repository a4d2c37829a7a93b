import type { TRecoveryAccount, TRegistrationLookups } from '@portal/shared/schemas/accounts';
import type { TListPage } from '@portal/shared/schemas/list';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usersKeys } from '../../users/api/keys';
import { recoveryReviewKeys } from './keys';

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
    queryKey: recoveryReviewKeys.lookups(),
    queryFn: ({ signal }) => api.post<TRegistrationLookups>('/user/register/data', {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** POST /recovery/verify {id} (users.put). A refusal is toasted by the query client's default. */
export function useVerifyRecovery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<TRecoveryAccount>('/recovery/verify', { id }),
    // The account's status, and the customer's sign-in mobile and email (their user record).
    onSuccess: (account) => {
      void queryClient.invalidateQueries({ queryKey: recoveryReviewKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: usersKeys.detail(account.user_id) });
      void queryClient.invalidateQueries({ queryKey: usersKeys.lists() });
    },
  });
}

/** POST /recovery/delete/{id} (users.delete): the data is refused and the customer must send it again. */
export function useDeleteRecovery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<null>(`/recovery/delete/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: recoveryReviewKeys.lists() }),
  });
}
