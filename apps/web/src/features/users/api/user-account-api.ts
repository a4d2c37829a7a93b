import type { UserType } from '@portal/shared/enums';
import type { TUser } from '@portal/shared/schemas/auth';
import type { TUserDocument } from '@portal/shared/schemas/user-account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usersKeys } from './keys';

/** Lists and the user's page show the change (status, removed). */
function useRefreshUser() {
  const queryClient = useQueryClient();
  return (id: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: usersKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: usersKeys.detail(id) }),
    ]);
}

/** PUT /user/activate/{id}: the row action says the refusal (self, last administrator) itself. */
export function useSetUserActive() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => api.put<TUser>(`/user/activate/${id}`, { active }),
    onSuccess: (_user, { id }) => refresh(id),
    meta: { silent: true },
  });
}

/** POST /user/restore/{id}/{type} (admin_users). */
export function useRestoreUser() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: ({ id, type }: { id: number; type: UserType }) => api.post<TUser>(`/user/restore/${id}/${type}`),
    onSuccess: (_user, { id }) => refresh(id),
    meta: { silent: true },
  });
}

/** POST /user/reset/{id} (users.put): the user receives the "set a new password" email. */
export function useSendResetLink() {
  return useMutation({
    mutationFn: (id: number) => api.post<null>(`/user/reset/${id}`),
    meta: { silent: true },
  });
}

/** GET /user/archive/{id}: the member's documents across their service requests. */
export function useUserDocuments(id: number) {
  return useQuery({
    queryKey: [...usersKeys.detail(id), 'documents'],
    queryFn: ({ signal }) => api.get<TUserDocument[]>(`/user/archive/${id}`, signal),
    retry: false,
    meta: { silent: true },
  });
}
