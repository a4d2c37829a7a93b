import type { UserType } from '@portal/shared/enums';
import type { TUser } from '@portal/shared/schemas/auth';
import type { TListPage } from '@portal/shared/schemas/list';
import type {
  TPasswordChangeRequest,
  TUserCreateRequest,
  TUserListRow,
  TUserUpdateRequest,
  ZUserListRequestSchema,
} from '@portal/shared/schemas/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/** Filters the users table offers; they travel in `filters` of POST /users (SPEC §7). */
export const USER_FILTER_NAMES = ['name', 'email', 'phone', 'type', 'active', 'removed'] as const;

type ListBody = Record<string, string | number>;

/**
 * The shared table sends a flat body (page, perPage, sortBy, sortOrder, search, and its filters);
 * POST /users wants the filters in `filters`, and the list's own user type unless a type filter was chosen.
 */
export function toUserListRequest(body: ListBody, kind: UserType): z.input<typeof ZUserListRequestSchema> {
  const filters: Record<string, string> = {};
  const rest: ListBody = {};
  for (const [key, value] of Object.entries(body)) {
    if ((USER_FILTER_NAMES as readonly string[]).includes(key)) filters[key] = String(value);
    else rest[key] = value;
  }
  const { type, ...others } = filters;
  return { ...rest, type: type === 'user' || type === 'admin' ? type : kind, filters: others };
}

export function fetchUsersOf(kind: UserType) {
  return (body: ListBody, signal: AbortSignal) =>
    api.post<TListPage<TUserListRow>>('/users', toUserListRequest(body, kind), { signal });
}

export const userQueryKey = (id: number) => ['users', id] as const;

export function useUser(id: number) {
  return useQuery({
    queryKey: userQueryKey(id),
    queryFn: ({ signal }) => api.get<TUser>(`/users/${id}`, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    // The page shows 403 / 404 itself (access denied, not found).
    meta: { silent: true },
  });
}

/** After any change: lists, the user, and the session (the signed-in user may be the one changed). */
function useRefreshUsers() {
  const queryClient = useQueryClient();
  return (id?: number) => {
    void queryClient.invalidateQueries({ queryKey: ['list'] });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    void queryClient.invalidateQueries({ queryKey: ['session', 'me'] });
    if (id) void queryClient.invalidateQueries({ queryKey: userQueryKey(id) });
  };
}

export function useCreateUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (input: TUserCreateRequest) => api.put<TUser>('/users', input),
    onSuccess: () => refresh(),
    meta: { silent: true },
  });
}

export function useUpdateUser(id: number) {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (input: TUserUpdateRequest) => api.put<TUser>(`/users/${id}`, input),
    onSuccess: () => refresh(id),
    meta: { silent: true },
  });
}

export function useDeleteUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/users/${id}`),
    onSuccess: (_data, id) => refresh(id),
    meta: { silent: true },
  });
}

export function useUploadPhoto() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('image', file);
      return api.post<TUser>(`/users/${id}/photo`, form);
    },
    onSuccess: (_data, { id }) => refresh(id),
    meta: { silent: true },
  });
}

/** POST /me/password?user_id={id}: the old password is only asked for (and sent) for one's own. */
export function useChangePassword(id: number) {
  return useMutation({
    mutationFn: (input: TPasswordChangeRequest) => api.post<null>(`/me/password?user_id=${id}`, input),
    meta: { silent: true },
  });
}
